"""Seeded-match fingerprints: a hash of every action, observation and result of a few hundred
random matches per game and player count.  Stored in `tests/data/match_hashes.json`, they pin the
behaviour of every engine across refactorings of the compiler: a change that plays any match
differently changes a hash.

Regenerate only when a rule file changes on purpose:
    python -m tests.match_hashes --write
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import random
import sys

from dsl import load_game
from dsl.runtime.errors import RuleGap

ROOT = pathlib.Path(__file__).resolve().parent.parent
STORE = ROOT / "tests" / "data" / "match_hashes.json"
MATCHES = 200
MAX_STEPS = 3000


def fingerprint(engine, players: int, matches: int = MATCHES) -> str:
    digest = hashlib.sha256()
    for seed in range(matches):
        rng = random.Random(seed)
        try:
            state = engine.new_game(players=players, seed=seed)
            for _ in range(MAX_STEPS):
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                action = rng.choice(legal)
                digest.update(f"{state.current_player}:{legal}:{action}:{state.action_str(action)};".encode())
                state.apply(action)
            digest.update(f"end:{state.is_terminal()}".encode())
            if state.is_terminal():
                digest.update(f"{state.returns()}{state.winners()}".encode())
            for seat in range(players):
                digest.update(json.dumps(state.observation(seat), sort_keys=True, default=str).encode())
        except RuleGap as gap:
            digest.update(f"gap:{gap.code}:{gap.line}".encode())
    return digest.hexdigest()


def all_fingerprints() -> dict[str, str]:
    result = {}
    for path in sorted((ROOT / "games").glob("*.cardrules")):
        engine = load_game(str(path))
        for players in engine.RULES["players"]:
            result[f"{path.stem}@{players}"] = fingerprint(engine, players)
    return result


if __name__ == "__main__":
    prints = all_fingerprints()
    if "--write" in sys.argv:
        STORE.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n")
    print(json.dumps(prints, indent=1, sort_keys=True))
