"""The fixed action space the compiler computes: every action a game offers is inside it, and the
highest bid the rules can offer is its last action."""

from __future__ import annotations

import random

import pytest

from dsl import load_game

from .conftest import GAMES

CASES = [(path, players) for path in GAMES for players in load_game(path).RULES["players"]]


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}" for p, n in CASES])
def test_every_legal_action_is_in_the_fixed_space(path, players):
    engine = load_game(path)
    rules = engine.RULES
    assert rules["min_players"] == min(rules["players"]) and rules["max_players"] == max(rules["players"])
    state, rng = engine.new_game(players, seed=players), random.Random(players)
    for _ in range(300):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert all(0 <= a < rules["num_distinct_actions"] for a in legal)
        state.apply(rng.choice(legal))


def test_the_last_action_is_the_highest_bid_the_rules_can_offer():
    engine = load_game(next(p for p in GAMES if p.stem == "prisoners"))
    last = engine.RULES["num_distinct_actions"] - 1
    # Every point of the 4-player pack: the prisoners (J 50, Q 100, K 150, joker 200) and the faces.
    pack = 2 * 4 * (50 + 100 + 150) + 4 * 200 + 2 * 4 * (sum(range(2, 11)) + 11)
    state = engine.new_game(4, seed=0)
    assert state.action_str(last) == f"bid {pack}"
    offered = set()
    for seed in range(20):
        state, rng = engine.new_game(4, seed=seed), random.Random(seed)
        while not state.is_terminal() and state.decisions < 40:
            offered.update(state.legal_actions())
            state.apply(rng.choice(state.legal_actions()))
    assert max(offered) == last


def test_games_without_bids_end_with_the_suits():
    engine = load_game(next(p for p in GAMES if p.stem == "thirteens"))
    state = engine.new_game(3)
    assert engine.RULES["num_distinct_actions"] == 54 + 4
    assert state.action_str(engine.RULES["num_distinct_actions"] - 1) == "suit ♣"
