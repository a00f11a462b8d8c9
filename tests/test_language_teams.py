"""Teams: declared by seating or formed in play, shared values and results, winners per team."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dsl import load_game
from dsl.cli import app
from tests.language_helpers import engine, errors

DATA = Path(__file__).parent / "data" / "standings"
WHIST = DATA / "short_whist.cardrules"
CALLED = DATA / "called_partner.cardrules"


@pytest.fixture(scope="module")
def whist():
    return load_game(str(WHIST))


@pytest.fixture(scope="module")
def called():
    return load_game(str(CALLED))


def play_randomly(state, rng: random.Random, each=None):
    while not state.is_terminal():
        if each is not None:
            each(state)
        state.apply(rng.choice(state.legal_actions()))
    return state


TEAM_HEAD = """
game "g"
players {players}
{teams}
cards {{ deck standard }}
zone deck shared seen by nobody
zone hand per player seen by owner
"""


def team_game(teams: str, body: str, players: str = "4", tail: str = "") -> object:
    return engine(TEAM_HEAD.format(players=players, teams=teams) + body + tail)


# ---------------------------------------------------------------- declared teams


def test_rules_name_fixed_teams_and_none_without_teams(whist, called):
    assert whist.RULES["teams"] == {"names": ["north_south", "east_west"], "fixed": True}
    assert called.RULES["teams"] == {"names": ["declarers", "defenders"], "fixed": False}
    plain = team_game("", "flow { shuffle deck }")
    assert plain.RULES["teams"] is None
    assert plain.new_game(4, 0).teams() == [[0], [1], [2], [3]]


def test_partners_opposite_at_four_and_six():
    game = team_game("teams partners opposite", "flow { shuffle deck }", players="4, 6")
    assert game.new_game(4, 0).teams() == [[0, 2], [1, 3]]
    assert game.new_game(6, 0).teams() == [[0, 3], [1, 4], [2, 5]]
    assert game.RULES["teams"] == {"names": ["team 1", "team 2", "team 3"], "fixed": True}


def test_teams_by_seating_in_seat_order_of_their_first_member():
    game = team_game("teams red, blue by seating: 1 2 / 0 3", "flow { shuffle deck }")
    assert game.new_game(4, 0).teams() == [[0, 3], [1, 2]]
    assert game.RULES["teams"]["names"] == ["red", "blue"]


def test_partner_of_and_team_of():
    body = """
var mate: player per player = none
var same: bool = false
flow {
  for each player p { mate of p = partner of p }
  same = team of 0 == team of 2 and team of 1 != team of 0 and team of 1 == east_west
}
"""
    game = team_game("teams north_south, east_west partners opposite", body)
    state = game.new_game(4, 0)
    assert state.is_terminal()
    assert state.observation(0)["vars"]["mate"] == [2, 3, 0, 1]
    assert state.observation(0)["vars"]["same"] is True


def test_a_value_per_team_is_one_value_for_the_partners():
    body = """
var tricks: int per team = 0
flow {
  tricks of 0 += 3
  tricks of 1 += 1
  tricks of 2 += 1
}
result tricks
"""
    state = team_game("teams partners opposite", body).new_game(4, 0)
    assert state.observation(0)["vars"]["tricks"] == [4, 1, 4, 1]
    assert state.returns() == [4.0, 1.0, 4.0, 1.0]
    assert state.winners() == [0, 2]


def test_a_per_player_result_is_summed_by_team_and_shared():
    body = """
var points: int per player = 0
flow { points of 0 = 5  points of 1 = 4  points of 3 = 2 }
result points
"""
    state = team_game("teams partners opposite", body).new_game(4, 0)
    assert state.returns() == [5.0, 6.0, 5.0, 6.0]  # the partners pool their points
    assert state.winners() == [1, 3]


def test_whist_partners_share_tricks_results_and_wins(whist):
    def partners_agree(state):
        tricks = state.observation(0)["vars"]["tricks"]
        assert tricks[0] == tricks[2] and tricks[1] == tricks[3]

    for seed in range(3):
        state = play_randomly(whist.new_game(4, seed), random.Random(seed), partners_agree)
        returns = state.returns()
        assert returns[0] == returns[2] and returns[1] == returns[3]
        assert state.winners() in ([0, 2], [1, 3])
        assert max(returns) >= 5


def test_whist_scores_only_tricks_beyond_six():
    body = """
var tricks: int per team = 0
var points: int per team = 0
flow {
  tricks of 0 = 8
  tricks of 1 = 5
  for each team t { if tricks of t > 6 { points of t += tricks of t - 6 } }
}
result points
"""
    state = team_game("teams partners opposite", body).new_game(4, 0)
    assert state.returns() == [2.0, 0.0, 2.0, 0.0]


def test_simulation_counts_a_team_win_for_both_partners_and_no_tie():
    result = CliRunner().invoke(app, ["simulate", str(WHIST), "--players", "4", "--games", "20", "--json", "-"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{") :])
    assert data["ties"] == 0
    assert data["wins"][0] == data["wins"][2] and data["wins"][1] == data["wins"][3]
    assert data["wins"][0] + data["wins"][1] == data["completed"] == 20


# ---------------------------------------------------------------- teams formed in play


def test_called_partner_joins_the_bidder(called):
    state = called.new_game(4, 1)
    rng = random.Random(1)
    while state.observation(0)["vars"]["bidder"] is None:  # the auction
        state.apply(rng.choice(state.legal_actions()))
    bidder = state.current_player
    choices = {state.action_str(a): a for a in state.legal_actions()}
    assert f"player {bidder}" not in choices and len(choices) == 3  # a partner other than himself
    partner = next(seat for seat in range(4) if seat != bidder)
    state.apply(choices[f"player {partner}"])
    declarers = sorted([bidder, partner])
    assert declarers in state.teams()
    assert sorted(seat for team in state.teams() for seat in team) == [0, 1, 2, 3]


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([4, 5]))
def test_every_seat_is_in_exactly_one_team_at_every_moment(called, seed, players):
    def one_team_each(state):
        teams = state.teams()
        assert sorted(seat for team in teams for seat in team) == list(range(players))
        assert [team[0] for team in teams] == sorted(team[0] for team in teams)
        assert len(teams) <= 2

    state = play_randomly(called.new_game(players, seed), random.Random(seed), one_team_each)
    assert max(state.returns()) >= 20


def test_joining_takes_the_value_the_new_team_shares():
    body = """
var tricks: int per team = 0
flow {
  0 joins bidders
  tricks of 0 = 4
  1 joins bidders
}
"""
    state = team_game("teams bidders, rest formed in play", body).new_game(4, 0)
    assert state.teams() == [[0, 1], [2, 3]]
    assert state.observation(0)["vars"]["tricks"] == [4, 4, 0, 0]


def test_a_team_by_seating_must_seat_every_player():
    found = errors(TEAM_HEAD.format(players="4, 6", teams="teams by seating: 0 2 / 1 3") + "flow { shuffle deck }")
    assert [d.code for d in found] == ["type-mismatch"]
    assert "played by 6" in found[0].message
