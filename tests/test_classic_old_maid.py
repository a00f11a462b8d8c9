"""Old Maid (games/classics/old_maid.cardrules): the 51-card pack, pairs discarded, a hidden card
drawn from the neighbour on the right, players out of cards safe, the holder of the odd queen
the one loser.  Deals are set up card by card through explicit chance."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl import load_game

GAME = Path(__file__).parent.parent / "games" / "classics" / "old_maid.cardrules"
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@pytest.fixture(scope="module")
def old_maid():
    return load_game(str(GAME))


def four_of(*ranks: str) -> list[str]:
    return [rank + suit for rank in ranks for suit in "♠♥♦♣"]


def play_dealt(engine, hands: list[list[str]], dealer: int, picks=()):
    """A finished game whose dealer is `dealer` and whose deal gives seat i exactly `hands[i]`
    (dealt one at a time from the dealer's left); `picks` answer the hidden draws in turn."""
    n = len(hands)
    order, pending = [], [list(h) for h in hands]
    seat = (dealer + 1) % n
    while any(pending):
        order.append(pending[seat].pop(0))
        seat = (seat + 1) % n
    assert sorted(order) == sorted(engine.CARD_TEXT), "the hands must hold the whole pack"
    state = engine.new_game(n, 0, chance="explicit")
    seats, picks = [dealer, *picks], list(picks)
    while state.is_chance_node():
        if state.chance_kind == "card":
            _shuffle, slot = state.chance_slot
            state.apply(engine.CARD_TEXT.index(order[len(order) - 1 - slot]))
        else:
            state.apply(seats.pop(0) if seats else 0)
    assert state.is_terminal()
    return state


def test_the_pack_is_51_cards_without_the_queen_of_clubs(old_maid):
    assert len(old_maid.CARD_TEXT) == 51
    assert "Q♣" not in old_maid.CARD_TEXT
    assert {"Q♠", "Q♥", "Q♦"} <= set(old_maid.CARD_TEXT)


def test_pairs_go_out_at_once_and_a_player_left_with_none_is_safe(old_maid):
    # Seat 0 holds only pairs (two of its queens among them); seat 1 keeps the third queen alone.
    seat0 = four_of("4", "5", "6", "7", "8", "9") + ["Q♠", "Q♥"]
    seat1 = four_of("2", "3", "10", "J", "K", "A") + ["Q♦"]
    state = play_dealt(old_maid, [seat0, seat1], dealer=1)
    hands = state.to_json()["zones"]["hand"]
    assert hands == [[], ["Q♦"]]
    assert len(state.to_json()["zones"]["discard"]) == 50
    assert state.winners() == [0]


def test_of_three_of_a_kind_two_go_and_the_drawn_card_pairs_off(old_maid):
    # After the discards seat 0 holds Q♠ 3♠ and seat 1 one three; seat 0, left of the dealer,
    # draws it from his right, pairs it, and is left with the queen: seat 1 is out and wins.
    seat0 = four_of("4", "5", "6", "7", "8", "9") + ["Q♠", "3♠"]
    seat1 = four_of("2", "10", "J", "K", "A") + ["3♥", "3♦", "3♣", "Q♥", "Q♦"]
    state = play_dealt(old_maid, [seat0, seat1], dealer=1)
    hands = state.to_json()["zones"]["hand"]
    assert hands == [["Q♠"], []]
    assert state.winners() == [1]
    assert state.returns() == [1.0, 0.0]  # the result is the cards still held


def test_the_first_draw_is_from_the_right_hand_neighbour(old_maid):
    # Dealer 2: seat 0 draws first, from seat 2 (3♥, which pairs his 3♠), not from seat 1 (Q♠).
    pairs = four_of("2", "4", "5", "6", "7", "8", "9", "10", "J", "K", "A") + ["3♦", "3♣", "Q♥", "Q♦"]
    hands = [["3♠"] + pairs[0:16], ["Q♠"] + pairs[16:32], ["3♥"] + pairs[32:48]]
    state = play_dealt(old_maid, hands, dealer=2)
    assert state.winners() == [0, 2]
    assert state.to_json()["zones"]["hand"][1] == ["Q♠"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8])
def test_every_game_ends_with_one_loser_holding_the_odd_queen(old_maid, players):
    for seed in range(20):
        state = old_maid.new_game(players, seed)
        assert state.is_terminal()
        hands = state.to_json()["zones"]["hand"]
        holders = [seat for seat, hand in enumerate(hands) if hand]
        assert len(holders) == 1
        (loser,) = holders
        assert [card[0] for card in hands[loser]] == ["Q"]
        assert state.winners() == [seat for seat in range(players) if seat != loser]
