"""Cribbage (games/classics/cribbage.cardrules): the show and the play, through the engine API.

Hands are constructed through the public state round trip (`to_json` / `from_json`): a real
state at the dealer's last discard is given chosen hands, crib and a one-card stock (the starter),
then the last discard is played and the engine counts the show."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from dsl import load_game

GAME = "games/classics/cribbage.cardrules"
PLACE = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13}


@pytest.fixture(scope="module")
def engine():
    return load_game(GAME)


def pips(card: str) -> int:
    return min(PLACE[card[:-1]], 10)


def at_last_discard(engine, seed: int = 1):
    """A two-player state whose dealer (seat 0) is about to make the last discard."""
    state = engine.new_game(players=2, seed=seed, readings={})
    while state.observation(0)["vars"]["dealer"] != 0:
        seed += 1
        state = engine.new_game(players=2, seed=seed, readings={})
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    return state


def shown_after(engine, pone: list[str], dealer: list[str], crib: list[str], starter: str, discard: str):
    """Deal the given cards, let the dealer discard `discard`, and return the shows counted."""
    data = at_last_discard(engine).to_json()
    deck = data["deck"]
    used = pone + dealer + crib + [starter, discard]
    assert len(set(used)) == len(used) == 13
    ids = {card: i for i, card in enumerate(deck)}
    fields = data["fields"]
    for zone in ("z_starter", "z_count_pile", "z_probe", "z_show"):
        fields[zone] = []
    fields["z_hand"] = [[ids[c] for c in dealer + [discard]], [ids[c] for c in pone]]
    fields["z_crib"] = [ids[c] for c in crib]
    fields["z_stock"] = [ids[starter]]
    fields["z_done"] = [i for c, i in ids.items() if c not in used]
    fields["legal"] = sorted(fields["z_hand"][0])
    state = engine.from_json(data)
    state.apply(deck.index(discard))
    seen = state.observation(0)["vars"]
    return seen["shown"][1], seen["shown"][0], seen["crib_shown"], state


def show_by_rules(hand: list[str], starter: str, is_crib: bool = False) -> int:
    """An independent count of a show: fifteens, pairs, longest runs, flush and his nobs."""
    cards = hand + [starter]
    points = 0
    for size in range(2, 6):
        for combo in combinations(cards, size):
            points += 2 * (sum(pips(c) for c in combo) == 15)
    points += sum(2 for a, b in combinations(cards, 2) if a[:-1] == b[:-1])
    for size in (5, 4, 3):
        runs = [
            combo
            for combo in combinations(cards, size)
            if sorted(PLACE[c[:-1]] for c in combo)
            == list(range(min(PLACE[c[:-1]] for c in combo), min(PLACE[c[:-1]] for c in combo) + size))
        ]
        if runs:
            points += size * len(runs)
            break
    suits = {c[-1] for c in hand}
    if len(suits) == 1 and starter[-1] in suits:
        points += 5
    elif len(suits) == 1 and not is_crib:
        points += 4
    points += any(c[:-1] == "J" and c[-1] == starter[-1] for c in hand)
    return points


def test_the_best_hand_scores_29(engine):
    pone, _, _, _ = shown_after(
        engine, ["5♠", "5♥", "5♦", "J♣"], ["2♠", "4♦", "9♥", "K♦"], ["3♠", "6♣", "8♦"], "5♣", "Q♠"
    )
    assert pone == 29


def test_a_double_run_with_two_fifteens_and_a_pair_scores_12(engine):
    pone, _, _, _ = shown_after(
        engine, ["7♠", "8♥", "8♦", "9♣"], ["2♠", "4♦", "A♥", "Q♦"], ["3♠", "6♣", "10♦"], "K♠", "Q♠"
    )
    assert pone == 12


def test_fifteens_pairs_and_runs_of_a_constructed_hand(engine):
    # 3-4-5-5 with a 6 starter: a double run of four (8), a pair (2), and 4+5+6, 4+5+6, 5+5+... fifteens
    pone, _, _, _ = shown_after(
        engine, ["3♠", "4♥", "5♦", "5♣"], ["K♠", "Q♦", "9♥", "A♦"], ["8♠", "J♣", "10♦"], "6♥", "2♣"
    )
    assert pone == show_by_rules(["3♠", "4♥", "5♦", "5♣"], "6♥") == 14


def test_his_nobs_counts_one_for_the_jack_of_the_starters_suit(engine):
    pone, _, _, _ = shown_after(
        engine, ["J♦", "2♠", "4♣", "9♥"], ["K♠", "Q♦", "8♥", "A♦"], ["3♠", "6♣", "10♥"], "7♦", "Q♠"
    )
    assert pone == 3  # 2+4+9 is a fifteen, and the jack of diamonds under a diamond starter
    other, _, _, _ = shown_after(
        engine, ["J♠", "2♠", "4♣", "9♥"], ["K♠", "Q♦", "8♥", "A♦"], ["3♠", "6♣", "10♥"], "7♦", "Q♥"
    )
    assert other == 2


def test_a_flush_of_four_counts_in_a_hand_but_not_in_the_crib(engine):
    hearts = ["2♥", "4♥", "6♥", "Q♥"]
    pone, dealer, crib, _ = shown_after(engine, hearts, ["9♣", "K♠", "8♠", "A♠"], ["2♦", "4♦", "6♦"], "K♣", "Q♦")
    assert pone == 4
    _, _, crib, _ = shown_after(
        engine, ["9♣", "K♠", "8♠", "A♠"], ["7♣", "3♠", "10♠", "J♠"], ["2♥", "4♥", "6♥"], "K♣", "Q♥"
    )
    assert crib == show_by_rules(["2♥", "4♥", "6♥", "Q♥"], "K♣", is_crib=True) == 0
    _, _, crib, _ = shown_after(
        engine, ["9♣", "K♠", "8♠", "A♠"], ["7♣", "3♠", "10♠", "J♠"], ["2♥", "4♥", "6♥"], "3♥", "Q♥"
    )
    assert crib == show_by_rules(["2♥", "4♥", "6♥", "Q♥"], "3♥", is_crib=True) == 12


def test_a_jack_turned_up_gives_the_dealer_two_for_his_heels(engine):
    _, _, _, state = shown_after(
        engine, ["2♠", "4♣", "9♥", "K♦"], ["3♠", "6♣", "8♦", "Q♠"], ["5♠", "7♥", "A♦"], "J♥", "10♣"
    )
    assert state.observation(0)["vars"]["score"] == [2, 0]


def test_random_shows_agree_with_an_independent_count(engine):
    checked = 0
    for seed in range(40):
        state = engine.new_game(players=2, seed=seed, readings={})
        rng = random.Random(seed)
        while state.observation(0)["vars"]["cut"] is None:
            state.apply(rng.choice(state.legal_actions()))
        seen = state.observation(0)
        starter = seen["zones"]["starter"][0]
        for seat in (0, 1):
            hand = state.observation(seat)["zones"]["hand"][seat]
            assert seen["vars"]["shown"][seat] == show_by_rules(hand, starter)
            checked += 1
    assert checked == 80


def peg_by_rules(pile: list[str]) -> int:
    """Points of the last card of a count: 15 or 31, pairs in a row, the longest run at the end."""
    total = sum(pips(c) for c in pile)
    points = 2 if total in (15, 31) else 0
    same = 1
    while same < len(pile) and pile[-1 - same][:-1] == pile[-1][:-1]:
        same += 1
    points += same * (same - 1)
    for size in range(len(pile), 2, -1):
        places = sorted(PLACE[c[:-1]] for c in pile[-size:])
        if places == list(range(places[0], places[0] + size)):
            return points + size
    return points


def test_the_play_scores_fifteens_thirty_ones_pairs_and_runs(engine):
    checked = runs = pairs = 0
    for seed in range(30):
        state = engine.new_game(players=3 if seed % 2 else 2, seed=seed, readings={})
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player
            action = rng.choice(state.legal_actions())
            playing = state.observation(seat)["vars"]["cut"] is not None and state.action_str(action).startswith("play")
            before = state.observation(seat)["vars"]["score"][seat]
            pile = state.observation(seat)["zones"]["count_pile"]
            state.apply(action)
            after = state.observation(seat)
            if playing and not state.is_terminal() and after["zones"]["count_pile"]:
                played = pile + [state.action_str(action)[5:]]
                assert after["zones"]["count_pile"] == played
                assert after["vars"]["score"][seat] - before == peg_by_rules(played)
                checked += 1
                runs += after["vars"]["run"] > 0
                pairs += after["vars"]["same"] > 1
    assert checked > 500 and runs > 10 and pairs > 20
