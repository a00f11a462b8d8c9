"""`cardrules fmt`: one layout for every rule file.

Layout only: each line is re-indented by its brace depth (two spaces a level), tabs inside a
line become spaces and trailing spaces go.  Spacing inside a line is the author's: rule files
align their citation columns, and a formatter that collapsed them would make files harder to
read against their sources.  Text inside strings and comments is never
touched, so formatting cannot change what a file means; `format_text` checks that by parsing
before and after.
"""

from __future__ import annotations

import re

from ..syntax.parser import parse

INDENT = "  "
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|#.*|\s+|[^\s"#]+')


def _split_code(line: str) -> list[str]:
    """Tokens of one line: strings and a comment whole, code words and spaces apart."""
    return _TOKEN.findall(line)


def _depth_change(tokens: list[str]) -> tuple[int, int]:
    """(closing braces before any opening one at the start, net change of depth)."""
    leading_close, net, seen_other = 0, 0, False
    for token in tokens:
        if token.startswith('"') or token.startswith("#") or token.isspace():
            seen_other = seen_other or not token.isspace()
            continue
        for ch in token:
            if ch == "{":
                net += 1
                seen_other = True
            elif ch == "}":
                net -= 1
                if not seen_other:
                    leading_close += 1
            else:
                seen_other = True
    return leading_close, net


def _normalise(tokens: list[str]) -> str:
    return "".join(token.replace("\t", "  ") if token.isspace() else token for token in tokens).strip()


def format_source(text: str) -> str:
    text = text.removeprefix("\ufeff")  # a byte-order mark says nothing a rule file needs
    depth = 0
    lines = []
    for raw in text.split("\n"):
        tokens = _split_code(raw.strip())
        if not tokens:
            lines.append("")
            continue
        leading_close, net = _depth_change(tokens)
        level = max(depth - leading_close, 0)
        lines.append(INDENT * level + _normalise(tokens))
        depth = max(depth + net, 0)
    while len(lines) > 1 and lines[-1] == "" and lines[-2] == "":
        lines.pop()
    result = "\n".join(lines)
    return result if result.endswith("\n") else result + "\n"


def format_text(text: str, path: str = "<input>") -> tuple[str, bool]:
    """(formatted text, whether it is safe): unsafe when the file does not parse, or when the
    formatted text would parse to different rules."""
    formatted = format_source(text)
    before, problems = parse(text, path)
    if before is None or problems:
        return text, False
    after, problems = parse(formatted, path)
    if after is None or problems or _strip_spans(before) != _strip_spans(after):
        return text, False
    return formatted, True


def _strip_spans(node):
    """A comparable form of an AST: the same tree with every position left out."""
    from dataclasses import fields, is_dataclass

    from ..report.diagnostics import Span

    if isinstance(node, Span):
        return None
    if isinstance(node, list | tuple):
        return [_strip_spans(item) for item in node]
    if is_dataclass(node) and not isinstance(node, type):
        return (
            type(node).__name__,
            tuple(_strip_spans(getattr(node, f.name)) for f in fields(node) if f.name != "span"),
        )
    return node
