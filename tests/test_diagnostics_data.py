"""Data-driven diagnostics tests: every file in tests/data/diagnostics states, in comment lines,
the diagnostics it must produce (format in tests/data/diagnostics/README.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from dsl.api import check_source

DATA = Path(__file__).parent / "data" / "diagnostics"
EXPECT = re.compile(r'^#\s*expect:\s*(\d+)(?::(\d+))?\s+(error|warning|info)\s+([a-z][a-z-]*)(?:\s+"(.*)")?\s*$')
SIMULATE = re.compile(r"^#\s*simulate:\s*(\d+)\s*$")


@dataclass(frozen=True)
class Expected:
    line: int
    column: int | None
    severity: str
    code: str
    text: str | None
    written: str

    def matches(self, d) -> bool:
        if (d.span.line, d.severity.value, d.code) != (self.line, self.severity, self.code):
            return False
        if self.column is not None and d.span.column != self.column:
            return False
        if self.text is None:
            return True
        return self.text in "\n".join([d.message, *d.notes, d.hint or ""])


def read_expectations(text: str) -> tuple[list[Expected], int]:
    expected, simulate = [], 0
    for raw in text.splitlines():
        line = raw.strip()
        if match := EXPECT.match(line):
            ln, col, severity, code, quoted = match.groups()
            expected.append(Expected(int(ln), int(col) if col else None, severity, code, quoted, line))
        elif match := SIMULATE.match(line):
            simulate = int(match.group(1))
        elif line.startswith("# expect"):
            raise ValueError(f"malformed expectation: {line!r}")
    return expected, simulate


def show(d) -> str:
    return f"{d.span.line}:{d.span.column} {d.severity.value} {d.code}: {d.message}"


CASES = sorted(DATA.glob("*.cardrules"))


def test_there_are_enough_cases():
    assert len(CASES) >= 30


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_diagnostics(path: Path):
    text = path.read_text(encoding="utf-8")
    expected, simulate = read_expectations(text)
    found = check_source(text, str(path.relative_to(DATA.parent.parent.parent)), simulate=simulate)
    problems = [f"missing: {e.written}" for e in expected if not any(e.matches(d) for d in found)]
    checked_infos = {e.code for e in expected if e.severity == "info"}
    for d in found:
        if d.severity.value == "info" and d.code not in checked_infos:
            continue
        if not any(e.matches(d) for e in expected):
            problems.append(f"unexpected: {show(d)}")
    assert not problems, "\n".join(problems + ["all diagnostics:"] + [show(d) for d in found])


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_one_diagnostic_per_problem_and_place(path: Path):
    text = path.read_text(encoding="utf-8")
    found = check_source(text, str(path.relative_to(DATA.parent.parent.parent)))
    said = [(d.code, d.span, d.message) for d in found]
    assert len(said) == len(set(said)), "\n".join(show(d) for d in found)
