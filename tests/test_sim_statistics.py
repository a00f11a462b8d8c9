"""The statistics of a run: shared wins, teams, draws, seat balance, the course of a match
(lead changes, decisiveness, drama) and the skill gap, through `run_matches` and its JSON."""

from __future__ import annotations

import json
import math
import types
from collections import Counter
from pathlib import Path

import pytest

from dsl.sim import stats
from dsl.sim.matches import load_engine_module, run_matches
from dsl.sim.tally import distribution, histogram, quantile

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def partners():
    return load_engine_module(str(FIXTURES / "partners_engine.py"))


@pytest.fixture(scope="module")
def coinflip():
    return load_engine_module(str(FIXTURES / "coinflip_engine.py"))


def test_a_partnership_reports_team_wins_and_each_partner_wins_with_the_team(partners):
    summary = run_matches(partners, 4, 300, seed=0, agents=["random"], progress=False)
    teams = summary["teams"]
    assert teams["names"] == ["north-south", "east-west"] and teams["seats"] == [[0, 2], [1, 3]]
    assert summary["wins"] == [teams["wins"][0], teams["wins"][1], teams["wins"][0], teams["wins"][1]]
    assert summary["ties"] == 0  # one team at most wins a match
    assert sum(teams["wins"]) + summary["draws"] == summary["completed"] == 300
    assert summary["draws"] > 0 and summary["draw_rate"] == summary["draws"] / 300
    assert summary["seat_balance"]["of"] == "teams"
    assert summary["first_player"]["fair_share"] == sum(teams["wins"]) / (2 * 300)  # draws lower it
    json.loads(json.dumps(summary))


def test_a_team_that_always_names_two_is_found_unbalanced(partners):
    # Seats 0 and 2 always name the first action (0): their team loses nearly every match.
    summary = run_matches(partners, 4, 200, seed=1, agents=["first", "random"], progress=False)
    assert summary["teams"]["wins"][1] > 150
    assert summary["seat_balance"]["verdict"].startswith("unbalanced: team 1")
    gap = summary["skill_gap"]
    assert (gap["stronger"], gap["weaker"], gap["seats"]) == ("random", "first", [1, 3])
    assert gap["ci95"][0] > gap["fair_share"] and gap["p_value"] < 1e-6


def test_shared_wins_do_not_make_the_first_player_look_favoured(coinflip):
    # Both seats call heads every time: every match is shared, so the first player wins them all
    # and so does the other seat; that is no advantage.
    summary = run_matches(coinflip, 2, 100, seed=0, agents=["first"], progress=False)
    first = summary["first_player"]
    assert first["win_rate"] == first["fair_share"] == 1.0 and first["p_value"] == 1.0


def test_a_game_without_teams_has_no_team_table(coinflip):
    summary = run_matches(coinflip, 3, 50, seed=0, progress=False)
    assert summary["teams"] is None and summary["seat_balance"]["of"] == "seats"
    assert summary["skill_gap"] is None  # one agent kind


class Scripted:
    """An engine whose scores follow a script, one score vector per decision, seat 0 to move."""

    def __init__(self, script):
        self.script, self.step = script, 0
        self.players = len(script[0])

    current_player = 0

    def is_terminal(self):
        return self.step == len(self.script) - 1

    def legal_actions(self):
        return [0]

    def apply(self, action):
        self.step += 1

    def returns(self):
        return list(self.script[self.step])

    def winners(self):
        if not self.is_terminal():
            return []
        best = max(self.script[-1])
        return [s for s, v in enumerate(self.script[-1]) if v == best]


def scripted_engine(script, *more) -> types.ModuleType:
    """Match `i` of a run follows script `i` (cycled) of `script, *more`."""
    scripts = [script, *more]
    engine = types.ModuleType("scripted")
    engine.RULES = {"name": "Scripted", "players": [len(script[0])]}
    engine.new_game = lambda players, seed, readings=None: Scripted(scripts[seed % len(scripts)])
    return engine


def test_lead_changes_decisiveness_and_drama_follow_the_scores():
    # Seat 0 leads, seat 1 overtakes, seat 0 comes back from 3 behind and leads for good at
    # decision 4 of 6.
    script = [(0, 0), (2, 0), (2, 5), (4, 5), (8, 5), (9, 6), (10, 6)]
    summary = run_matches(scripted_engine(script), 2, 1, seed=0, progress=False)
    assert summary["wins"] == [1, 0]
    assert summary["lead_changes"]["mean"] == 2  # 0 -> 1 -> 0
    assert summary["decisiveness"]["mean_decided_at"] == pytest.approx(4 / 6, abs=0.005)
    assert summary["drama"] == {
        "matches": 1,
        "mean_deficit": 3.0,
        "max_deficit": 3.0,
        "comeback_rate": 1.0,
        "left_out": {},
        "undefined": None,
    }


