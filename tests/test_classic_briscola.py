"""Briscola (games/classics/briscola.cardrules and its partnership variant): the trump turned under
the stock, no need to follow, trump beats the suit led, the winner draws first and the turned
card last, 120 card points, 60-60 is a draw, partners share."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl import load_game

CLASSICS = Path(__file__).resolve().parent.parent / "games" / "classics"
POINTS = {"asso": 11, "3": 10, "re": 4, "cavallo": 3, "fante": 2}


@pytest.fixture(scope="module")
def briscola():
    return load_game(str(CLASSICS / "briscola.cardrules"))


@pytest.fixture(scope="module")
def partnership():
    return load_game(str(CLASSICS / "briscola_4.cardrules"))


def suit(text: str) -> str:
    return text.split(" ")[1]


def card_points(texts) -> int:
    return sum(POINTS.get(t.split(" ")[0], 0) for t in texts)


def by_label(state) -> dict[str, int]:
    return {state.action_str(a): a for a in state.legal_actions()}


def play_text(state, text: str) -> None:
    state.apply(by_label(state)["play " + text])


def hand(state, seat: int) -> list[str]:
    return state.observation(seat)["zones"]["hand"][seat]


def trump(state) -> str:
    return state.observation(0)["vars"]["trump"]


def test_the_deck_is_the_italian_forty_and_three_players_lose_a_two(briscola):
    two = briscola.new_game(players=2, seed=3)
    assert len(two.to_json()["deck"]) == 40
    three = briscola.new_game(players=3, seed=3)
    deck = three.to_json()["deck"]
    assert len(deck) == 39 and "2 coins" not in deck and "2 cups" in deck


def test_the_turned_card_gives_the_trump_and_any_card_may_be_played(briscola):
    state = briscola.new_game(players=2, seed=5)
    turned = state.observation(0)["zones"]["briscola"]
    assert len(turned) == 1 and suit(turned[0]) == trump(state)
    leader = state.current_player
    assert all(len(hand(state, s)) == 3 for s in (0, 1))
    led = hand(state, leader)[0]
    play_text(state, led)
    follower = state.current_player
    assert follower != leader
    # no need to follow suit: every card of the hand is legal
    assert sorted(by_label(state)) == sorted("play " + t for t in hand(state, follower))


def find_trick(briscola, want):
    """A new two-player game and the leader's and follower's cards for which want(...) holds."""
    for seed in range(200):
        state = briscola.new_game(players=2, seed=seed)
        leader = state.current_player
        for lead in hand(state, leader):
            for answer in hand(state, 1 - leader):
                if want(lead, answer, trump(state)):
                    return state, leader, lead, answer
    raise AssertionError("no such deal in 200 seeds")


def test_a_trump_beats_the_suit_led_and_its_winner_leads_and_draws_first(briscola):
    state, leader, lead, answer = find_trick(briscola, lambda a, b, t: suit(a) != t and suit(b) == t)
    stock = state.observation(0)["zones"]["deck"]["count"]
    play_text(state, lead)
    play_text(state, answer)
    follower = 1 - leader
    assert state.current_player == follower  # the trick's winner leads the next
    taken = state.observation(follower)["zones"]["taken"][follower]
    assert sorted(taken[0]) == sorted([lead, answer])
    assert all(len(hand(state, s)) == 3 for s in (0, 1))  # both drew from the stock
    assert state.observation(0)["zones"]["deck"]["count"] == stock - 2


def test_an_off_suit_card_never_beats_the_suit_led(briscola):
    state, leader, lead, answer = find_trick(
        briscola, lambda a, b, t: suit(a) != t and suit(b) not in (t, suit(a)) and a.split(" ")[0] == "2"
    )
    play_text(state, lead)
    play_text(state, answer)
    assert state.current_player == leader
    assert sorted(state.observation(leader)["zones"]["taken"][leader][0]) == sorted([lead, answer])


def test_the_turned_trump_is_the_last_card_drawn_and_all_120_points_are_counted(briscola):
    state = briscola.new_game(players=2, seed=11)
    turned = state.observation(0)["zones"]["briscola"][0]
    seen_in_hand = False
    while not state.is_terminal():
        if not state.observation(0)["zones"]["briscola"]:
            seen_in_hand = seen_in_hand or any(turned in hand(state, s) for s in (0, 1))
        state.apply(state.legal_actions()[0])
    assert seen_in_hand
    assert sum(state.returns()) == 120
    taken = state.to_json()["zones"]["taken"]
    for seat in (0, 1):
        assert state.returns()[seat] == card_points(card for trick in taken[seat] for card in trick)


def test_sixty_each_is_a_draw_and_more_than_sixty_wins(briscola):
    outcomes = {}
    for seed in range(400):
        state = briscola.new_game(players=2, seed=seed)
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply(actions[(seed + len(actions)) % len(actions)])
        outcomes[tuple(state.returns())] = state.winners()
        if (60, 60) in outcomes and len(outcomes) > 5:
            break
    assert outcomes[(60, 60)] == []
    for (a, b), winners in outcomes.items():
        if a != b:
            assert winners == [0 if a > 60 else 1]


def test_partners_put_their_tricks_together(partnership):
    state = partnership.new_game(players=4, seed=2)
    assert state.teams() == [[0, 2], [1, 3]]
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
    returns = state.returns()
    assert returns[0] == returns[2] and returns[1] == returns[3] and returns[0] + returns[1] == 120
    winners = state.winners()
    assert winners in ([], [0, 2], [1, 3])
    if winners:
        assert returns[winners[0]] > 60
