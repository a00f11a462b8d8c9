"""A match's readings are worked out once per set asked for and per game: the checks still refuse
what they refused, every state gets its own `readings`, and no game sees another's."""

from __future__ import annotations

import pytest

from dsl.api import load_game
from dsl.runtime.errors import BadArgument

THIRTEENS = load_game("games/thirteens.cardrules")
JAILBREAK = load_game("games/jailbreak.cardrules")


def test_the_same_readings_asked_again_give_the_same_numbers_and_a_fresh_dict():
    first = THIRTEENS.new_game(4, 1, {"thirteen_points": "thirteen"})
    second = THIRTEENS.new_game(4, 2, {"thirteen_points": "thirteen"})
    assert first.r_thirteen_points == second.r_thirteen_points == 1
    assert first.readings == second.readings and first.readings is not second.readings
    first.readings["thirteen_points"] = "one"  # a caller's change stays with its state
    assert THIRTEENS.new_game(4, 3, {"thirteen_points": "thirteen"}).readings["thirteen_points"] == "thirteen"


@pytest.mark.parametrize(
    "readings, message",
    [
        ({"thirteen_points": "seven"}, "'seven' is not a reading of 'thirteen_points'"),
        ({"no_such": "one"}, "no ambiguity named no_such"),
        ({"thirteen_points": ["one"]}, "is not a reading of 'thirteen_points'"),  # unhashable: checked, not cached
    ],
)
def test_a_wrong_reading_is_refused_every_time_even_after_good_ones(readings, message):
    THIRTEENS.new_game(4, 0, {"thirteen_points": "thirteen"})
    for _ in range(2):
        with pytest.raises(BadArgument, match=message):
            THIRTEENS.new_game(4, 0, readings)


def test_defaults_are_set_whether_readings_are_none_or_empty():
    for readings in (None, {}):
        state = THIRTEENS.new_game(3, 0, readings)
        assert state.readings["trick_point"] == "leftover" and state.r_trick_point == 0


def test_each_game_keeps_its_own_readings():
    THIRTEENS.new_game(4, 0)
    state = JAILBREAK.new_game(3, 0)
    assert set(state.readings) == {name for name, _options, _default in JAILBREAK.State._AMBIGUITIES}
    assert not hasattr(state, "r_thirteen_points")
