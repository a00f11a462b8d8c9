"""Observation tensors come from the rule file: their size is the one RULES announces, and a seat's
tensor never depends on the cards hidden from it."""

from __future__ import annotations

import functools
import random

import pytest

from dsl import load_game

from .conftest import GAMES

CASES = [(path, players) for path in GAMES for players in load_game(path).RULES["players"]]


@functools.cache
def engine(path):
    return load_game(path)


def played(mod, players: int, seed: int, moves: int):
    state, rng = mod.new_game(players, seed=seed), random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def hidden_piles(state, seat: int) -> list[list[int]]:
    """Flat piles of cards whose contents `seat` may not see (other seats' hands...)."""
    piles = []
    for attr, _name, per_player, visibility, grouped in state._ZONES:
        value = getattr(state, attr)
        owners = range(state.n) if per_player else [None]
        for owner in owners:
            pile = value[owner] if per_player else value
            seen = visibility == "everyone" or (visibility == "owner" and owner == seat)
            if not seen and not grouped and pile:
                piles.append(pile)
    return piles


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}" for p, n in CASES])
def test_the_tensor_has_the_announced_shape(path, players):
    mod = engine(path)
    state = played(mod, players, seed=2, moves=20)
    (size,) = mod.RULES["observation_shape"][players]
    for seat in range(players):
        tensor = state.observation_tensor(seat)
        assert len(tensor) == size and all(isinstance(x, float) for x in tensor)


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}" for p, n in CASES])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_permuting_hidden_cards_leaves_the_tensor_unchanged(path, players, seed):
    mod = engine(path)
    state = played(mod, players, seed=seed, moves=5 + 7 * seed)
    rng = random.Random(seed)
    swapped = 0
    for seat in range(players):
        before = state.observation_tensor(seat)
        other = state.clone()
        piles = hidden_piles(other, seat)
        if len(piles) >= 2:
            a, b = rng.sample(piles, 2)
            i, j = rng.randrange(len(a)), rng.randrange(len(b))
            a[i], b[j] = b[j], a[i]
            swapped += 1
        for pile in piles:
            rng.shuffle(pile)
        assert other.observation_tensor(seat) == before
    if swapped:
        # The same swap done to a pile the seat sees does show (so the test above can fail).
        seat = 0
        seen = [getattr(state, attr)[0] for attr, _n, per, vis, grouped in state._ZONES if per and vis == "owner"]
        piles = hidden_piles(state, seat)
        if seen and seen[0] and piles:
            other = state.clone()
            mine = [getattr(other, attr)[0] for attr, _n, per, vis, _g in other._ZONES if per and vis == "owner"][0]
            theirs = hidden_piles(other, seat)[0]
            mine[0], theirs[0] = theirs[0], mine[0]
            assert other.observation_tensor(seat) != state.observation_tensor(seat)
