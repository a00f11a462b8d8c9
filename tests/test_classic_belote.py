"""Belote (games/classics/belote.cardrules): the two rounds of bidding on the turned card, the
trump jack and nine above the ace, the duty to follow, to trump and to overtrump, the partner
who is winning, and the 162 points of a deal.  Deals are set up through explicit chance."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dsl import load_game
from tests.classic_deals import Stacked, act, legal

GAME = Path(__file__).parent.parent / "games" / "classics" / "belote.cardrules"

# Dealer 3, so seat 0 is dealt first, bids first and leads; the turned card is 7♥.
HANDS = [
    ["A♥", "10♥", "7♠", "8♠", "9♠", "10♠", "J♠", "7♥"],
    ["9♥", "8♥", "Q♠", "K♠", "A♠", "7♦", "8♦", "9♦"],
    ["J♥", "Q♥", "10♦", "J♦", "Q♦", "K♦", "A♦", "7♣"],
    ["K♥", "8♣", "9♣", "10♣", "J♣", "Q♣", "K♣", "A♣"],
]


@pytest.fixture(scope="module")
def belote():
    return load_game(str(GAME))


def deal_order(hands, turned: str, taker: int) -> list[str]:
    """The pack from the top: five cards to each from seat 0, one at a time (three, then two), the
    turned card, then three more to each and two to the taker (who also takes the turned card)."""
    rest = [[c for c in hand if c != turned] for hand in hands]
    order = [rest[seat][k] for k in range(5) for seat in range(4)] + [turned]
    return order + [c for hand in rest for c in hand[5:]]


def dealt(engine, readings=None):
    game = Stacked(engine, 4, deal_order(HANDS, "7♥", taker=0), seats=[3], readings=readings)
    game.act("take")  # seat 0 takes: hearts are trumps
    return game


def test_the_taker_gets_the_turned_card_and_two_more_the_others_three(belote):
    game = dealt(belote)
    assert [sorted(hand) for hand in game.zone("hand")] == [sorted(hand) for hand in HANDS]
    assert game.state.current_player == 0  # the player left of the dealer leads


def test_trumps_led_must_be_overtrumped_and_the_trump_jack_wins(belote):
    game = dealt(belote)
    game.act("play A♥")
    assert game.legal() == {"play 9♥"}  # the nine is above the ace; the eight is not
    game.act("play 9♥")
    assert game.legal() == {"play J♥"}  # the jack beats the nine, the queen does not
    game.act("play J♥")
    assert game.legal() == {"play K♥"}  # cannot beat the jack, must still follow trumps
    game.act("play K♥")
    assert game.state.current_player == 2  # the trump jack took the trick and leads


def test_a_void_player_must_trump_when_his_partner_is_not_winning(belote):
    game = dealt(belote)
    game.act("play 7♠")
    assert game.legal() == {"play Q♠", "play K♠", "play A♠"}  # any card of the suit led
    game.act("play A♠")
    assert game.legal() == {"play J♥", "play Q♥"}  # no spade: a trump, none in the trick yet
    game.act("play Q♥")
    assert game.legal() == {"play K♥"}  # must overtrump the queen


def test_a_void_player_whose_partner_is_winning_may_discard(belote):
    for reading, seat0 in (("free", 7), ("must_trump", 2)):
        game = dealt(belote, {"partner_winning": reading})
        for card in ("A♥", "9♥", "J♥", "K♥"):  # seat 2 wins the first trick and leads
            game.act(f"play {card}")
        game.act("play A♦")
        game.act("play 8♣")  # seat 3 has no diamond and no trump left
        # seat 0 has no diamond; his partner's ace is winning
        assert len(game.legal()) == seat0, reading
        if reading == "must_trump":
            assert game.legal() == {"play 10♥", "play 7♥"}


def test_the_second_round_may_not_name_the_turned_suit(belote):
    game = Stacked(belote, 4, deal_order(HANDS, "7♥", taker=0), seats=[3])
    for _ in range(4):
        game.act("pass")
    game.act("name")
    assert game.legal() == {"suit ♠", "suit ♦", "suit ♣"}


def test_when_all_pass_twice_the_next_player_deals(belote):
    state = belote.new_game(4, 5)
    dealer = state.observation(0)["vars"]["dealer"]
    for _ in range(8):
        act(state, "pass")
    assert state.observation(0)["vars"]["dealer"] == (dealer + 1) % 4
    assert legal(state) == {"pass", "take"}
    assert state.current_player == (dealer + 2) % 4


@pytest.mark.parametrize("seed", range(12))
def test_a_deal_is_worth_162_points_and_belote_20_more(belote, seed):
    state, rng, belote_held = belote.new_game(4, seed), random.Random(seed), None
    while state.observation(0)["vars"]["score"] == [0, 0, 0, 0]:
        trump, hands = state.observation(0)["vars"]["trump"], state.to_json()["zones"]["hand"]
        if trump is not None and all(len(hand) == 8 for hand in hands):  # the full deal
            belote_held = any({"K" + trump, "Q" + trump} <= set(hand) for hand in hands)
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    score = state.observation(0)["vars"]["score"]
    assert score[0] == score[2] and score[1] == score[3]  # partners share
    assert score[0] + score[1] - (20 if belote_held else 0) in (162, 250)  # 250: capot
