"""The written text of a node, read back from its rule file: what `diff`, `graph` and `doc` show
of an expression or a declaration, in the author's words but on one line."""

from __future__ import annotations

import re

from ..ast import nodes as n
from ..compiler.sources import SourceLines

_CITE = re.compile(r'@[A-Za-z_][A-Za-z0-9_]*:\d+(\s+"([^"\\]|\\.)*")?')
_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|#.*')


def code_of(line: str) -> str:
    """The line without its comment (a `#` inside a string is not one)."""
    return _STRING_OR_COMMENT.sub(lambda m: m.group(0) if m.group(0).startswith('"') else "", line)


def node_text(sources: SourceLines, node: n.Node) -> str:
    """The node's own text, all its lines, without comments, citations or extra spaces."""
    span = node.span
    lines = sources.lines_of(span.file)[span.line - 1 : span.end_line]
    if lines:  # a span's end column is its last character's
        lines[-1] = lines[-1][: span.end_column]
        lines[0] = lines[0][span.column - 1 :]
    kept = [" ".join(_CITE.sub("", code_of(line)).split()) for line in lines]
    return " ".join(part for part in kept if part)
