"""Small rule files that pin down what constructs mean, run through the engine API."""

from __future__ import annotations

import pytest

from dsl.api import compile_source, module_from_source

TRICK_GAME = """
game "lead and follow"
players 2
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
zone table shared seen by everyone
zone taken per player seen by owner
var trump: suit = ♥
var pts: int per player = 0
flow {
  move cards where card is A♠ from deck to hand of 0
  move cards where suit == ♥ and rank == 2 from deck to hand of 0
  move cards where card is K♠ from deck to hand of 1
  move cards where suit == ♥ and rank == 3 from deck to hand of 1
  trick {
    lead 0
    play from hand to table
    follow suit == led else suit == trump else any
    winner {
      highest where suit == trump
      highest where suit == led
    }
    take into taken
  }
  pts of winner = 10 - 3 - 2
}
result pts
"""


def engine(text: str):
    compiled = compile_source(text, "t.cardrules")
    assert compiled.ok, [f"{d.span.line}: {d.message}" for d in compiled.diagnostics]
    return module_from_source(compiled.source, "t")


def names(state):
    return sorted(state.action_str(a) for a in state.legal_actions())


def test_the_leader_is_not_bound_by_follow_rules_and_followers_are():
    game = engine(TRICK_GAME)
    state = game.new_game(players=2, seed=0)
    assert names(state) == ["play 2♥", "play A♠"]  # a trump is not forced on the leader
    state.apply(next(a for a in state.legal_actions() if state.action_str(a) == "play A♠"))
    assert names(state) == ["play K♠"]  # the follower must follow suit
    state.apply(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.returns() == [5.0, 0.0]  # binary minus: 10 - 3 - 2


def test_a_trump_beats_the_led_suit_when_the_follower_cannot_follow():
    game = engine(TRICK_GAME.replace("move cards where card is K♠ from deck to hand of 1\n", ""))
    state = game.new_game(players=2, seed=0)
    state.apply(next(a for a in state.legal_actions() if state.action_str(a) == "play A♠"))
    assert names(state) == ["play 3♥"]
    state.apply(state.legal_actions()[0])
    assert state.returns() == [0.0, 5.0]


@pytest.mark.parametrize(
    "expr, value", [("7 - 2 - 1", 4), ("-3 + 10", 7), ("2 * -3", -6), ("17 / 5", 3), ("17 % 5", 2)]
)
def test_arithmetic(expr, value):
    text = (
        'game "a"\nplayers 1\nzone deck shared seen by nobody\nvar r: int per player = 0\n'
        f"flow {{ r of 0 = {expr} }}\nresult r\n"
    )
    assert engine(text).new_game(players=1).returns() == [float(value)]
