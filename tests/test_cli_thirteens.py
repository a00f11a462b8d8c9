"""The CLI on the first real game: validate, compile (deterministic, --check), simulate --json."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from dsl.cli import app

runner = CliRunner()
THIRTEENS = "games/thirteens.cardrules"


def test_validate_lists_ambiguities_and_exits_0(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["validate", THIRTEENS, "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["errors"] == 0
    codes = [d["code"] for d in report["files"][0]["diagnostics"]]
    assert codes.count("ambiguity") >= 5
    # The text's own example (5 players, 3 cards left) does not hold: 54 - 5*10 = 4.
    # One finding per problem: the contradiction carries the example's mismatch in its notes.
    found = [d for d in report["files"][0]["diagnostics"] if d["code"] == "contradiction"]
    assert any(any(note.startswith("example-mismatch:") for note in d["notes"]) for d in found)


def test_broken_file_exits_1_with_a_located_diagnostic(tmp_path):
    bad = tmp_path / "bad.cardrules"
    bad.write_text(
        'game "x"\nplayers 2..4\nzone hand per player seen by ownr\nflow { shuffle hand }\n', encoding="utf-8"
    )
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "bad.cardrules:3:" in result.output
    assert "owner, everyone or nobody" in result.output


def test_compile_is_deterministic_and_check_detects_drift(root, tmp_path, monkeypatch):
    monkeypatch.chdir(root)
    first, second = tmp_path / "a", tmp_path / "b"
    assert runner.invoke(app, ["compile", THIRTEENS, "--out", str(first)]).exit_code == 0
    assert runner.invoke(app, ["compile", THIRTEENS, "--out", str(second)]).exit_code == 0
    a, b = (first / "thirteens.py").read_bytes(), (second / "thirteens.py").read_bytes()
    assert a == b
    assert a == (root / "generated" / "thirteens.py").read_bytes(), "generated/ is out of step with games/"
    assert runner.invoke(app, ["compile", THIRTEENS, "--out", str(first), "--check"]).exit_code == 0
    (first / "thirteens.py").write_bytes(a.replace(b"RULES =", b"RULES  =", 1))
    assert runner.invoke(app, ["compile", THIRTEENS, "--out", str(first), "--check"]).exit_code == 1


def test_generated_module_imports_only_the_runtime(root):
    source = (root / "generated" / "thirteens.py").read_text(encoding="utf-8")
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert all(line.startswith("from dsl.runtime") for line in imports), imports
    assert "lark" not in source and "jinja" not in source.lower()


def test_simulate_writes_every_design_key(root, tmp_path, monkeypatch):
    monkeypatch.chdir(root)
    out = tmp_path / "sim.json"
    result = runner.invoke(
        app, ["simulate", THIRTEENS, "--players", "4", "--games", "20", "--seed", "5", "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    for key in (
        "game",
        "players",
        "games",
        "seed",
        "agents",
        "readings",
        "wins",
        "ties",
        "win_rate",
        "win_rate_ci95",
        "mean_decisions",
        "mean_score",
        "rule_gaps",
        "truncated",
        "elapsed_s",
        "games_per_s",
    ):
        assert key in data, key
    assert data["players"] == 4 and data["games"] == 20
    assert data["draws"] == 0  # a shared win counts for each of its winners:
    assert sum(data["wins"]) >= 20 + data["ties"]
    again = tmp_path / "again.json"
    runner.invoke(app, ["simulate", THIRTEENS, "--players", "4", "--games", "20", "--seed", "5", "--json", str(again)])
    replay = json.loads(again.read_text())
    assert replay["wins"] == data["wins"] and replay["mean_score"] == data["mean_score"]


def test_unknown_reading_is_a_usage_error(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["simulate", THIRTEENS, "--reading", "thirteen_points=seven"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
