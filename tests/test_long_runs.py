"""Long runs lose nothing: the match log of `simulate --log`, Ctrl-C and SIGTERM (partial summary,
exit 130), `--resume` (the same JSON as an uninterrupted run), bounded `--workers`, and the
atomic writes of every file the command line produces.

Interrupts are simulated by an agent move that raises KeyboardInterrupt after K matches (in
process), and, in the slow tests, by a real signal sent to a `cardrules` subprocess."""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl import cli
from dsl.cli import check as cli_check, shared as cli_shared
from dsl.report import files as write_atomic_module
from dsl.sim import plot as plot_module
from dsl.sim import matches as simulate
from dsl.report.files import write_atomic

ENGINE_PATH = Path(__file__).parent / "fixtures" / "coinflip_engine.py"
GAMES = Path(__file__).parent.parent / "games"
TIMING = ("elapsed_s", "games_per_s")
runner = CliRunner()


def invoke(*args):
    return runner.invoke(cli.app, [str(a) for a in args])


def without_timing(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in TIMING}


def read_json(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def log_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def interrupt_after(monkeypatch):
    """`interrupt_after(k)`: the (k+1)-th match started raises KeyboardInterrupt, as Ctrl-C would."""

    def arm(k: int):
        real = simulate.play_match
        calls = {"n": 0}

        def play_match(engine, config, seed):
            calls["n"] += 1
            if calls["n"] > k:
                raise KeyboardInterrupt
            return real(engine, config, seed)

        monkeypatch.setattr(simulate, "play_match", play_match)
        return lambda: monkeypatch.setattr(simulate, "play_match", real)

    return arm


RUN = ("simulate", ENGINE_PATH, "--players", 3, "--games", 40, "--seed", 7, "--reading", "gaps=some")


# --- the match log --------------------------------------------------------------------------------


def test_log_has_a_header_and_one_line_per_match_with_its_outcome(tmp_path):
    log = tmp_path / "run.jsonl"
    result = invoke(*RUN, "--log", log, "--json", tmp_path / "s.json")
    assert result.exit_code == 0, result.output
    header, *matches = log_lines(log)
    assert header["log"] == "cardrules-simulate" and header["seed"] == 7 and header["players"] == 3
    assert header["readings"]["gaps"] == "some" and header["agents"] == ["random"] * 3
    assert sorted(m["match"] for m in matches) == list(range(40))
    for line in matches:
        assert line["seed"] == 7 + line["match"] and line["players"] == 3 and line["readings"]["gaps"] == "some"
        if line["gap"] is None:
            assert len(line["actions"]) == line["decisions"]
            assert len(line["scores"]) == 3 and line["winners"]
        else:
            # The last action is the one whose move ran into the gap.
            assert len(line["actions"]) == line["decisions"] + 1
            assert line["scores"] is None and line["gap"]["code"] == "empty-draw" and line["gap"]["line"] == 12
    gapped = [m for m in matches if m["gap"]]
    summary = read_json(tmp_path / "s.json")
    assert summary["rule_gaps"][0]["count"] == len(gapped) > 0
    assert summary["truncated"] == 0


def test_log_records_step_cap_hits_and_the_summary_is_unchanged_by_logging(tmp_path):
    options = ("simulate", ENGINE_PATH, "--games", 6, "--reading", "rounds=endless", "--max-steps", 30)
    assert invoke(*options, "--json", tmp_path / "plain.json").exit_code == 0
    assert invoke(*options, "--json", tmp_path / "logged.json", "--log", tmp_path / "l.jsonl").exit_code == 0
    assert without_timing(read_json(tmp_path / "plain.json")) == without_timing(read_json(tmp_path / "logged.json"))
    matches = log_lines(tmp_path / "l.jsonl")[1:]
    assert all(m["truncated"] and m["gap"]["code"] == "non-termination" and m["decisions"] == 30 for m in matches)
    assert read_json(tmp_path / "logged.json")["truncated"] == 6


def test_log_lines_replay_the_match_they_describe(tmp_path):
    # The actions of a line, applied to a fresh engine with that seed, give that line's outcome.
    log = tmp_path / "run.jsonl"
    assert invoke("simulate", ENGINE_PATH, "--games", 5, "--seed", 3, "--log", log).exit_code == 0
    engine = simulate.load_engine_module(str(ENGINE_PATH))
    for line in log_lines(log)[1:]:
        state = engine.new_game(line["players"], line["seed"], line["readings"])
        for action in line["actions"]:
            state.apply(action)
        assert state.is_terminal() and list(state.returns()) == line["scores"]


def test_log_with_two_workers_holds_the_same_matches(tmp_path):
    assert invoke(*RUN, "--log", tmp_path / "one.jsonl").exit_code == 0
    assert invoke(*RUN, "--log", tmp_path / "two.jsonl", "--workers", 2).exit_code == 0
    one, two = log_lines(tmp_path / "one.jsonl"), log_lines(tmp_path / "two.jsonl")
    assert one[0] == two[0]
    assert sorted(one[1:], key=lambda m: m["match"]) == sorted(two[1:], key=lambda m: m["match"])


def test_log_refuses_to_overwrite_a_log_with_matches(tmp_path):
    log = tmp_path / "run.jsonl"
    assert invoke(*RUN, "--log", log).exit_code == 0
    before = log.read_bytes()
    result = invoke(*RUN, "--log", log)
    assert result.exit_code == 2 and f"--resume {log}" in result.output
    assert log.read_bytes() == before


# --- interrupt and resume -------------------------------------------------------------------------


def test_ctrl_c_writes_the_partial_summary_and_resume_gives_the_uninterrupted_json(tmp_path, interrupt_after):
    assert invoke(*RUN, "--json", tmp_path / "whole.json").exit_code == 0
    log, out = tmp_path / "run.jsonl", tmp_path / "out.json"
    disarm = interrupt_after(15)
    result = invoke(*RUN, "--json", out, "--log", log)
    disarm()
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output
    partial = read_json(out)
    assert partial["interrupted"] is True and partial["games"] == 15 and partial["games_requested"] == 40
    assert len(log_lines(log)) == 1 + 15
    assert "interrupted: 15 of 40 matches finished" in result.output
    command = next(line for line in result.output.splitlines() if line.startswith("resume with: "))
    arguments = shlex.split(command.removeprefix("resume with: "))
    assert arguments[0] == "cardrules" and arguments[-2:] == ["--resume", str(log)]

    resumed = invoke(*arguments[1:])
    assert resumed.exit_code == 0, resumed.output
    whole, final = read_json(tmp_path / "whole.json"), read_json(out)
    assert set(whole) == set(final)
    for key in whole:
        if key not in TIMING:
            assert final[key] == whole[key], key
    assert sorted(m["match"] for m in log_lines(log)[1:]) == list(range(40))


def test_resume_twice_and_resume_of_a_finished_log_change_nothing(tmp_path, interrupt_after):
    assert invoke(*RUN, "--json", tmp_path / "whole.json").exit_code == 0
    log, out = tmp_path / "run.jsonl", tmp_path / "out.json"
    for k in (5, 12):  # interrupted, resumed and interrupted again
        disarm = interrupt_after(k)
        assert invoke(*RUN, "--json", out, "--resume" if log.exists() else "--log", log).exit_code == 130
        disarm()
    assert len(log_lines(log)) == 1 + 5 + 12
    assert invoke(*RUN, "--json", out, "--resume", log).exit_code == 0
    assert without_timing(read_json(out)) == without_timing(read_json(tmp_path / "whole.json"))
    lines = log.read_bytes()
    assert invoke(*RUN, "--json", out, "--resume", log).exit_code == 0
    assert log.read_bytes() == lines
    assert without_timing(read_json(out)) == without_timing(read_json(tmp_path / "whole.json"))


def test_a_line_torn_by_a_kill_is_played_again(tmp_path, interrupt_after):
    assert invoke(*RUN, "--json", tmp_path / "whole.json").exit_code == 0
    log, out = tmp_path / "run.jsonl", tmp_path / "out.json"
    disarm = interrupt_after(10)
    assert invoke(*RUN, "--log", log).exit_code == 130
    disarm()
    with log.open("ab") as handle:
        handle.write(b'{"match": 10, "seed": 17, "deci')
    assert invoke(*RUN, "--json", out, "--resume", log).exit_code == 0
    assert without_timing(read_json(out)) == without_timing(read_json(tmp_path / "whole.json"))
    assert sorted(m["match"] for m in log_lines(log)[1:]) == list(range(40))


def test_ctrl_c_without_a_log_still_writes_the_partial_summary(tmp_path, interrupt_after):
    interrupt_after(4)
    result = invoke(*RUN, "--json", tmp_path / "out.json", "--plot", tmp_path / "out.svg")
    assert result.exit_code == 130 and "Traceback" not in result.output
    assert read_json(tmp_path / "out.json")["games"] == 4
    assert "<svg" in (tmp_path / "out.svg").read_text(encoding="utf-8")
    assert "start it with --log FILE.jsonl" in result.output


@pytest.mark.parametrize(
    "changed, message",
    [
        (("--seed", 8), "--seed is 7 there, 8 here"),
        (("--players", 2), "--players is 3 there, 2 here"),
        (("--reading", "gaps=none"), "--reading is"),
        (("--agents", "first"), "--agents is random,random,random there, first,first,first here"),
        (("--max-steps", 99), "--max-steps is 100000 there, 99 here"),
    ],
)
def test_resume_with_other_options_is_a_usage_error(tmp_path, changed, message):
    log = tmp_path / "run.jsonl"
    assert invoke(*RUN, "--log", log).exit_code == 0
    base = [a for a in RUN]
    option = changed[0]
    if option in base:
        i = base.index(option)
        base[i + 1] = changed[1]
    else:
        base += list(changed)
    result = invoke(*base, "--resume", log)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_resume_against_another_game_or_a_missing_or_foreign_file_is_a_usage_error(tmp_path):
    log = tmp_path / "run.jsonl"
    assert invoke(*RUN, "--log", log).exit_code == 0
    other = tmp_path / "coinflip_copy.py"
    other.write_text(ENGINE_PATH.read_text(encoding="utf-8").replace('"Coinflip"', '"Coinflop"'), encoding="utf-8")
    result = invoke("simulate", other, *RUN[2:], "--resume", log)
    assert result.exit_code == 2 and "game is Coinflip there, Coinflop here" in result.output
    assert invoke(*RUN, "--resume", tmp_path / "missing.jsonl").exit_code == 2
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text('{"hello": 1}\n', encoding="utf-8")
    result = invoke(*RUN, "--resume", foreign)
    assert result.exit_code == 2 and "not a cardrules simulate log" in result.output


# --- readings and validate --simulate --------------------------------------------------------------


def test_readings_ctrl_c_reports_the_finished_comparisons(tmp_path, interrupt_after):
    # 30 matches per run: the defaults, then rounds=five, then rounds=endless is cut short.
    interrupt_after(30 * 2 + 7)
    out = tmp_path / "r.json"
    result = invoke("readings", ENGINE_PATH, "--games", 30, "--max-steps", 50, "--json", out)
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output and "interrupted: 1 reading compared" in result.output
    report = read_json(out)
    assert report["interrupted"] is True and report["baseline"]["completed"] == 30
    (rounds,) = report["ambiguities"]
    assert rounds["name"] == "rounds" and rounds["partial"] is True
    assert [r["reading"] for r in rounds["readings"]] == ["five"]


def test_readings_resume_gives_exactly_the_uninterrupted_report(tmp_path, interrupt_after):
    options = ("readings", ENGINE_PATH, "--games", 20, "--max-steps", 40, "--seed", 2)
    assert invoke(*options, "--json", tmp_path / "whole.json").exit_code in (0, 1)
    log, out = tmp_path / "r.jsonl", tmp_path / "out.json"
    disarm = interrupt_after(20 * 3 + 5)  # in the fourth run (coin=rigged)
    result = invoke(*options, "--json", out, "--log", log)
    disarm()
    assert result.exit_code == 130, result.output
    assert len(log_lines(log)) == 1 + 20 * 3 + 5
    command = next(line for line in result.output.splitlines() if line.startswith("resume with: "))
    arguments = shlex.split(command.removeprefix("resume with: "))
    resumed = invoke(*arguments[1:])
    assert resumed.exit_code in (0, 1), resumed.output
    assert read_json(out) == read_json(tmp_path / "whole.json")
    assert invoke(*options[:-1], 3, "--resume", log).exit_code == 2  # another seed


def test_readings_ctrl_c_during_the_defaults_says_there_is_nothing_to_compare(interrupt_after):
    interrupt_after(3)
    result = invoke("readings", ENGINE_PATH, "--games", 30)
    assert result.exit_code == 130 and "nothing to compare" in result.output and "Traceback" not in result.output


def test_validate_simulate_ctrl_c_gives_the_static_findings_and_exit_130(interrupt_after):
    static = invoke("validate", "--format", "json", GAMES / "prisoners.cardrules")
    interrupt_after(3)
    result = invoke("validate", "--format", "json", "--simulate", 20, GAMES / "prisoners.cardrules")
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output and "after 3 of" in result.stderr
    data = json.loads(result.stdout)
    assert data["interrupted"] is True
    codes = {d["code"] for d in data["files"][0]["diagnostics"]}
    assert {d["code"] for d in json.loads(static.stdout)["files"][0]["diagnostics"]} <= codes


# --- bounded workers ------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "readings"])
@pytest.mark.parametrize(
    "workers, bound",
    [("0", "greater than or equal to 1"), ("-3", "greater than or equal to 1"), ("100000", "less than or equal to 64")],
)
def test_workers_out_of_range_is_a_usage_error(command, workers, bound, capsys):
    assert cli.run([command, str(ENGINE_PATH), "--workers", workers]) == 2
    error = capsys.readouterr().err
    assert "Invalid value for '--workers'" in error and bound in error
    assert len(error.strip().splitlines()) == 1


def test_workers_bound_is_in_the_help():
    text = invoke("simulate", "--help").output.replace("│", " ")
    assert "(1 to 64)" in " ".join(text.split())


def test_run_matches_rejects_too_many_workers():
    engine = simulate.load_engine_module(str(ENGINE_PATH))
    with pytest.raises(simulate.SimulationUsageError, match="between 1 and 64"):
        simulate.run_matches(engine, 2, 5, 0, workers=65, progress=False)


# --- atomic writes --------------------------------------------------------------------------------


def test_atomic_write_replaces_the_file_and_keeps_its_mode(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new" and (target.stat().st_mode & 0o777) == 0o640
    assert os.listdir(tmp_path) == ["out.txt"]


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_atomic_write_that_fails_midway_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch, failure):
    target = tmp_path / "out.json"
    target.write_text("old", encoding="utf-8")

    def failing_fsync(fd):
        raise failure

    monkeypatch.setattr(os, "fsync", failing_fsync)
    with pytest.raises(type(failure)):
        write_atomic(target, "x" * 100_000)
    assert target.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["out.json"]


def test_cli_json_that_cannot_be_written_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "s.json"
    target.write_text("old", encoding="utf-8")

    def failing_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", failing_fsync)
    result = invoke("simulate", ENGINE_PATH, "--games", 3, "--json", target)
    assert result.exit_code == 2 and "No space left on device" in result.output
    assert target.read_text(encoding="utf-8") == "old" and os.listdir(tmp_path) == ["s.json"]


@pytest.mark.parametrize(
    "arguments",
    [
        ["simulate", ENGINE_PATH, "--games", 3, "--json", "{out}"],
        ["simulate", ENGINE_PATH, "--games", 3, "--plot", "{out}.svg"],
        ["doc", GAMES / "prisoners.cardrules", "--out", "{out}"],
        ["compile", GAMES / "prisoners.cardrules", "--out", "{dir}"],
        ["fmt", "{rules}"],
    ],
)
def test_every_written_file_goes_through_the_atomic_helper(tmp_path, monkeypatch, arguments):
    written = []
    real = write_atomic_module.write_atomic

    def spy(path, data, *rest):
        written.append(Path(path))
        return real(path, data, *rest)

    # Every module that writes files imports the one helper; replace it wherever it was bound.
    for module in (write_atomic_module, cli_shared, cli_check, plot_module):
        monkeypatch.setattr(module, "write_atomic", spy)
    rules = tmp_path / "rules.cardrules"
    rules.write_text((GAMES / "prisoners.cardrules").read_text(encoding="utf-8") + "   \n", encoding="utf-8")
    values = {
        "{out}": str(tmp_path / "out"),
        "{out}.svg": str(tmp_path / "out.svg"),
        "{dir}": str(tmp_path / "gen"),
        "{rules}": str(rules),
    }
    result = invoke(*[values.get(str(a), a) for a in arguments])
    assert result.exit_code == 0, result.output
    assert written and all(p.parent in (tmp_path, tmp_path / "gen") for p in written)


# --- real signals (subprocess) --------------------------------------------------------------------


def start(tmp_path: Path, *arguments, env: dict | None = None) -> subprocess.Popen:
    command = [sys.executable, "-c", "from dsl.cli import main; main()", *map(str, arguments)]
    environment = {**os.environ, **(env or {})}
    return subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment
    )


