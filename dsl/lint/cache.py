"""A cache on disk of what `cardrules validate` finds in a rule file, so that validating a file
again that nothing has changed reads its findings instead of parsing, compiling and checking it
(most of a validation's time, and most of its imports).

An entry is one JSON file in the compile cache's folder (`compiler.cache`), under `findings/`,
named by a key: the SHA-256 of
- the tool: the compiler's version (`compiler.cache.compiler_version`) and every other source
  file of the `dsl` package (the checks, the runtime the engine runs on, the pipeline), the
  Python version and Lark's (its `__init__`, which holds its version);
- the rule file's path as it was given (the findings name it, and their base files by paths
  made from it) and its text;
- where source texts are looked for: the `--sources` folders and `CARDRULES_SOURCES` (a
  `source-not-found` note lists them).
The findings also depend on files the key cannot name, so the entry lists them, and counts only
while each is as it was:
- each variant base read, by its path relative to the rule file and the digest of its text (as
  the compile cache does);
- each source text a `source` line names: where the search (`source_files`) found it, or that it
  found none, the digest of its text, and why it was not read (refused, unreadable), if so.

Only findings without an error are kept: an error may come from a file that could not be read
(a missing base), which nothing here would notice becoming readable, or from a fault of the tool
itself; and a file with errors is one being edited, which the next validation checks afresh.

An entry is plain data, read back field by field: nothing in it is ever run, and one that is
damaged, of another format or not of its key is ignored. `CARDRULES_CACHE=off` turns this cache
off with the compile cache.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import pathlib
import sys

from ..compiler import cache as compile_cache
from ..report.diagnostics import Diagnostic, Fix, Severity, Span
from .source_files import ENV_VAR, extra_dirs, load_source

FORMAT = 2  # bumped when the layout of an entry changes
KIND = "findings"  # the entries' folder in the compile cache's
_SUFFIXES = (".py", ".j2", ".lark", ".json")


@functools.lru_cache(maxsize=1)
def tool_version() -> str:
    """Digest of everything but the rule file that decides what a validation finds."""
    root = pathlib.Path(__file__).resolve().parent.parent
    h = hashlib.sha256(f"findings {FORMAT}\0{sys.version}\0{compile_cache.compiler_version()}\0".encode())
    lark = importlib.util.find_spec("lark")
    if lark is not None and lark.origin:
        h.update(pathlib.Path(lark.origin).read_bytes())
    for top in sorted(root.iterdir()):
        if top.name in compile_cache.COMPILER_PACKAGES:
            continue  # in the compiler's version already
        for path in sorted(top.rglob("*")) if top.is_dir() else [top]:
            if path.suffix in _SUFFIXES and path.is_file():
                h.update(str(path.relative_to(root)).encode())
                h.update(path.read_bytes())
    return h.hexdigest()


def key_for(path: str, text: str) -> str:
    searched = [str(folder) for folder in extra_dirs()] + [os.environ.get(ENV_VAR, "")]
    return compile_cache.digest("\0".join([tool_version(), path, text, *searched]))


# --- what else the findings were made from --------------------------------------------------


def sources_read(model) -> list[list]:
    """[name, rule file, where it was found or None, digest of its text or None, why it was not read
    or None] of each source
    the citation check reads, as the search finds it now (taken before the checks run, so a text
    that changes meanwhile leaves a stale record, never a stale entry)."""
    game = model.game
    return [_source_state(source.file, source.span.file or game.file) for source in game.sources]


def _source_state(name: str, rule_file: str) -> list:
    found = load_source(name, rule_file)
    where = None if found.path is None else str(found.path)
    digest = None if found.text is None else compile_cache.digest(found.text)
    return [name, rule_file, where, digest, found.problem]


def _sources_unchanged(sources) -> bool:
    if not isinstance(sources, list):
        return False
    for item in sources:
        if not (isinstance(item, list) and len(item) == 5 and all(isinstance(x, str) for x in item[:2])):
            return False
        if _source_state(item[0], item[1]) != item:
            return False
    return True


# --- diagnostics as plain data ----------------------------------------------------------------


def _span_data(span: Span) -> list:
    return [span.line, span.column, span.end_line, span.end_column, span.file]


def _span(data) -> Span:
    line, column, end_line, end_column, file = data
    if not all(type(x) is int for x in (line, column, end_line, end_column)):
        raise ValueError("a span's lines and columns are numbers")
    if file is not None and not isinstance(file, str):
        raise ValueError("a span's file is a path")
    return Span(line, column, end_line, end_column, file)


def _diagnostic_data(d: Diagnostic) -> dict:
    fix = None if d.fix is None else [_span_data(d.fix.span), d.fix.replacement, d.fix.original]
    return {
        "code": d.code,
        "severity": d.severity.value,
        "message": d.message,
        "span": _span_data(d.span),
        "file": d.file,
        "notes": list(d.notes),
        "hint": d.hint,
        "fix": fix,
        "reach": None if d.reach is None else list(d.reach),
    }


def _diagnostic(data) -> Diagnostic:
    """The diagnostic an entry holds; ValueError, TypeError or KeyError for anything else."""
    strings = [data["code"], data["message"], data["file"], *data["notes"]]
    if not all(isinstance(x, str) for x in strings) or not isinstance(data["notes"], list):
        raise ValueError("a diagnostic's words are strings")
    if data["hint"] is not None and not isinstance(data["hint"], str):
        raise ValueError("a hint is a string")
    fix = None
    if data["fix"] is not None:
        span, replacement, original = data["fix"]
        if not isinstance(replacement, str) or not (original is None or isinstance(original, str)):
            raise ValueError("a fix replaces a string")
        fix = Fix(_span(span), replacement, original)
    reach = data["reach"]
    if reach is not None:
        first, last = reach
        if type(first) is not int or type(last) is not int:
            raise ValueError("a reach is two line numbers")
        reach = (first, last)
    return Diagnostic(
        data["code"],
        Severity(data["severity"]),
        data["message"],
        _span(data["span"]),
        data["file"],
        list(data["notes"]),
        data["hint"],
        fix,
        reach,
    )


# --- the cache --------------------------------------------------------------------------------


def lookup(path: str, text: str) -> list[Diagnostic] | None:
    """The findings of this rule text, or None (no entry, a stale or damaged one, cache off)."""
    where = compile_cache.entry_path(key_for(path, text), KIND)
    entry = compile_cache.read_entry(where, FORMAT) if where is not None else None
    if entry is None or not isinstance(entry.get("findings"), list):
        return None
    if not compile_cache.bases_unchanged(path, entry.get("bases")) or not _sources_unchanged(entry.get("sources")):
        return None
    try:
        return [_diagnostic(item) for item in entry["findings"]]
    except (ValueError, TypeError, KeyError, AttributeError):
        return None


def store(
    path: str, text: str, findings: list[Diagnostic], base_files: list[tuple[str, str]], sources: list[list]
) -> None:
    """Keep the findings of this rule text, unless one is an error; base_files: (path, text) of
    each base read, sources: what `sources_read` said before the checks ran."""
    if any(d.is_error for d in findings):
        return
    key = key_for(path, text)
    where = compile_cache.entry_path(key, KIND)
    if where is None:
        return
    entry = {
        "format": FORMAT,
        "key": key,
        "file": path,
        "bases": compile_cache.base_records(path, base_files),
        "sources": sources,
        "findings": [_diagnostic_data(d) for d in findings],
    }
    compile_cache.write_entry(where, entry)
