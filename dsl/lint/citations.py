"""bad-citation: a citation that does not say what the source says.

Each `source` names a text file, looked for as `source_files` says: beside the rule file, then
in the folders of `cardrules validate --sources DIR` and of `CARDRULES_SOURCES`, and never outside
them.  A source that is found in none of them, that names a place outside them, or that cannot
be read (not a regular file, too large) is one `source-not-found` info at its `source` line,
whatever the number of its citations, saying which: the citations cannot be checked.

For a source that is found, `@name:N` must name a line of it, and a quoted phrase must occur in
that line, and once, when whitespace, case and typographic quotes are normalised (an ellipsis
`...` elides words: the parts around it must occur in that order); otherwise `bad-citation`
(warning).  The hint names the nearest line that holds the phrase as whole words (else one that
holds it inside a longer word, and says so).
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
    for cite in game.result_cites + game.winners_cites:
        if id(cite) not in seen:
            seen.add(id(cite))
            yield cite


def _places(text: str, phrase: str, whole_words: bool = False) -> list[int]:
    """Where in a normalised text a normalised phrase starts: each start from which its parts
    (an ellipsis elides words between them) occur in order.  With `whole_words`, a part must
    not begin or end inside a longer word of the text."""
    parts = [p.strip() for p in _ELLIPSIS.split(phrase) if p.strip()]
    if not parts:
        return []

    def find(part: str, start: int) -> int:
        while (found := text.find(part, start)) >= 0:
            before, after = text[found - 1 : found], text[found + len(part) : found + len(part) + 1]
            inside = (before.isalnum() and part[0].isalnum()) or (after.isalnum() and part[-1].isalnum())
            if not (whole_words and inside):
                return found
            start = found + 1
        return -1

    starts, start = [], 0
    while (first := find(parts[0], start)) >= 0:
        at = first + len(parts[0])
        for part in parts[1:]:
            found = find(part, at)
            if found < 0:
                return starts  # a later start cannot find the rest either
            at = found + len(part)
        starts.append(first)
        start = first + 1
    return starts


def holds(line: str, phrase: str) -> bool:
    """Whether a (normalised) phrase occurs in a line; an ellipsis elides words, its parts occur in order."""
    return bool(_places(normalise(line), phrase))


def _nearest(lines: list[str], phrase: str, around: int) -> tuple[int, bool] | None:
    """The line nearest `around` that holds the phrase, preferring one that holds it as words;
    with whether it does (a phrase inside a longer word is a poor pointer)."""
    for whole_words in (True, False):
        holding = [i + 1 for i, text in enumerate(lines) if _places(normalise(text), phrase, whole_words)]
        if holding:
            return min(holding, key=lambda ln: (abs(ln - around), ln)), whole_words
    return None


def _hint_at(cite: n.Cite, near: tuple[int, bool]) -> str:
    line, as_words = near
    where = f"the phrase is on line {line}: @{cite.source}:{line}"
    return where if as_words else where + " (only inside a longer word there)"


def _check_cite(cite: n.Cite, name: str, lines: list[str]) -> Diagnostic | None:
    where = f"@{cite.source}:{cite.line}"
    if not 1 <= cite.line <= len(lines):
        hint = None
        if cite.quote and (near := _nearest(lines, normalise(cite.quote), cite.line)):
            hint = _hint_at(cite, near)
        return warning(
            "bad-citation",
            f"{where}: {name} has {len(lines)} lines, no line {cite.line}",
            cite.span,
            hint=hint or f"cite a line from 1 to {len(lines)}",
        )
    if not cite.quote:
        return None
    phrase = normalise(cite.quote)
    shown = lines[cite.line - 1].strip()
    shown = shown if len(shown) <= 100 else shown[:97] + "..."
    places = _places(normalise(lines[cite.line - 1]), phrase) if phrase else [0]
    if len(places) == 1:
        return None
    if len(places) > 1:
        return warning(
            "bad-citation",
            f'{where}: the quoted phrase "{cite.quote}" occurs {len(places)} times in that line',
            cite.span,
            notes=[f"line {cite.line} reads: {shown}", "a quoted phrase must point at one place of its line"],
            hint="quote more of the words around it, so that it occurs once",
        )
    near = _nearest(lines, phrase, cite.line)
    hint = (
        _hint_at(cite, near)
        if near is not None
        else "no line of the source holds this phrase; quote the text as it is written"
    )
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
