"""The static checks' work grows about linearly with the file: a file of many ambiguities is not
checked once per reading against every other ambiguity (states set up per reading, each working
out every ambiguity's reading, made the checks quadratic)."""

from __future__ import annotations

import pytest

from dsl.api import check_source
from dsl.runtime.engine import BaseState
from tests.repeated_declarations import repeated


def readings_worked_out(monkeypatch, count: int) -> int:
    """How many (ambiguity, reading) pairs the engine states set up by the checks of a file of
    `count` ambiguities worked out, in all."""
    worked = []
    original = BaseState._check_readings.__func__

    def counting(cls, readings):
        worked.append(len(cls._AMBIGUITIES))
        return original(cls, readings)

    monkeypatch.setattr(BaseState, "_check_readings", classmethod(counting))
    found = check_source(repeated("ambiguity", count), f"many_{count}.cardrules")
    assert not [d for d in found if d.is_error], [d.message for d in found if d.is_error]
    return sum(worked)


def test_the_readings_worked_out_grow_linearly_with_the_ambiguities(monkeypatch):
    small, large = (readings_worked_out(monkeypatch, count) for count in (40, 80))
    assert small > 0
    assert large <= 2 * small + 10, (small, large)  # quadratic growth would be four times


@pytest.mark.parametrize("kind", ["example", "zone", "var", "table"])
def test_other_repeated_declarations_check_cleanly(kind):
    found = check_source(repeated(kind, 30), f"many_{kind}.cardrules")
    assert not [d for d in found if d.is_error or d.code == "internal-error"]
