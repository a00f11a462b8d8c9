"""`greedy`: one ply, each legal action scored on worlds the seat cannot rule out."""

from __future__ import annotations

import random

from .playout import outcome, random_playout


class GreedyAgent:
    """Each legal action is tried on `rollouts` sampled worlds (one world shared by all actions
    per round, so they are compared on the same cards) and played out at random until the scores
    next change; the action whose seat ranks best on average is chosen, ties at random.

    Options: `rollouts` (default 1) worlds per decision.  Knows no game: the engine API only."""

    def __init__(self, seat: int, rng: random.Random, rollouts: int | str = 1, **options):
        self.seat, self.rng = seat, rng
        self.rollouts = max(1, int(rollouts))

    def act(self, view) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        totals = [0.0] * len(legal)
        for _ in range(self.rollouts):
            world = view.sample_world(self.rng)
            start = world.returns()
            for i, action in enumerate(legal):
                trial = world.clone()
                trial.apply(action)
                random_playout(trial, self.rng)
                totals[i] += outcome(trial, start)[self.seat]
        best = max(totals)
        choices = [a for a, total in zip(legal, totals, strict=True) if total == best]
        return choices[self.rng.randrange(len(choices))]
