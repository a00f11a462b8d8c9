"""The rule files of the teams, outcomes and knock-out tests: each validates with no warning and
plays 200 random matches at each of its player counts with no rule gap."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl import check_source, load_game
from dsl.cli import app

FILES = sorted((Path(__file__).parent / "data" / "standings").glob("*.cardrules"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_validates_with_no_error_or_warning(path):
    found = [d for d in check_source(path.read_text(), str(path)) if d.severity in ("error", "warning")]
    assert found == [], [f"{d.span.line}: {d.code} {d.message}" for d in found]


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_plays_200_matches_at_every_player_count_without_a_rule_gap(path):
    for players in load_game(str(path)).RULES["players"]:
        args = ["simulate", str(path), "--players", str(players), "--games", "200", "--json", "-"]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
        data = json.loads(result.output[result.output.index("{") :])
        assert data["completed"] == 200, (players, data.get("gaps"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_graph_and_the_rule_book_read_each_file(path, tmp_path):
    for args in (["graph", str(path), "--format", "mermaid"], ["doc", str(path), "--out", str(tmp_path / "page.md")]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
    assert "flowchart" in CliRunner().invoke(app, ["graph", str(path), "--format", "mermaid"]).output
