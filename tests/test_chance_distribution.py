"""Explicit chance deals what the seeded generator deals, as a distribution: small games whose
whole chance tree is walked, against every shuffle the seeded generator could make."""

from __future__ import annotations

import functools
import itertools
import json
import math
import zlib
from collections import Counter
from fractions import Fraction

import pytest
import random

from dsl import load_game

from .conftest import ROOT

DATA = ROOT / "tests" / "data" / "chance"
SMALL_GAMES = sorted(DATA.glob("*.cardrules"))


@functools.cache
def engine(path):
    return load_game(path)


def policy(state) -> int:
    """A decision that depends on what the player sees, the same in both modes."""
    seen = json.dumps(state.observation(state.current_player), sort_keys=True, default=str)
    legal = state.legal_actions()
    return legal[zlib.crc32(seen.encode()) % len(legal)]


def outcome(state) -> tuple:
    """What a match ends with: the returns and the cards of each zone (in sorted order: a pile
    nobody took from is not in its shuffled order in explicit mode)."""

    def pile(value):
        return tuple(pile(v) for v in value) if value and isinstance(value[0], list) else tuple(sorted(value))

    zones = tuple((name, pile(cards)) for name, cards in sorted(state.to_json()["zones"].items()))
    return tuple(state.returns()), zones


class _Wanted(Exception):
    """The enumeration's script of shuffles and picks ran out: how many ways the next one goes."""

    def __init__(self, ways: int):
        super().__init__(ways)
        self.ways = ways


class _Enumerated(random.Random):
    """A generator making the shuffles and picks a script names: each shuffle one of the
    permutations of its pile (by number), each pick one of its values."""

    def __init__(self, script: list[int]):
        super().__init__(0)
        self.script, self.pos = script, 0

    def _next(self, ways: int) -> int:
        if self.pos == len(self.script):
            raise _Wanted(ways)
        self.pos += 1
        return self.script[self.pos - 1]

    def shuffle(self, x) -> None:
        order = next(itertools.islice(itertools.permutations(range(len(x))), self._next(math.factorial(len(x))), None))
        x[:] = [x[i] for i in order]

    def randrange(self, n, *rest):
        return self._next(n)


def seeded_distribution(mod, players: int) -> Counter:
    """The exact distribution of outcomes of the seeded mode: every shuffle and pick, equally likely."""
    dist: Counter = Counter()
    stack = [([], Fraction(1))]
    while stack:
        script, weight = stack.pop()
        try:
            state = mod.State(players, 0, None, rng=_Enumerated(script))
            while not state.is_terminal():
                state.apply(policy(state))
        except _Wanted as wanted:
            stack += [(script + [way], weight / wanted.ways) for way in range(wanted.ways)]
            continue
        dist[outcome(state)] += weight
    return dist


def explicit_distribution(mod, players: int) -> Counter:
    """The exact distribution of outcomes of the explicit mode: its chance tree walked."""
    dist: Counter = Counter()
    stack = [(mod.new_game(players, chance="explicit"), Fraction(1))]
    while stack:
        state, weight = stack.pop()
        while not state.is_terminal() and not state.is_chance_node():
            state.apply(policy(state))
        if state.is_terminal():
            dist[outcome(state)] += weight
            continue
        outcomes = state.chance_outcomes()
        for action, _p in outcomes:
            child = state.clone()
            child.apply(action)
            stack.append((child, weight / len(outcomes)))
    return dist


@pytest.mark.parametrize("path", SMALL_GAMES, ids=[p.stem for p in SMALL_GAMES])
def test_explicit_chance_has_the_distribution_of_the_seeded_generator(path):
    mod = engine(path)
    for players in mod.RULES["players"]:
        seeded = seeded_distribution(mod, players)
        assert sum(seeded.values()) == 1
        assert explicit_distribution(mod, players) == seeded


def test_two_cards_through_two_shuffles_have_the_odds_of_two_cards_of_the_pile():
    mod = engine(DATA / "known_odds.cardrules")
    aces = Counter()
    for (returns, _zones), weight in explicit_distribution(mod, 1).items():
        aces[int(returns[0])] += weight
    assert aces == {0: Fraction(1, 5), 1: Fraction(3, 5), 2: Fraction(1, 5)}
