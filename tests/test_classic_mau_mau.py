"""Mau-Mau (games/classics/mau_mau.cardrules): follow suit or rank, the jack is wild but not on a
jack and names a suit, a seven makes the next player draw two and miss his turn (or, under the
other reading, pass it on with a seven), an eight skips the next player, the first out wins."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dsl import load_game

GAME = Path(__file__).resolve().parent.parent / "games" / "classics" / "mau_mau.cardrules"


@pytest.fixture(scope="module")
def mau():
    return load_game(str(GAME))


def labels(state) -> dict[str, int]:
    return {state.action_str(a): a for a in state.legal_actions()}


def top(state) -> str:
    return state.observation(0)["zones"]["pile"][-1]


def hand(state, seat: int) -> list[str]:
    return state.observation(seat)["zones"]["hand"][seat]


def rank(text: str) -> str:
    return text[:-1]


def reach(mau, players, want, readings=None):
    """Play seeded random games until a card play for which want(state, label) holds is legal."""
    for seed in range(300):
        rng = random.Random(seed)
        state = mau.new_game(players=players, seed=seed, readings=readings or {})
        while not state.is_terminal():
            for label in sorted(labels(state)):
                if label.startswith("play ") and want(state, label):
                    return state, label
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such situation in 300 seeds")


def test_the_pack_has_32_cards_from_seven_to_ace(mau):
    deck = mau.new_game(players=2, seed=0).to_json()["deck"]
    assert len(deck) == 32 and {rank(c) for c in deck} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_a_card_must_match_suit_or_rank_and_a_jack_fits_anything_but_a_jack(mau):
    for seed in range(20):
        state = mau.new_game(players=3, seed=seed)
        called = state.observation(0)["vars"]["called"]
        playable = {t for t in hand(state, state.current_player) if t[-1] == called or rank(t) == rank(top(state))}
        jacks = {t for t in hand(state, state.current_player) if rank(t) == "J"}
        playable = playable - jacks if rank(top(state)) == "J" else playable | jacks  # never a jack on a jack
        offered = {label.removeprefix("play ") for label in labels(state) if label.startswith("play ")}
        assert offered == playable or (not playable and not offered)


def test_a_jack_names_the_suit_the_next_player_must_play(mau):
    state, label = reach(mau, 3, lambda s, lab: rank(lab.removeprefix("play ")) == "J")
    player = state.current_player
    state.apply(labels(state)[label])
    assert state.current_player == player and set(labels(state)) == {"suit ♠", "suit ♥", "suit ♦", "suit ♣"}
    state.apply(labels(state)["suit ♥"])
    nxt = state.current_player
    if nxt != player and any(lab.startswith("play ") for lab in labels(state)):
        assert {lab[-1] for lab in labels(state) if lab.startswith("play ")} == {"♥"}


def test_a_seven_makes_the_next_player_draw_two_and_miss_his_turn(mau):
    state, label = reach(mau, 3, lambda s, lab: rank(lab.removeprefix("play ")) == "7")
    player = state.current_player
    victim = (player + 1) % 3
    before = len(hand(state, victim))
    state.apply(labels(state)[label])
    assert len(hand(state, victim)) == before + 2 or state.is_terminal()
    if not state.is_terminal():
        assert state.current_player == (player + 2) % 3


def test_under_the_other_reading_a_seven_passes_the_draw_on(mau):
    def two_sevens(state, lab):
        seat = state.current_player
        return rank(lab.removeprefix("play ")) == "7" and any(rank(c) == "7" for c in hand(state, (seat + 1) % 3))

    state, label = reach(mau, 3, two_sevens, readings={"answer_seven": "yes"})
    player = state.current_player
    victim = (player + 1) % 3
    state.apply(labels(state)[label])
    assert state.current_player == victim
    # the one who must draw may answer with a seven, and only with a seven
    assert labels(state) and all(rank(lab.removeprefix("play ")) == "7" for lab in labels(state))
    before = len(hand(state, (player + 2) % 3))
    state.apply(state.legal_actions()[0])
    assert len(hand(state, (player + 2) % 3)) == before + 4 or state.is_terminal()


def test_an_eight_skips_the_next_player(mau):
    state, label = reach(
        mau, 3, lambda s, lab: rank(lab.removeprefix("play ")) == "8" and len(hand(s, s.current_player)) > 1
    )
    player = state.current_player
    state.apply(labels(state)[label])
    assert state.current_player == (player + 2) % 3


def test_the_first_player_out_of_cards_wins_alone(mau):
    for seed in range(30):
        state = mau.new_game(players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        empty = [s for s in range(4) if not state.to_json()["zones"]["hand"][s]]
        assert state.winners() == empty and len(empty) == 1
