"""Where the source texts that citations point into are found, and how one is read.

A `source` names a text file. It is looked for beside the rule file, then in every folder of
the search path: the folders given with `cardrules validate --sources DIR` (repeatable), then
those of the environment variable `CARDRULES_SOURCES` (separated like `PATH`). The citation check
reads the texts found here; the cache of validations (`lint.cache`) asks the same questions to
tell whether a text it relied on is still the one it would find. Apart from the citation check,
so that asking imports no AST.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

ENV_VAR = "CARDRULES_SOURCES"

_extra_dirs: ContextVar[tuple[Path, ...]] = ContextVar("cardrules_source_dirs", default=())


@contextmanager
def source_dirs(dirs: Sequence[Path]) -> Iterator[None]:
    """Search these folders too (after the rule file's own) while checking citations."""
    token = _extra_dirs.set(tuple(Path(d) for d in dirs))
    try:
        yield
    finally:
        _extra_dirs.reset(token)


def extra_dirs() -> tuple[Path, ...]:
    """The folders `source_dirs` added, in order."""
    return _extra_dirs.get()


def search_path(rule_file: str) -> list[Path]:
    """The folders a `source` file is looked for in, in order."""
    folders = [] if rule_file.startswith("<") else [Path(rule_file).parent]
    folders += list(_extra_dirs.get())
    folders += [Path(p) for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p]
    return folders


def find_source(name: str, rule_file: str) -> Path | None:
    if Path(name).is_absolute() or "\0" in name:
        return None  # a citation names a file of the search path, never a place on one machine
    for folder in search_path(rule_file):
        candidate = folder / name
        if _within(candidate, folder) and candidate.is_file():
            return candidate
    return None


def _within(candidate: Path, folder: Path) -> bool:
    # Neither `..` nor a link may lead a source out of the folder it is looked for in.
    real, root = os.path.realpath(candidate), os.path.realpath(folder)
    return os.path.commonpath([real, root]) == root


def read_source(path: Path) -> str | None:
    """The text of a source file (undecodable bytes replaced), or None when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
