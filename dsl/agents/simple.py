"""Agents that need no search."""

from __future__ import annotations

import random


class RandomAgent:
    """A legal action chosen uniformly at random."""

    def __init__(self, seat: int, rng: random.Random, **options):
        self.seat, self.rng = seat, rng

    def act(self, view) -> int:
        legal = view.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class FirstAgent:
    """The first legal action: a fixed, reproducible opponent."""

    def __init__(self, seat: int, rng: random.Random, **options):
        self.seat = seat

    def act(self, view) -> int:
        return view.legal_actions()[0]
