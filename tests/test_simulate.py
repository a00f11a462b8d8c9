"""The match runner, its statistics, the SVG plot and the CLI commands that need no compiler.

Everything runs against `fixtures/coinflip_engine.py`, a hand-written engine module.
"""

from __future__ import annotations

import importlib.util
import json
import math
import random
from pathlib import Path

import sys

import pytest
from typer.testing import CliRunner

from dsl import cli
from dsl.cli import simulation as cli_simulation
from dsl.sim import stats
from dsl.sim.matches import SimulationUsageError, load_engine_module, run_matches

ENGINE_PATH = Path(__file__).parent / "fixtures" / "coinflip_engine.py"
SIMULATE_KEYS = {
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
    "mean_length",
    "score_spread",
    "completed",
    "draws",
    "teams",
    "seat_balance",
    "first_player",
    "length",
    "score_distribution",
    "lead_changes",
    "decisiveness",
    "drama",
    "rules_fired",
    "skill_gap",
}
TIMING = ("elapsed_s", "games_per_s")


@pytest.fixture(scope="module")
def engine():
    return load_engine_module(str(ENGINE_PATH))


def without_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING}


def run(engine, **options):
    options.setdefault("players", 3)
    options.setdefault("games", 60)
    options.setdefault("seed", 0)
    return run_matches(engine, progress=False, **options)


# --- runner -----------------------------------------------------------------------------------


def test_summary_has_every_documented_key_and_is_json(engine):
    summary = run(engine)
    assert SIMULATE_KEYS <= set(summary)
    assert summary["game"] == "Coinflip"
    assert summary["agents"] == ["random"] * 3
    assert summary["readings"] == {"rounds": "three", "coin": "fair", "gaps": "none"}
    assert len(summary["win_rate_ci95"]) == 3 and all(lo <= hi for lo, hi in summary["win_rate_ci95"])
    assert summary["completed"] == 60 and summary["draws"] == 0  # someone always has the top score
    assert summary["mean_decisions"] == summary["mean_length"] == 9  # 3 rounds x 3 players
    assert summary["length"]["decisions"] == {
        "n": 60,
        "mean": 9.0,
        "sd": 0.0,
        "min": 9,
        "max": 9,
        "histogram": {"edges": [9, 10], "counts": [60]},
    }
    assert [d["n"] for d in summary["score_distribution"]] == [60, 60, 60]
    json.loads(json.dumps(summary))


def test_same_seed_gives_the_same_result_and_another_seed_differs(engine):
    first, again = run(engine, seed=7), run(engine, seed=7)
    assert without_timing(first) == without_timing(again)
    assert without_timing(run(engine, seed=8)) != without_timing(first)


def results_of(engine, **options) -> dict:
    played = {}
    run(engine, on_result=lambda index, result: played.__setitem__(index, result), **options)
    return played


def test_match_i_uses_seed_plus_i_so_any_match_can_be_replayed_alone(engine):
    long_run = results_of(engine, seed=8, games=7)
    short_run = results_of(engine, seed=10, games=5)
    single = results_of(engine, seed=12, games=1)
    assert [long_run[i] for i in range(2, 7)] == [short_run[i] for i in range(5)]
    assert long_run[4] == single[0]
    assert len({r.scores for r in long_run.values()}) > 1  # the seeds do play differently


def test_two_workers_give_identical_results_to_one(engine):
    options = dict(games=40, seed=3, readings={"gaps": "some"}, agents=["random", "first"])
    assert without_timing(run(engine, workers=2, **options)) == without_timing(run(engine, workers=1, **options))


def test_rule_gaps_are_counted_with_the_first_reproducing_seed(engine):
    summary = run(engine, games=100, seed=0, readings={"gaps": "some"})
    expected = [s for s in range(100) if s % 7 == 3]
    assert summary["rule_gaps"] == [
        {
            "code": "empty-draw",
            "line": 12,
            "count": len(expected),
            "example_seed": expected[0],
            "message": "the coin rolled off the table and the rules say nothing",
        }
    ]
    assert summary["completed"] == 100 - len(expected)
    replay = run(engine, games=1, seed=expected[1], readings={"gaps": "some"})
    assert replay["rule_gaps"][0]["example_seed"] == expected[1]


def test_matches_over_the_step_cap_are_truncated_and_reported(engine):
    summary = run(engine, games=5, max_steps=50, readings={"rounds": "endless"})
    assert summary["truncated"] == 5
    assert summary["completed"] == 0
    assert summary["mean_decisions"] == 50
    assert summary["rule_gaps"][0]["code"] == "non-termination"
    assert (summary["rule_gaps"][0]["line"], summary["rule_gaps"][0]["count"]) == (0, 5)
    assert summary["win_rate"] == [0.0, 0.0, 0.0]


def test_engine_exceptions_are_internal_errors_not_crashes(engine):
    summary = run(engine, games=30, readings={"gaps": "crash"})
    crashed = [s for s in range(30) if s % 11 == 5]
    assert summary["rule_gaps"] == [
        {
            "code": "internal-error",
            "line": 0,
            "count": len(crashed),
            "example_seed": crashed[0],
            "message": "ZeroDivisionError: engine bug",
        }
    ]


