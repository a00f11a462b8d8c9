"""Gin Rummy (games/classics/gin_rummy.cardrules): melds, knocking and scoring, through the engine API.

Hands are constructed through the public state round trip (`to_json` / `from_json`): a real state
at a knock decision is given chosen hands, then the knock is played and the engine scores it."""

from __future__ import annotations

from dsl.api import check_source

SUITED_RUNS = """
game "Runs in one suit"
players 2
cards {
  deck standard
  order A 2 3 4 5 6 7 8 9 10 J Q K
  value points: A=1 2..10=face J=10 Q=10 K=10
}
zone deck shared seen by nobody
scoring melded {
  pattern run: 3 in sequence of a suit => sum points of group
}
flow { end game }
example "a run in one suit is a meld" { expect scoring melded of [4♠ 5♠ 6♠] == 15 }
example "a run across suits is none" { expect scoring melded of [4♠ 5♥ 6♠] == 0 }
example "two runs side by side" { expect scoring melded of [4♠ 5♠ 6♠ 4♥ 5♥ 6♥ 7♦] == 30 }
example "a run inside a longer hand" { expect scoring melded of [A♣ 2♣ 3♣ 3♦ 9♠ 10♠ J♠ Q♠ K♥] == 36 }
"""


def test_a_run_of_a_suit_takes_cards_of_one_suit_only():
    found = [(d.severity, d.code, d.message) for d in check_source(SUITED_RUNS, "runs.cardrules")]
    assert [f for f in found if f[0] in ("error", "warning")] == []


import random  # noqa: E402
from itertools import combinations  # noqa: E402

import pytest  # noqa: E402

from dsl import load_game  # noqa: E402

GAME = "games/classics/gin_rummy.cardrules"
PLACE = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13}
K1 = ["3♠", "4♠", "5♠", "7♥", "7♦", "7♣", "9♦", "10♦", "J♦", "8♣"]  # melds and an 8: deadwood 8
LOOSE = ["A♥", "2♣", "3♥", "5♦", "6♣", "8♥", "9♠", "J♣", "Q♥", "K♣"]  # no meld: deadwood 64


@pytest.fixture(scope="module")
def engine():
    return load_game(GAME)


def points(card: str) -> int:
    return min(PLACE[card[:-1]], 10)


def is_meld(cards) -> bool:
    ranks = sorted(PLACE[c[:-1]] for c in cards)
    if len(set(ranks)) == 1:
        return len(cards) in (3, 4)
    return len({c[-1] for c in cards}) == 1 and ranks == list(range(ranks[0], ranks[0] + len(cards)))


def deadwood_by_rules(hand) -> int:
    """The least deadwood of a hand over every way to lay out disjoint melds."""
    hand = list(hand)
    if not hand:
        return 0
    first, rest = hand[0], hand[1:]
    best = points(first) + deadwood_by_rules(rest)  # the first card stays deadwood
    for size in range(2, len(rest) + 1):
        for others in combinations(rest, size):
            if is_meld((first, *others)):
                best = min(best, deadwood_by_rules([c for c in rest if c not in others]))
    return best


def at_knock(engine, seed: int = 1):
    state = engine.new_game(players=2, seed=seed, readings={})
    rng = random.Random(0)
    while [state.action_str(a) for a in state.legal_actions()] != ["knock", "play_on"]:
        state.apply(rng.choice(state.legal_actions()))
    return state


def knock_with(engine, knocker_hand, defender_hand, readings=None):
    """Give the player about to knock and his opponent these hands, knock, return the totals."""
    data = at_knock(engine).to_json()
    fields, deck = data["fields"], data["deck"]
    if readings:
        fields["readings"] = readings
        fields["r_undercut_bonus"] = ["modern", "older"].index(readings["undercut_bonus"])
    ids = {card: i for i, card in enumerate(deck)}
    knocker = fields["cur"]
    hands = [[], []]
    hands[knocker] = [ids[c] for c in knocker_hand]
    hands[1 - knocker] = [ids[c] for c in defender_hand]
    fields["z_hand"], fields["z_taken"], fields["z_discard"] = hands, [[], []], []
    fields["z_stock"] = [i for c, i in ids.items() if c not in knocker_hand + defender_hand]
    state = engine.from_json(data)
    state.apply(next(a for a in state.legal_actions() if state.action_str(a) == "knock"))
    totals = state.observation(0)["vars"]["total"]
    return totals[knocker], totals[1 - knocker]


