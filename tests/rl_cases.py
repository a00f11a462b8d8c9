"""The rule files the RL tests run over: every `.cardrules` under games/ (any folder) and the poker
of tests/data, at every player count the rules allow; the games in which nobody decides apart."""

from __future__ import annotations

import pytest

from dsl import load_game

from .conftest import ROOT

RULE_FILES = sorted((ROOT / "games").rglob("*.cardrules")) + [ROOT / "tests" / "data" / "poker" / "kuhn.cardrules"]
PLAYED = [p for p in RULE_FILES if load_game(str(p)).RULES["decides"]]
NO_DECISIONS = [p for p in RULE_FILES if not load_game(str(p)).RULES["decides"]]


def cases(slow: set[tuple[str, int]], players: str = "all") -> list:
    """(path, player count) for every played game, as pytest params; those in `slow` (name, count)
    marked slow. `players="fewest"` keeps the smallest table of each game."""
    out = []
    for path in PLAYED:
        counts = load_game(str(path)).RULES["players"]
        for count in counts if players == "all" else counts[:1]:
            marks = [pytest.mark.slow] if (path.stem, count) in slow or (path.stem, "*") in slow else []
            out.append(pytest.param(path, count, id=f"{path.stem}-{count}", marks=marks))
    return out
