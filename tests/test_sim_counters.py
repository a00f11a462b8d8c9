"""The counters an engine keeps for simulations and replays: tricks taken and deals dealt."""

from __future__ import annotations

import random

import pytest

from dsl import load_game


@pytest.fixture(scope="module")
def thirteens():
    return load_game("games/thirteens.cardrules")


def play_out(state, seed: int):
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [4, 5])
def test_every_deal_of_thirteens_plays_one_trick_per_card_in_hand(thirteens, players):
    state = thirteens.new_game(players, seed=3)
    assert (state.tricks, state.deals) == (0, 1)  # the first deal happens before any decision
    per_hand = 54 // players
    play_out(state, 3)
    assert state.deals >= 1
    assert state.tricks == per_hand * state.deals


def test_the_counters_follow_a_clone_and_a_saved_state(thirteens):
    state = thirteens.new_game(4, seed=1)
    rng = random.Random(1)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    assert state.tricks == 60 // 4
    copy = state.clone()
    saved = type(state).from_json(state.to_json())
    assert (copy.tricks, copy.deals) == (saved.tricks, saved.deals) == (state.tricks, state.deals)
    copy.apply(copy.legal_actions()[0])
    assert state.decisions == 60  # the clone moved on alone
