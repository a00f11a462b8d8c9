"""Contract Bridge with Chicago scoring (games/classics/bridge.cardrules): the auction's bids,
doubles and redoubles, the declarer who first named the denomination, the dummy's cards face up
and played by the declarer, and the score of a deal.  Deals are set up through explicit chance."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dsl import load_game
from tests.classic_deals import Stacked

GAME = Path(__file__).parent.parent / "games" / "classics" / "bridge.cardrules"


@pytest.fixture(scope="module")
def bridge():
    return load_game(str(GAME))


def dealt(engine, dealer=0, readings=None):
    """A deal by `dealer` of the pack in its own order (any deal will do for these rules)."""
    return Stacked(engine, 4, list(engine.CARD_TEXT), seats=[dealer], readings=readings)


def bids(game, *calls):
    for call in calls:
        game.act(call)


def test_the_dealer_opens_with_a_pass_or_any_of_the_35_bids(bridge):
    game = dealt(bridge, dealer=1)
    assert game.state.current_player == 1
    offered = game.legal()
    assert "double" not in offered and "redouble" not in offered
    assert len(offered) == 1 + 35 and {"pass", "one ♣", "seven_nt", "three ♥"} <= offered


def test_a_bid_must_be_higher_and_doubles_go_to_opponents_redoubles_to_the_bidders(bridge):
    game = dealt(bridge)
    bids(game, "two ♥")
    offered = game.legal()
    assert "double" in offered and "redouble" not in offered
    assert {"two ♠", "two_nt", "three ♣"} <= offered
    assert not {"one ♠", "two ♦", "two ♥", "one_nt"} & offered
    bids(game, "double")
    assert "redouble" in game.legal() and "double" not in game.legal()  # seat 2, the bidder's partner
    bids(game, "pass")
    assert "redouble" not in game.legal() and "double" not in game.legal()  # seat 3, a doubler
    bids(game, "two ♠")  # a new bid cancels the double: seat 0 may double it
    assert "double" in game.legal()


def test_four_passes_and_the_same_dealer_deals_again(bridge):
    game = dealt(bridge, dealer=2)
    bids(game, "pass", "pass", "pass", "pass")
    assert game.var("dealer") == 2 and game.var("deal_no") == 0
    assert game.state.current_player == 2


def test_the_declarer_is_who_first_named_the_denomination_and_the_dummy_is_played_by_him(bridge):
    game = dealt(bridge, dealer=0)
    # seat 0 bids spades, seat 2 hearts first, seat 0 raises hearts: seat 2 declares 3♥
    bids(game, "one ♠", "pass", "two ♥", "pass", "three ♥", "pass", "pass", "pass")
    assert (game.var("declarer"), game.var("dummy"), game.var("level"), game.var("trump")) == (2, 0, 3, "♥")
    assert game.state.current_player == 3  # left of the declarer leads
    assert game.zone("board")[0] == []  # the dummy is not yet face up
    led = sorted(game.legal())[0]
    game.act(led)
    # dummy's turn: his cards are on the board for all to see, and the declarer chooses
    board = game.zone("board")[0]
    assert len(board) == 13 and game.zone("hand")[0] == []
    assert game.state.observation(1)["zones"]["board"][0] == board
    assert game.state.current_player == 2
    assert {label.split()[1] for label in game.legal()} <= set(board)
    game.act(sorted(game.legal())[0])
    assert game.state.current_player == 1 and len(game.zone("board")[0]) == 12


def play_out(game) -> int:
    """Every card of the deal, the first legal card each time; the tricks the side of seats 0
    and 2 took (the last trick's cards go back to the pack when the next deal begins)."""
    for _ in range(51):
        game.act(sorted(game.legal())[0])
    taken = game.zone("taken")
    game.act(sorted(game.legal())[0])
    return len(taken[0]) + len(taken[2]) + (1 if game.var("winner") in (0, 2) else 0)


@pytest.mark.parametrize("reading", ["carry", "each_deal"])
def test_one_club_scores_its_tricks_or_its_undertricks(bridge, reading):
    game = dealt(bridge, dealer=0, readings={"partscore": reading})
    bids(game, "one ♣", "pass", "pass", "pass")  # first deal: neither side vulnerable
    won = play_out(game)
    points = game.var("points")
    if won >= 7:
        made = 20 + 20 * (won - 7) + (50 if reading == "each_deal" else 0)
        assert points == [made, 0, made, 0]
        assert game.var("below") == [20 if reading == "carry" else 0, 0] * 2
    else:
        assert points == [0, 50 * (7 - won), 0, 50 * (7 - won)]
    assert game.var("deal_no") == 1 and game.var("dealer") == 1


def test_a_match_is_four_played_deals_and_the_side_with_more_points_wins(bridge):
    rng = random.Random(7)
    for seed in range(8):
        state = bridge.new_game(4, seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        values = state.observation(0)["vars"]
        points = values["points"]
        assert values["deal_no"] == 4
        assert points[0] == points[2] and points[1] == points[3]
        best = [seat for seat in range(4) if points[seat] == max(points)]
        assert state.winners() == ([] if points[0] == points[1] else best)


@pytest.mark.parametrize(("reading", "score", "below"), [("carry", 140, 20), ("each_deal", 190, 0)])
def test_one_club_made_with_every_trick(bridge, reading, score, below):
    # Dealer 3: seat 0 holds the clubs, seat 2 the spades, the others hearts and diamonds.
    suits = [[card for card in bridge.CARD_TEXT if card.endswith(suit)] for suit in "♣♥♠♦"]
    order = [suits[k % 4][k // 4] for k in range(52)]
    game = Stacked(bridge, 4, order, seats=[3], readings={"partscore": reading})
    bids(game, "pass", "one ♣", "pass", "pass", "pass")
    assert game.var("declarer") == 0
    assert play_out(game) == 13
    # 20 for the trick bid, 6 overtricks of 20, no game; a partscore of 50 when deals stand alone
    assert game.var("points") == [score, 0, score, 0]
    assert game.var("below") == [below, 0, below, 0]