@pytest.mark.slow
@pytest.mark.parametrize("signum, workers", [(signal.SIGINT, 2), (signal.SIGTERM, 1)])
def test_a_signal_stops_a_run_cleanly_and_resume_matches_the_uninterrupted_json(tmp_path, signum, workers):
    # The interrupted run's last match never starts (the engine stalls on its seed), so the run is
    # still going whenever the signal comes, however busy the machine: the signal is sent once the
    # log holds 40 lines, at whatever point the run is by then. The whole run and the resumed one
    # play that match like any other.
    games, seed = 200, 11
    options = [ENGINE_PATH, "--games", games, "--reading", "rounds=endless", "--max-steps", 3000, "--seed", seed]
    options += ["--workers", workers]
    whole = start(tmp_path, "simulate", *options, "--json", tmp_path / "whole.json")
    log, out = tmp_path / "run.jsonl", tmp_path / "out.json"
    stall = {"COINFLIP_STALL_SEED": str(seed + games - 1)}
    process = start(tmp_path, "simulate", *options, "--json", out, "--log", log, env=stall)
    deadline = time.monotonic() + 300  # only so that a broken run fails instead of hanging
    while not log.exists() or log.read_text().count("\n") < 40:
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the run ended or stalled before logging 40 lines: {process.communicate()[1]}")
        time.sleep(0.05)
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "resume with: " in stderr
    finished = read_json(out)["games"]
    assert 39 <= finished < games  # the log had 40 lines: its header and 39 matches
    assert whole.wait(timeout=600) == 0
    resumed = start(tmp_path, "simulate", *options, "--json", out, "--resume", log)
    assert resumed.wait(timeout=600) == 0, resumed.stderr.read()
    assert without_timing(read_json(out)) == without_timing(read_json(tmp_path / "whole.json"))