def test_a_winner_who_led_from_the_first_score_was_never_behind():
    script = [(0, 0), (1, 0), (1, 0), (3, 1)]
    summary = run_matches(scripted_engine(script), 2, 1, seed=0, progress=False)
    assert summary["lead_changes"]["mean"] == 0
    assert summary["decisiveness"]["mean_decided_at"] == pytest.approx(1 / 3, abs=0.005)
    assert summary["drama"]["comeback_rate"] == 0.0


def test_chi_square_p_values_match_tables():
    assert stats.chi_square_p_value(3.841458821, 1) == pytest.approx(0.05, abs=1e-9)
    assert stats.chi_square_p_value(7.814727903, 3) == pytest.approx(0.05, abs=1e-9)
    assert stats.chi_square_p_value(0.5, 2) == pytest.approx(math.exp(-0.25), abs=1e-12)
    assert stats.chi_square_p_value(23.20925116, 10) == pytest.approx(0.01, abs=1e-9)
    assert stats.chi_square_p_value(0.0, 4) == 1.0


def test_seat_balance_needs_enough_wins_and_names_the_favoured_seat():
    assert stats.seat_balance([1, 2, 1])["verdict"] == "too few wins to test"
    assert stats.seat_balance([100, 98, 103])["verdict"].startswith("balanced")
    assert stats.seat_balance([60, 100, 60])["verdict"].startswith("unbalanced: seat 1")


def test_distributions_histograms_and_quantiles_of_counted_values():
    values = Counter({1: 2, 2: 1, 5: 1})
    shown = distribution(values, quartiles=True)
    assert (shown["n"], shown["mean"], shown["min"], shown["max"]) == (4, 2.25, 1, 5)
    assert shown["sd"] == pytest.approx(stats.stdev([1, 1, 2, 5]))
    assert shown["histogram"] == {"edges": [1, 2, 3, 4, 5, 6], "counts": [2, 1, 0, 0, 1]}
    assert shown["quartiles"] == [1, 1, 2]
    wide = histogram(Counter({0: 1, 100: 1, 50: 3}), bins=4)
    assert wide == {"edges": [0, 25, 50, 75, 100], "counts": [1, 0, 3, 1]}
    assert quantile(Counter({3.5: 1}), 0.5) == 3.5


def test_scores_known_only_at_the_end_say_nothing_about_leads():
    summary = run_matches(scripted_engine([(0, 0), (0, 0), (0, 0), (3, 1)]), 2, 1, seed=0, progress=False)
    assert summary["wins"] == [1, 0]
    assert summary["decisiveness"]["matches"] == summary["drama"]["matches"] == 0
    # Undefined, and said so: null values and the reason, not a mean of zero.
    reason = "the scores appear only with the last decision in 1 of 1 completed matches"
    assert summary["decisiveness"] == {
        "matches": 0,
        "mean_decided_at": None,
        "decided_by_half": None,
        "left_out": {"scores_only_at_end": 1},
        "undefined": reason,
    }
    drama = summary["drama"]
    assert (drama["mean_deficit"], drama["max_deficit"], drama["comeback_rate"]) == (None, None, None)
    assert drama["left_out"] == {"scores_only_at_end": 1} and drama["undefined"] == reason
    assert json.loads(json.dumps(summary))["drama"]["mean_deficit"] is None


def test_matches_left_out_of_decisiveness_are_counted_by_reason():
    led = [(0, 0), (2, 0), (2, 1), (3, 1)]  # seat 0 leads from the first score
    tied = [(0, 0), (1, 0), (1, 1), (2, 2)]  # both share the win
    at_end = [(0, 0), (0, 0), (0, 3)]
    summary = run_matches(scripted_engine(led, tied, at_end, led), 2, 8, seed=0, progress=False)
    decided = summary["decisiveness"]
    assert decided["matches"] == summary["drama"]["matches"] == 4
    assert decided["left_out"] == {"no_single_winner": 2, "scores_only_at_end": 2}
    assert decided["undefined"] is None and decided["mean_decided_at"] == pytest.approx(1 / 3, abs=0.005)
    assert summary["drama"]["left_out"] == decided["left_out"]
    # Every match tied: undefined, for that reason.
    tied_only = run_matches(scripted_engine(tied), 2, 3, seed=0, progress=False)["decisiveness"]
    assert tied_only["mean_decided_at"] is None
    assert tied_only["undefined"] == "no single side won (a tie or a draw) in 3 of 3 completed matches"
