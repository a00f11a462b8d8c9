"""A decision of a trick resumes at the trick's turn, which plays the chosen card and goes on to
the next seat: the card leaves the hand once, reaches the table, and running the turn again (as
resampling does, to learn which cards a seat could not hold) plays nothing."""

import random

import pytest

from dsl.api import load_game
from tests.conftest import ROOT

THIRTEENS = ROOT / "games" / "thirteens.cardrules"
BRISCOLA = ROOT / "games" / "classics" / "briscola.cardrules"


def _hand(state, seat: int) -> list[str]:
    return list(state.observation(seat)["zones"]["hand"][seat])


@pytest.mark.parametrize(("path", "players"), [(THIRTEENS, 4), (THIRTEENS, 6), (BRISCOLA, 2)])
def test_a_chosen_card_leaves_the_hand_once_and_lands_on_the_table(path, players):
    engine = load_game(str(path))
    checked = 0
    for seed in range(3):
        state, rng = engine.new_game(players, seed), random.Random(seed)
        while not state.is_terminal():
            seat, legal = state.current_player, state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            card = state.action_str(action).removeprefix("play ")
            hand, table = _hand(state, seat), state.observation(seat)["zones"]["table"]
            state.apply(action)
            after = _hand(state, seat)
            if len(after) != len(hand) - 1:
                continue  # the deal ended and a new one refilled the hand
            left = list(hand)
            left.remove(card)
            assert sorted(after) == sorted(left)
            now = state.observation(seat)["zones"]["table"]
            assert now == [*table, card] or now == []  # on the table, or the trick was just taken
            checked += 1
    assert checked > 50


def test_a_seat_that_did_not_follow_suit_holds_none_of_it_in_a_resampled_world():
    """The resampler learns the void by asking the turn again with another hand: had the turn
    played the chosen card a second time, it would learn nothing and deal the suit back."""
    engine = load_game(str(THIRTEENS))
    cases = 0
    for seed in range(40):
        state, rng = engine.new_game(4, seed), random.Random(seed)
        while not state.is_terminal() and cases < 12:
            seat, legal = state.current_player, state.legal_actions()
            led = state.observation(seat)["vars"]["led"]
            action = legal[rng.randrange(len(legal))]
            card = state.action_str(action).removeprefix("play ")
            hand = _hand(state, seat)
            state.apply(action)
            off_suit = led is not None and not card.endswith(led) and card != "Joker"
            if not off_suit or state.is_terminal() or len(_hand(state, seat)) != len(hand) - 1:
                continue
            other = state.current_player
            for k in range(3):
                world = state.resample(other, random.Random(1000 * seed + k))
                assert not [c for c in _hand(world, seat) if c.endswith(led)], (seed, seat, led)
            cases += 1
    assert cases >= 12
