"""Loading an engine module, also in worker processes: from a `.py` file, or again by whatever
picklable loader the caller gives (`functools.partial(dsl.api.load_game, path)`)."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import re
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

EngineLoader = Callable[[], ModuleType]


def load_engine_module(path: str) -> ModuleType:
    """Import an engine module from a `.py` file (e.g. a compiled `generated/<game>.py`)."""
    file = Path(path)
    name = "cardrules_engine_" + re.sub(r"\W", "_", file.stem)
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import an engine from {path}")
    module = importlib.util.module_from_spec(spec)
    # Registered so that dataclasses and pickling inside the engine can find their module.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def default_loader(engine: ModuleType) -> EngineLoader | None:
    """A picklable way to load `engine` again in another process, if one can be inferred."""
    # Only a module backed by a real .py file can be re-created elsewhere; one built in memory
    # (e.g. by `load_game`) needs an explicit loader.
    file = getattr(engine, "__file__", None)
    if not (isinstance(file, str) and file.endswith(".py") and Path(file).is_file()):
        return None
    name = getattr(engine, "__name__", "")
    spec = getattr(engine, "__spec__", None)
    imported_normally = (
        name not in ("", "__main__")
        and not name.startswith("cardrules_engine_")
        and sys.modules.get(name) is engine
        and spec is not None
        and spec.origin == file
    )
    if imported_normally:
        return functools.partial(importlib.import_module, name)
    return functools.partial(load_engine_module, file)
