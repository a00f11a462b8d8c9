"""The one diagnostic type behind every output format (terminal, JSON, editors)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Span:
    """A region of a source file; lines and columns are 1-based, end is inclusive of the last char."""

    line: int = 1
    column: int = 1
    end_line: int = 1
    end_column: int = 1
    file: str | None = None  # set only on declarations a variant takes from its base file

    @staticmethod
    def of(meta) -> "Span":
        """Build a span from a Lark tree's `meta` or a Lark token."""
        if meta is None or getattr(meta, "empty", False) or getattr(meta, "line", None) is None:
            return Span()
        # Lark's end_column points one past the last character; ours is inclusive.
        end_column = max((meta.end_column or meta.column + 1) - 1, 1)
        return Span(meta.line, meta.column, meta.end_line or meta.line, end_column)


NOWHERE = Span()


@dataclass(frozen=True)
class Fix:
    """A suggested correction an editor can apply: within `span`, the word `original` becomes
    `replacement` (the whole span does when `original` is None)."""

    span: Span
    replacement: str
    original: str | None = None


@dataclass
class Diagnostic:
    code: str
    severity: Severity
    message: str
    span: Span = NOWHERE
    file: str = "<input>"
    notes: list[str] = field(default_factory=list)
    hint: str | None = None
    fix: Fix | None = None  # the correction a "did you mean" hint proposes, when there is one
    # For a finding of simulated play: the lines of the rule it happened in (first, last), so a
    # static finding inside that rule can be matched with it.  Not part of any output format.
    reach: tuple[int, int] | None = field(default=None, compare=False)

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_json(self) -> dict:
        notes = list(self.notes)
        if self.hint:
            notes.append(f"hint: {self.hint}")
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "notes": notes,
        }


def error(code: str, message: str, span: Span = NOWHERE, **kw) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, span, **kw)


def warning(code: str, message: str, span: Span = NOWHERE, **kw) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, span, **kw)


def info(code: str, message: str, span: Span = NOWHERE, **kw) -> Diagnostic:
    return Diagnostic(code, Severity.INFO, message, span, **kw)


class DiagnosticError(Exception):
    """Raised inside the pipeline to stop at the first stage that produced errors."""

    def __init__(self, diagnostics: list[Diagnostic]):
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = diagnostics
