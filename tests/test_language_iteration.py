"""Counted loops, loops over ranks and numbers, seat literals and random picks among players."""

from __future__ import annotations

import collections

from .language_helpers import HEAD, engine, errors, labels, play, var


def test_repeat_n_times_and_for_each_number_in_a_range():
    text = HEAD + (
        "var x: int = 0\nvar y: int = 0\n"
        "flow {\n  repeat player_count times { x += 1 }\n  for each n in 2..4 { y += n }\n}\n"
    )
    state = engine(text).new_game(players=3, seed=0)
    assert (var(state, "x"), var(state, "y")) == (3, 9)


def test_a_counted_loop_may_hold_decisions_and_survives_a_clone():
    text = (
        HEAD
        + "var x: int = 0\nvar o: option = none\n"
        + "flow {\n  repeat 3 times { 0 chooses one of yes, no as o\n    if o == yes { x += 1 } }\n}\n"
    )
    state = engine(text).new_game(players=3, seed=0)
    play(state, "yes")
    copy = state.clone()
    play(copy, "yes")
    play(copy, "no")
    assert copy.is_terminal() and var(copy, "x") == 2
    assert not state.is_terminal() and labels(state) == ["yes", "no"]


def test_for_each_rank_goes_through_the_ranks_lowest_first():
    text = HEAD + "var seen: int = 0\nvar last: rank = none\nflow {\n  for each rank r { seen += 1\n    last = r }\n}\n"
    state = engine(text).new_game(players=3, seed=0)
    assert (var(state, "seen"), var(state, "last")) == (13, "A")


def test_a_seat_written_as_a_number_compares_with_a_player():
    text = (
        HEAD
        + "var dealer: player = 2\nvar hit: player = none\n"
        + "flow {\n  for each player p { if p == dealer and dealer == 2 { hit = p } }\n}\n"
    )
    assert var(engine(text).new_game(players=3, seed=0), "hit") == 2


RANDOM_PICK = (
    HEAD
    + """
var score: int per player = 0
var picked: player = none
flow {
  score of 1 = 5
  score of 2 = 5
  picked = random of players q where score of q == max(score)
}
"""
)


def test_random_of_players_picks_among_the_tied_from_the_state_seed():
    game = engine(RANDOM_PICK)
    picks = collections.Counter(var(game.new_game(players=3, seed=seed), "picked") for seed in range(60))
    assert set(picks) == {1, 2}
    assert var(game.new_game(players=3, seed=7), "picked") == var(game.new_game(players=3, seed=7), "picked")


def test_random_of_nothing_is_none():
    text = HEAD + "var picked: player = 0\nflow {\n  picked = random of players q where q > 5\n}\n"
    assert var(engine(text).new_game(players=3, seed=0), "picked") is None


def test_a_range_needs_numbers():
    found = errors(HEAD + "var x: int = 0\nflow {\n  for each n in 1..top of deck { x += n }\n}\n")
    assert any("should be an int, not a card" in d.message for d in found)
