"""Terminal and JSON rendering of diagnostics."""

from __future__ import annotations

import io
import json

from rich.console import Console

from dsl.report.diagnostics import Diagnostic, Severity, Span, error, info, warning
from dsl.report.render import FileReport, format_diagnostic, render_report, summary_line, to_json

CYRILLIC = "игра «Тринадцать» {\n  сдать карты игрокам\n}\n"


def plain(diagnostic: Diagnostic, text: str | None) -> str:
    return format_diagnostic(diagnostic, text).plain


def test_caret_under_cyrillic_word_by_character_column():
    # "карты" starts at character column 9 of line 2 and ends (inclusive) at column 13.
    d = error(
        "undefined-name",
        "нет зоны «карты»",
        Span(2, 9, 2, 13),
        file="g.cardrules",
        notes=["зоны: рука, колода"],
        hint="did you mean 'карта'?",
    )
    assert plain(d, CYRILLIC) == (
        "g.cardrules:2:9: error[undefined-name]: нет зоны «карты»\n"
        "  |\n"
        "2 |   сдать карты игрокам\n"
        "  |         ^^^^^\n"
        "  = note: зоны: рука, колода\n"
        "  = hint: did you mean 'карта'?"
    )


def test_caret_after_a_tab_uses_the_expanded_width():
    d = warning("unspecified-tie", "tie", Span(1, 2, 1, 4), file="t")
    lines = plain(d, "\tabc def").split("\n")
    assert lines[2] == "1 |     abc def"
    assert lines[3] == "  |     ^^^"


def test_wide_characters_count_two_cells():
    d = error("x", "m", Span(1, 4, 1, 4), file="t")
    lines = plain(d, "中文 x").split("\n")
    assert lines[3] == "  | " + " " * 5 + "^"


def test_gutter_widens_for_long_line_numbers():
    text = "\n" * 119 + "line 120"
    lines = plain(error("x", "m", Span(120, 6, 120, 8), file="t"), text).split("\n")
    assert lines[1:] == ["    |", "120 | line 120", "    |      ^^^"]


def test_line_out_of_range_renders_header_and_notes_only():
    d = info("never-fires", "never fired", Span(40, 1, 40, 3), file="t", notes=["n"])
    assert plain(d, CYRILLIC) == "t:40:1: info[never-fires]: never fired\n  = note: n"
    assert plain(error("x", "m", Span(0, 0, 0, 0), file="t"), CYRILLIC) == "t:0:0: error[x]: m"


def test_empty_or_missing_text_renders_header_only():
    d = error("io-error", "cannot read", file="missing")
    assert plain(d, "") == "missing:1:1: error[io-error]: cannot read"
    assert plain(d, None) == "missing:1:1: error[io-error]: cannot read"


def test_column_past_end_of_line_points_just_after_it():
    lines = plain(error("x", "m", Span(3, 10, 3, 20), file="t"), CYRILLIC).split("\n")
    assert lines[2:] == ["3 | }", "  |  ^"]


def test_multi_line_span_underlines_the_first_line_to_its_end():
    lines = plain(error("x", "m", Span(1, 6, 3, 1), file="t"), CYRILLIC).split("\n")
    assert lines[2] == "1 | игра «Тринадцать» {"
    assert lines[3] == "  |      " + "^" * 14 + "..."


def test_end_before_start_gives_a_single_caret():
    lines = plain(error("x", "m", Span(2, 9, 2, 3), file="t"), CYRILLIC).split("\n")
    assert lines[3] == "  |         ^"


def test_control_characters_are_not_sent_to_the_terminal():
    lines = plain(error("x", "m", Span(1, 3, 1, 3), file="t"), "a\x1b[31mb").split("\n")
    assert "\x1b" not in lines[2]
    assert lines[3] == "  |   ^"


def test_report_prints_source_text_literally_and_a_summary():
    text = "zone [red]hand[/red]\n"
    reports = [
        FileReport("g.cardrules", [error("x", "bad [bold]markup[/bold]", Span(1, 6, 1, 10), file="g.cardrules")], text)
    ]
    out = io.StringIO()
    render_report(reports, Console(file=out, width=100, color_system=None))
    printed = out.getvalue()
    assert "1 | zone [red]hand[/red]" in printed
    assert "bad [bold]markup[/bold]" in printed
    assert printed.rstrip().endswith("1 error, 0 warnings in 1 file")


def test_summary_line_counts_and_plurals():
    diags = [error("a", "m"), error("b", "m"), warning("c", "m"), warning("d", "m"), warning("e", "m"), info("f", "m")]
    assert summary_line([FileReport("x", diags)]) == "2 errors, 3 warnings, 1 info in 1 file"
    assert summary_line([FileReport("x", []), FileReport("y", [warning("c", "m")])]) == "0 errors, 1 warning in 2 files"


def test_json_has_exactly_the_validate_shape():
    diags = [
        warning("uneven-deal", "uneven", Span(5, 1, 5, 4), file="a", hint="add a remainder rule"),
        error("syntax-error", "expected '}'", Span(2, 3, 2, 3), file="a", notes=["example: players 3..6"]),
        info("never-fires", "never fired", file="a"),
    ]
    data = to_json([FileReport("a", diags, "text"), FileReport("b", [], None)])
    assert set(data) == {"files", "errors", "warnings"}
    assert (data["errors"], data["warnings"]) == (1, 1)
    assert [f["file"] for f in data["files"]] == ["a", "b"]
    first = data["files"][0]["diagnostics"]
    assert all(
        set(d) == {"code", "severity", "message", "line", "column", "end_line", "end_column", "notes"} for d in first
    )
    # Diagnostics are listed in source order.
    assert [d["line"] for d in first] == [1, 2, 5]
    assert first[1] == {
        "code": "syntax-error",
        "severity": "error",
        "message": "expected '}'",
        "line": 2,
        "column": 3,
        "end_line": 2,
        "end_column": 3,
        "notes": ["example: players 3..6"],
    }
    assert first[2]["notes"] == ["hint: add a remainder rule"]
    assert data["files"][1]["diagnostics"] == []
    json.dumps(data)  # serialisable as is


def test_every_severity_renders():
    for severity in Severity:
        d = Diagnostic("c", severity, "m", Span(1, 1, 1, 1), file="f")
        assert plain(d, "x").startswith(f"f:1:1: {severity.value}[c]: m")
