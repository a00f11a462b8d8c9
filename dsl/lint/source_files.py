"""Where the source texts that citations point into are found, and how one is read.

A `source` names a text file. It is looked for beside the rule file, then in every folder of
the search path: the folders given with `cardrules validate --sources DIR` (repeatable), then
those of the environment variable `CARDRULES_SOURCES` (separated like `PATH`). The citation check
reads the texts found here; the cache of validations (`lint.cache`) asks the same questions to
tell whether a text it relied on is still the one it would find. Apart from the citation check,
so that asking imports no AST.

A rule file may come from anyone, so what a `source` line names is read only inside those
folders, by the reader that reads rule files (`report.files`): a name that leaves them (an
absolute path, `..` above a folder, a link out of it) is refused before anything is opened,
whether or not a file lies there, and a device, a named pipe or a text over MAX_SOURCE_CHARS is
not read.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from ..report.files import MAX_FILE_CHARS, path_inside, read_text_file

ENV_VAR = "CARDRULES_SOURCES"
# A source text is read whole, split into lines and searched for each citation's phrase: the same
# cap as a rule file keeps that work within the budget of a rule file's own size (a whole
# rulebook is some 100,000 characters).
MAX_SOURCE_CHARS = MAX_FILE_CHARS

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


# Why a source is refused, the same words whether or not a file lies where it points.
REFUSED = "a source text must be a file inside the rule file's folder or a source folder"


@dataclass(frozen=True)
class SourceText:
    """What the search found for one `source` line: its path and text; or why it was not read
    (`problem`: REFUSED, or what the reader said); or neither, when no folder holds it."""

    path: Path | None = None
    text: str | None = None
    problem: str | None = None


def load_source(name: str, rule_file: str) -> SourceText:
    """The source text `name` names, from the first folder of the search path that holds it.

    The name is followed only inside each folder (`path_inside`: no absolute path, no `..` above
    it, no link out of it), then the file is read as a rule file is: regular files only, never
    blocking, at most MAX_SOURCE_CHARS characters (undecodable bytes replaced)."""
    for folder in search_path(rule_file):
        resolved = path_inside(folder, name)
        if resolved is None:
            return SourceText(problem=REFUSED)
        if not os.path.lexists(resolved):
            continue
        path = folder / name
        text, problem = read_text_file(resolved, MAX_SOURCE_CHARS, errors="replace")
        if text is not None and len(text) > MAX_SOURCE_CHARS:
            text, problem = None, f"it is larger than {MAX_SOURCE_CHARS:,} characters"
        return SourceText(path, text, problem)
    return SourceText()
