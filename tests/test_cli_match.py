"""`replay` retells match K of a simulate run move by move; `play` seats a person at the table."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from dsl.cli import app

runner = CliRunner()
THIRTEENS = "games/thirteens.cardrules"


def test_replay_shows_the_match_simulate_played(root, tmp_path, monkeypatch):
    monkeypatch.chdir(root)
    sim = tmp_path / "sim.json"
    args = ["--players", "3", "--reading", "empty_stock=dealer_card"]
    runner.invoke(app, ["simulate", THIRTEENS, *args, "--games", "30", "--seed", "0", "--json", str(sim)])
    gaps = json.loads(sim.read_text())["rule_gaps"]
    assert gaps, "this reading leaves a trick of one joker without a winner"
    gap = gaps[0]
    log = tmp_path / "log.json"
    result = runner.invoke(
        app, ["replay", THIRTEENS, *args, "--seed", "0", "--match", str(gap["example_seed"]), "--json", str(log)]
    )
    assert result.exit_code == 0, result.output
    replayed = json.loads(log.read_text())
    assert replayed["rule_gap"]["line"] == gap["line"] and replayed["rule_gap"]["code"] == gap["code"]
    assert f"thirteens.cardrules:{gap['line']}" in result.output
    assert len(replayed["moves"]) > 0 and all(m["text"].startswith("play ") for m in replayed["moves"])


def test_replay_of_a_complete_match_ends_with_scores(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["replay", "games/jailbreak.cardrules", "--players", "2", "--seed", "4"])
    assert result.exit_code == 0
    assert "final scores: seat 0:" in result.output


def test_play_takes_the_humans_moves_and_rejects_bad_answers(root, monkeypatch):
    monkeypatch.chdir(root)
    answers = "x\n9\n" + "1\n" * 400
    result = runner.invoke(app, ["play", "games/jailbreak.cardrules", "--players", "2", "--seat", "1"], input=answers)
    assert result.exit_code == 0, result.output
    assert "please answer a number from 1 to 2" in result.output
    assert "[1] pass" in result.output and "[2] hunt" in result.output
    assert "final scores" in result.output or "rule gap" in result.output


def test_play_refuses_a_seat_that_does_not_exist(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["play", THIRTEENS, "--players", "3", "--seat", "3"])
    assert result.exit_code == 2
