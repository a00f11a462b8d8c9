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
worst deficit, the rules fired and the sides: what the statistics read). With several workers
the lines come in the order matches finish; the index says where each belongs.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from dsl.sim.play import Course, MatchConfig, MatchResult

LOG_KIND = "cardrules-simulate"
READINGS_LOG_KIND = "cardrules-readings"  # the same lines, for several runs (one per reading)
LOG_VERSION = 1
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
    return {
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


def result_from_line(line: dict) -> MatchResult:
    gap = line.get("gap")
    scores = line.get("scores")
    return MatchResult(
        seed=int(line["seed"]),
        decisions=int(line["decisions"]),
        winners=tuple(int(w) for w in line.get("winners") or ()),
        scores=tuple(float(s) for s in scores) if scores is not None else None,
        gap=(str(gap["code"]), int(gap["line"]), str(gap["message"])) if gap else None,
        truncated=bool(line.get("truncated", False)),
        course=_course_from(line.get("course")),
        # The actions stay in the log: a summary does not need them.
    )


def _course_from(value) -> Course:
    if not isinstance(value, dict):
        return Course()
    known = {f.name for f in dataclasses.fields(Course)}
    fields = {k: v for k, v in value.items() if k in known}
    fields["hits"] = tuple(fields.get("hits") or ())
    fields["teams"] = tuple(tuple(side) for side in fields.get("teams") or ())
    return Course(**fields)


RunKey = tuple[tuple[str, str], ...]  # the readings of a run, sorted


@dataclass
class ReadLog:
    header: dict
    results: dict[int, MatchResult]  # of the run the header describes
    good_bytes: int  # length of the file up to its last complete line
    by_run: dict[RunKey, dict[int, MatchResult]]  # every run in the log, by its readings


def read_log(path: Path, kind: str = LOG_KIND) -> ReadLog:
    """The header and finished matches of a log. A torn last line (the process was killed while
    writing it) is ignored; any other unreadable line is an error."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise MatchLogError(f"cannot read the log {path}: {exc.strerror or exc}") from None
    lines = data.split(b"\n")
    good_bytes = 0
    parsed: list[tuple[int, dict]] = []
    for number, raw in enumerate(lines, 1):
        last = number == len(lines)
        if not raw.strip():
            if not last:
                good_bytes += len(raw) + 1
            continue
        try:
            value = json.loads(raw)
            if not isinstance(value, dict):
                raise ValueError("not an object")
        except ValueError:
            if last:  # no newline after it: it was being written when the run stopped
                break
            raise MatchLogError(f"{path}:{number}: not a match log line") from None
        if last:  # a complete object but no newline: also the interrupted write
            break
        parsed.append((number, value))
        good_bytes += len(raw) + 1
    command = kind.removeprefix("cardrules-")
    if not parsed or parsed[0][1].get("log") != kind:
        raise MatchLogError(f"{path} is not a cardrules {command} log (its first line describes the run)")
    by_run: dict[RunKey, dict[int, MatchResult]] = {}
    for number, value in parsed[1:]:
        try:
            index = int(value["match"])
            run = tuple(sorted((str(k), str(v)) for k, v in value["readings"].items()))
            by_run.setdefault(run, {}).setdefault(index, result_from_line(value))
        except (AttributeError, KeyError, TypeError, ValueError):
            raise MatchLogError(f"{path}:{number}: not a match log line") from None
    head = parsed[0][1]
    own = tuple(sorted((str(k), str(v)) for k, v in (head.get("readings") or {}).items()))
    return ReadLog(head, by_run.get(own, {}), good_bytes, by_run)


def check_resumable(log: ReadLog, expected: dict, path: Path) -> None:
    """MatchLogError naming the first option that differs between the log and this command."""
    for key in RESUME_KEYS:
        if key not in expected:  # a readings log has a run per reading, not one reading
            continue
        theirs, ours = log.header.get(key), expected[key]
        if theirs != ours:
            raise MatchLogError(
                f"{path} was written by another run: {OPTION_NAMES[key]} is {_shown(theirs)} there, "
                f"{_shown(ours)} here; resume with the options of that run"
            )
    for results in log.by_run.values():
        for index, result in results.items():
            if result.seed != expected["seed"] + index:
                expected_seed = expected["seed"] + index
                raise MatchLogError(f"{path}: match {index} has seed {result.seed}, expected {expected_seed}")


def _shown(value) -> str:
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items()) or "(none)"
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value)


class MatchLogWriter:
    """Appends lines to a log, each flushed as soon as it is written."""

    def __init__(self, path: Path, truncate_to: int | None = None):
        self.path = path
        self.handle = open(path, "ab")  # noqa: SIM115 - closed by close()
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
