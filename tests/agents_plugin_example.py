"""An agent plug-in: `cardrules simulate --agents tests.agents_plugin_example:LookaheadAgent,random`."""

import random


class LookaheadAgent:
    """Tries each legal action on a few worlds this seat cannot rule out; keeps the best score."""

    def __init__(self, seat: int, rng: random.Random, samples: int = 2, **options):
        self.seat, self.rng, self.samples = seat, rng, int(samples)

    def act(self, view) -> int:
        legal = view.legal_actions()
        scores = dict.fromkeys(legal, 0.0)
        for _ in range(self.samples):
            world = view.sample_world(self.rng)  # hidden cards dealt again: no peeking
            for action in legal:
                trial = world.clone()
                trial.apply(action)
                scores[action] += trial.returns()[self.seat]
        return max(legal, key=scores.get)
