"""`--native` on the command line: the same report as the Python engine, and plain refusals."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dsl.cli import app
from dsl.cli.longrun import command_line

runner = CliRunner()
JAILBREAK = "games/jailbreak.cardrules"
TIMINGS = ("elapsed_s", "games_per_s")


def _summary(args: list[str]) -> dict:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    for key in TIMINGS:
        summary.pop(key, None)
    return summary


def test_simulate_native_reports_exactly_what_the_python_engine_reports(root, monkeypatch):
    pytest.importorskip("Cython")
    monkeypatch.chdir(root)
    args = ["simulate", JAILBREAK, "--games", "40", "--players", "3", "--quiet", "--json", "-"]
    python_summary = _summary(args)
    native_summary = _summary(args + ["--native"])
    assert native_summary == python_summary
    assert native_summary["games"] == 40


def test_native_of_an_engine_module_is_a_usage_error(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["simulate", "generated/jailbreak.py", "--games", "1", "--native"])
    assert result.exit_code == 2, result.output
    assert "--native builds the engine of a .cardrules file" in result.output
    assert "Traceback" not in result.output


def test_a_resume_command_repeats_a_flag_without_a_value():
    line = command_line("simulate", "g.cardrules", {"--games": 3, "--native": True, "--plot": None})
    assert line == "cardrules simulate g.cardrules --games 3 --native"


def test_a_failing_c_compiler_is_a_located_diagnostic_not_a_traceback(root, monkeypatch, tmp_path):
    pytest.importorskip("Cython")
    monkeypatch.chdir(root)
    monkeypatch.setenv("CARDRULES_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("CC", "false")  # the compiler setuptools calls: fails at once
    result = runner.invoke(app, ["simulate", JAILBREAK, "--games", "1", "--native", "--quiet"])
    assert result.exit_code == 1, result.output
    assert "native-unavailable" in result.output
    assert "could not be built" in result.output
    assert "cardrules[native]" in result.output
    assert "Traceback" not in result.output
