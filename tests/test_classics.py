"""The classics corpus (games/classics/): every game validates clean, compiles, keeps its
special-rule tests beside it, and plays 200 random matches per player count with no rule gap."""

from __future__ import annotations

import json
from pathlib import Path

import re

import pytest
from typer.testing import CliRunner

from dsl.api import check_source, load_game
from dsl.cli import app

ROOT = Path(__file__).resolve().parent.parent
CLASSICS = sorted((ROOT / "games" / "classics").glob("*.cardrules"))


def test_the_corpus_holds_the_four_games_of_part_a():
    assert {"president", "cheat", "cribbage", "gin_rummy"} <= {p.stem for p in CLASSICS}


@pytest.mark.parametrize("path", CLASSICS, ids=lambda p: p.stem)
def test_validates_with_no_error_and_no_warning(path):
    found = check_source(path.read_text(encoding="utf-8"), str(path))
    loud = [f"{d.span.line}: {d.severity} {d.code}: {d.message}" for d in found if d.severity in ("error", "warning")]
    assert loud == []


@pytest.mark.parametrize("path", CLASSICS, ids=lambda p: p.stem)
def test_compiles_and_generated_is_up_to_date(path):
    result = CliRunner().invoke(app, ["compile", "--check", str(path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("path", CLASSICS, ids=lambda p: p.stem)
def test_every_citation_is_checked_against_its_source(path):
    found = check_source(path.read_text(encoding="utf-8"), str(path))
    assert not [d for d in found if d.code in ("source-not-found", "bad-citation")]


@pytest.mark.parametrize("path", CLASSICS, ids=lambda p: p.stem)
def test_its_special_rules_have_tests(path):
    tests = ROOT / "tests" / f"test_classic_{path.stem}.py"
    base = re.search(r'variant of "([^"]+)\.cardrules"', path.read_text(encoding="utf-8"))
    if not tests.is_file() and base:
        # a variant is tested beside its base game, by name
        tests = ROOT / "tests" / f"test_classic_{base.group(1)}.py"
        assert path.name in tests.read_text(encoding="utf-8")
    assert tests.is_file()
    assert tests.read_text(encoding="utf-8").count("\ndef test_") >= 4


# The corpus's bar is 200 matches per player count (`cardrules simulate FILE --players N --games
# 200 --max-steps 200000`); random Gin Rummy to 100 needs about 28,000 decisions a match, hours for
# 200, so the suite plays fewer of the same seeded matches.
MATCHES_IN_SUITE = 20


@pytest.mark.slow
@pytest.mark.parametrize("path", CLASSICS, ids=lambda p: p.stem)
def test_plays_random_matches_per_player_count_with_no_rule_gap(path, tmp_path):
    for players in load_game(str(path)).RULES["players"]:
        out = tmp_path / f"{players}.json"
        games = str(MATCHES_IN_SUITE)
        args = ["simulate", str(path), "--players", str(players), "--games", games, "--max-steps", "200000"]
        result = CliRunner().invoke(app, [*args, "--json", str(out)])
        assert result.exit_code == 0, result.output
        report = json.loads(out.read_text(encoding="utf-8"))
        assert report["rule_gaps"] == [] and report["completed"] == MATCHES_IN_SUITE, (players, report["rule_gaps"])
