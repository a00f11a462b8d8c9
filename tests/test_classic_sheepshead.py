"""Sheepshead (games/classics/sheepshead.cardrules): queens, jacks and diamonds as one trump suit
ranked Q♣ down to 7♦, the picker who buries and calls an ace, the partner who must play it when
its suit is first led, and the payments of a deal.  Deals are set up through explicit chance."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dsl import load_game
from tests.classic_deals import Stacked, act

GAME = Path(__file__).parent.parent / "games" / "classics" / "sheepshead.cardrules"

# Dealer 4, so seat 0 is dealt first, may pick first and leads; the blind is 7♦ 7♠.
HANDS = [
    ["Q♣", "J♦", "A♦", "7♣", "8♠", "9♦"],
    ["Q♠", "10♦", "K♦", "A♠", "10♠", "K♠"],
    ["A♣", "10♣", "Q♥", "9♠", "A♥", "10♥"],
    ["K♣", "9♣", "J♣", "J♠", "K♥", "9♥"],
    ["8♣", "Q♦", "J♥", "8♦", "8♥", "7♥"],
]
BLIND = ["7♦", "7♠"]


@pytest.fixture(scope="module")
def sheepshead():
    return load_game(str(GAME))


def picked(engine, bury=("8♠", "7♠")):
    """Seat 0 picks the blind and buries two cards."""
    order = [HANDS[k % 5][k // 5] for k in range(30)] + BLIND
    game = Stacked(engine, 5, order, seats=[4])
    game.act("pick")
    for card in bury:
        game.act(f"play {card}")
    return game


def test_the_picker_takes_the_blind_and_may_call_only_a_suit_he_holds_without_its_ace(sheepshead):
    game = picked(sheepshead)
    assert sorted(game.zone("buried")) == ["7♠", "8♠"]
    # clubs: he holds 7♣ and not A♣; spades all buried; no heart; diamonds are trumps
    assert game.legal() == {"suit ♣"}


def test_a_suit_whose_ace_he_buried_cannot_be_called(sheepshead):
    order = [HANDS[k % 5][k // 5] for k in range(30)] + BLIND
    swapped = [{"A♠": "8♠", "8♠": "A♠"}.get(card, card) for card in order]  # seat 0 holds A♠
    game = Stacked(sheepshead, 5, swapped, seats=[4])
    game.act("pick")
    game.act("play A♠")
    game.act("play 7♣")  # buries the ace of spades and his only club, keeps 7♠
    # no suit to call: he plays alone, and leads at once
    assert game.legal() == {f"play {card}" for card in ("Q♣", "J♦", "A♦", "9♦", "7♦", "7♠")}
    assert game.state.to_json()["vars"]["partner"] is None


def test_the_partner_must_play_the_called_ace_when_its_suit_is_first_led(sheepshead):
    game = picked(sheepshead)
    game.act("suit ♣")  # seat 2 holds A♣: the secret partner
    assert game.state.current_player == 0
    game.act("play 7♣")
    assert len(game.legal()) == 6  # seat 1 has no club: any card
    game.act("play Q♠")
    assert game.legal() == {"play A♣"}  # not 10♣
    game.act("play A♣")
    assert game.legal() == {"play K♣", "play 9♣"}  # J♣ is a trump, not a club
    game.act("play 9♣")
    assert game.legal() == {"play 8♣"}
    game.act("play 8♣")
    assert game.state.current_player == 1  # the queen of spades, a trump, took the clubs


def test_trumps_are_one_suit_ranked_from_the_queen_of_clubs(sheepshead):
    game = picked(sheepshead)
    game.act("suit ♣")
    for card in ("7♣", "Q♠", "A♣", "9♣", "8♣"):  # seat 1 wins and leads
        game.act(f"play {card}")
    game.act("play 10♦")
    assert game.legal() == {"play Q♥"}  # diamonds led: seat 2's only trump is a queen
    game.act("play Q♥")
    assert game.legal() == {"play J♣", "play J♠"}  # the jacks follow a diamond lead
    game.act("play J♣")
    game.act("play J♥")
    game.act("play Q♣")  # seat 0: the highest trump
    assert game.state.current_player == 0


def test_when_everyone_passes_the_next_player_deals(sheepshead):
    state = sheepshead.new_game(5, 3)
    dealer = state.observation(0)["vars"]["dealer"]
    for _ in range(5):
        act(state, "pass")
    assert state.observation(0)["vars"]["dealer"] == (dealer + 1) % 5
    assert state.current_player == (dealer + 2) % 5


@pytest.mark.parametrize("players", [3, 5])
def test_a_deal_pays_units_the_partner_one_and_the_picker_the_rest(sheepshead, players):
    paid = 0
    for seed in range(15):
        state, rng = sheepshead.new_game(players, seed), random.Random(seed)
        while state.observation(0)["vars"]["score"] == [0] * players and not state.is_terminal():
            values = state.to_json()["vars"]
            picker, partner = values["picker"], values["partner"]  # of the deal in play
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        if picker is None:
            continue  # every deal was thrown in
        score = state.to_json()["vars"]["score"]
        assert sum(score) == 0
        stake = score[partner] if partner is not None else -score[(picker + 1) % players]
        assert stake in (1, 2, 3, -1, -2, -3)
        defenders = [seat for seat in range(players) if seat not in (picker, partner)]
        assert all(score[seat] == -stake for seat in defenders)
        assert score[picker] == stake * (len(defenders) - (1 if partner is not None else 0))
        assert (partner is None) == (players == 3 or score[picker] == 4 * stake)
        paid += 1
    assert paid >= 10
