"""Knocked-out players: skipped by deals, turns, tricks and `left of`; the last one in wins."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsl import load_game
from tests.language_helpers import engine

DATA = Path(__file__).parent / "data" / "standings"
KNOCKOUT = DATA / "knockout_whist.cardrules"

HEAD = """
game "g"
players 4
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
zone table shared seen by everyone
"""


@pytest.fixture(scope="module")
def knockout():
    return load_game(str(KNOCKOUT))


def test_left_of_and_turns_skip_the_seats_knocked_out():
    body = """
var nxt: player per player = none
var turns: int per player = 0
flow {
  eliminate 1
  eliminate 2
  for each player p { nxt of p = left of p  turns of p += 1 }
  nxt of 1 = right of 0
}
"""
    state = engine(HEAD + body).new_game(4, 0)
    names = state.observation(0)["vars"]
    assert names["turns"] == [1, 0, 0, 1]
    assert names["nxt"][0] == 3 and names["nxt"][3] == 0
    assert names["nxt"][1] == 3  # right of 0, round the seats still in


def test_deals_skip_the_seats_knocked_out():
    body = """
flow {
  eliminate 2
  shuffle deck
  deal 5 from deck to hand each from 1
  deal evenly from deck to hand
}
"""
    state = engine(HEAD + body).new_game(4, 0)
    hands = state.to_json()["zones"]["hand"]
    assert len(hands[2]) == 0
    assert [len(hands[seat]) for seat in (0, 1, 3)] == [17, 17, 17]


def test_a_trick_goes_round_the_players_still_in():
    body = """
var leader: player = 0
flow {
  eliminate 1
  shuffle deck
  deal 2 from deck to hand each
  trick {
    lead leader
    play from hand to table
    winner { highest }
    take into hand
  }
}
"""
    state = engine(HEAD + body).new_game(4, 0)
    order = []
    while not state.is_terminal():
        order.append(state.current_player)
        state.apply(state.legal_actions()[0])
    assert order == [0, 2, 3]


def test_is_out_in_a_condition():
    body = """
var left_in: int = 0
flow {
  eliminate 3
  left_in = count players q where q is not out
}
"""
    state = engine(HEAD + body).new_game(4, 0)
    assert state.observation(0)["vars"]["left_in"] == 3


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 7))
def test_knockout_whist_never_asks_a_player_who_is_out_and_ends_with_one(knockout, seed, players):
    state = knockout.new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        out = state.to_json()["fields"]["out"]
        assert not out[state.current_player]
        hands = state.to_json()["zones"]["hand"]
        assert all(not hands[seat] for seat in range(players) if out[seat])  # no deal to a seat that is out
        state.apply(rng.choice(state.legal_actions()))
    out = state.to_json()["fields"]["out"]
    assert out.count(False) == 1
    assert state.winners() == [out.index(False)]
