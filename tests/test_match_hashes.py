"""Every engine plays the same matches for the same seeds as when the fingerprints were stored:
the compiler may change the form of the generated code, never the games it plays."""

from __future__ import annotations

import json

import pytest

from dsl import load_game

from .match_hashes import STORE, fingerprint
from .conftest import GAMES

STORED = json.loads(STORE.read_text())


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_seeded_matches_are_unchanged(path):
    engine = load_game(str(path))
    for players in engine.RULES["players"]:
        assert fingerprint(engine, players) == STORED[f"{path.stem}@{players}"], f"{path.stem} at {players} players"
