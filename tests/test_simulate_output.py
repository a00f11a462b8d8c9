"""Output that fits the shell: the report on stdout, notes and errors on stderr, `--quiet`,
`--plot` checked before the run and written through matplotlib, for `simulate` and `readings`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl import cli

ENGINE = Path(__file__).parent / "fixtures" / "coinflip_engine.py"
PARTNERS = Path(__file__).parent / "fixtures" / "partners_engine.py"
runner = CliRunner()


def invoke(*args):
    return runner.invoke(cli.app, [str(a) for a in args])


def test_the_summary_goes_to_stdout_and_the_notes_to_stderr(tmp_path):
    result = invoke("simulate", ENGINE, "--games", 30, "--json", tmp_path / "s.json")
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout and "seat balance" in result.stdout
    assert "a shared win counts as a win for each winner" in result.stdout
    assert result.stderr.strip() == f"wrote {tmp_path / 's.json'}"


def test_json_on_stdout_is_the_json_alone(tmp_path):
    result = invoke("simulate", ENGINE, "--games", 10, "--json", "-")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["games"] == 10
    assert "win rate" in result.stderr


def test_quiet_leaves_only_warnings_and_errors(tmp_path):
    result = invoke("simulate", ENGINE, "--games", 10, "--quiet", "--json", tmp_path / "s.json")
    assert result.exit_code == 0
    assert result.stdout == "" and result.stderr == ""
    assert json.loads((tmp_path / "s.json").read_text())["games"] == 10


def test_a_partnership_shows_its_team_table():
    result = invoke("simulate", PARTNERS, "--games", 50)
    assert result.exit_code == 0, result.output
    assert "teams" in result.stdout and "north-south" in result.stdout and "draws" in result.stdout


@pytest.mark.parametrize("name", ["chart.pdf", "chart", "chart.svg.txt"])
def test_an_unknown_plot_format_is_a_usage_error_before_any_match(tmp_path, name):
    result = invoke("simulate", ENGINE, "--games", 10, "--plot", tmp_path / name, "--json", tmp_path / "s.json")
    assert result.exit_code == 2
    assert "--plot writes .png or .svg files" in result.stderr
    assert not (tmp_path / "s.json").exists()  # nothing was played


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_plots_are_written_in_the_format_of_their_extension(tmp_path, suffix, magic):
    path = tmp_path / f"chart{suffix}"
    result = invoke("simulate", ENGINE, "--games", 40, "--plot", path)
    assert result.exit_code == 0, result.output
    assert path.read_bytes().startswith(magic)
    assert f"wrote {path}" in result.stderr


def test_the_same_run_draws_the_same_svg(tmp_path):
    for name in ("a.svg", "b.svg"):
        assert invoke("simulate", ENGINE, "--games", 20, "--plot", tmp_path / name).exit_code == 0
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()


def test_readings_takes_agents_and_budget_and_plots_each_reading(tmp_path):
    plot, out = tmp_path / "r.svg", tmp_path / "r.json"
    args = ["--games", 60, "--agents", "random,first", "--budget", "7", "--max-steps", 40]
    result = invoke("readings", ENGINE, *args, "--json", out, "--plot", plot)
    assert result.exit_code == 1  # the "crash" reading makes the engine fail; the report is still made
    data = json.loads(out.read_text())
    assert data["agents"] == ["random", "first"] and data["budget"] == "7"
    svg = plot.read_text()
    assert "coin=rigged" in svg and "change of win rate" in svg
    assert "agents random,first" in result.stdout


def test_the_progress_bar_shows_matches_per_second_on_a_terminal_only(tmp_path):
    on_terminal = runner.invoke(
        cli.app,
        ["simulate", str(ENGINE), "--games", "1500", "--json", str(tmp_path / "a.json")],
        env={"FORCE_COLOR": "1"},
    )
    assert on_terminal.exit_code == 0
    assert "simulating" in on_terminal.stderr and "matches/s" in on_terminal.stderr
    in_a_pipe = invoke("simulate", ENGINE, "--games", 1500, "--json", tmp_path / "b.json")
    assert "simulating" not in in_a_pipe.stderr
    quiet = runner.invoke(cli.app, ["simulate", str(ENGINE), "--games", "1500", "--quiet"], env={"FORCE_COLOR": "1"})
    assert quiet.stderr == "" and quiet.stdout == ""
