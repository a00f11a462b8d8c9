"""Shrink a failing input, line by line then character by character, keeping its failure class.

A log shrinks by its lines, a message sequence by its messages; a saved state is left whole (a
line of its JSON cannot go without breaking it: its report names the mutation and the field)."""

from __future__ import annotations

import time

from .pool import Job, Pool


def _same(pool: Pool, text: str, path: str, key: str, kind: str, options: dict) -> bool:
    for _, outcome in pool.run([Job(None, text, path, kind=kind, options=options)]):
        return any(f.key == key for f in outcome.failures)
    return False


def _ddmin(units: list[str], joiner: str, keep, budget) -> list[str]:
    chunk = max(1, len(units) // 2)
    while chunk >= 1 and budget():
        i, removed = 0, False
        while i < len(units) and budget():
            candidate = units[:i] + units[i + chunk :]
            if candidate and keep(joiner.join(candidate)):
                units, removed = candidate, True
            else:
                i += chunk
        if not removed:
            chunk //= 2
    return units


def minimise(
    pool: Pool,
    text: str,
    path: str,
    key: str,
    trials: int = 300,
    seconds: float = 60.0,
    kind: str = "rules",
    options: dict | None = None,
) -> str:
    if kind == "state":
        return text
    deadline = time.monotonic() + seconds
    left = [trials]

    def budget() -> bool:
        return left[0] > 0 and time.monotonic() < deadline

    def keep(candidate: str) -> bool:
        left[0] -= 1
        return _same(pool, candidate, path, key, kind, options or {})

    lines = _ddmin(text.split("\n"), "\n", keep, budget)
    text = "\n".join(lines)
    if len(text) <= 2000:
        text = "".join(_ddmin(list(text), "", keep, budget))
    return text
