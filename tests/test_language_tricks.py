"""Lead rules inside `trick`, statements at one player's turn, who played a card, counting tricks.

The short Hearts of the fixtures is played by random moves and every lead decision is checked
against the rule as a reader states it, from what the leader can see."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dsl import load_game
from dsl.runtime.errors import RuleGap

from .language_helpers import engine, errors, labels

FIXTURES = Path(__file__).parent / "fixtures" / "language"


@pytest.fixture(scope="module")
def hearts():
    return load_game(str(FIXTURES / "hearts_short.cardrules"))


def _suit(card: str) -> str:
    return card[-1]


@pytest.mark.parametrize("players", [3, 4])
def test_the_holder_of_two_of_clubs_leads_it_and_hearts_wait_until_broken(hearts, players):
    checked = {"2♣": 0, "no heart": 0, "only hearts": 0, "broken": 0}
    for seed in range(6):
        rng = random.Random(seed)
        state = hearts.new_game(players=players, seed=seed)
        hand_no, passes_left = None, 0
        while not state.is_terminal():
            obs = state.observation(state.current_player)
            legal = labels(state)
            if obs["vars"]["hand_no"] != hand_no:  # a new hand: first the passes, 3 cards a seat
                hand_no = obs["vars"]["hand_no"]
                passes_left = 3 * players if hand_no % 4 else 0
            if passes_left:
                passes_left -= 1
            elif not obs["zones"]["table"]:
                hand = obs["zones"]["hand"][state.current_player]
                broken = any(_suit(c) == "♥" for taken in obs["zones"]["taken"] for g in taken for c in g)
                allowed = sorted("play " + c for c in hand)
                if "2♣" in hand:
                    expected, case = ["play 2♣"], "2♣"
                elif not broken and any(_suit(c) != "♥" for c in hand):
                    expected = sorted("play " + c for c in hand if _suit(c) != "♥")
                    case = "no heart"
                else:
                    expected, case = allowed, "broken" if broken else "only hearts"
                assert sorted(legal) == expected, (seed, hand, broken)
                checked[case] += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked["2♣"] and checked["no heart"] and checked["broken"], checked


TURN = """
game "g"
players 3
cards { deck standard }
zone deck shared seen by everyone
zone hand per player seen by everyone
zone upcard shared seen by everyone
zone table shared seen by everyone
zone taken per player seen by everyone grouped
var dealer: player = 2
var who_last: player = none
var tricks: int per player = 0
flow {
  deal 4 from deck to hand each
  move top 1 from deck to upcard
  while not hand of 0 is empty {
    trick {
      lead 0
      play from hand to table
      at turn of dealer {
        if not upcard is empty {
          move top 1 from upcard to hand of dealer
          dealer chooses 1 cards from hand of dealer to deck
        }
      }
      winner { highest where suit == led }
      tie first
      take into taken as group
    }
    who_last = player of top of taken of winner
  }
  for each player p { tricks of p = groups of taken of p }
}
"""


def test_a_statement_runs_when_one_players_turn_comes_and_may_decide():
    state = engine(TURN).new_game(players=3, seed=0)
    seen_before = []
    while state.current_player != 2:
        seen_before.append(state.observation(0)["zones"]["upcard"])
        state.apply(state.legal_actions()[0])
    assert len(seen_before) == 2 and seen_before[0] == seen_before[1] and len(seen_before[0]) == 1
    up = seen_before[0][0]  # seats 0 and 1 played with the card still face up
    obs = state.observation(2)
    assert obs["zones"]["upcard"] == [] and len(obs["zones"]["hand"][2]) == 5  # picked up at his turn
    assert up in obs["zones"]["hand"][2]
    assert state.action_str(state.legal_actions()[0]).startswith("play")
    state.apply(state.legal_actions()[0])  # the discard, then his card of the trick
    assert len(state.observation(2)["zones"]["hand"][2]) == 4
    state.apply(state.legal_actions()[0])
    assert state.observation(0)["zones"]["table"] == []  # the trick is over: each of three played once


def test_player_of_a_card_names_the_seat_that_played_it_and_groups_count_tricks():
    state = engine(TURN).new_game(players=3, seed=0)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    assert obs["vars"]["who_last"] == 2  # seat 2 plays last from the leader 0
    assert sum(obs["vars"]["tricks"]) == 4
    assert obs["vars"]["tricks"] == [len(t) for t in obs["zones"]["taken"]]
    assert sum(len(c) for t in obs["zones"]["taken"] for c in t) == 12  # `size of` would count these


def test_player_of_a_card_not_in_the_trick_is_a_located_rule_gap():
    text = TURN.replace("who_last = player of top of taken of winner", "who_last = player of top of deck")
    state = engine(text).new_game(players=3, seed=0)
    with pytest.raises(RuleGap) as gap:
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
    assert gap.value.code == "missing-card"


LEAD = """
game "g"
players 2
cards { deck standard }
zone deck shared seen by everyone
zone hand per player seen by everyone
zone table shared seen by everyone
zone taken per player seen by everyone
flow {
  move cards where card is 2..4 ♥ or card is 5♠ from deck to hand of 0
  move cards where card is 6..8 ♦ from deck to hand of 1
  trick {
    lead 0
    lead where suit == ♠ RULE
    play from hand to table
    winner { highest where suit == led }
    take into taken
  }
}
"""


def test_the_first_lead_rule_some_card_meets_decides():
    state = engine(LEAD.replace("RULE", "else any")).new_game(players=2, seed=0)
    assert labels(state) == ["play 5♠"]
    state.apply(state.legal_actions()[0])
    assert sorted(labels(state)) == ["play 6♦", "play 7♦", "play 8♦"]  # follow rules bind the others


def test_a_lead_rule_no_card_meets_without_else_any_is_no_legal_move():
    text = LEAD.replace("suit == ♠ RULE", "suit == ♣").replace(" or card is 5♠", "")
    with pytest.raises(RuleGap) as gap:
        engine(text).new_game(players=2, seed=0)
    assert gap.value.code == "no-legal-move"


def test_a_lead_rule_is_a_condition_on_the_card():
    assert [d.code for d in errors(LEAD.replace("suit == ♠ RULE", "7"))] == ["type-mismatch"]


def test_groups_of_needs_a_grouped_zone():
    assert [d.code for d in errors(TURN.replace("groups of taken of p", "groups of hand of p"))] == ["type-mismatch"]


def test_a_trick_inside_a_turn_rule_is_an_error():
    inner = "trick { lead 0 play from hand to table winner { highest } take into taken }"
    text = TURN.replace("if not upcard is empty {", inner + "\n        if not upcard is empty {")
    assert [d.code for d in errors(text)] == ["type-mismatch"]


DUMMY = """
game "Dummy"
players 4
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
zone board per player seen by everyone
zone table shared seen by everyone
zone taken per player seen by everyone grouped
var leader: player = 1
flow {
  shuffle deck
  deal 13 from deck to hand each
  move all from hand of 2 to board of 2
  repeat 13 times {
    trick {
      lead leader
      play from hand to table
      play for 2 from board by 0
      follow suit == led else any
      winner { highest where suit == led }
      take into taken as group
    }
    leader = winner
  }
}
"""


def test_a_seat_whose_cards_another_plays_from_another_zone():
    state = engine(DUMMY).new_game(4, 3)
    assert state.current_player == 1
    state.apply(state.legal_actions()[0])
    # seat 2's turn: seat 0 chooses, among the cards of seat 2's board, which everyone sees
    assert state.current_player == 0
    board = state.to_json()["zones"]["board"][2]
    led = state.to_json()["zones"]["table"][0][-1]
    same_suit = sorted(c for c in board if c[-1] == led)
    assert sorted(labels(state)) == sorted(f"play {c}" for c in (same_suit or board))
    assert state.observation(1)["zones"]["board"][2] == board
    card = state.legal_actions()[0]
    state.apply(card)
    assert state.current_player == 3
    assert len(state.to_json()["zones"]["board"][2]) == 12 and len(state.to_json()["zones"]["hand"][0]) == 13


def test_the_seats_of_play_for_are_players_and_its_zone_is_per_player():
    text = DUMMY.replace("play for 2 from board by 0", "play for 2 from table by true")
    found = sorted((d.code, d.message) for d in errors(text))
    assert found == [
        ("type-mismatch", "the seat who chooses them should be a player, not a bool"),
        ("type-mismatch", "zone 'table' must be per player here"),
    ]
