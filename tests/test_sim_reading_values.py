"""`cardrules simulate --json` on tests/data/sim/reading_values.cardrules: a `reading x { ... }`
value counts under `rules_fired`, named by its line and reading, and a game whose scores appear
only with the last decision says why decisiveness and drama are undefined."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl import cli

GAME = Path(__file__).parent / "data" / "sim" / "reading_values.cardrules"
VALUE_LINE = 37  # `total of p = tricks of p * reading trick_worth { one => 1 ten => 10 }`
GAMES = 12


def simulate(tmp_path, *extra: str) -> tuple[dict, str]:
    out = tmp_path / "run.json"
    args = ["simulate", str(GAME), "--games", str(GAMES), "--seed", "3", "--json", str(out), *extra]
    result = CliRunner().invoke(cli.app, args)
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text()), result.stdout


def fired(summary: dict, reading: str) -> dict:
    (rule,) = [r for r in summary["rules_fired"] if r["what"] == f"value of reading trick_worth = {reading}"]
    return rule


def test_a_file_s_reading_value_line_is_the_one_counted():
    assert "reading trick_worth {" in GAME.read_text().splitlines()[VALUE_LINE - 1]


@pytest.mark.parametrize(("chosen", "other"), [("one", "ten"), ("ten", "one")])
def test_the_value_of_the_reading_in_play_fires_once_per_seat_and_match(tmp_path, chosen, other):
    summary, _ = simulate(tmp_path, "--reading", f"trick_worth={chosen}")
    assert summary["completed"] == GAMES and summary["readings"] == {"trick_worth": chosen}
    # `for each player p` reads the value once per seat, at the end of every match.
    assert fired(summary, chosen) == {
        "line": VALUE_LINE,
        "what": f"value of reading trick_worth = {chosen}",
        "fired": 2 * GAMES,
        "matches": GAMES,
    }
    assert fired(summary, other) == {
        "line": VALUE_LINE,
        "what": f"value of reading trick_worth = {other}",
        "fired": 0,
        "matches": 0,
    }
    # Three tricks between two seats: the scores are 1 and 2 tricks at the reading's worth.
    worth = {"one": 1, "ten": 10}[chosen]
    assert sorted(summary["mean_score"]) != [0.0, 0.0]
    assert sum(summary["mean_score"]) == pytest.approx(3 * worth)


def test_scores_that_appear_only_at_the_last_decision_leave_decisiveness_and_drama_undefined(tmp_path):
    summary, stdout = simulate(tmp_path)
    reason = f"the scores appear only with the last decision in {GAMES} of {GAMES} completed matches"
    assert summary["decisiveness"] == {
        "matches": 0,
        "mean_decided_at": None,
        "decided_by_half": None,
        "left_out": {"scores_only_at_end": GAMES},
        "undefined": reason,
    }
    assert summary["drama"] == {
        "matches": 0,
        "mean_deficit": None,
        "max_deficit": None,
        "comeback_rate": None,
        "left_out": {"scores_only_at_end": GAMES},
        "undefined": reason,
    }
    assert f"lead changes, decisiveness and drama: undefined, {reason}" in stdout
