"""Simultaneous choices: everyone picks the cards to pass before anyone receives them, and the
direction of the pass turns with the hand (left, right, across, none)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dsl import load_game

from .language_helpers import engine, errors

FIXTURES = Path(__file__).parent / "fixtures" / "language"


@pytest.fixture(scope="module")
def hearts():
    return load_game(str(FIXTURES / "hearts_short.cardrules"))


def _hand(state, seat):
    return state.observation(seat)["zones"]["hand"][seat]


def _pass_one_hand(state, rng, players):
    """Play the passes of a hand; (hands before, the cards each seat chose, hands after)."""
    before = [list(_hand(state, p)) for p in range(players)]
    chosen = {p: [] for p in range(players)}
    for _ in range(3 * players):
        seat = state.current_player
        # nobody has received anything yet: every hand only shrinks while the others choose
        for p in range(players):
            assert set(_hand(state, p)) <= set(before[p])
        action = rng.choice(state.legal_actions())
        chosen[seat].append(state.action_str(action)[5:])
        state.apply(action)
    after = [list(_hand(state, p)) for p in range(players)]
    return before, chosen, after


def _finish_hand(state, rng, hand_no):
    while not state.is_terminal() and state.observation(0)["vars"]["hand_no"] == hand_no:
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [4])
def test_passes_go_left_right_across_then_none(hearts, players):
    rng = random.Random(5)
    state = hearts.new_game(players=players, seed=5)
    directions = {1: 1, 2: -1, 3: 2}  # the seat that receives from seat p is p + direction
    for hand_no in (1, 2, 3):
        assert state.observation(0)["vars"]["hand_no"] == hand_no
        before, chosen, after = _pass_one_hand(state, rng, players)
        for p in range(players):
            giver = (p - directions[hand_no]) % players
            assert sorted(after[p]) == sorted([c for c in before[p] if c not in chosen[p]] + chosen[giver])
        _finish_hand(state, rng, hand_no)
        if state.is_terminal():
            pytest.skip("the match ended early")
    # the fourth hand has no pass: its first decision is already the lead of 2♣
    assert state.observation(0)["vars"]["hand_no"] == 4
    assert [state.action_str(a) for a in state.legal_actions()] == ["play 2♣"]


def test_a_simultaneous_loop_with_three_players_passes_left(hearts):
    rng = random.Random(2)
    state = hearts.new_game(players=3, seed=2)
    before, chosen, after = _pass_one_hand(state, rng, 3)
    for p in range(3):
        assert set(chosen[(p - 1) % 3]) <= set(after[p])
        assert len(after[p]) == 17


def test_clone_in_the_middle_of_a_pass_plays_on_the_same(hearts):
    state = hearts.new_game(players=4, seed=9)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    copy = state.clone()
    for s in (state, copy):
        for _ in range(7):
            s.apply(s.legal_actions()[-1])
    assert state.to_json()["zones"] == copy.to_json()["zones"]
    restored = hearts.from_json(state.to_json())
    assert restored.legal_actions() == state.legal_actions()


SIMPLE = """
game "g"
players 3
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
zone pot shared seen by everyone
flow {
  deal 2 from deck to hand each
  for each player p simultaneously {
    BODY
  }
}
"""


def test_cards_chosen_into_a_shared_zone_arrive_together():
    mod = engine(SIMPLE.replace("BODY", "p chooses 1 cards from hand of p to pot"))
    state = mod.new_game(players=3, seed=0)
    for _ in range(2):
        state.apply(state.legal_actions()[0])
        assert state.observation(0)["zones"]["pot"] == []
    state.apply(state.legal_actions()[0])
    assert state.is_terminal() and len(state.observation(0)["zones"]["pot"]) == 3


def test_a_simultaneous_loop_needs_a_card_choice():
    found = errors(SIMPLE.replace("BODY", "move top 1 from hand of p to pot"))
    assert [d.code for d in found] == ["type-mismatch"] and "simultaneously" in found[0].message
