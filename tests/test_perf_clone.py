"""Cheap clones share the saved state of the random generator: each copy must still draw exactly
what the original would, however the clones and the original are interleaved."""

import random

import pytest

from dsl.api import load_game
from tests.conftest import ROOT
from tests.engine_state import differences, shared_objects, whole_state


def replayed(engine, players, seed, actions):
    state = engine.new_game(players=players, seed=seed)
    for action in actions:
        state.apply(action)
    return state


@pytest.mark.parametrize("game, players", [("thirteens", 3), ("jailbreak", 3), ("prisoners", 2)])
def test_clones_taken_along_a_match_draw_what_the_match_draws(game, players):
    engine = load_game(str(ROOT / "games" / f"{game}.cardrules"))
    state, rng = engine.new_game(players=players, seed=4), random.Random(4)
    clones = []
    while not state.is_terminal() and state.decisions < 400:
        if state.decisions % 7 == 0:
            clones.append((list(state.history), state.clone(), state.clone().clone()))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    # Play every clone on with the match's own later actions, the original having drawn first:
    # it reaches the match's state, including its generator (the deals after the clone).
    for history, twin, grandchild in clones:
        later = state.history[len(history) :]
        for copy in (twin, grandchild):
            for action in later:
                copy.apply(action)
            assert differences(copy, state) == [], history
            assert shared_objects(copy, state) == []
    assert whole_state(replayed(engine, players, 4, state.history)) == whole_state(state)


def test_a_clone_drawing_first_does_not_move_its_original():
    engine = load_game(str(ROOT / "games" / "thirteens.cardrules"))
    state = engine.new_game(players=4, seed=9)
    before = whole_state(state)
    twin = state.clone()
    twin.rng.random()  # the clone's generator moves on, not the one its original rebuilds
    assert whole_state(state) == before
    assert whole_state(twin)["rng"] != before["rng"]
