"""The match log of `simulate --log FILE.jsonl`: one JSON object per line, appended and flushed
as each match finishes, so that a long run interrupted (Ctrl-C, SIGTERM, a crash) can be resumed
with `--resume FILE.jsonl` and still give exactly the summary of an uninterrupted run.

The first line describes the run (`"log": "cardrules-simulate"`): game, a digest of its rules,
players, base seed, readings, agents and max steps. Every other line is one finished match:
`match` (its index i, so seed = base seed + i), `seed`, `players`, `readings`, `decisions`,
`actions` (every action chosen; after a rule gap the last one is the move that ran into it),
`scores` and `winners` (null and [] unless it completed), `gap` (null, or the rule gap or step
cap that ended it: code, line, message), `truncated` and, for a completed match, `course` (the
first seat to decide, tricks, deals, lead changes, when the winner led for good, the winner's
worst deficit, the rules fired and the sides: what the statistics read), and last `digest`. With
several workers the lines come in the order matches finish; the index says where each belongs.

`--resume` believes a line only once `dsl.sim.logschema` has checked it against the schema and
against the run (players, seeds, readings, index range, seats, bounded numbers, its digest); the
log itself must be a regular file, and is read line by line within bounds the run sets.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from dsl.sim.logschema import (
    HINT,
    LineProblem,
    RunFacts,
    check_header,
    check_match_line,
    digest_of,
    line_cap,
    parse_line,
)
from dsl.sim.play import MatchConfig, MatchResult
from dsl.sim.tally import terminal_safe

LOG_KIND = "cardrules-simulate"
READINGS_LOG_KIND = "cardrules-readings"  # the same lines, for several runs (one per reading)
LOG_VERSION = 2  # 2: every match line carries its digest
# What must be equal for a log to be resumed by a command (the rest only describes the run).
RESUME_KEYS = ("game", "rules_digest", "players", "seed", "readings", "agents", "budget", "max_steps")
OPTION_NAMES = {
    "game": "game",
    "rules_digest": "rules",
    "players": "--players",
    "seed": "--seed",
    "readings": "--reading",
    "agents": "--agents",
    "budget": "--budget",
    "max_steps": "--max-steps",
}


class MatchLogError(ValueError):
    """The log cannot be used for this run (missing, not a log, or written by another run)."""


def rules_digest(rules: dict) -> str:
    """A fingerprint of a game's rules: a log is only resumed against the same rules."""
    text = json.dumps(rules, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def header(rules: dict, config: MatchConfig, seed: int, games: int, kind: str = LOG_KIND) -> dict:
    return {
        "log": kind,
        "version": LOG_VERSION,
        "game": rules.get("name", "?"),
        "rules_digest": rules_digest(rules),
        "players": config.players,
        "seed": seed,
        "readings": dict(config.readings),
        "agents": list(config.agents),
        "budget": config.budget,
        "max_steps": config.max_steps,
        "games": games,
    }


def result_line(index: int, result: MatchResult, config: MatchConfig) -> dict:
    gap = None
    if result.gap is not None:
        code, line, message = result.gap
        gap = {"code": code, "line": line, "message": message}
    line = {
        "match": index,
        "seed": result.seed,
        "players": config.players,
        "readings": dict(config.readings),
        "decisions": result.decisions,
        "actions": list(result.actions),
        "scores": list(result.scores) if result.scores is not None else None,
        "winners": list(result.winners),
        "gap": gap,
        "truncated": result.truncated,
        "course": dataclasses.asdict(result.course) if result.completed else None,
    }
    line["digest"] = digest_of(line)
    return line


RunKey = tuple[tuple[str, str], ...]  # the readings of a run, sorted


@dataclass
class ReadLog:
    header: dict
    results: dict[int, MatchResult]  # of the run the header describes
    good_bytes: int  # length of the file up to its last complete line
    by_run: dict[RunKey, dict[int, MatchResult]]  # every run in the log, by its readings


def read_log(path: Path, expected: dict, facts: RunFacts, kind: str = LOG_KIND) -> ReadLog:
    """The header and finished matches of a log written by the run `expected` (a header) and
    `facts` describe. A torn last line (the process was killed while writing it) is ignored;
    any other line that is not as this run writes it is a MatchLogError naming its line, field
    and what is wrong. The file is read line by line, none longer than the run can write, and
    no more lines than the run has matches."""
    cap = line_cap(facts.max_steps)
    most_lines = 1 + facts.games * max(1, _runs(facts))
    with open_regular(path, "read") as handle:
        number = good_bytes = 0
        head: dict | None = None
        by_run: dict[RunKey, dict[int, MatchResult]] = {}
        first_seen: dict[tuple[RunKey, int], int] = {}
        while raw := handle.readline(cap + 1):
            number += 1
            if not raw.endswith(b"\n"):
                if len(raw) > cap:
                    raise _located(path, number, None, f"longer than {cap:,} bytes, the longest line this run writes")
                break  # no newline after it: it was being written when the run stopped
            good_bytes += len(raw)
            if not raw.strip():
                # Every other line is a match of its own (a second one is refused): only these can pile up.
                if number > most_lines:
                    raise _located(path, number, None, f"the run has {most_lines - 1:,} matches, the log more lines")
                continue
            try:
                value = parse_line(raw)
                if head is None:
                    if value.get("log") != kind:
                        raise _not_a_log(path, kind)
                    check_header(value, LOG_VERSION, tuple(expected))
                    check_resumable(value, expected, path)
                    head = value
                    continue
                index, readings, result = check_match_line(value, facts)
            except LineProblem as problem:
                raise _located(path, number, problem.field, problem.problem) from None
            run = tuple(sorted(readings.items()))
            if (run, index) in first_seen:
                earlier = first_seen[run, index]
                raise _located(path, number, "match", f"{index} was logged already, at line {earlier}")
            first_seen[run, index] = number
            by_run.setdefault(run, {})[index] = result
    if head is None:
        command = kind.removeprefix("cardrules-")
        raise MatchLogError(
            f"{terminal_safe(str(path))} is not a cardrules {command} log (its first line describes the run)"
        )
    own = tuple(sorted(head.get("readings", {}).items()))
    return ReadLog(head, by_run.get(own, {}), good_bytes, by_run)


def _runs(facts: RunFacts) -> int:
    """How many runs a log holds: one for simulate, the defaults and each other reading for readings."""
    if facts.readings is not None:
        return 1
    return 1 + sum(len(choices) - 1 for choices in facts.ambiguities.values())


def _not_a_log(path: Path, kind: str) -> MatchLogError:
    command = kind.removeprefix("cardrules-")
    shown = terminal_safe(str(path))
    return MatchLogError(f"{shown} is not a cardrules {command} log (its first line describes the run)")


def _located(path: Path, number: int, field: str | None, problem: str) -> MatchLogError:
    where = f"{terminal_safe(str(path))}:{number}: " + (f"{field}: " if field else "")
    return MatchLogError(f"{where}{problem}\nhint: {HINT}")


def check_resumable(head: dict, expected: dict, path: Path) -> None:
    """MatchLogError naming the first option that differs between the log's header and this command."""
    for key in RESUME_KEYS:
        if key not in expected:  # a readings log has a run per reading, not one reading
            continue
        theirs, ours = head.get(key), expected[key]
        if theirs != ours:
            option, shown = OPTION_NAMES[key], terminal_safe(str(path))
            raise MatchLogError(
                f"{shown} was written by another run: {option} is {_shown(theirs)} there, "
                f"{_shown(ours)} here; resume with the options of that run"
            )


def _shown(value) -> str:
    if isinstance(value, dict):
        text = ",".join(f"{k}={v}" for k, v in value.items()) or "(none)"
    elif isinstance(value, list):
        text = ",".join(map(str, value))
    else:
        text = str(value)
    return terminal_safe(text[:200])


def open_regular(path: Path, purpose: str):
    """The log opened for "read" or "append", if it is a regular file (or, to append, a new file in
    an existing folder): a named pipe, a device or a folder, or a link to one, is refused before it
    is opened, so it can neither hang the command nor feed it without end. MatchLogError otherwise."""
    shown = terminal_safe(str(path))
    hint = "hint: a match log is a regular file, e.g. run.jsonl"
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if purpose == "read":
            raise MatchLogError(
                f"cannot read the log {shown}: no such file\nhint: give the --log file of the run"
            ) from None
        info = None
    except (OSError, ValueError) as exc:
        raise MatchLogError(f"cannot use the log {shown}: {getattr(exc, 'strerror', None) or exc}") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise MatchLogError(f"cannot use the log {shown}: it is not a regular file\n{hint}")
    flags = os.O_RDONLY if purpose == "read" else os.O_WRONLY | os.O_APPEND | os.O_CREAT
    try:
        descriptor = os.open(path, flags | getattr(os, "O_NONBLOCK", 0), 0o666)
    except OSError as exc:
        verb = "read" if purpose == "read" else "write"
        raise MatchLogError(f"cannot {verb} the log {shown}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(os.fstat(descriptor).st_mode):  # replaced between the two looks
        os.close(descriptor)
        raise MatchLogError(f"cannot use the log {shown}: it is not a regular file\n{hint}")
    return os.fdopen(descriptor, "rb" if purpose == "read" else "ab")


class MatchLogWriter:
    """Appends lines to a log, each flushed as soon as it is written."""

    def __init__(self, path: Path, truncate_to: int | None = None):
        self.path = path
        self.handle = open_regular(path, "append")
        if truncate_to is not None:
            # Drop a torn last line before appending after it.
            self.handle.truncate(truncate_to)
            self.handle.seek(truncate_to)

    def write(self, value: dict) -> None:
        self.handle.write(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
        self.handle.flush()

    def close(self) -> None:
        if not self.handle.closed:
            self.handle.flush()
            os.fsync(self.handle.fileno())
            self.handle.close()
