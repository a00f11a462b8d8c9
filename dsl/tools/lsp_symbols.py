"""The names of a rule file and where they stand: declarations taken from the syntax tree,
references found among the words of the text, and the outline an editor shows."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cached_property

from ..ast import nodes as n
from ..syntax.parser import parse
from .highlight import grammar_keywords
from .lsp_text import Token, tokenize
from .lsp_workspace import source_beside


@dataclass
class Symbol:
    name: str
    kind: str  # zone, variable, value table, order, pattern, scoring, ambiguity, reading, source
    node: n.Node
    token: Token | None  # where the name itself is written in its declaration
    children: list["Symbol"] = field(default_factory=list)


@dataclass
class Index:
    text: str
    path: str
    game: n.Game | None
    tokens: list[Token]
    symbols: dict[str, Symbol] = field(default_factory=dict)
    outline: list[Symbol] = field(default_factory=list)

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def token_at(self, line: int, column: int) -> Token | None:
        for token in self.tokens:
            if token.line == line and token.column <= column <= token.end and token.kind != "comment":
                return token
        return None

    def name_at(self, line: int, column: int) -> str | None:
        """The declared name under the cursor (a citation names its source)."""
        token = self.token_at(line, column)
        if token is None:
            return None
        if token.kind == "citation":
            word = citation_source(token)
            return word if word in self.symbols else None
        symbol = self.symbol_of(token)
        return symbol.name if symbol else None

    def symbol_of(self, token: Token) -> Symbol | None:
        """The declared symbol a word names. A name may also be a keyword (a zone `deck`, a
        reading `leftover`): a keyword that opens its line is the keyword, and a reading is named
        only where a reading can stand: its own declaration, after `is` or `default`, or as a
        case of a `reading NAME { ... }` switch."""
        symbol = self.symbols.get(token.text) if token.kind == "word" else None
        if symbol is None or token.text not in grammar_keywords() or token == symbol.token:
            return symbol
        line = self.lines[token.line]
        before, after = line[: token.column].split(), line[token.end :].lstrip()
        if symbol.kind != "reading":
            return symbol if before else None
        if before and before[-1] in ("is", "default"):
            return symbol
        if after.startswith("=>") and _inside_reading_switch(self.lines, token):
            return symbol
        return None

    def references(self, name: str) -> list[tuple[int, int, int]]:
        """(line, column, length) of every place the name is written, declaration included."""
        out = []
        for token in self.tokens:
            if token.kind == "word" and token.text == name and self.symbol_of(token) is not None:
                out.append((token.line, token.column, len(name)))
            elif token.kind == "citation" and citation_source(token) == name:
                out.append((token.line, token.column + 1, len(name)))
        return out

    def source_line(self, cite: n.Cite) -> str | None:
        """The cited line of a source file found in the rule file's folder tree."""
        source = self.symbols.get(cite.source)
        if source is None or not isinstance(source.node, n.Source):
            return None
        text = source_beside(self.path, source.node.file)
        if text is None:
            return None
        lines = text.split("\n")
        return lines[cite.line - 1].strip() if 0 < cite.line <= len(lines) else None


def _inside_reading_switch(lines: list[str], token: Token) -> bool:
    """Whether the innermost block open at the token is a `reading NAME {` switch."""
    text = "\n".join(lines[: token.line] + [lines[token.line][: token.column]])
    depth = 0
    for position in range(len(text) - 1, -1, -1):
        char = text[position]
        if char == "}":
            depth += 1
        elif char == "{":
            if depth == 0:
                return re.search(r"\breading\s+\w+\s*$", text[:position]) is not None
            depth -= 1
    return False


def citation_source(token: Token) -> str:
    return token.text[1:].partition(":")[0]


def _declared_at(tokens: list[Token], starts: list[tuple[int, int]], node: n.Node, name: str) -> Token | None:
    """The word naming the declaration, looked for within its span only (`starts` holds each
    token's position, in order), so that indexing stays linear in the size of the file."""
    first = bisect_left(starts, (node.span.line - 1, node.span.column - 1))
    for token in tokens[first:]:
        if token.line > node.span.end_line - 1:
            break
        if token.kind == "word" and token.text == name:
            return token
    return None


def _declarations(game: n.Game):
    """(kind, name, node, children) of each named declaration, in the order of the file."""
    for source in game.sources:
        yield "source", source.name, source, []
    for order in game.orders:
        if order.name:
            yield "order", order.name, order, []
    for table in game.values:
        yield "value table", table.name, table, []
    for zone in game.zones:
        yield "zone", zone.name, zone, []
    for var in game.vars:
        yield "variable", var.name, var, []
    for ambiguity in game.ambiguities:
        yield "ambiguity", ambiguity.name, ambiguity, [("reading", r.name, r, []) for r in ambiguity.readings]
    for scoring in game.scorings:
        yield "scoring", scoring.name, scoring, [("pattern", p.name, p, []) for p in scoring.patterns]


def build_index(text: str, path: str, previous: Index | None = None) -> Index:
    """The index of the text; while it does not parse, the declarations of the last version
    that did are kept (the words, and so the references, are always the current ones)."""
    tokens = tokenize(text)
    try:
        game, _ = parse(text, path)
    except Exception:  # noqa: BLE001 - a half-typed file must never stop the editor's help
        game = None
    index = Index(text, path, game, tokens)
    if game is None:
        if previous is not None:
            index.game, index.symbols, index.outline = previous.game, previous.symbols, previous.outline
        return index
    starts = [(token.line, token.column) for token in tokens]
    for kind, name, node, children in _declarations(game):
        symbol = Symbol(name, kind, node, _declared_at(tokens, starts, node, name))
        for child_kind, child_name, child_node, _ in children:
            child = Symbol(child_name, child_kind, child_node, _declared_at(tokens, starts, child_node, child_name))
            symbol.children.append(child)
            index.symbols.setdefault(child_name, child)
        index.symbols.setdefault(name, symbol)
        index.outline.append(symbol)
    return index
