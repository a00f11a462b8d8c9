"""Shrink a failing text, line by line then character by character, keeping its failure class."""

from __future__ import annotations

import time

from .pool import Job, Pool


def _same(pool: Pool, text: str, path: str, key: str) -> bool:
    for _, outcome in pool.run([Job(None, text, path)]):
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


def minimise(pool: Pool, text: str, path: str, key: str, trials: int = 300, seconds: float = 60.0) -> str:
    deadline = time.monotonic() + seconds
    left = [trials]

    def budget() -> bool:
        return left[0] > 0 and time.monotonic() < deadline

    def keep(candidate: str) -> bool:
        left[0] -= 1
        return _same(pool, candidate, path, key)

    lines = _ddmin(text.split("\n"), "\n", keep, budget)
    text = "\n".join(lines)
    if len(text) <= 2000:
        text = "".join(_ddmin(list(text), "", keep, budget))
    return text
