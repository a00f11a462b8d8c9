"""What a random match shows through the engine API, step by step and type-exact, for comparing
two engines of one game (the Python engine and its native build) move for move."""

from __future__ import annotations

import random

from tests.engine_state import frozen

LOOKS = frozenset({0, 1, 2, 5, 13, 40, 100})  # the steps (and the last) at which every seat looks
# Random moves need not end a match under every reading (bids that always lead to a new deal):
# a comparison goes this far. (The longest seeded matches of the games, of gin rummy, take 21175.)
MOST_DECISIONS = 30_000


def player_counts(engine) -> list[int]:
    """Up to three player counts of the game: the fewest, the most and one between."""
    counts = list(engine.RULES["players"])
    if len(counts) <= 3:
        return counts
    return [counts[0], counts[len(counts) // 2], counts[-1]]


def readings_for(engine, seed: int) -> dict:
    """The default readings for seed 0, else a reading of each ambiguity drawn from the seed."""
    if seed == 0:
        return {}
    pick = random.Random(f"readings {seed}")
    return {a["name"]: pick.choice(a["readings"]) for a in engine.RULES["ambiguities"]}


def snapshot(state, players: int) -> dict:
    """Everything the engine API shows of a state, type-exact (`True` is not `1`, `1.0` not `1`)."""
    return frozen(
        {
            "player": state.current_player,
            "terminal": state.is_terminal(),
            "legal": state.legal_actions(),
            "history": list(state.history),
            "hits": list(state.hits),
            "observations": [state.observation(seat) for seat in range(players)],
            "tensors": [state.observation_tensor(seat) for seat in range(players)],
            "json": state.to_json(),
        }
    )


def play_on(state, players: int, chooser: random.Random) -> list:
    """The match from `state` to its end (or MOST_DECISIONS on) with random legal moves: what
    every step shows (all of it at the steps of LOOKS and at the last), then the results."""
    steps = []
    while True:
        last = state.is_terminal() or len(steps) == MOST_DECISIONS
        if len(steps) in LOOKS or last:
            steps.append(snapshot(state, players))
        else:
            steps.append(frozen([state.current_player, state.legal_actions(), list(state.hits)]))
        if last:
            break
        state.apply(chooser.choice(state.legal_actions()))
    return steps + [frozen([state.returns(), state.winners()] if state.is_terminal() else "going on")]


def match(engine, players: int, seed: int) -> list:
    state = engine.new_game(players, seed=seed, readings=readings_for(engine, seed))
    return play_on(state, players, random.Random(seed))


def first_difference(left: list, right: list) -> str:
    for step, (a, b) in enumerate(zip(left, right, strict=False)):
        if a != b:
            return f"step {step}: python {a!r:.600}\n        native {b!r:.600}"
    return f"python has {len(left)} steps, native {len(right)}"