def wait_for_lines(process: subprocess.Popen, log: Path, lines: int) -> None:
    deadline = time.monotonic() + 300  # only so that a broken run fails instead of hanging
    while not log.exists() or log.read_text().count("\n") < lines:
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the run ended or stalled before logging {lines} lines: {process.communicate()[1]}")
        time.sleep(0.05)


def wait_for_a_child(process: subprocess.Popen) -> None:
    """Until the process has started one of its own: with --backend ray, Ray's first server, so
    Ray is starting (which takes seconds) and not yet done."""
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    deadline = time.monotonic() + 300
    while not children.read_text().strip():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the run ended or stalled before starting Ray: {process.communicate()[1]}")
        time.sleep(0.01)


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="the 'ray' extra is not installed")
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc to see Ray start")
@pytest.mark.parametrize(
    "signum, lines",
    [(signal.SIGTERM, 40), (signal.SIGINT, 0)],
    ids=["sigterm-during-the-run", "sigint-while-ray-starts"],
)
def test_a_signal_stops_a_ray_run_cleanly(tmp_path, signum, lines):
    # As above, the run cannot end before the signal: its last match stalls. With lines=0 the
    # signal comes as soon as Ray has started a process of its own: while Ray starts.
    games, seed = 200, 11
    options = [ENGINE_PATH, "--games", games, "--reading", "rounds=endless", "--max-steps", 3000, "--seed", seed]
    log, out = tmp_path / "run.jsonl", tmp_path / "out.json"
    stall = {"COINFLIP_STALL_SEED": str(seed + games - 1)}
    process = start(tmp_path, "simulate", *options, "--backend", "ray", "--json", out, "--log", log, env=stall)
    if lines:
        wait_for_lines(process, log, lines)
    else:
        wait_for_a_child(process)
    process.send_signal(signum)
    try:
        _, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.terminate()  # lets Ray stop the processes it started
        pytest.fail(f"the run went on after the signal: {process.communicate(timeout=60)[1]}")
    assert process.returncode == 130, stderr
    assert "Traceback" not in stderr and "SIGTERM received" not in stderr
    command = next(line for line in stderr.splitlines() if line.startswith("resume with: "))
    assert "--backend ray" in command and f"--resume {log}" in command
    partial = read_json(out)
    assert partial["interrupted"] is True and max(0, lines - 1) <= partial["games"] < games
    whole = start(tmp_path, "simulate", *options, "--json", tmp_path / "whole.json")
    resumed = start(tmp_path, "simulate", *options, "--json", out, "--resume", log)
    assert whole.wait(timeout=600) == 0 and resumed.wait(timeout=600) == 0, resumed.stderr.read()
    assert without_timing(read_json(out)) == without_timing(read_json(tmp_path / "whole.json"))
