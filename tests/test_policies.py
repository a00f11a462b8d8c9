"""The language's policies written in the rule file: the combination solver's (`groups`, `split`,
`reusable`), who is dealt first (`deal ... from`) and individual play.  Each default keeps the
behaviour of a file that does not state it; each other value really changes play."""

from __future__ import annotations

import random

import pytest

from dsl import load_game
from dsl.api import check_source
from tests.conftest import ROOT
from tests.language_helpers import engine

SCORED = """game "Scored"
players 2
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
var points: int per player = 0
ambiguity reuse "May a card count in two groups?" {
  reading once "each card counts once"
  reading again "a card counts in every group it makes"
  default once
}
scoring melds {
  pattern pair: 2 of a rank => 1
  pattern three: 3 of a rank => 5
  POLICY
}
flow {
  shuffle deck
  deal 3 from deck to hand each
  for each player p {
    points of p = scoring melds of hand of p
  }
}
result points
"""


def score_of(policy: str, cards: str, readings: dict | None = None) -> int:
    text = SCORED.replace("POLICY", policy).replace(
        "points of p = scoring melds of hand of p", f"points of p = scoring melds of {cards}"
    )
    state = engine(text).new_game(players=2, seed=1, readings=readings or {})
    assert state.is_terminal()
    return state.returns()[0]


def test_the_defaults_are_disjoint_groups_and_the_best_split():
    assert score_of("", "[5♠ 5♥ 5♦]") == 5  # the three, not a pair and a card left over
    assert score_of("groups disjoint  split best", "[5♠ 5♥ 5♦]") == 5
    assert score_of("", "[5♠ 5♥ 5♦ 5♣]") == 5  # three + nothing, or two pairs (2): the best is 5


def test_overlapping_groups_count_every_group_a_card_makes():
    # three pairs and one three among three fives
    assert score_of("groups overlapping", "[5♠ 5♥ 5♦]") == 3 + 5
    assert score_of("groups overlapping", "[5♠ 9♥]") == 0


def test_a_greedy_split_takes_the_patterns_in_their_written_order():
    # the pair is written first: it takes two fives, and the third five makes nothing
    assert score_of("split greedy", "[5♠ 5♥ 5♦]") == 1
    assert score_of("split greedy", "[5♠ 5♥ 5♦ 5♣]") == 2  # two pairs, one after the other
    assert score_of("split greedy", "[5♠ 5♥ 9♦ 9♣ 9♠]") == 2  # pair of fives, then of nines


def test_a_policy_can_be_chosen_by_reading():
    policy = "groups reading reuse { once => disjoint again => overlapping }"
    assert score_of(policy, "[5♠ 5♥ 5♦]") == 5
    assert score_of(policy, "[5♠ 5♥ 5♦]", {"reuse": "again"}) == 8


def test_best_k_cards_follow_the_split_policy():
    cards = "[5♠ 5♥ 5♦ 9♣]"
    text = SCORED.replace("POLICY", "split greedy").replace(
        "points of p = scoring melds of hand of p", f"points of p = best 3 of {cards} by melds"
    )
    greedy = engine(text).new_game(players=2, seed=1, readings={}).returns()[0]
    best = engine(text.replace("split greedy", "")).new_game(players=2, seed=1, readings={}).returns()[0]
    assert (greedy, best) == (1, 5)


def test_a_reading_case_that_is_not_a_reading_is_an_error():
    text = SCORED.replace("POLICY", "split reading reuse { once => best twice => greedy }")
    found = [d for d in check_source(text, "scored.cardrules") if d.severity == "error"]
    assert any("'twice' is not a reading of 'reuse'" in d.message for d in found)
    assert any("no value for reading again" in d.message for d in found)


def test_a_policy_given_twice_is_a_duplicate_clause():
    text = SCORED.replace("POLICY", "split best\n  split greedy")
    found = [d for d in check_source(text, "scored.cardrules") if d.severity == "error"]
    assert [d.code for d in found] == ["duplicate-clause"]


DEALT = """game "Dealt"
players 3
individual play
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
var points: int per player = 0
flow {
  deal evenly from deck to hand START
}
result points
"""


@pytest.mark.parametrize("start", [0, 1, 2])
def test_an_even_deal_goes_round_from_the_seat_it_names(start):
    """The deck is not shuffled: its top card goes to the seat dealt first."""
    plain = engine(DEALT.replace("START", "")).new_game(players=3, seed=4, readings={})
    named = engine(DEALT.replace("START", f"from {start}")).new_game(players=3, seed=4, readings={})
    hands = [plain.observation(seat)["zones"]["hand"][seat] for seat in range(3)]
    moved = [named.observation(seat)["zones"]["hand"][seat] for seat in range(3)]
    assert moved == hands[-start:] + hands[:-start] if start else moved == hands
    if start:
        assert moved != hands


def test_individual_play_is_stated_once_and_changes_no_play():
    plain = engine(DEALT.replace("individual play\n", "").replace("START", "")).new_game(3, 4, {})
    stated = engine(DEALT.replace("START", "")).new_game(3, 4, {})
    assert plain.to_json() == stated.to_json()
    twice = DEALT.replace("individual play", "individual play\nindividual play").replace("START", "")
    found = [d for d in check_source(twice, "dealt.cardrules") if d.severity == "error"]
    assert [d.code for d in found] == ["duplicate-clause"]


def _scores(engine, players: int, seed: int, readings: dict) -> list:
    state = engine.new_game(players=players, seed=seed, readings=readings)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.returns()


def test_the_thirteens_reading_of_card_reuse_changes_the_scores_of_seeded_matches():
    """Thirteens lets an ambiguity choose the solver's `groups` policy: the same seeded play
    scores differently once a card may count in two combinations."""
    engine = load_game(str(ROOT / "games" / "thirteens.cardrules"))
    once = [_scores(engine, 4, seed, {"card_reuse": "once"}) for seed in range(6)]
    every = [_scores(engine, 4, seed, {"card_reuse": "every"}) for seed in range(6)]
    assert once == [_scores(engine, 4, seed, {}) for seed in range(6)]  # the default
    assert once != every
