"""Explicit chance: every random event of the rules is a chance node, and with its outcomes drawn
from the seeded generator the explicit game plays exactly the seeded game."""

from __future__ import annotations

import functools
import random

import pytest

from dsl import load_game
from dsl.runtime.errors import BadArgument, IllegalAction

from .conftest import GAMES, ROOT

# Every rule file of the project, the classics included, at every player count it allows.
ALL_GAMES = sorted((ROOT / "games").rglob("*.cardrules"))
CASES = [(path, players) for path in ALL_GAMES for players in load_game(path).RULES["players"]]


@functools.cache
def engine(path):
    return load_game(path)


def draw(state, rng: random.Random) -> int:
    outcomes = state.chance_outcomes()
    return outcomes[rng.randrange(len(outcomes))][0]


class Recording(random.Random):
    """The seeded generator, keeping what it dealt: each shuffle's pile and each pick."""

    def __init__(self, seed):
        super().__init__(seed)
        self.shuffles, self.picks = [], []

    def shuffle(self, x):
        super().shuffle(x)
        self.shuffles.append(list(x))

    def randrange(self, *args):
        value = super().randrange(*args)
        self.picks.append(value)
        return value


class SeededDraws:
    """Chance outcomes taken from a seeded game: the card its generator put where the explicit
    game takes one, the seat (or place) it picked."""

    def __init__(self, rng: Recording):
        self.rng, self.picked = rng, 0

    def __call__(self, state) -> int:
        if state.chance_kind == "card":
            shuffle, slot = state.chance_slot
            return self.rng.shuffles[shuffle][slot]
        self.picked += 1
        return self.rng.picks[self.picked - 1]


def zones_as_sets(state) -> dict:
    """The zones' cards, each pile in sorted order: a shuffled pile nobody took from keeps, in
    explicit mode, the order it had before its shuffle."""

    def pile(value):
        return [pile(v) for v in value] if value and isinstance(value[0], list) else sorted(value)

    return {name: pile(cards) for name, cards in state.to_json()["zones"].items()}


@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}" for p, n in CASES])
def test_explicit_chance_replays_the_seeded_game(path, players, seed):
    mod = engine(path)
    recording = Recording(seed)
    seeded = mod.State(players, seed, None, rng=recording)
    assert seeded.to_json()["zones"] == mod.new_game(players, seed=seed).to_json()["zones"]
    explicit = mod.new_game(players, seed=seed, chance="explicit")
    assert explicit.is_chance_node() and not seeded.is_chance_node()
    outcome, policy = SeededDraws(recording), random.Random(5)
    decisions = 0
    while not seeded.is_terminal() and decisions < 400:
        while explicit.is_chance_node():
            explicit.apply(outcome(explicit))
        assert explicit.current_player == seeded.current_player
        assert explicit.legal_actions() == seeded.legal_actions()
        assert explicit.observation(seeded.current_player) == seeded.observation(seeded.current_player)
        action = policy.choice(seeded.legal_actions())
        seeded.apply(action)
        explicit.apply(action)
        decisions += 1
    while explicit.is_chance_node():
        explicit.apply(outcome(explicit))
    assert explicit.is_terminal() == seeded.is_terminal()
    assert zones_as_sets(explicit) == zones_as_sets(seeded)
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
    state.apply(state.chance_outcomes()[0][0])
    while state.chance_kind != "card":  # the first card dealt is the second node of the game
        state.apply(state.chance_outcomes()[0][0])
    state.apply(state.chance_outcomes()[0][0])
    assert len(state.chance_outcomes()) > 1
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


def _nodes_to_first_decision(mod, players: int) -> tuple[list[int], object]:
    """The number of outcomes of each card node before the first decision, and the state there."""
    state, sizes = mod.new_game(players, seed=2, chance="explicit"), []
    while state.is_chance_node():
        if state.chance_kind == "card":
            sizes.append(len(state.chance_outcomes()))
        state.apply(state.chance_outcomes()[-1][0])
    return sizes, state


def test_a_shuffled_pile_deals_one_node_per_card_taken_over_the_cards_still_unknown():
    mod = engine(next(p for p in GAMES if p.stem == "thirteens"))
    sizes, state = _nodes_to_first_decision(mod, 4)
    dealt = sum(len(hand) for hand in state.z_hand)
    deck = len(mod.new_game(4).cards)
    # 54 cards, 13 to each of 4 seats, two left in the stock, one of them turned up: the other is
    # not drawn until the rules take it.
    assert dealt == 52 and len(state.z_turned) == 1 and len(state.z_stock) == 1
    assert sizes == list(range(deck, deck - dealt - 1, -1))


def test_a_shuffled_pile_nobody_takes_from_has_no_node():
    mod = engine(next(p for p in GAMES if p.stem == "jailbreak"))
    sizes, state = _nodes_to_first_decision(mod, 3)
    # One card to each seat; the reserve stays unknown until the rules take from it.
    assert len(sizes) == sum(len(hand) for hand in state.z_hand) == 3
    assert sizes[0] == len(state.cards)
