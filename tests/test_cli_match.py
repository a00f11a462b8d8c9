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


def test_replay_tells_each_deal_with_its_trump_each_trick_and_the_scores_on_stdout(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["replay", THIRTEENS, "--players", "4", "--seed", "0"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("deal 1: ") and " trump " in lines[0]
    tricks = [line for line in lines if line.startswith("  trick ")]
    deals = [line for line in lines if line.startswith("deal ")]
    scores = [line for line in lines if line.startswith("  scores after deal ")]
    assert len(tricks) == 13 * len(deals)  # 54 cards, 4 players: 13 tricks a deal
    assert tricks[0].startswith("  trick 1: 0: ") and " -> seat " in tricks[0]
    assert len(scores) == len(deals) - 1  # the last deal's scores are the final ones
    assert lines[-1].startswith("final scores: seat 0:")


def test_play_groups_the_hand_by_suit_explains_the_rule_and_quits(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(
        app, ["play", THIRTEENS, "--players", "3", "--seed", "2", "--agents", "first"], input="?\n1\nq\n"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "your hand:" in out and "hand of you" not in out
    suit_lines = [line.split() for line in out.splitlines() if line.startswith("      ") and line.split()]
    assert suit_lines[0][0] == "♠" and all(card.endswith("♠") for card in suit_lines[0][1:])
    lines = (root / THIRTEENS).read_text(encoding="utf-8").splitlines()
    trick_line = next(i for i, line in enumerate(lines, start=1) if line.strip().startswith("trick {"))
    assert f"games/thirteens.cardrules:{trick_line}: trick {{" in out  # the rule asking for a card
    assert "seat 1: play " in out and "-> seat " in out  # the other seats and the trick
    assert out.rstrip().endswith("you left the match")
