"""`state.resample(seat, rng)`: worlds that agree with all a seat has seen, hidden cards dealt again."""

from __future__ import annotations

import math
import random

import pytest

from dsl import load_game
from dsl.runtime.errors import BadArgument
from tests.conftest import GAMES
from tests.language_helpers import engine

TINY = """
game "Tiny tricks"
players 2
cards { deck standard }
zone deck shared seen by nobody
zone aside shared seen by nobody
zone hand per player seen by owner
zone stock shared seen by nobody
zone table shared seen by everyone
zone taken per player seen by owner
var leader: player = 0
var tricks: int per player = 0
flow {
  move cards where card is 2..9 from deck to aside
  shuffle deck
  deal 3 from deck to hand each
  move all from deck to stock
  while not hand of 0 is empty {
    trick {
      lead leader
      play from hand to table
      follow suit == led else any
      winner { highest where suit == led }
      take into taken
    }
    leader = winner
    tricks of winner += 1
  }
}
result tricks
winners highest
"""


def _states_along(module, players: int, seed: int, every: int, limit: int):
    """Every `every`-th state of a random match (the set-up included)."""
    rng, state = random.Random(seed), module.new_game(players, seed)
    for step in range(limit):
        if state.is_terminal():
            return
        if step % every == 0:
            yield state.clone()  # a state of its own: the match plays on
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def _public_history(state, seat: int) -> list:
    """The decisions every seat knows: how many, and each one that is not a card."""
    n_cards = state._N_CARDS
    return [(i, a if a >= n_cards else None) for i, a in enumerate(state.history)]


CASES = [(path, min(load_game(path).RULES["players"][-1], 4)) for path in GAMES]


@pytest.mark.parametrize(("path", "players"), CASES, ids=[p.stem for p, _ in CASES])
def test_a_resampled_world_never_contradicts_the_seat_and_plays_on_legally(path, players):
    module = load_game(path)
    rng = random.Random(7)
    checked = 0
    for state in _states_along(module, players, seed=3, every=17, limit=400):
        for seat in range(players):
            world = state.resample(seat, rng)
            assert world.observation(seat) == state.observation(seat)
            assert world.current_player == state.current_player
            assert _public_history(world, seat) == _public_history(state, seat)
            assert world.decisions == state.decisions
            assert world.rng.getstate() != state.rng.getstate()  # a fresh generator: no real future
            for _ in range(3000):  # plays on legally
                if world.is_terminal():
                    break
                legal = world.legal_actions()
                world.apply(legal[rng.randrange(len(legal))])
            checked += 1
    assert checked >= players * 3


def test_the_seat_to_move_keeps_its_legal_actions():
    module = load_game(GAMES[[p.stem for p in GAMES].index("thirteens")])
    rng = random.Random(1)
    for state in _states_along(module, 4, seed=11, every=5, limit=300):
        seat = state.current_player
        world = state.resample(seat, rng)
        assert world.legal_actions() == state.legal_actions()
        assert sorted(world.z_hand[seat]) == sorted(state.z_hand[seat])


def test_hidden_cards_are_dealt_again_not_copied():
    module = load_game(GAMES[[p.stem for p in GAMES].index("thirteens")])
    state = module.new_game(4, 5)
    rng = random.Random(2)
    others = {tuple(state.resample(0, rng).z_hand[1]) for _ in range(20)}
    assert len(others) == 20  # 41 hidden cards: twenty draws are twenty different hands


def test_a_world_is_not_resampled_again_and_a_bad_seat_is_refused():
    module = engine(TINY)
    state = module.new_game(2, 1)
    world = state.resample(0, random.Random(1))
    with pytest.raises(BadArgument, match="cannot be resampled"):
        world.resample(0, random.Random(1))
    with pytest.raises(BadArgument, match="not a seat"):
        state.resample(5, random.Random(1))


def _chi_square_critical(df: int, z: float = 3.09) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _void_state(module):
    """A state of the tiny game where seat 1 has just shown a void: it did not follow suit."""
    suit = module.SUIT
    for seed in range(200):
        state = module.new_game(2, seed)
        lead = state.legal_actions()[0]
        state.apply(lead)
        reply = state.legal_actions()
        if all(suit[c] != suit[lead] for c in state.z_hand[1]):
            state.apply(reply[0])
            return state, suit[lead]
    raise AssertionError("no seed gives a void in 200")


def test_hidden_cards_are_uniform_among_the_worlds_the_rules_allow():
    module = engine(TINY)
    state, void_suit = _void_state(module)
    seen = set(state.z_hand[0]) | {c for g in state.z_taken for c in g} | set(state.z_table)
    hidden = [c for c in range(52) if module.RANK[c] >= 8 and c not in seen]  # 10..A, unseen by seat 0
    allowed = [c for c in hidden if module.SUIT[c] != void_suit]
    assert len(allowed) < len(hidden)  # the void rules some cards out
    counts = dict.fromkeys(allowed, 0)
    rng, samples = random.Random(2024), 3000
    for _ in range(samples):
        world = state.resample(0, rng)
        assert world.observation(0) == state.observation(0)
        for card in world.z_hand[1]:
            assert module.SUIT[card] != void_suit, "a void shown by not following suit is kept"
            counts[card] += 1
    expected = samples * len(state.z_hand[1]) / len(allowed)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < _chi_square_critical(len(allowed) - 1), (chi2, counts)


def test_a_recording_kept_along_a_match_gives_the_worlds_a_fresh_one_gives():
    from dsl.runtime import knowledge

    module = load_game(GAMES[[p.stem for p in GAMES].index("thirteens")])
    states = list(_states_along(module, 4, seed=21, every=9, limit=120))
    along = [s.resample(1, random.Random(i)).to_json()["zones"] for i, s in enumerate(states)]
    fresh = []
    for i, s in enumerate(states):
        knowledge._RECORDINGS.clear()
        fresh.append(s.resample(1, random.Random(i)).to_json()["zones"])
    assert along == fresh


def test_a_choice_offered_after_a_move_in_its_own_block_still_resamples():
    # Gin Rummy's "take the discard, then discard a card" offers the discard in the same block that
    # took the face-up card: asking that block again, to learn which cards the player could not
    # have held, would take from an empty discard pile.
    module = load_game("games/classics/gin_rummy.cardrules")
    for seed in range(4):
        state = module.new_game(2, seed)
        state.apply(next(a for a in state.legal_actions() if state.action_str(a) == "take"))
        state.apply(state.legal_actions()[0])
        for seat in range(2):
            world = state.resample(seat, random.Random(seed))
            assert world.observation(seat) == state.observation(seat)
            assert world.legal_actions() == state.legal_actions() or seat != state.current_player
