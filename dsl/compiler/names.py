"""The module-level names of one generated engine, each given out once.

Tables and constants are named after the rule file's words (`IS_JOKER`, `ORDER_TRUMPS`,
`JOKER_LEAD_LEADER_WINS`); two words may make the same name, or one of the engine's own, so
every such name is claimed here and a taken one gets a number (`IS_RED_2`). The engine module's
own name comes from the rule file's name, made a usable Python module name here too."""

from __future__ import annotations

import keyword
import os

from . import escape

# The names the engine template defines itself.
ENGINE_NAMES = frozenset(
    {
        "RULES",
        "CARD_TEXT",
        "RANK",
        "SUIT",
        "COLOR",
        "KIND",
        "TWINS",
        "SEATS",
        "State",
        "EXAMPLES",
        "IllegalAction",
        "RuleGap",
    }
    | {"new_game", "from_json", "N_BLOCKS"}
)


class ModuleNames:
    def __init__(self):
        self.taken: set[str] = set(ENGINE_NAMES)

    def claim(self, wanted: str) -> str:
        """`wanted` if it is free, else `wanted_2`, `wanted_3`, ... (checked by `escape.name`)."""
        candidate, number = wanted, 1
        while candidate in self.taken:
            number += 1
            candidate = f"{wanted}_{number}"
        self.taken.add(candidate)
        return escape.name("", candidate)


# Module names a rule file's name cannot become: Python reads `class.py` as no importable name,
# and `__init__.py` or `__main__.py` as a package's own files.
def engine_module_name(path: str) -> str:
    """The engine module's name for a rule file: its file name's stem made a Python identifier
    (other characters become `_`), prefixed by `game_` when that stem would be no usable module
    name (see `renamed_because`)."""
    stem = _identifier_stem(path)
    return "game_" + stem if renamed_because(path) else stem


def renamed_because(path: str) -> str | None:
    """Why the engine module of a rule file cannot be named after the file, or None when it can."""
    stem = _identifier_stem(path)
    if not stem:
        return "the file name is empty"
    if stem[0].isdigit():
        return f"{stem!r} starts with a digit"
    if keyword.iskeyword(stem):
        return f"{stem!r} is a Python keyword"
    if stem.startswith("__"):
        return f"{stem!r} starts with '__', as Python's own module names do"
    return None


def _identifier_stem(path: str) -> str:
    stem = os.path.splitext(os.path.basename(path))[0]
    return "".join(ch if ("a" + ch).isidentifier() else "_" for ch in stem)
