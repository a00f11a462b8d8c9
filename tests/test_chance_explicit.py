"""Explicit chance: every random event of the rules is a chance node, and with its outcomes drawn
from the seeded generator the explicit game plays exactly the seeded game."""

from __future__ import annotations

import functools
import random

import pytest

from dsl import load_game
from dsl.runtime.errors import BadArgument, IllegalAction

from .conftest import GAMES

CASES = [(path, players) for path in GAMES for players in load_game(path).RULES["players"]]


@functools.cache
def engine(path):
    return load_game(path)


def draw(state, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    return outcomes[rng.randrange(len(outcomes))][0]


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}" for p, n in CASES])
def test_explicit_chance_replays_the_seeded_game(path, players):
    mod = engine(path)
    seeded = mod.new_game(players, seed=11)
    explicit = mod.new_game(players, seed=11, chance="explicit")
    assert explicit.is_chance_node() and not seeded.is_chance_node()
    chance_rng, policy = random.Random(11), random.Random(5)
    decisions = 0
    while not seeded.is_terminal() and decisions < 150:
        while explicit.is_chance_node():
            explicit.apply(draw(explicit, chance_rng))
        assert explicit.current_player == seeded.current_player
        assert explicit.legal_actions() == seeded.legal_actions()
        assert explicit.observation(seeded.current_player) == seeded.observation(seeded.current_player)
        action = policy.choice(seeded.legal_actions())
        seeded.apply(action)
        explicit.apply(action)
        decisions += 1
    while explicit.is_chance_node():
        explicit.apply(draw(explicit, chance_rng))
    assert explicit.is_terminal() == seeded.is_terminal()
    assert explicit.to_json()["zones"] == seeded.to_json()["zones"]
    if seeded.is_terminal():
        assert explicit.returns() == seeded.returns()


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_chance_outcomes_are_a_distribution_over_what_may_come(path):
    mod = engine(path)
    state = mod.new_game(mod.RULES["players"][0], seed=3, chance="explicit")
    rng = random.Random(0)
    seen = 0
    while state.is_chance_node() and seen < 200:
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert len({a for a, _ in outcomes}) == len(outcomes)
        assert state.legal_actions() == [a for a, _ in outcomes]
        assert state.chance_kind in ("card", "seat")
        if state.chance_kind == "card":
            assert all(0 <= a < mod.RULES["max_chance_outcomes"] for a, _ in outcomes)
        state.apply(draw(state, rng))
        seen += 1
    assert seen > 1 and not state.is_chance_node()


def test_a_clone_at_a_chance_node_goes_its_own_way():
    mod = engine(GAMES[0])
    state = mod.new_game(mod.RULES["players"][0], seed=1, chance="explicit")
    for _ in range(3):
        state.apply(state.chance_outcomes()[0][0])
    twin = state.clone()
    first, last = state.chance_outcomes()[0][0], state.chance_outcomes()[-1][0]
    state.apply(first)
    twin.apply(last)
    assert state.history[-1] == first and twin.history[-1] == last
    assert state.history[:-1] == twin.history[:-1]


def test_explicit_mode_refuses_what_is_not_an_outcome():
    mod = engine(GAMES[0])
    state = mod.new_game(mod.RULES["players"][0], chance="explicit")
    with pytest.raises(IllegalAction):
        state.apply(10_000)
    with pytest.raises(IllegalAction):
        state.apply(True)
    with pytest.raises(BadArgument):
        mod.new_game(mod.RULES["players"][0], chance="dice")
