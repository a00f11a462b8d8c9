"""`benchmarks/playouts.py`: the decisions it counts are those of the matches it says it played."""

from __future__ import annotations

import random
import re
from pathlib import Path

from benchmarks import playouts
from dsl.api import load_game

GAME = str(Path(__file__).resolve().parents[1] / "games" / "thirteens.cardrules")


def test_it_reports_the_decisions_of_the_seeds_it_was_given(capsys):
    assert playouts.main([GAME, "--players", "3", "--matches", "2", "--first-seed", "7"]) == 0
    reported = re.fullmatch(r"(\d+) decisions in [\d.]+ s of processor time: [\d,]+/s\n", capsys.readouterr().out)
    assert reported is not None
    engine, expected = load_game(GAME), 0
    for seed in (7, 8):
        state, rng = engine.new_game(3, seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            expected += 1
    assert int(reported.group(1)) == expected
