"""The comments that tie generated code to the rule file: `file:line: the rule's text`.

A long rule line is shortened at a word boundary and marked with an ellipsis, so a comment never
ends in the middle of a word; everything passes through `escape.comment`."""

from __future__ import annotations

from .sources import SourceLines
from . import escape

WIDTH = 90  # of the rule text in a comment; the whole line then stays within the line length
ELLIPSIS = "..."


def shorten(text: str, width: int = WIDTH) -> str:
    """`text` if it fits, else its words up to `width` characters followed by an ellipsis."""
    text = text.rstrip()
    if len(text) <= width:
        return text
    cut = text[: width - len(ELLIPSIS) + 1]
    space = cut.rfind(" ")
    if space > 0:  # a single word longer than the width is the only thing ever cut inside
        cut = cut[:space]
    return cut.rstrip() + ELLIPSIS


def rule_comment(sources: SourceLines, span, text: str | None = None) -> str:
    """`file:line: text` for a comment; `text` defaults to the rule line itself."""
    body = sources.text(span) if text is None else escape.comment(text)
    return escape.comment(f"{sources.label(span)}:{span.line}: {shorten(body)}")
