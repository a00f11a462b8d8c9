"""Render diagnostics for people (a rich terminal on stderr) and for machines (JSON).

The text form follows the compiler convention editors already understand:

    games/x.cardrules:3:7: error[undefined-name]: no zone called 'hnad'
      |
    3 | deal evenly to hnad
      |                ^^^^
      = note: zones are: hand, stock
      = hint: did you mean 'hand'?

Columns are character columns (as Lark counts them), so the caret is placed by the display width
of the characters before it: tabs are expanded and wide characters count double.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from dsl.report.diagnostics import Diagnostic, Severity
from dsl.report.files import printable, read_rule_text

if TYPE_CHECKING:  # rich is imported by what draws a report, not by every start of the program
    from rich.console import Console
    from rich.text import Text

TAB_WIDTH = 4
SEVERITY_STYLE = {
    Severity.ERROR: "bold red",
    Severity.WARNING: "bold yellow",
    Severity.INFO: "bold cyan",
}
GUTTER_STYLE = "bold blue"


@dataclass
class FileReport:
    """The diagnostics of one input file, with its text when it could be read."""

    file: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: str | None = None


def stderr_console() -> Console:
    from rich.console import Console

    # soft_wrap keeps long source lines on one row so the caret stays under its column.
    return Console(stderr=True, highlight=False, soft_wrap=True)


def stdout_console() -> Console:
    """Where a report goes (`validate` prints its findings on stdout, progress stays on stderr)."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


# --- one diagnostic ---------------------------------------------------------------------------


def format_diagnostic(diagnostic: Diagnostic, text: str | None) -> Text:
    """The full rendering of one diagnostic as styled text (use `.plain` for the bare text)."""
    from rich.text import Text

    span = diagnostic.span
    out = Text()
    out.append(f"{printable(diagnostic.file)}:{span.line}:{span.column}: ", style="bold")
    out.append(f"{diagnostic.severity.value}[{diagnostic.code}]", style=SEVERITY_STYLE[diagnostic.severity])
    out.append(f": {printable(diagnostic.message)}", style="bold")

    snippet = _source_snippet(diagnostic, text)
    width = len(str(span.line)) if snippet else 1
    pad = " " * width
    if snippet:
        shown, caret_offset, caret_width, continues = snippet
        out.append(f"\n{pad} |", style=GUTTER_STYLE)
        out.append(f"\n{span.line} | ", style=GUTTER_STYLE)
        out.append(shown)
        out.append(f"\n{pad} | ", style=GUTTER_STYLE)
        marks = " " * caret_offset + "^" * caret_width + ("..." if continues else "")
        out.append(marks, style=SEVERITY_STYLE[diagnostic.severity])
    for note in diagnostic.notes:
        out.append(f"\n{pad} = ", style=GUTTER_STYLE)
        out.append("note", style="bold")
        out.append(f": {printable(note)}")
    if diagnostic.hint:
        out.append(f"\n{pad} = ", style=GUTTER_STYLE)
        out.append("hint", style="bold green")
        out.append(f": {printable(diagnostic.hint)}")
    return out


def _source_snippet(diagnostic: Diagnostic, text: str | None) -> tuple[str, int, int, bool] | None:
    """(displayed line, caret offset in cells, caret width in cells, span continues) or None.

    None when there is no text or the span's line is not in it: a diagnostic with a bad span
    still renders its header and notes rather than failing.
    """
    if not text:
        return None
    # Lark counts lines by "\n" only; str.splitlines would also split on form feeds etc.
    lines = text.split("\n")
    span = diagnostic.span
    if not 1 <= span.line <= len(lines):
        return None
    line = lines[span.line - 1].rstrip("\r")
    shown, offsets = _display(line)
    length = len(line)
    start = min(max(span.column, 1), length + 1)
    continues = span.end_line > span.line
    if continues:
        end = length  # a multi-line span is underlined to the end of its first line
    elif span.end_line == span.line:
        end = min(max(span.end_column, start), length)  # end_column is inclusive
    else:
        end = start  # an end before the start: point at the start
    caret_offset = offsets[start - 1]
    caret_width = max(1, offsets[end] - offsets[start - 1]) if end >= start else 1
    return shown, caret_offset, caret_width, continues


def _display(line: str) -> tuple[str, list[int]]:
    """The line as shown (tabs expanded, control characters replaced) and the cell offset at
    which each character starts; offsets[len(line)] is the displayed width."""
    from rich.cells import cell_len

    shown: list[str] = []
    offsets = [0]
    cells = 0
    for char in line:
        if char == "\t":
            piece = " " * (TAB_WIDTH - cells % TAB_WIDTH)
        elif unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            # Never send raw control characters to the terminal; keep one cell per character.
            piece = "\N{REPLACEMENT CHARACTER}"
        else:
            piece = char
        shown.append(piece)
        cells += cell_len(piece)
        offsets.append(cells)
    return "".join(shown), offsets


# --- reports ----------------------------------------------------------------------------------


def _ordered(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(diagnostics, key=lambda d: (d.span.line, d.span.column))


def count_severities(diagnostics: Iterable[Diagnostic]) -> dict[Severity, int]:
    counts = {severity: 0 for severity in Severity}
    for diagnostic in diagnostics:
        counts[diagnostic.severity] += 1
    return counts


def summary_line(reports: Sequence[FileReport]) -> str:
    """E.g. "2 errors, 3 warnings, 1 info in 1 file" (info is shown only when present)."""
    counts = count_severities(d for report in reports for d in report.diagnostics)
    errors, warnings, infos = counts[Severity.ERROR], counts[Severity.WARNING], counts[Severity.INFO]
    parts = [_plural(errors, "error"), _plural(warnings, "warning")]
    if infos:
        parts.append(f"{infos} info")
    return f"{', '.join(parts)} in {_plural(len(reports), 'file')}"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _text_for(diagnostic: Diagnostic, report: FileReport) -> str | None:
    """The text a diagnostic points into: a variant's findings may lie in its base file."""
    if diagnostic.file in (report.file, None, "<input>"):
        return report.text
    return read_rule_text(diagnostic.file)[0]


def render_report(
    reports: Sequence[FileReport], console: Console | None = None, summary: bool = True, show_infos: bool = True
) -> None:
    """Print every diagnostic of every file, then (optionally) the summary line, last.

    Without `show_infos` the info diagnostics are only counted, in one line before the summary.
    """
    from rich.text import Text

    console = console or stderr_console()
    hidden = 0
    for report in reports:
        for diagnostic in _ordered(report.diagnostics):
            if not show_infos and diagnostic.severity is Severity.INFO:
                hidden += 1
                continue
            console.print(format_diagnostic(diagnostic, _text_for(diagnostic, report)))
            console.print()
    if hidden:
        console.print(Text(f"{hidden} info not shown (--verbose shows them)", style="dim"))
    if summary:
        counts = count_severities(d for report in reports for d in report.diagnostics)
        style = "bold red" if counts[Severity.ERROR] else "bold yellow" if counts[Severity.WARNING] else "bold green"
        console.print(Text(summary_line(reports), style=style))


def to_json(reports: Sequence[FileReport]) -> dict:
    """Exactly the object `validate --format json` prints."""
    counts = count_severities(d for report in reports for d in report.diagnostics)
    return {
        "files": [
            {"file": report.file, "diagnostics": [d.to_json() for d in _ordered(report.diagnostics)]}
            for report in reports
        ],
        "errors": counts[Severity.ERROR],
        "warnings": counts[Severity.WARNING],
    }
