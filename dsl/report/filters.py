"""Which diagnostics a report shows: `--select`, `--ignore` and `--min-severity`, as ruff has them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .diagnostics import Diagnostic, Severity


class MinSeverity(str, Enum):
    info = "info"
    warning = "warning"
    error = "error"


_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


def split_codes(values: Iterable[str] | None) -> frozenset[str]:
    """`--select a,b --select c` -> {a, b, c}."""
    return frozenset(code.strip() for value in values or () for code in value.split(",") if code.strip())


@dataclass(frozen=True)
class DiagnosticFilter:
    select: frozenset[str] = frozenset()
    ignore: frozenset[str] = frozenset()
    min_rank: int = 0

    @staticmethod
    def of(select, ignore, min_severity: MinSeverity | None) -> "DiagnosticFilter":
        rank = _RANK[Severity(min_severity.value)] if min_severity is not None else 0
        return DiagnosticFilter(split_codes(select), split_codes(ignore), rank)

    def shows(self, diagnostic: Diagnostic) -> bool:
        if diagnostic.code == "io-error":
            return True  # an unreadable input is never filtered away
        if self.select and diagnostic.code not in self.select:
            return False
        return diagnostic.code not in self.ignore and _RANK[diagnostic.severity] >= self.min_rank

    def keep(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return [d for d in diagnostics if self.shows(d)]
