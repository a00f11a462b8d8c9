"""What the language server answers, computed from a document's index and diagnostics and free
of the protocol library: hover text, completions, the outline, semantic tokens and quick fixes.

Positions here are 0-based lines and character columns; the server converts them to the
client's code units (UTF-16 unless it asked otherwise)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, Span
from .highlight import grammar_keywords
from .lsp_keyword_docs import KEYWORD_DOCS
from .lsp_symbols import Index, Symbol, citation_source
from .lsp_text import line_of

# The semantic token types we emit, in the order of the legend.
TOKEN_TYPES = ["keyword", "namespace", "variable", "enum", "function", "type", "enumMember", "macro"]
TOKEN_TYPES += ["number", "string", "comment", "decorator"]
KIND_TOKEN = {
    "zone": "namespace",
    "variable": "variable",
    "value table": "enum",
    "order": "enum",
    "pattern": "function",
    "scoring": "function",
    "ambiguity": "type",
    "reading": "enumMember",
    "source": "macro",
}
TOKEN_KIND = {"number": "number", "string": "string", "comment": "comment", "citation": "decorator"}


@dataclass(frozen=True)
class Region:
    """A stretch of one line: 0-based line, first column, column past the end."""

    line: int
    start: int
    end: int


# ------------------------------------------------------------ hover
def hover_text(index: Index, line: int, column: int) -> str | None:
    token = index.token_at(line, column)
    if token is None or token.kind not in ("word", "citation"):
        return None
    name = index.name_at(line, column)
    if name is not None:
        return _name_hover(index, index.symbols[name])
    return KEYWORD_DOCS.get(token.text)


def _name_hover(index: Index, symbol: Symbol) -> str:
    lines = index.lines
    declaration = _declaration_head(lines, symbol.token.line if symbol.token else symbol.node.span.line - 1)
    parts = [f"**{symbol.kind} `{symbol.name}`**", f"```cardrules\n{declaration}\n```"]
    for cite in getattr(symbol.node, "cites", []):
        where = f"@{cite.source}:{cite.line}" + (f' "{cite.quote}"' if cite.quote else "")
        quoted = index.source_line(cite)
        parts.append(f"cites {where}" + (f"\n\n> {quoted}" if quoted else ""))
    if isinstance(symbol.node, n.Ambiguity):
        parts.append(symbol.node.question)
    return "\n\n".join(parts)


def _declaration_head(lines: list[str], first: int) -> str:
    """The declaration as one line: its first line and the continuation lines the formatter
    wrapped it onto (indented deeper), up to the brace that opens its block, citations left out."""
    head = line_of(lines, first)
    indent = len(head) - len(head.lstrip())
    parts = [head.strip()]
    number = first + 1
    while not parts[-1].endswith("{") and number < len(lines):
        following = line_of(lines, number)
        if not following.strip() or len(following) - len(following.lstrip()) <= indent:
            break
        parts.append(following.strip())
        number += 1
    text = " ".join(parts)
    return text.split(" @")[0].rstrip(" {") if " @" in text else text.rstrip(" {")


# ------------------------------------------------------------ definitions and references
def definition(index: Index, line: int, column: int) -> Region | None:
    name = index.name_at(line, column)
    token = index.symbols[name].token if name else None
    return Region(token.line, token.column, token.end) if token else None


def references(index: Index, line: int, column: int, include_declaration: bool = True) -> list[Region]:
    name = index.name_at(line, column)
    if name is None:
        return []
    declared = index.symbols[name].token
    out = []
    for ref_line, ref_column, length in index.references(name):
        if not include_declaration and declared and (declared.line, declared.column) == (ref_line, ref_column):
            continue
        out.append(Region(ref_line, ref_column, ref_column + length))
    return out


# ------------------------------------------------------------ completion
def completions(index: Index, line: int, column: int) -> list[tuple[str, str]]:
    """(label, kind) pairs: sources after '@', else the declared names and the keywords."""
    before = line_of(index.lines, line)[:column]
    if re.search(r"@\w*$", before):
        return [(s.name, "source") for s in index.symbols.values() if s.kind == "source"]
    names = [(s.name, s.kind) for s in index.symbols.values() if s.kind != "source"]
    return names + [(word, "keyword") for word in grammar_keywords()]


# ------------------------------------------------------------ outline
@dataclass
class Outlined:
    name: str
    kind: str
    span: Span
    selection: Region | None
    children: list["Outlined"]


def outline(index: Index) -> list[Outlined]:
    game = index.game
    if game is None:
        return []

    def of(symbol: Symbol) -> Outlined:
        token = symbol.token
        selection = Region(token.line, token.column, token.end) if token else None
        return Outlined(symbol.name, symbol.kind, symbol.node.span, selection, [of(c) for c in symbol.children])

    children = [of(symbol) for symbol in index.outline if symbol.kind != "source"]
    if game.flow is not None:
        children.append(Outlined("flow", "flow", game.flow.span, None, []))
    return [Outlined(game.name, "game", game.span, None, children)]


# ------------------------------------------------------------ semantic tokens
def semantic_tokens(index: Index) -> list[tuple[int, int, int, str]]:
    """(line, column, length in characters, token type) of each highlighted token, in order."""
    keywords = set(grammar_keywords())
    out = []
    for token in index.tokens:
        if token.kind == "word":
            symbol = index.symbol_of(token)
            kind = KIND_TOKEN[symbol.kind] if symbol else ("keyword" if token.text in keywords else None)
        else:
            kind = TOKEN_KIND[token.kind]
        if token.kind == "citation" and citation_source(token) in index.symbols:
            out.append((token.line, token.column, 1, "decorator"))
            out.append((token.line, token.column + 1, len(citation_source(token)), "macro"))
            rest = len(token.text) - 1 - len(citation_source(token))
            if rest:
                out.append((token.line, token.end - rest, rest, "decorator"))
        elif kind is not None:
            out.append((token.line, token.column, len(token.text), kind))
    return out


# ------------------------------------------------------------ quick fixes
def fix_region(diagnostic: Diagnostic, lines: list[str]) -> tuple[Region, str] | None:
    """Where a diagnostic's fix applies and what it writes, or None when it has none."""
    fix = diagnostic.fix
    if fix is None:
        return None
    line = fix.span.line - 1
    text = line_of(lines, line)
    start = fix.span.column - 1
    if fix.original is None:
        return Region(
            line, start, fix.span.end_column if fix.span.end_line == fix.span.line else len(text)
        ), fix.replacement
    found = re.compile(rf"(?<!\w){re.escape(fix.original)}(?!\w)").search(text, start)
    if found is None:
        return None
    return Region(line, found.start(), found.end()), fix.replacement