def test_a_knock_below_the_opponent_scores_the_difference(engine):
    assert deadwood_by_rules(K1) == 8 and deadwood_by_rules(LOOSE) == 64
    assert knock_with(engine, K1, LOOSE) == (64 - 8, 0)


def test_an_undercut_gives_the_opponent_the_difference_and_the_bonus(engine):
    low = ["Q♣", "Q♥", "Q♠", "8♥", "9♥", "10♥", "4♣", "5♣", "6♣", "A♥"]  # deadwood 1
    assert knock_with(engine, K1, low) == (0, 8 - 1 + 25)
    assert knock_with(engine, K1, low, {"undercut_bonus": "older"}) == (0, 8 - 1 + 10)
    equal = ["Q♣", "Q♥", "Q♠", "8♥", "9♥", "10♥", "4♣", "5♣", "6♣", "8♠"]  # deadwood 8, as the knocker's
    assert knock_with(engine, K1, equal) == (0, 25)


def test_the_opponent_lays_off_on_the_knockers_melds_but_not_on_gin(engine):
    with_six_of_spades = ["A♥", "2♣", "3♥", "5♦", "6♠", "8♥", "9♠", "J♣", "Q♥", "K♣"]  # 64, the 6♠ fits 3-4-5♠
    assert knock_with(engine, K1, with_six_of_spades) == (64 - 6 - 8, 0)
    gin = ["3♠", "4♠", "5♠", "7♥", "7♦", "7♣", "9♦", "10♦", "J♦", "Q♦"]
    assert knock_with(engine, gin, with_six_of_spades) == (25 + 64, 0)


def test_laying_off_may_take_several_cards_one_after_another(engine):
    two_on_a_run = ["A♥", "2♣", "3♥", "5♦", "6♠", "7♠", "9♠", "J♣", "Q♥", "K♣"]  # 6♠ then 7♠ extend 3-4-5♠
    assert deadwood_by_rules(two_on_a_run) == 64 - 8 + 7
    assert knock_with(engine, K1, two_on_a_run) == (63 - 6 - 7 - 8, 0)


def test_a_knock_is_offered_exactly_when_the_deadwood_is_ten_or_less(engine):
    offered = refused = 0
    for seed in range(6):
        state = engine.new_game(players=2, seed=seed, readings={})
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            seat = state.current_player
            action = rng.choice(state.legal_actions())
            discarding = state.action_str(action).startswith("play ")
            state.apply(action)
            if discarding:
                hand = state.observation(seat)["zones"]["hand"][seat]
                asked = state.current_player == seat and state.action_str(state.legal_actions()[0]) == "knock"
                assert asked == (deadwood_by_rules(hand) <= 10)
                offered += asked
                refused += not asked
    assert refused > 500 and offered >= 1


def labels(state) -> list[str]:
    return [state.action_str(a) for a in state.legal_actions()]


def test_the_upcard_is_offered_to_the_non_dealer_then_the_dealer(engine):
    state = engine.new_game(players=2, seed=4, readings={})
    dealer = state.observation(0)["vars"]["dealer"]
    assert state.current_player == 1 - dealer and labels(state) == ["take", "pass"]
    state.apply(state.legal_actions()[1])
    assert state.current_player == dealer and labels(state) == ["take", "pass"]
    stock = state.observation(0)["zones"]["stock"]["count"]
    state.apply(state.legal_actions()[1])
    # both passed: the non-dealer has drawn from the stock and now discards from 11 cards
    assert state.current_player == 1 - dealer
    assert state.observation(0)["zones"]["stock"]["count"] == stock - 1
    assert len(state.legal_actions()) == 11


def test_the_card_taken_from_the_discard_pile_cannot_be_discarded_at_once(engine):
    for seed in range(5):
        state = engine.new_game(players=2, seed=seed, readings={})
        upcard = state.observation(0)["zones"]["discard"][-1]
        state.apply(state.legal_actions()[0])  # take
        offered = labels(state)
        assert len(offered) == 10 and f"play {upcard}" not in offered
        seat = state.current_player
        state.apply(state.legal_actions()[0])
        assert upcard in state.observation(seat)["zones"]["hand"][seat]
