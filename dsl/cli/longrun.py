"""What `simulate`, `readings` and `validate --simulate` share for long runs: SIGTERM treated
like Ctrl-C, the match log of `simulate --log/--resume`, and the messages after an interrupt."""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dsl.sim.matchlog import MatchLogWriter
    from dsl.sim.matches import MatchResult

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for a command stopped by Ctrl-C


@contextlib.contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """Within the block, SIGTERM raises KeyboardInterrupt, so `kill` stops a run as cleanly as
    Ctrl-C does (partial report, exit 130)."""

    def interrupt(_signum, _frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class RunLog:
    """The match log of one `simulate` run: read back (for --resume), then appended to."""

    def __init__(self, path: Path, header_line: dict, finished: dict[int, MatchResult], writer: MatchLogWriter):
        self.path = path
        self.header = header_line
        self.finished = finished
        self.writer = writer
        self.config = None

    @classmethod
    def open(
        cls, path: Path, resume: bool, engine, players, games, seed, readings, agents, max_steps, budget=None
    ) -> RunLog:
        """Raises MatchLogError (a usage error for the caller) or SimulationUsageError."""
        from dsl.sim.matches import match_config
        from dsl.sim.matchlog import MatchLogWriter, header, read_log

        config = match_config(
            engine.RULES, players, games, readings, agents, max_steps, record_actions=True, budget=budget
        )
        expected = header(engine.RULES, config, seed, games)
        if resume:
            log = read_log(path, expected, run_facts(engine.RULES, config, seed, games, dict(config.readings)))
            writer = MatchLogWriter(path, truncate_to=log.good_bytes)
            run_log = cls(path, expected, log.results, writer)
        else:
            writer = new_log_writer(path)
            writer.write(expected)
            run_log = cls(path, expected, {}, writer)
        run_log.config = config
        return run_log

    def on_result(self, index: int, result: MatchResult) -> None:
        from dsl.sim.matchlog import result_line

        self.writer.write(result_line(index, result, self.config))

    def close(self) -> None:
        self.writer.close()


def run_facts(rules: dict, config, seed: int, games: int, readings: dict[str, str] | None):
    """What every line of the log of this run must agree with (`dsl.sim.logschema`)."""
    from dsl.sim.logschema import RunFacts

    ambiguities = {a["name"]: tuple(a.get("readings", [])) for a in rules.get("ambiguities", [])}
    branches = len(rules.get("branches", []))
    return RunFacts(config.players, seed, games, config.max_steps, branches, ambiguities, readings)


def new_log_writer(path: Path) -> MatchLogWriter:
    """A writer for a new log; MatchLogError if the file already holds a run (or is no regular file)."""
    from dsl.sim.matchlog import MatchLogError, MatchLogWriter

    writer = MatchLogWriter(path)
    if writer.handle.seek(0, os.SEEK_END) > 0:
        writer.handle.close()
        raise MatchLogError(
            f"{path} already holds matches; continue that run with --resume {path}, or choose another file"
        )
    return writer


class ReadingsLog:
    """The match log of `readings --log/--resume`: the lines of every run (the defaults, then one
    per reading), told apart by their readings."""

    def __init__(self, path: Path, resume: bool, engine, players, games, seed, agents, max_steps, budget=None):
        from dsl.sim.matchlog import READINGS_LOG_KIND, MatchLogWriter, header, read_log
        from dsl.sim.matches import match_config

        self.rules = engine.RULES
        self.settings = (players, games, agents, max_steps, budget)
        config = match_config(self.rules, players, games, {}, agents, max_steps, record_actions=True, budget=budget)
        expected = header(self.rules, config, seed, games, kind=READINGS_LOG_KIND)
        del expected["readings"]
        self.by_run: dict = {}
        if resume:
            facts = run_facts(self.rules, config, seed, games, None)
            log = read_log(path, expected, facts, kind=READINGS_LOG_KIND)
            self.by_run = log.by_run
            self.writer = MatchLogWriter(path, truncate_to=log.good_bytes)
        else:
            self.writer = new_log_writer(path)
            self.writer.write(expected)

    def run_options(self, readings: dict[str, str] | None) -> dict:
        """The `run_matches` options that skip this run's logged matches and log the new ones."""
        from dsl.sim.matchlog import result_line
        from dsl.sim.matches import match_config, resolve_readings

        players, games, agents, max_steps, budget = self.settings
        chosen = resolve_readings(self.rules, readings)
        config = match_config(self.rules, players, games, chosen, agents, max_steps, record_actions=True, budget=budget)
        finished = self.by_run.get(config.readings, {})
        return {
            "finished": finished,
            "on_result": lambda index, result: self.writer.write(result_line(index, result, config)),
            "record_actions": True,
        }

    def close(self) -> None:
        self.writer.close()


def report_interrupt(console, finished: int, requested: int, resume: str | None, json_path) -> None:
    """The stderr lines after an interrupt: how far the run got and how to finish it."""
    console.print(f"interrupted: {finished} of {requested} matches finished", highlight=False)
    if json_path is not None and str(json_path) != "-":
        console.print(f"the summary of the finished matches is in {json_path}", highlight=False)
    if resume is not None:
        console.print(f"resume with: {resume}", highlight=False)
    else:
        console.print("to resume an interrupted run, start it with --log FILE.jsonl", highlight=False)


def command_line(command: str, file, options: dict) -> str:
    """`cardrules COMMAND FILE --option value ...`, quoted for a shell; a None value is left out
    and a list value repeats its option; True stands for a flag without a value."""
    parts = ["cardrules", command, str(file)]
    for option, value in options.items():
        for item in value if isinstance(value, list) else [value]:
            if item is True:
                parts.append(option)
            elif item is not None:
                parts += [option, str(item)]
    return " ".join(shlex.quote(part) for part in parts)
