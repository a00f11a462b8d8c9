"""cardrules: a declarative language for card games, compiled to fast Python engines."""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["check_source", "load_game", "Diagnostic", "__version__"]

from .report.diagnostics import Diagnostic


def check_source(text: str, path: str = "<input>", simulate: int = 0):
    """Every diagnostic for a rule text; never raises.  `simulate` > 0 adds the findings of that
    many random matches per player count and reading (rule gaps with seeds, never-fired rules)."""
    from .api import check_source as _check

    return _check(text, path, simulate=simulate)


def load_game(path: str, *, check: bool = False, cache: bool = True, native: bool = False):
    """The engine module of a `.cardrules` file, compiled in memory or reused from the compile
    cache; `check=True` also runs the rule checks of `cardrules validate`; `native=True` gives
    the same engine built as a C extension (the extra `native`)."""
    from .api import load_game as _load

    return _load(path, check=check, cache=cache, native=native)
