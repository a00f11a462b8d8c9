"""bad-citation: a citation that does not say what the source says.

Each `source` names a text file, looked for as `source_files` says: beside the rule file, then
in the folders of `cardrules validate --sources DIR` and of `CARDRULES_SOURCES`, and never outside
them.  A source that is found in none of them, that names a place outside them, or that cannot
be read (not a regular file, too large) is one `source-not-found` info at its `source` line,
whatever the number of its citations, saying which: the citations cannot be checked.

For a source that is found, `@name:N` must name a line of it, and a quoted phrase must occur in
that line once whitespace, case and typographic quotes are normalised (an ellipsis `...` elides
words: the parts around it must occur in that order); otherwise `bad-citation`
(warning), with the nearest line that does hold the phrase as a hint.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from ..ast import nodes as n
from ..ast.walk import walk_nodes
from ..report.diagnostics import Diagnostic, info, warning
from .source_files import ENV_VAR, REFUSED, load_source, search_path

_QUOTES = str.maketrans({c: "" for c in "«»“”„‘’‚\"'`"})
_SPACE = re.compile(r"\s+")
_ELLIPSIS = re.compile(r"\.\.\.|…")


def normalise(text: str) -> str:
    """Compare quotes as a reader would: case, runs of whitespace and quotation marks do not count."""
    return _SPACE.sub(" ", text.translate(_QUOTES).casefold()).strip()


def _cites(game: n.Game) -> Iterator[n.Cite]:
    seen: set[int] = set()
    for node in walk_nodes(game):
        for cite in list(getattr(node, "cites", ()) or ()) + list(getattr(node, "clause_cites", ()) or ()):
            if isinstance(cite, n.Cite) and id(cite) not in seen:
                seen.add(id(cite))
                yield cite
    for cite in game.result_cites:
        if id(cite) not in seen:
            seen.add(id(cite))
            yield cite


def holds(line: str, phrase: str) -> bool:
    """Whether a (normalised) phrase occurs in a line; an ellipsis elides words, its parts occur in order."""
    text, start = normalise(line), 0
    for part in (p.strip() for p in _ELLIPSIS.split(phrase)):
        if not part:
            continue
        found = text.find(part, start)
        if found < 0:
            return False
        start = found + len(part)
    return True


def _nearest(lines: list[str], phrase: str, around: int) -> int | None:
    holding = [i + 1 for i, text in enumerate(lines) if holds(text, phrase)]
    return min(holding, key=lambda ln: (abs(ln - around), ln)) if holding else None


def _check_cite(cite: n.Cite, name: str, lines: list[str]) -> Diagnostic | None:
    where = f"@{cite.source}:{cite.line}"
    if not 1 <= cite.line <= len(lines):
        hint = None
        if cite.quote and (near := _nearest(lines, normalise(cite.quote), cite.line)):
            hint = f"the phrase is on line {near}: @{cite.source}:{near}"
        return warning(
            "bad-citation",
            f"{where}: {name} has {len(lines)} lines, no line {cite.line}",
            cite.span,
            hint=hint or f"cite a line from 1 to {len(lines)}",
        )
    if not cite.quote:
        return None
    phrase = normalise(cite.quote)
    if not phrase or holds(lines[cite.line - 1], phrase):
        return None
    near = _nearest(lines, phrase, cite.line)
    hint = (
        f"the phrase is on line {near}: @{cite.source}:{near}"
        if near is not None
        else "no line of the source holds this phrase; quote the text as it is written"
    )
    shown = lines[cite.line - 1].strip()
    shown = shown if len(shown) <= 100 else shown[:97] + "..."
    return warning(
        "bad-citation",
        f'{where}: the quoted phrase "{cite.quote}" is not in that line',
        cite.span,
        notes=[f"line {cite.line} reads: {shown}"],
        hint=hint,
    )


def check_citations(model, engine) -> list[Diagnostic]:
    game = model.game
    declared = {source.name: source for source in game.sources}
    texts: dict[str, list[str] | None] = {}
    out: list[Diagnostic] = []
    for source in game.sources:
        rule_file = source.span.file or game.file
        found = load_source(source.file, rule_file)
        texts[source.name] = None if found.text is None else found.text.splitlines()
        if found.text is None:
            out.append(_not_read(source, rule_file, found.problem))
    for cite in _cites(game):
        if cite.source not in declared or texts.get(cite.source) is None:
            continue  # an undeclared source is the name check's; a missing file was said once above
        problem = _check_cite(cite, declared[cite.source].file, texts[cite.source])
        if problem is not None:
            out.append(problem)
    return out


def _not_read(source: n.Source, rule_file: str, problem: str | None) -> Diagnostic:
    said = f"source '{source.name}' = \"{source.file}\""
    if problem == REFUSED:
        return info(
            "source-not-found",
            f"{said} is not read: {REFUSED}; its citations are not checked",
            source.span,
            hint="name the text by a path relative to the rule file's folder (no '..' above it), or put it "
            f"in a folder given with --sources DIR or the {ENV_VAR} variable and name it from there",
        )
    if problem is not None:
        return info(
            "source-not-found",
            f"{said} cannot be read: {problem}; its citations are not checked",
            source.span,
            hint="a source text is a UTF-8 text file",
        )
    looked = ", ".join(str(p) for p in search_path(rule_file)) or "no folder"
    return info(
        "source-not-found",
        f"{said} was not found; its citations are not checked",
        source.span,
        notes=[f"looked in: {looked}"],
        hint=f"point at the folder of the source texts with --sources DIR or the {ENV_VAR} variable",
    )
