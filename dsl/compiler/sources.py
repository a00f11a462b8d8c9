"""The source lines behind spans, for the comments that tie generated code to the rule file.

A variant's model mixes declarations of two files; a span with a `file` names the base file it
came from, and its lines are read from there."""

from __future__ import annotations

import os

from ..report.diagnostics import Span
from ..report.files import read_rule_text
from . import escape


class SourceLines:
    def __init__(self, path: str, text: str):
        self.path = path
        self._lines = {None: text.split("\n")}  # Lark counts lines by "\n" only

    def lines_of(self, file: str | None) -> list[str]:
        if file not in self._lines:
            text, _ = read_rule_text(file)
            self._lines[file] = text.split("\n") if text is not None else []
        return self._lines[file]

    def label(self, span: Span) -> str:
        """The base name of the span's file, safe for a comment (a file name may hold any character)."""
        return escape.comment(os.path.basename(span.file or self.path))

    def text(self, span: Span) -> str:
        """The line's text without its citations, safe for a comment."""
        lines = self.lines_of(span.file)
        text = lines[span.line - 1].strip() if 0 < span.line <= len(lines) else ""
        if " @" in text:
            text = text.split(" @")[0].rstrip()
        return escape.comment(text)

    def comment(self, span: Span) -> str:
        return escape.comment(f"{self.label(span)}:{span.line}: {self.text(span)[:90].rstrip()}")
