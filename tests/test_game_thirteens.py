"""Thirteens' own rules through the engine: deal sizes, follow suit, trick winners (trumps, and
jokers cancelling them), the −3 for no trick, and the scoring of each trick by optimal partition."""

from __future__ import annotations

import random

import pytest

from dsl import check_source, load_game

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "♠♥♦♣"


@pytest.fixture(scope="module")
def engine(root):
    return load_game(str(root / "games" / "thirteens.cardrules"))


def suit(card: str) -> str | None:
    return None if card == "Joker" else card[-1]


def rank(card: str) -> int:
    return ORDER.index(card[:-1])


@pytest.mark.parametrize("players, hand, left", [(3, 18, 0), (4, 13, 2), (5, 10, 4), (6, 9, 0)])
def test_everyone_gets_the_same_number_of_cards(engine, players, hand, left):
    state = engine.new_game(players=players, seed=1)
    zones = state.to_json()["zones"]
    assert [len(h) for h in zones["hand"]] == [hand] * players
    assert len(zones["stock"]) + len(zones["turned"]) == left


def expected_winner(cards: list[str], trump: str | None) -> int:
    """The index in play order of the card that takes the trick, by the text's rules."""
    led = next((suit(c) for c in cards if suit(c)), None)
    if "Joker" not in cards and trump and any(suit(c) == trump for c in cards):
        candidates = [i for i, c in enumerate(cards) if suit(c) == trump]
    else:
        candidates = [i for i, c in enumerate(cards) if suit(c) == led]
    return max(candidates, key=lambda i: rank(cards[i]))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_follow_suit_and_trick_winners_follow_the_text(engine, players):
    checked = 0
    for seed in range(6):
        state, rng = engine.new_game(players=players, seed=seed), random.Random(seed)
        leader = None
        while not state.is_terminal() and checked < 400:
            snapshot = state.to_json()
            table, seat = snapshot["zones"]["table"], state.current_player
            hand = snapshot["zones"]["hand"][seat]
            if not table:
                leader = seat
            led = next((suit(c) for c in table if suit(c)), None)
            legal = sorted({state.action_str(a)[5:] for a in state.legal_actions()})
            if table and led and any(suit(c) == led for c in hand):
                assert legal == sorted({c for c in hand if suit(c) == led}), "must follow suit"
            else:
                assert legal == sorted(set(hand)), "may play any card"
            action = rng.choice(state.legal_actions())
            state.apply(action)
            if len(table) == players - 1:  # that card completed the trick
                cards = table + [state.action_str(action)[5:]]
                trump = snapshot["vars"]["trump"]
                assert state.to_json()["vars"]["winner"] == (leader + expected_winner(cards, trump)) % players
                checked += 1
    assert checked > 50


def test_a_player_without_a_trick_loses_3_points(engine):
    for seed in range(200):
        state, rng = engine.new_game(players=6, seed=seed), random.Random(seed)
        before = state.to_json()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            after = state.to_json()
            if after["vars"]["total"] != before["vars"]["total"]:  # that move ended the deal
                last_winner = after["vars"]["winner"]
                empty = [s for s, taken in enumerate(before["zones"]["taken"]) if not taken and s != last_winner]
                if empty:
                    assert all(after["vars"]["points"][s] == -3 for s in empty)
                    return
                break
            before = after
    pytest.fail("no deal left a player without a trick")


PARTITIONS = """
var every: int = 0
example "tricks scored by their best partition" {
  every = reading trick_point { leftover => 0  every => 1  bare => 0 }
  expect scoring thirteens of [K Q 6] == reading thirteen_points { one => 1  thirteen => 13 } + every
  expect scoring thirteens of [A Q 9] == reading thirteen_points { one => 1  thirteen => 13 } + every
  expect scoring thirteens of [K K] == 1 + every
  expect scoring thirteens of [2 9] == reading trick_point { leftover => 1  every => 1  bare => 0 }
  expect scoring thirteens of [Joker 2 3] == reading trick_point { leftover => 1  every => 1  bare => 0 }
  expect reading ace_in_runs is both
    or scoring thirteens of [A 2 3 7] == reading thirteen_points { one => 1  thirteen => 13 } + every
  expect reading ace_in_runs is high or reading thirteen_points is thirteen or reading trick_point is bare
    or reading card_reuse is every or scoring thirteens of [A 2 3 7] == 2
  expect reading ace_in_runs is high or reading thirteen_points is thirteen or reading card_reuse is once
    or scoring thirteens of [A 2 3 7] == 2 + every
}
"""


def variant(root, tmp_path, examples: str):
    file = tmp_path / "thirteens_checks.cardrules"
    # A base file must lie in the variant's own folder: the variant checks a copy of the game.
    (tmp_path / "thirteens.cardrules").write_text((root / "games" / "thirteens.cardrules").read_text("utf-8"), "utf-8")
    file.write_text(f'game "checks" variant of "thirteens.cardrules"\n{examples}', encoding="utf-8")
    return check_source(file.read_text(encoding="utf-8"), str(file))


def test_trick_scoring_takes_the_best_partition_under_every_reading(root, tmp_path):
    found = variant(root, tmp_path, PARTITIONS)
    mine = [d for d in found if d.code == "example-mismatch" and "partition" in d.message]
    assert not [d for d in found if d.is_error], [d.message for d in found if d.is_error]
    assert mine == [], [(d.span.line, d.notes) for d in mine]


def test_a_wrong_partition_claim_is_reported(root, tmp_path):
    wrong = 'example "a wrong claim" {\n  expect scoring thirteens of [K Q 6] == 2\n}\n'
    found = variant(root, tmp_path, wrong)
    assert any(d.code == "example-mismatch" and "wrong claim" in d.message for d in found)
