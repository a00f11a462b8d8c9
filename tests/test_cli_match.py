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
    result = runner.invoke(app, ["replay", THIRTEENS, *args, "--seed", "0", "--match", str(gap["example_seed"])])
    assert result.exit_code == 0, result.output
    assert f"thirteens.cardrules:{gap['line']}" in result.output and f"[{gap['code']}]" in result.output
    events = runner.invoke(
        app, ["replay", THIRTEENS, *args, "--seed", "0", "--match", str(gap["example_seed"]), "--json"]
    )
    decisions = [json.loads(line) for line in events.stdout.splitlines()]
    decisions = [e for e in decisions if e["kind"] == "decision"]
    assert decisions and all(e["label"].startswith("play ") for e in decisions)


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
    lines = [line.split(maxsplit=1)[-1] for line in result.stdout.splitlines()]
    deals = [line for line in lines if line.startswith("deal ")]
    tricks = [line for line in lines if line.startswith("trick ")]
    assert deals and len(tricks) == 13 * len(deals)  # 54 cards, 4 players: 13 tricks a deal
    assert any(line.startswith("trump = ") for line in lines)
    assert tricks[0].startswith("trick 1: seat ") and tricks[0].endswith(" takes it")
    assert any(line.startswith("total of 0 = ") for line in lines)
    assert result.stdout.splitlines()[-1].startswith("final scores: seat 0:")


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
