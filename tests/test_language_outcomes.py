"""Outcomes: shared wins on purpose, draws, a single loser, and players against a house."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dsl import check_source, load_game
from tests.language_helpers import engine, errors

DATA = Path(__file__).parent / "data" / "standings"
BLACKJACK = DATA / "small_blackjack.cardrules"

# Every seat ends with the same total: what the outcome line says decides who wins.
EQUAL = """
game "g"
players 2..4
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
var total: int per player = 0
flow {
  shuffle deck
  deal 2 from deck to hand each
  for each player p { total of p = size of hand of p }
}
result total
"""

# Seat 0 ends with 3 cards, the others with fewer: seat 0 holds the most.
UNEQUAL = EQUAL.replace(
    "for each player p { total of p = size of hand of p }",
    "move top 1 from deck to hand of 0\n  for each player p { total of p = size of hand of p }",
)


def outcome(text: str, players: int = 3):
    state = engine(text).new_game(players, 0)
    assert state.is_terminal()
    return state.winners()


def tie_warnings(text: str) -> list:
    return [d for d in check_source(text, "t.cardrules") if d.code == "unspecified-tie"]


def test_unsaid_ties_warn_and_share():
    assert len(tie_warnings(EQUAL + "winners highest\n")) == 1
    assert outcome(EQUAL + "winners highest\n") == [0, 1, 2]


def test_ties_share_on_purpose_is_silent_and_shares():
    text = EQUAL + "winners highest, ties share\n"
    assert tie_warnings(text) == []
    assert outcome(text) == [0, 1, 2]


def test_ties_draw_is_a_draw_and_a_single_best_still_wins():
    assert tie_warnings(EQUAL + "winners highest, ties draw\n") == []
    assert outcome(EQUAL + "winners highest, ties draw\n") == []
    assert outcome(UNEQUAL + "winners highest, ties draw\n") == [0]


def test_end_game_in_a_draw_leaves_no_winner():
    text = (
        EQUAL.replace("  for each player p", "  if true { end game in a draw }\n  for each player p")
        + "winners highest\n"
    )
    state = engine(text).new_game(2, 0)
    assert state.is_terminal() and state.winners() == []
    assert state.clone().winners() == []


def test_a_single_loser_and_everyone_else_wins():
    text = UNEQUAL + "loser highest\n"
    assert tie_warnings(text) == []
    assert outcome(text, 4) == [1, 2, 3]
    assert outcome(EQUAL + "loser highest\n", 4) == []  # nobody holds more: nobody lost


# ---------------------------------------------------------------- against a house


@pytest.fixture(scope="module")
def blackjack():
    return load_game(str(BLACKJACK))


def test_the_house_is_no_seat(blackjack):
    assert blackjack.RULES["outcome"] == "house"
    for players in (1, 3, 5):
        state = blackjack.new_game(players, 7)
        rng = random.Random(players)
        while not state.is_terminal():
            assert 0 <= state.current_player < players
            state.apply(rng.choice(state.legal_actions()))
        assert len(state.returns()) == players
        assert all(seat < players for seat in state.winners())
        assert state.teams() == [[seat] for seat in range(players)]


def test_each_seat_wins_loses_or_is_even_against_the_house(blackjack):
    seen = set()
    for seed in range(40):
        state = blackjack.new_game(3, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        returns = state.returns()
        assert set(returns) <= {-1.0, 0.0, 1.0}
        assert state.winners() == [seat for seat, r in enumerate(returns) if r > 0]
        seen |= set(returns)
    assert seen == {-1.0, 0.0, 1.0}


def test_the_house_draws_to_seventeen(blackjack):
    for seed in range(20):
        state = blackjack.new_game(2, seed)
        while not state.is_terminal():
            state.apply(state.legal_actions()[-1])  # everyone stands
        house = state.observation(0)["zones"]["hand"][2]  # the house's hand comes after the seats'
        values = {"J": 10, "Q": 10, "K": 10, "A": 1}
        total = sum(values.get(card[:-1], None) or int(card[:-1]) for card in house)
        soft = total + 10 if any(card.startswith("A") for card in house) and total <= 11 else total
        assert soft >= 17  # the house stops only once it reaches 17


def test_the_house_cannot_decide():
    text = EQUAL.replace("players 2..4", "players 2..4\nhouse dealer").replace(
        "  shuffle deck\n", "  shuffle deck\n  dealer chooses one of hit, stand as act\n"
    )
    assert [d.code for d in errors(text + "winners highest\n")] == ["type-mismatch"]
