"""Plug-in agents that break the agent interface, for the tests of how `simulate` reports them."""

import random

from dsl.runtime.errors import RuleGap


class RaisingAgent:
    def __init__(self, seat: int, rng: random.Random, **options):
        self.seat = seat

    def act(self, view) -> int:
        raise ZeroDivisionError("the agent divided by zero")


class WorldGapAgent:
    """As a search agent meets a rule gap in a world it sampled and plays forward."""

    def __init__(self, seat: int, rng: random.Random, **options):
        self.seat = seat

    def act(self, view) -> int:
        raise RuleGap("empty-draw", 12, "1 card(s) needed but only 0 left")


class IllegalAgent:
    def __init__(self, seat: int, rng: random.Random, **options):
        self.seat = seat

    def act(self, view) -> int:
        return max(view.legal_actions()) + 1000