def test_a_shared_win_is_a_win_for_each_winner_and_a_tie(engine):
    # Both seats always call heads, so every match is shared by both.
    summary = run(engine, players=2, agents=["first"])
    assert summary["agents"] == ["first", "first"]
    assert summary["ties"] == summary["completed"] == 60
    assert summary["wins"] == [60, 60] and summary["win_rate"] == [1.0, 1.0]
    assert summary["draws"] == 0
    assert summary["score_spread"] == 0


def test_a_rigged_reading_shows_in_the_win_rate(engine):
    summary = run(engine, players=2, games=100, readings={"coin": "rigged"}, agents=["random", "first"])
    assert summary["win_rate"][0] > 0.8
    assert summary["wins"][1] == summary["ties"] > 0  # seat 1 only ever shares the win with seat 0


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": 9}, "allowed: 2, 3, 4"),
        ({"agents": ["genius"]}, "choose from: first, greedy, mcts, random"),
        ({"readings": {"nope": "x"}}, "choose from: coin, gaps, rounds"),
        ({"readings": {"coin": "bent"}}, "choose from: fair, rigged"),
        ({"games": 0}, "--games"),
        ({"backend": "cloud"}, "local, ray"),
    ],
)
def test_bad_requests_are_usage_errors(engine, options, message):
    with pytest.raises(SimulationUsageError, match=message):
        run(engine, **options)


