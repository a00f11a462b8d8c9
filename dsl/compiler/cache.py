"""A cache on disk of compiled engine modules, so `load_game` and every simulation worker skip the
parser, the checks and the code generator when nothing they read has changed.

An entry is one JSON file named by a key: the SHA-256 of the compiler's own sources (every file
of the packages that turn a rule text into Python, so an edited compiler or template never serves
an engine it would no longer write), the rule file's name (it is part of the module) and its
text. A variant reads its base files too: the entry lists each one's path, relative to the folder
of the rule file, and the SHA-256 of its text when it was compiled, and the entry counts only
while every one of them still has that text. Relative, because the key names the rule file but
not its folder: the same variant text in another folder reads the bases beside it there, and an
entry must not be served while those say something else.

What comes out of the cache is still untrusted text: the entry carries the digest of its source
and a mismatch (a damaged or edited file) or anything that is not an entry of this format is
ignored, and the caller runs the source through the gate (`compiler.gate`) before executing it,
exactly as a freshly generated module. Writes go to a temporary file renamed into place, so a
process reading while another writes sees the old entry, the new one, or none.

The folder is `$CARDRULES_CACHE`, else `$XDG_CACHE_HOME/cardrules`, else `~/.cache/cardrules`;
`CARDRULES_CACHE=off` turns the cache off. A folder that cannot be written only costs speed.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import pathlib
import tempfile

FORMAT = 2  # bumped when the layout of an entry changes; 2: base paths relative to the rule file
# Packages whose code decides the generated source (the runtime only runs it).
_COMPILER_PACKAGES = ("ast", "compiler", "semantics", "syntax", "report")
_OFF = ("off", "0", "no", "false")


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def folder() -> pathlib.Path | None:
    """Where entries live, or None when the cache is turned off."""
    chosen = os.environ.get("CARDRULES_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in _OFF or not chosen.strip() else pathlib.Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "cardrules"


@functools.lru_cache(maxsize=1)
def compiler_version() -> str:
    """Digest of every source, grammar and template file of the compiler."""
    root = pathlib.Path(__file__).resolve().parent.parent
    h = hashlib.sha256(f"format {FORMAT}".encode())
    for package in _COMPILER_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".j2", ".lark", ".json"):
                h.update(str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()


def key_for(path: str, text: str) -> str:
    name = os.path.basename(path)
    return _digest(f"{compiler_version()}\0{name}\0{text}")


def _entry_path(key: str) -> pathlib.Path | None:
    where = folder()
    return None if where is None else where / f"{key[:2]}" / f"{key}.json"


def _folder_of(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))


def _relative(path: str, folder: str) -> str:
    try:
        return os.path.relpath(os.path.abspath(path), folder)
    except ValueError:  # on another drive (Windows): joined to any folder, an absolute path stays itself
        return os.path.abspath(path)


def _base_unchanged(folder: str, base: str, digest: str) -> bool:
    from dsl.report.files import read_rule_text

    text, problem = read_rule_text(os.path.join(folder, base))
    return problem is None and _digest(text) == digest


def lookup(path: str, text: str) -> str | None:
    """The cached source of the engine of this rule text, or None (no entry, stale, damaged)."""
    where = _entry_path(key_for(path, text))
    if where is None:
        return None
    try:
        entry = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("format") != FORMAT or entry.get("key") != where.stem:
        return None
    source, bases = entry.get("source"), entry.get("bases")
    if not isinstance(source, str) or entry.get("source_sha256") != _digest(source):
        return None
    if not isinstance(bases, list) or not all(_is_base(b) for b in bases):
        return None
    folder = _folder_of(path)
    if not all(_base_unchanged(folder, base, digest) for base, digest in bases):
        return None
    return source


def _is_base(item) -> bool:
    return isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)


def store(path: str, text: str, source: str, base_files: list[tuple[str, str]]) -> None:
    """Keep `source` as the engine of this rule text; base_files: (path, text) of each base read
    (a path absolute or relative to the working folder, as the pipeline opened it).
    Failing to write (a read-only or full disk) is not an error: the next load compiles again."""
    key = key_for(path, text)
    where = _entry_path(key)
    if where is None:
        return
    entry = {
        "format": FORMAT,
        "key": key,
        "file": os.path.basename(path),
        "bases": [[_relative(base, _folder_of(path)), _digest(base_text)] for base, base_text in base_files],
        "source_sha256": _digest(source),
        "source": source,
    }
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=where.parent, prefix=".entry-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(entry, out)
            os.replace(temporary, where)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return
