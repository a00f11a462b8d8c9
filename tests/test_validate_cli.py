"""`cardrules validate`: JSON shape, exit codes, --simulate, and no traceback on any input."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dsl
from dsl.cli import run

ROOT = Path(__file__).parent.parent
DATA = ROOT / "tests" / "data" / "diagnostics"
SOURCES = sorted((ROOT / "games").glob("*.cardrules")) + sorted(DATA.glob("*.cardrules"))
TEXTS = [p.read_text(encoding="utf-8") for p in SOURCES]
GAME_TEXTS = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "games").glob("*.cardrules"))] or TEXTS


def validate(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(["validate", *args])
    return code, out.getvalue(), err.getvalue()


def test_json_shape_and_counts():
    code, out, _ = validate(
        str(DATA / "uneven_deal.cardrules"), str(DATA / "undefined_variable.cardrules"), "--format", "json"
    )
    report = json.loads(out)
    assert set(report) == {"files", "errors", "warnings"}
    assert [f["file"] for f in report["files"]] == [
        str(DATA / "uneven_deal.cardrules"),
        str(DATA / "undefined_variable.cardrules"),
    ]
    for file in report["files"]:
        for d in file["diagnostics"]:
            assert set(d) == {"code", "severity", "message", "line", "column", "end_line", "end_column", "notes"}
            assert all(isinstance(n, str) for n in d["notes"])
    assert report["errors"] == 1 and report["warnings"] == 1
    assert code == 1  # an error


def test_exit_codes(tmp_path):
    assert validate(str(DATA / "even_deal_with_rest.cardrules"))[0] == 0
    assert validate(str(DATA / "uneven_deal.cardrules"))[0] == 0  # warnings alone pass...
    assert validate(str(DATA / "uneven_deal.cardrules"), "--strict")[0] == 1  # ...unless --strict
    assert validate(str(DATA / "syntax_several_errors.cardrules"))[0] == 1
    assert validate(str(tmp_path / "missing.cardrules"))[0] == 2
    assert validate(str(DATA / "uneven_deal.cardrules"), "--simulate", "-1")[0] == 2


def test_simulate_reports_gaps_with_a_replay_command():
    code, out, _ = validate(str(DATA / "simulated_rule_gap.cardrules"), "--simulate", "4", "--format", "json")
    assert code == 0
    diagnostics = json.loads(out)["files"][0]["diagnostics"]
    # The static warning and what play saw of it are one finding.
    played = [d for d in diagnostics if any("matches at 2 players" in note for note in d["notes"])]
    assert len(played) == 1 and played[0]["code"] == "empty-draw" and played[0]["line"] == 22
    assert any("in 4 of 4 matches" in note for note in played[0]["notes"])
    assert any(n.endswith("--players 2 --seed 0 --games 1") and "cardrules simulate" in n for n in played[0]["notes"])


def test_simulate_adds_nothing_when_zero():
    _, plain, _ = validate(str(DATA / "simulated_never_fires.cardrules"), "--format", "json")
    assert not [d for d in json.loads(plain)["files"][0]["diagnostics"] if d["code"] == "never-fires"]


def test_text_report_goes_to_stdout_with_the_summary_last():
    code, out, err = validate(str(DATA / "uneven_deal.cardrules"))
    assert err == "" and "warning[uneven-deal]" in out and "13 |   deal evenly from deck to hand" in out
    assert out.rstrip().splitlines()[-1].endswith("in 1 file")


# --------------------------------------------------------------------------- no traceback, ever

TOKENS = [
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    '"',
    "@ru:3",
    ":",
    "..",
    "=>",
    "==",
    "+=",
    "-=",
    "=",
    "-1",
    "0",
    "99999999999999999999",
    "Joker",
    "♠",
    "é",
    "\t",
    "\n",
    "#",
    "\\",
    "'",
    "when",
    "reading",
    "trick",
    "game",
    "flow",
    "deck",
    "zone",
    "players",
    "repeat",
    "until",
    "while",
    "if",
    "else",
    "any",
    "where",
    "chooses",
    "bids",
    "card",
    "cards",
    "of",
    "top",
    "size",
    "hand",
    "deal",
    "evenly",
    "rest",
    "to",
    "draw",
    "move",
    "all",
    "example",
    "expect",
    "ambiguity",
    "default",
    "scoring",
    "pattern",
    "winner",
    "highest",
    "tie",
    "gap",
    "end",
    "none",
    "true",
    "not",
    "and",
    "or",
    "x",
    "2 x",
    "player_count",
]


@st.composite
def mutated(draw):
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        kind = draw(st.sampled_from(["delete", "insert", "duplicate", "replace", "truncate", "swap"]))
        if kind == "delete":
            start = draw(st.integers(0, len(text)))
            text = text[:start] + text[start + draw(st.integers(1, 40)) :]
        elif kind == "insert":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + " " + draw(st.sampled_from(TOKENS)) + " " + text[at:]
        elif kind == "duplicate":
            i = draw(st.integers(0, len(lines) - 1))
            text = "\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1 :])
        elif kind == "replace":
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i] = lines[j]
            text = "\n".join(lines)
        elif kind == "swap":
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        else:
            text = text[: draw(st.integers(0, len(text)))]
    return text


def assert_no_internal_error(text: str):
    found = dsl.check_source(text, "fuzz.cardrules")
    internal = [d for d in found if d.code == "internal-error"]
    assert not internal, (internal[0].message, text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_random_text_never_breaks_the_checker(text):
    assert_no_internal_error(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(TOKENS), max_size=60).map(" ".join))
def test_random_tokens_never_break_the_checker(text):
    assert_no_internal_error('game "fuzz"\n' + text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated())
def test_mutated_games_never_break_the_checker(text):
    assert_no_internal_error(text)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
@given(text=st.one_of(mutated(), st.text(max_size=200)))
def test_the_cli_never_prints_a_traceback(tmp_path, text):
    path = tmp_path / "fuzz.cardrules"
    path.write_text(text, encoding="utf-8")
    for fmt in ("text", "json"):
        code, out, err = validate(str(path), "--format", fmt)
        assert code in (0, 1, 2), err
        assert "Traceback" not in out + err and "internal error" not in err and "internal-error" not in out + err
        if fmt == "json":
            json.loads(out)