def test_ray_backend_without_ray_is_a_clear_usage_error(engine, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # as if it were not installed: `import ray` fails
    with pytest.raises(SimulationUsageError, match=r"pip install 'cardrules\[ray\]'"):
        run(engine, backend="ray")


# --- statistics -------------------------------------------------------------------------------


def test_wilson_interval_known_values():
    lo, hi = stats.wilson_interval(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert stats.wilson_interval(0, 10)[0] == 0.0 and stats.wilson_interval(10, 10)[1] == 1.0
    assert round(stats.wilson_interval(0, 10)[1], 4) == 0.2775
    assert stats.wilson_interval(0, 0) == (0.0, 1.0)


def test_two_proportion_p_value_known_values():
    assert stats.two_proportion_p_value(45, 100, 55, 100) == pytest.approx(0.157299, abs=1e-6)
    assert stats.two_proportion_p_value(50, 100, 50, 100) == 1.0
    assert stats.two_proportion_p_value(0, 100, 0, 100) == 1.0
    assert stats.two_proportion_p_value(1, 0, 1, 10) == 1.0


def test_student_t_p_values_match_tables():
    assert stats.student_t_two_sided_p(2.0, 10) == pytest.approx(0.0733880348, abs=1e-9)
    assert stats.student_t_two_sided_p(1.0, 1) == pytest.approx(0.5, abs=1e-12)
    assert stats.student_t_two_sided_p(2.228138852, 10) == pytest.approx(0.05, abs=1e-9)
    assert stats.student_t_two_sided_p(2.570581836, 5) == pytest.approx(0.05, abs=1e-9)
    assert stats.student_t_two_sided_p(1.959963985, 1e9) == pytest.approx(0.05, abs=1e-6)
    assert stats.student_t_two_sided_p(0.0, 3) == 1.0


def _t_two_sided_by_integration(t: float, df: float, steps: int = 20000) -> float:
    # Independent check: Simpson's rule on the t density from 0 to |t|.
    log_norm = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    density = lambda x: math.exp(log_norm - (df + 1) / 2 * math.log1p(x * x / df))  # noqa: E731
    h = abs(t) / steps
    area = density(0) + density(abs(t)) + sum((4 if i % 2 else 2) * density(i * h) for i in range(1, steps))
    return 1 - 2 * area * h / 3


def test_student_t_agrees_with_numerical_integration_for_fractional_df():
    rng = random.Random(1)
    for _ in range(20):
        t, df = rng.uniform(0.1, 5), rng.uniform(1.5, 80)
        assert stats.student_t_two_sided_p(t, df) == pytest.approx(_t_two_sided_by_integration(t, df), abs=1e-7)


def welch(a, b):
    moments = [(len(x), stats.mean(x), stats.variance(x)) for x in (a, b)]
    return stats.welch_p_value_from_moments(*moments[0], *moments[1])


def test_welch_t_test():
    # t = -1.897, df = 5.882 for these samples.
    assert welch([1, 2, 3, 4, 5], [2, 4, 6, 8, 10]) == pytest.approx(0.10753, abs=1e-5)
    assert welch([3, 3, 3], [3, 3]) == 1.0
    assert welch([3, 3, 3], [4, 4]) == 0.0
    assert welch([1], [1, 2, 3]) == 1.0


def test_mean_and_stdev():
    assert stats.mean([]) == 0.0 and stats.mean([1, 2, 3, 4]) == 2.5
    assert stats.stdev([2, 4, 4, 4, 5, 5, 7, 9]) == pytest.approx(2.13809, abs=1e-5)
    assert stats.stdev([1]) == 0.0


def test_compare_runs_flags_a_real_difference(engine):
    fair = run(engine, players=2, games=200, agents=["random", "first"])
    rigged = run(engine, players=2, games=200, agents=["random", "first"], readings={"coin": "rigged"})
    comparison = stats.compare_runs(fair, rigged)
    assert comparison["p_values"]["win_rate"][0] < 1e-6
    assert comparison["diff"]["win_rate"][0] > 0.3  # shared wins count: seat 0 wins 62% of fair matches
    assert len(stats.flatten_p_values(comparison["p_values"])) == 2 + 3


# --- command line (no compiler needed) --------------------------------------------------------

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(cli.app, [str(a) for a in args])


def test_simulate_missing_file_exits_2_with_a_diagnostic(tmp_path):
    result = invoke("simulate", tmp_path / "missing.cardrules")
    assert result.exit_code == 2
    assert "error[io-error]" in result.output and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_validate_missing_file_exits_2_and_reports_it_in_json(tmp_path):
    result = invoke("validate", "--format", "json", tmp_path / "missing.cardrules")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["errors"] == 1 and data["files"][0]["diagnostics"][0]["code"] == "io-error"


def test_simulate_engine_module_writes_json_and_plot(tmp_path):
    result = invoke(
        "simulate",
        ENGINE_PATH,
        "--games",
        20,
        "--players",
        2,
        "--seed",
        5,
        "--json",
        tmp_path / "s.json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    assert SIMULATE_KEYS <= set(data) and (data["players"], data["games"], data["seed"]) == (2, 20, 5)
    assert "win rate" in result.stdout
    assert f"wrote {tmp_path / 's.json'}" in result.stderr


def test_simulate_defaults_to_the_smallest_player_count(tmp_path):
    invoke("simulate", ENGINE_PATH, "--games", 3, "--json", tmp_path / "s.json")
    assert json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))["players"] == 2


def test_simulate_reports_rule_gaps_with_a_reproducing_command():
    result = invoke("simulate", ENGINE_PATH, "--games", 20, "--reading", "gaps=some")
    assert result.exit_code == 0
    assert "empty-draw" in result.output and "--seed 3 --games 1" in result.output


@pytest.mark.parametrize(
    "args, expected",
    [
        (["--players", "9"], "not 9"),
        (["--reading", "nope=x"], "choose from: coin, gaps, rounds"),
        (["--reading", "coin=bent"], "choose from: fair, rigged"),
        (["--reading", "coin"], "NAME=VALUE"),
        (["--agents", "genius"], "choose from: first, greedy, mcts, random"),
    ],
)
def test_simulate_usage_errors_exit_2_with_one_line(args, expected):
    result = invoke("simulate", ENGINE_PATH, *args)
    assert result.exit_code == 2
    assert expected in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_simulate_engine_crash_is_a_failed_run():
    result = invoke("simulate", ENGINE_PATH, "--games", 12, "--reading", "gaps=crash")
    assert result.exit_code == 1
    assert "internal-error" in result.output


def test_readings_reports_which_ambiguities_matter(tmp_path):
    result = invoke(
        "readings",
        ENGINE_PATH,
        "--games",
        150,
        "--agents",
        "random,first",
        "--max-steps",
        40,
        "--json",
        tmp_path / "r.json",
    )
    assert result.exit_code == 1  # the "crash" reading makes the engine fail
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert {"game", "players", "games", "seed", "ambiguities", "baseline"} <= set(data)
    by_name = {a["name"]: a for a in data["ambiguities"]}
    assert by_name["coin"]["verdict"] == "matters"
    rigged = by_name["coin"]["readings"][0]
    assert rigged["reading"] == "rigged" and rigged["significant"]
    assert {"stats", "diff", "p_values"} <= set(rigged)
    assert [r["reading"] for r in by_name["rounds"]["readings"]] == ["five", "endless"]
    assert by_name["coin"]["tests"] == 1 * (2 + 3)


def test_main_turns_an_unexpected_exception_into_one_line_and_exit_3(monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(cli_simulation, "run_matches", broken)
    assert cli.run(["simulate", str(ENGINE_PATH), "--games", "1"]) == 3
    err = capsys.readouterr().err
    assert err == (
        "cardrules: internal error: RuntimeError: boom "
        "(please report this at https://github.com/cardrules/cardrules/issues)\n"
    )


def test_main_usage_errors_are_one_line(capsys):
    assert cli.run(["simulate"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Missing argument" in err[0]
    assert cli.run(["simulate", str(ENGINE_PATH), "--games", "many"]) == 2


def test_help_documents_exit_code_3():
    result = invoke("--help")
    assert result.exit_code == 0
    assert "3 internal error" in " ".join(result.output.split())


# --- with the compiler (skipped until dsl.api exists) -----------------------------------------

needs_compiler = pytest.mark.skipif(importlib.util.find_spec("dsl.api") is None, reason="dsl.api not available yet")


@needs_compiler
def test_validate_rejects_text_that_is_not_a_game(tmp_path):
    path = tmp_path / "broken.cardrules"
    path.write_text("this is not { a card game\n", encoding="utf-8")
    result = invoke("validate", "--format", "json", path)
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["errors"] >= 1 and data["files"][0]["file"] == str(path)
