"""`state.resample(seat, rng)` on a state of explicit chance: a world of explicit chance that
agrees with all the seat has seen, its hidden cards dealt again."""

from __future__ import annotations

import random

import pytest

from dsl import load_game
from dsl.runtime.errors import BadArgument

from .conftest import GAMES
from .test_resample import TINY, _chi_square_critical
from .language_helpers import engine

CASES = [(path, min(load_game(path).RULES["players"][-1], 4)) for path in GAMES]


def _play(state, rng: random.Random) -> None:
    """One step: a chance outcome or a decision, each drawn at random."""
    moves = [a for a, _p in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    state.apply(moves[rng.randrange(len(moves))])


def _decision_points(module, players: int, seed: int, every: int, limit: int):
    """Every `every`-th decision point of a random match of explicit chance (the first included)."""
    rng, state = random.Random(seed), module.new_game(players, seed, chance="explicit")
    for step in range(limit):
        while state.is_chance_node():
            _play(state, rng)
        if state.is_terminal():
            return
        if step % every == 0:
            yield state.clone()
        _play(state, rng)


@pytest.mark.parametrize(("path", "players"), CASES, ids=[p.stem for p, _ in CASES])
def test_an_explicit_world_agrees_with_the_seat_and_plays_on_with_chance_nodes(path, players):
    module = load_game(path)
    rng = random.Random(7)
    checked = 0
    for state in _decision_points(module, players, seed=3, every=41, limit=120):
        for seat in range(players):
            world = state.resample(seat, rng)
            assert type(world) is type(state) and not world.is_chance_node()
            assert world.observation(seat) == state.observation(seat)
            assert world.current_player == state.current_player
            if seat == state.current_player:
                assert world.legal_actions() == state.legal_actions()
            for _ in range(150):  # plays on legally, its random events chance nodes
                if world.is_terminal():
                    break
                _play(world, rng)
            checked += 1
    assert checked >= players * 2


def test_hidden_cards_of_an_explicit_state_are_dealt_again():
    module = load_game(GAMES[[p.stem for p in GAMES].index("thirteens")])
    state = next(_decision_points(module, 4, seed=5, every=1, limit=1))
    rng = random.Random(2)
    others = {tuple(state.resample(0, rng).z_hand[1]) for _ in range(20)}
    assert len(others) == 20
    assert all(sorted(state.resample(0, rng).z_hand[0]) == sorted(state.z_hand[0]) for _ in range(5))


def test_an_explicit_state_resamples_at_a_decision_point_only():
    module = engine(TINY)
    state = module.new_game(2, 1, chance="explicit")
    assert state.is_chance_node()
    with pytest.raises(BadArgument, match="chance node"):
        state.resample(0, random.Random(1))
    with pytest.raises(BadArgument, match="not a seat"):
        next(_decision_points(module, 2, seed=1, every=1, limit=1)).resample(5, random.Random(1))


def test_an_explicit_world_keeps_a_void_and_is_uniform_among_the_others():
    module = engine(TINY)
    suit = module.SUIT
    rng = random.Random(4)
    for seed in range(200):
        state = next(_decision_points(module, 2, seed=seed, every=1, limit=1))
        lead = state.legal_actions()[0]
        state.apply(lead)
        if all(suit[c] != suit[lead] for c in state.z_hand[1]):
            state.apply(state.legal_actions()[0])
            break
    else:
        raise AssertionError("no match gives a void in 200")
    void_suit = suit[lead]
    seen = set(state.z_hand[0]) | {c for g in state.z_taken for c in g} | set(state.z_table)
    allowed = [c for c in range(52) if module.RANK[c] >= 8 and c not in seen and suit[c] != void_suit]
    counts = dict.fromkeys(allowed, 0)
    samples = 1500
    for _ in range(samples):
        world = state.resample(0, rng)
        assert world.observation(0) == state.observation(0)
        for card in world.z_hand[1]:
            assert suit[card] != void_suit
            counts[card] += 1
    expected = samples * len(state.z_hand[1]) / len(allowed)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < _chi_square_critical(len(allowed) - 1), (chi2, counts)
