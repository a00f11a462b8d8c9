"""What search agents share: reading a budget, playing a world out, and scoring where it stops."""

from __future__ import annotations

import random
import re
import time

DECISION_CAP = 400  # decisions a playout may take before it is scored where it stands

_BUDGET = re.compile(r"^\s*(\d+)\s*(ms)?\s*$")


class BadBudget(ValueError):
    """A budget that is neither a number of iterations (`200`) nor milliseconds (`50ms`)."""


class Budget:
    """Iterations per decision, or milliseconds per decision (then not reproducible from a seed)."""

    def __init__(self, text, default: int | str):
        text = str(default) if text is None else str(text)
        match = _BUDGET.match(text)
        if match is None or int(match.group(1)) <= 0:
            raise BadBudget(f"budget {text!r}: give a number of iterations (200) or milliseconds per decision (50ms)")
        self.amount, self.timed = int(match.group(1)), match.group(2) is not None

    def running(self):
        """True while there is budget left; call once per iteration."""
        if self.timed:
            deadline = time.perf_counter() + self.amount / 1000.0
            done = 0
            while done == 0 or time.perf_counter() < deadline:
                done += 1
                yield done
        else:
            yield from range(1, self.amount + 1)


def random_playout(world, rng: random.Random, until_scored: bool = True) -> None:
    """Random legal moves until the end, or when `until_scored` until the scores change or the
    next deal is dealt.

    Most games score by deals; playing a world to the end of the deal gives a result that moves
    for a fraction of the cost of the whole match.  A deal that ends with no score (Gin Rummy's
    hand with the stock run out) ends the playout too: the deals after it tell nothing more of the
    move being tried, and would be played out for hundreds of decisions."""
    start = world.returns() if until_scored else None
    deals = getattr(world, "deals", 0)
    for _ in range(DECISION_CAP):
        if world.is_terminal():
            return
        legal = world.legal_actions()
        world.apply(legal[rng.randrange(len(legal))])
        if until_scored and (world.returns() != start or getattr(world, "deals", 0) != deals):
            return


def outcome(world, start: list[float]) -> list[float]:
    """A value in [0, 1] per seat: a win at the end, else its rank by how much its score moved.

    The rank (the share of the other seats it gained more than, ties counting half) needs no
    scale, so it suits every rule file's scores; `winners highest` or `lowest` decides its sense."""
    n = world.n
    if world.is_terminal():
        winners = set(world.winners())
        return [1.0 if seat in winners else 0.0 for seat in range(n)]
    lowest = getattr(world, "_WINNERS", "highest") == "lowest"
    moved = [(b - a) * (-1 if lowest else 1) for a, b in zip(start, world.returns(), strict=True)]
    if n == 1:
        return [0.5]
    return [sum(1.0 if m > o else 0.5 if m == o else 0.0 for o in moved) / (n - 1) - 0.5 / (n - 1) for m in moved]
