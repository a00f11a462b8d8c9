"""Where moved cards go in a pile: on top (the last card), at the bottom, at random, shuffled in."""

from __future__ import annotations

from .language_helpers import engine, errors

PILES = """
game "g"
players 2
cards { deck standard }
zone deck shared seen by everyone
zone pile shared seen by everyone
zone taken per player seen by owner grouped
flow {
  move cards where card is 2 from deck to pile
  move cards where card is A♠ from deck to pile PLACE
}
"""


def pile(place: str, seed: int = 0) -> list[str]:
    state = engine(PILES.replace("PLACE", place)).new_game(players=2, seed=seed)
    return state.observation(0)["zones"]["pile"]


def test_cards_go_on_top_by_default_and_the_top_is_the_last_card():
    assert pile("") == ["2♠", "2♥", "2♦", "2♣", "A♠"]


def test_cards_go_under_the_pile_at_bottom():
    assert pile("at bottom") == ["A♠", "2♠", "2♥", "2♦", "2♣"]


def test_a_card_put_at_random_lands_anywhere_from_the_seed():
    places = {pile("at random", seed).index("A♠") for seed in range(40)}
    assert places == {0, 1, 2, 3, 4}
    assert pile("at random", 3) == pile("at random", 3)


def test_shuffled_in_mixes_the_whole_pile():
    orders = {tuple(pile("shuffled in", seed)) for seed in range(10)}
    assert len(orders) > 1 and all(sorted(o) == sorted(pile("")) for o in orders)


def test_a_grouped_zone_has_no_place_in_a_pile():
    text = PILES.replace("from deck to pile PLACE", "from deck to taken of 0 at bottom")
    assert [d.code for d in errors(text)] == ["type-mismatch"]
