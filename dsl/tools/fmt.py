"""`cardrules fmt`: one layout for every rule file.

The file is printed again from its parse tree (`dsl.tools.layout`): every declaration and
statement on a line of its own, blocks broken over lines, two spaces an indent level, the
citations of a block in one column, lines wrapped at 100 columns.  Comments are read back from
the text and kept next to the code they were next to.  `format_text` refuses any result that
would parse to different rules, so formatting can never change what a file means.
"""

from __future__ import annotations

from ..syntax.parser import parse

from .layout import attach_comments, concrete_tree, mark_blank_lines, print_tree, render


def format_source(text: str) -> str:
    """The canonical layout of a file that parses (callers check that first)."""
    text = text.removeprefix("\ufeff")  # a byte-order mark says nothing a rule file needs
    lines = print_tree(concrete_tree(text), text)
    mark_blank_lines(lines, text)
    tail = attach_comments(lines, text)
    return render(lines, tail)


def format_text(text: str, path: str = "<input>") -> tuple[str, bool]:
    """(formatted text, whether it is safe): unsafe when the file does not parse, or when the
    formatted text would parse to different rules."""
    before, problems = parse(text, path)
    if before is None or problems:
        return text, False
    formatted = format_source(text)
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
