"""Correct rule files raise no warning: every file in tests/data/false_alarms (each a small game
that once drew a false alarm, its first comment line says which) and every game of the project
whose doc page lists no remaining warning must validate with no error and no warning."""

from __future__ import annotations

from pathlib import Path

import pytest

from dsl.api import check_source

ROOT = Path(__file__).parent.parent
CORPUS = sorted((ROOT / "tests" / "data" / "false_alarms").glob("*.cardrules"))
CLASSICS = sorted((ROOT / "games" / "classics").glob("*.cardrules"))


def _loud(path: Path) -> list[str]:
    found = check_source(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    return [
        f"{d.span.line}:{d.span.column} {d.code}: {d.message} | {' | '.join(d.notes)}"
        for d in found
        if d.severity.value in ("error", "warning")
    ]


def test_the_corpus_has_a_file_for_each_kind_of_false_alarm():
    kinds = {path.read_text(encoding="utf-8").split(":", 1)[0].lstrip("# ") for path in CORPUS}
    assert {"unspecified-tie", "no-legal-move", "empty-draw", "contradiction"} <= kinds


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_a_correct_small_file_validates_without_warnings(path: Path):
    assert _loud(path) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", CLASSICS, ids=[p.stem for p in CLASSICS])
def test_a_classic_game_validates_without_warnings(path: Path):
    assert _loud(path) == []
