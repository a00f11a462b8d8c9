"""A decision asked of a seat loop's name among listed options is stored as it is asked, without
`_decide`'s tests, only where the name must hold a seat: a rule that assigns the name again keeps
the test, and the located gap when it names no seat."""

import pytest

from dsl.runtime.errors import RuleGap
from tests.language_helpers import HEAD, engine, labels, play

LOOP = HEAD + "var o: option = none\nvar boss: player\nflow {\n  for each player q {\n{body}  }\n}\n"


def test_each_seat_of_the_loop_is_asked_in_turn_among_the_options():
    module = engine(LOOP.replace("{body}", "    q chooses one of stay, go as o\n"))
    state = module.new_game(3, seed=1)
    asked = []
    while not state.is_terminal():
        asked.append((state.current_player, labels(state)))
        play(state, "go")
    assert asked == [(0, ["stay", "go"]), (1, ["stay", "go"]), (2, ["stay", "go"])]


def test_a_loop_name_assigned_an_unset_player_is_still_a_located_gap():
    text = LOOP.replace("{body}", "    q = boss\n    q chooses one of stay, go as o\n")
    with pytest.raises(RuleGap) as gap:
        engine(text).new_game(3, seed=1)
    assert gap.value.code == "unset-value"
    assert gap.value.line == text.splitlines().index("    q chooses one of stay, go as o") + 1
