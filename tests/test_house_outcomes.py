"""Against a house, a match no seat won was lost to the house: neither `simulate` nor `replay`
calls it a draw."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from dsl.cli import app
from tests.conftest import ROOT

BLACKJACK = str(ROOT / "tests" / "data" / "standings" / "small_blackjack.cardrules")
runner = CliRunner()


def test_simulate_counts_no_draw_against_a_house():
    result = runner.invoke(app, ["simulate", BLACKJACK, "--players", "1", "--games", "20", "--json", "-", "--quiet"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["completed"] == 20 and summary["wins"][0] < 20  # some matches went to the house
    assert summary["draws"] == 0 and summary["draw_rate"] == 0.0


def test_replay_says_no_seat_beat_the_house_when_none_won():
    said = []
    for seed in range(4):
        result = runner.invoke(app, ["replay", BLACKJACK, "--players", "1", "--seed", str(seed)])
        assert result.exit_code == 0, result.output
        said.append(result.stdout.strip().splitlines()[-1])
    lost = [line for line in said if "won by seat 0" not in line]
    assert lost, said
    assert all(line.endswith("won by seat nobody: no seat beat the house") for line in lost), lost
