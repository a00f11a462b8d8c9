"""Variants: a few lines that override named parts of a base game."""

from __future__ import annotations

import re

from dsl.api import check_source, compile_file, load_game


def test_variant_overrides_only_what_it_declares(root):
    base = load_game(str(root / "games" / "thirteens.cardrules"))
    variant = load_game(str(root / "games" / "thirteens_to_100.cardrules"))
    assert variant.RULES["name"] == "Thirteens to 100"
    assert variant.RULES["players"] == base.RULES["players"]
    defaults = {a["name"]: a["default"] for a in variant.RULES["ambiguities"]}
    assert defaults["thirteen_points"] == "thirteen"
    assert defaults["joker_lead"] == "first_suited"  # taken from the base unchanged
    state = variant.new_game(players=4, seed=2)
    assert state.to_json()["vars"]["target"] == 100
    assert base.new_game(players=4, seed=2).to_json()["vars"]["target"] == 50


def test_variant_comments_cite_the_base_file_for_inherited_rules(root):
    compiled = compile_file(str(root / "games" / "thirteens_to_100.cardrules"))
    assert compiled.ok
    assert "# thirteens.cardrules:" in compiled.source


def test_missing_base_and_cycles_are_diagnosed(tmp_path):
    missing = tmp_path / "v.cardrules"
    missing.write_text('game "v" variant of "nowhere.cardrules"\n', encoding="utf-8")
    diags = check_source(missing.read_text(), str(missing))
    assert [d.code for d in diags] == ["undefined-name"]
    assert "nowhere.cardrules" in diags[0].message
    loop = tmp_path / "loop.cardrules"
    loop.write_text('game "loop" variant of "loop.cardrules"\n', encoding="utf-8")
    assert [d.code for d in check_source(loop.read_text(), str(loop))] == ["variant-cycle"]


def test_validate_shows_inherited_findings_in_the_base_file(root, monkeypatch):
    from typer.testing import CliRunner

    from dsl.cli import app

    monkeypatch.chdir(root)
    result = CliRunner().invoke(app, ["validate", "games/thirteens_to_100.cardrules"])
    assert result.exit_code == 0
    assert re.search(
        r"games/thirteens\.cardrules:\d+:3: warning\[contradiction\]", result.output
    )  # with the mismatch as notes
    assert "expect size of stock + size of turned == 3" in result.output  # the base file's own line


def test_a_variant_that_declares_teams_plays_in_partnerships(tmp_path):
    base = tmp_path / "solo.cardrules"
    base.write_text(
        'game "solo"\nplayers 2, 4\ncards { deck standard }\nzone deck shared seen by nobody\n'
        "zone hand per player seen by owner\nvar points: int per player = 0\n"
        "flow {\n  deal 1 from deck to hand each\n  points of 0 = 1\n}\nresult points\nwinners highest, ties share\n",
        encoding="utf-8",
    )
    variant = tmp_path / "pairs.cardrules"
    pairs = 'game "pairs" variant of "solo.cardrules"\nplayers 4\nteams partners opposite\n'
    variant.write_text(pairs, encoding="utf-8")
    state = load_game(str(variant)).new_game(players=4, seed=0)
    assert state.teams() == [[0, 2], [1, 3]]
    assert state.is_terminal() and state.winners() == [0, 2]  # seat 2 shares its partner's point
