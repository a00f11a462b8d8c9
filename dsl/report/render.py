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

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from dsl.report.diagnostics import Diagnostic, Severity
from dsl.report.files import read_rule_text

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
    # soft_wrap keeps long source lines on one row so the caret stays under its column.
    return Console(stderr=True, highlight=False, soft_wrap=True)


def stdout_console() -> Console:
    """Where a report goes (`validate` prints its findings on stdout, progress stays on stderr)."""
    return Console(highlight=False, soft_wrap=True)


# --- one diagnostic ---------------------------------------------------------------------------


def format_diagnostic(diagnostic: Diagnostic, text: str | None) -> Text:
    """The full rendering of one diagnostic as styled text (use `.plain` for the bare text)."""
    span = diagnostic.span
    out = Text()
    out.append(f"{diagnostic.file}:{span.line}:{span.column}: ", style="bold")
    out.append(f"{diagnostic.severity.value}[{diagnostic.code}]", style=SEVERITY_STYLE[diagnostic.severity])
    out.append(f": {diagnostic.message}", style="bold")

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
        out.append(f": {note}")
    if diagnostic.hint:
        out.append(f"\n{pad} = ", style=GUTTER_STYLE)
        out.append("hint", style="bold green")
        out.append(f": {diagnostic.hint}")
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


# --- simulation reports -----------------------------------------------------------------------


def _percent(rate: float) -> str:
    return f"{rate * 100:.1f}%"


def _p(p: float) -> str:
    return "p<0.0001" if p < 0.0001 else f"p={p:.4f}"


def render_simulation(summary: dict, console: Console | None = None, reproduce: str | None = None) -> None:
    """The `simulate` summary: per-seat table, totals, then rule gaps with reproducing seeds.

    `reproduce` is the command line that replays a run, without `--seed/--games`; each rule gap
    gets it with the seed of its first occurrence appended.
    """
    from rich.table import Table

    console = console or stderr_console()
    if summary.get("interrupted"):
        # The finished matches of an interrupted run need not be consecutive seeds.
        requested = summary.get("games_requested", summary["games"])
        matches = f"{summary['games']} of {requested} matches (interrupted)"
    else:
        last_seed = summary["seed"] + summary["games"] - 1
        matches = f"{summary['games']} matches (seeds {summary['seed']}..{last_seed})"
    console.print(
        Text.assemble(
            (summary["game"], "bold"),
            f": {summary['players']} players, {matches}, agents {','.join(summary['agents'])}",
        )
    )
    if summary["readings"]:
        console.print(Text("readings: " + ", ".join(f"{k}={v}" for k, v in summary["readings"].items())))
    table = Table(box=None, header_style="bold")
    for column in ("seat", "wins", "win rate", "95% CI", "mean score"):
        table.add_column(column, justify="right")
    for seat in range(summary["players"]):
        lo, hi = summary["win_rate_ci95"][seat]
        table.add_row(
            str(seat),
            str(summary["wins"][seat]),
            _percent(summary["win_rate"][seat]),
            f"{_percent(lo)}..{_percent(hi)}",
            f"{summary['mean_score'][seat]:.2f}",
        )
    console.print(table)
    completed = summary["completed"]
    console.print(
        f"completed {completed}/{summary['games']}, ties {summary['ties']} ({_percent(summary['tie_rate'])}), "
        f"mean length {summary['mean_length']:.1f} decisions, mean score spread {summary['score_spread']:.2f}, "
        f"{summary['games_per_s']:,.0f} matches/s",
        highlight=False,
    )
    gaps = summary["rule_gaps"]
    if not gaps:
        console.print(Text("no rule gaps", style="green"))
        return
    gap_table = Table(title="rule gaps", title_style="bold yellow", box=None, header_style="bold")
    for column, justify in (
        ("code", "left"),
        ("line", "right"),
        ("count", "right"),
        ("seed", "right"),
        ("message", "left"),
    ):
        gap_table.add_column(column, justify=justify)
    for gap in gaps:
        line = str(gap["line"]) if gap["line"] else "-"
        gap_table.add_row(gap["code"], line, str(gap["count"]), str(gap["example_seed"]), Text(gap["message"]))
    console.print(gap_table)
    if reproduce:
        first = gaps[0]
        console.print(
            Text(f"reproduce the first {first['code']}: {reproduce} --seed {first['example_seed']} --games 1")
        )


def render_readings(report: dict, console: Console | None = None) -> None:
    """The `readings` comparison: per ambiguity, a table of measures (rows) for the default and
    each other reading (columns), with the difference and p-value; then the verdict."""
    from rich.table import Table

    console = console or stderr_console()
    console.print(
        Text.assemble(
            (report["game"], "bold"),
            f": {report['players']} players, {report['games']} matches per reading (seeds from {report['seed']}); "
            f"significant: p < {report['alpha']} Bonferroni-corrected per ambiguity",
        )
    )
    if not report["ambiguities"]:
        console.print("this game declares no ambiguities")
        return
    baseline = report["baseline"]
    for ambiguity in report["ambiguities"]:
        style = "bold red" if ambiguity["verdict"] == "matters" else "green"
        title = Text.assemble(
            (ambiguity["name"], "bold"), f" ({ambiguity['question']}): ", (ambiguity["verdict"], style)
        )
        table = Table(title=title, title_justify="left", box=None, header_style="bold")
        table.add_column("measure")
        table.add_column(f"{ambiguity['default']} (default)", justify="right")
        for entry in ambiguity["readings"]:
            table.add_column(entry["reading"], justify="right")
        threshold = ambiguity["threshold"]
        for label, base, cells in _reading_rows(report, baseline, ambiguity["readings"], threshold):
            table.add_row(label, base, *cells)
        console.print(table)
        console.print()


def _reading_rows(report: dict, baseline: dict, entries: list[dict], threshold: float):
    """(measure label, default value, [value, difference and p-value per reading]) rows."""

    def cell(value: str, difference: str, p: float) -> Text:
        style = "bold red" if p < threshold else "dim"
        return Text.assemble(value, " ", (f"{difference} {_p(p)}", style))

    games = report["games"]
    for seat in range(report["players"]):
        yield (
            f"seat {seat} win rate",
            _percent(baseline["win_rate"][seat]),
            [
                cell(
                    _percent(e["stats"]["win_rate"][seat]),
                    f"{e['diff']['win_rate'][seat] * 100:+.1f}",
                    e["p_values"]["win_rate"][seat],
                )
                for e in entries
            ],
        )
    yield (
        "mean length",
        f"{baseline['mean_length']:.1f}",
        [
            cell(f"{e['stats']['mean_length']:.1f}", f"{e['diff']['mean_length']:+.1f}", e["p_values"]["mean_length"])
            for e in entries
        ],
    )
    yield (
        "score spread",
        f"{baseline['score_spread']:.2f}",
        [
            cell(
                f"{e['stats']['score_spread']:.2f}", f"{e['diff']['score_spread']:+.2f}", e["p_values"]["score_spread"]
            )
            for e in entries
        ],
    )
    yield (
        "completed",
        f"{baseline['completed']}/{games}",
        [
            cell(
                f"{e['stats']['completed']}/{games}",
                f"{e['diff']['completion_rate'] * 100:+.1f}",
                e["p_values"]["completion_rate"],
            )
            for e in entries
        ],
    )
    yield "rule gaps", _gap_codes(baseline), [Text(_gap_codes(e["stats"])) for e in entries]


def _gap_codes(stats: dict) -> str:
    return ", ".join(f"{g['code']}@{g['line']} x{g['count']}" for g in stats["rule_gaps"]) or "-"
