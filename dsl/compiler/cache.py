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
`CARDRULES_CACHE=off` turns the cache off. A folder that cannot be written only costs speed. The
folder also holds, each in a folder of its own, the findings of validations (`lint.cache`) and
native builds (`dsl.native`).
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
COMPILER_PACKAGES = ("ast", "compiler", "semantics", "syntax", "report")
_OFF = ("off", "0", "no", "false")


def digest(text: str) -> str:
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
    for package in COMPILER_PACKAGES:
        for path in sorted((root / package).rglob("*")):
            if path.is_file() and path.suffix in (".py", ".j2", ".lark", ".json"):
                h.update(str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()


def key_for(path: str, text: str) -> str:
    name = os.path.basename(path)
    return digest(f"{compiler_version()}\0{name}\0{text}")


def entry_path(key: str, kind: str | None = None) -> pathlib.Path | None:
    """The file of the entry with this key: engines at the top of the folder, another kind of
    entry (the findings of `lint.cache`) in a folder of its own."""
    where = folder()
    if where is None:
        return None
    return (where / kind if kind else where) / f"{key[:2]}" / f"{key}.json"


def read_entry(where: pathlib.Path, format: int) -> dict | None:
    """The entry in this file, if it is one of this format written under its own key."""
    try:
        entry = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict) or entry.get("format") != format or entry.get("key") != where.stem:
        return None
    return entry


def write_entry(where: pathlib.Path, entry: dict) -> None:
    """Write an entry atomically. Failing to write (a read-only or full disk) is not an error:
    the next run computes it again."""
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


def _folder_of(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))


def _relative(path: str, folder: str) -> str:
    try:
        return os.path.relpath(os.path.abspath(path), folder)
    except ValueError:  # on another drive (Windows): joined to any folder, an absolute path stays itself
        return os.path.abspath(path)


def base_records(path: str, base_files: list[tuple[str, str]]) -> list[list[str]]:
    """[path relative to the rule file's folder, digest of the text] of each base read; base_files
    are (path, text) as the pipeline opened them (absolute or relative to the working folder)."""
    return [[_relative(base, _folder_of(path)), digest(base_text)] for base, base_text in base_files]


def bases_unchanged(path: str, bases) -> bool:
    """Whether every base `base_records` listed still has its text, beside the rule file `path`
    (False for anything that is not such a list)."""
    if not isinstance(bases, list) or not all(_is_base(b) for b in bases):
        return False
    return all(_base_unchanged(_folder_of(path), base, recorded) for base, recorded in bases)


def _is_base(item) -> bool:
    return isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)


def _base_unchanged(folder: str, base: str, recorded: str) -> bool:
    from dsl.report.files import read_rule_text

    text, problem = read_rule_text(os.path.join(folder, base))
    return problem is None and digest(text) == recorded


def lookup(path: str, text: str) -> str | None:
    """The cached source of the engine of this rule text, or None (no entry, stale, damaged)."""
    where = entry_path(key_for(path, text))
    entry = read_entry(where, FORMAT) if where is not None else None
    if entry is None:
        return None
    source = entry.get("source")
    if not isinstance(source, str) or entry.get("source_sha256") != digest(source):
        return None
    if not bases_unchanged(path, entry.get("bases")):
        return None
    return source


def store(path: str, text: str, source: str, base_files: list[tuple[str, str]]) -> None:
    """Keep `source` as the engine of this rule text; base_files: (path, text) of each base read.
    Failing to write (a read-only or full disk) is not an error: the next load compiles again."""
    key = key_for(path, text)
    where = entry_path(key)
    if where is None:
        return
    entry = {
        "format": FORMAT,
        "key": key,
        "file": os.path.basename(path),
        "bases": base_records(path, base_files),
        "source_sha256": digest(source),
        "source": source,
    }
    write_entry(where, entry)
