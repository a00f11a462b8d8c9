"""What a line of a match log may hold, checked before `--resume` believes it.

A log is read back as input like any other: a line changed by hand, by a crash or by a stranger
must end in a message naming the line and the field, never in an internal error and never in a
summary silently different from the run's. So every line is checked

- as text, before it is parsed: at most `line_cap(max_steps)` bytes, nesting Python's parser can
  follow, no integer of more than MAX_INT_DIGITS digits (refused before Python converts it), no
  NaN or infinity;
- against the schema: every field present, of its type, nothing else;
- against the run it belongs to: its players, seeds (seed = base seed + match), readings, the
  index range of `--games`, seats in range, lists as long as the table has seats, numbers finite
  and bounded;
- against its digest (`digest`, the first 16 hex digits of the SHA-256 of the line's other fields
  as compact JSON with sorted keys): a line changed in any way but by recomputing the digest is
  refused. The digest catches corruption and edits by hand; it is no signature, and whoever can
  write the log can forge a consistent line: a log is trusted as far as the folder it lies in.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, fields

from dsl.sim.play import UNREAD, Course, MatchResult
from dsl.sim.tally import terminal_safe

MAX_INT_DIGITS = 20  # every count, index, seed and action a run writes fits in 20 digits
MAX_SCORE = 1e15  # magnitude of a score (and half of the largest deficit)
MAX_COUNT = 10**15  # tricks, deals, rule hits, lead changes, a gap's rule line
MAX_CODE_CHARS = 100
MAX_MESSAGE_CHARS = 10_000
DIGEST_CHARS = 16
_LINE_BASE_BYTES = 128 * 1024  # everything but the actions, with room to spare
_ACTION_BYTES = MAX_INT_DIGITS + 2  # one action as written: digits, a sign and a comma

MATCH_FIELDS = ("match", "seed", "players", "readings", "decisions", "actions", "scores", "winners", "gap")
MATCH_FIELDS += ("truncated", "course", "digest")
HEADER_FIELDS = ("log", "version", "game", "rules_digest", "players", "seed", "readings", "agents", "budget")
HEADER_FIELDS += ("max_steps", "games")
COURSE_FIELDS = tuple(f.name for f in fields(Course))
GAP_FIELDS = ("code", "line", "message")
HINT = (
    "a log is resumed only as cardrules wrote it: delete the line to play its match again, "
    "or start a new log without --resume"
)


class LineProblem(ValueError):
    """What is wrong with a line: the field (dotted path, or None for the whole line) and why."""

    def __init__(self, field: str | None, problem: str):
        super().__init__(problem)
        self.field, self.problem = field, problem


@dataclass(frozen=True)
class RunFacts:
    """What the lines of a log must agree with: the run being resumed."""

    players: int
    seed: int
    games: int  # of the resuming command: a match index is 0 .. games - 1
    max_steps: int
    branches: int  # rules the engine counts (`RULES["branches"]`): `course.hits` has 0 or this many
    # Reading name -> its readings: a line's readings are one of each (a readings log holds several runs).
    ambiguities: dict[str, tuple[str, ...]]
    readings: dict[str, str] | None  # the one run of a simulate log, or None for a readings log


def line_cap(max_steps: int) -> int:
    """The longest line a run with this step cap can write, in bytes."""
    return _LINE_BASE_BYTES + _ACTION_BYTES * (max_steps + 1)


# --- from bytes to a value --------------------------------------------------------------------


@dataclass(frozen=True)
class _Unreadable:
    """A number kept as its text because it cannot be a value of the log (checked by field)."""

    text: str
    why: str


def _parse_int(text: str):
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        return _Unreadable(text, f"a number of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str):
    if len(text) > 64:
        return _Unreadable(text, f"a number written with {len(text)} characters (at most 64)")
    value = float(text)
    return value if math.isfinite(value) else _Unreadable(text, f"{text} is not a finite number")


def _parse_constant(text: str):
    return _Unreadable(text, f"{text} is not a finite number")


def parse_line(raw: bytes) -> dict:
    """The JSON object of a line; LineProblem for text that is not one."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LineProblem(None, f"not UTF-8 text (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except RecursionError:
        raise LineProblem(None, "nested too deep to be a log line") from None
    except ValueError as exc:
        where = f" (column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise LineProblem(None, f"not JSON{where}") from None
    if not isinstance(value, dict):
        raise LineProblem(None, f"not a JSON object but {_kind(value)}")
    return value


def digest_of(line: dict) -> str:
    """The digest a line carries: of its other fields as compact JSON with sorted keys."""
    rest = {key: value for key, value in line.items() if key != "digest"}
    text = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


# --- the header -------------------------------------------------------------------------------


def check_header(value: dict, version: int, names: tuple[str, ...] = HEADER_FIELDS) -> None:
    """The first line: its fields (`names`, of HEADER_FIELDS) and their types; whether it is this
    run's header is `check_resumable`'s question."""
    _fields_exactly(value, names, "")
    found = _integer(value["version"], "version", 0, MAX_COUNT)
    if found != version:
        raise LineProblem(
            "version",
            f"log version {found}, and this cardrules reads version {version}: "
            "finish the run with the cardrules that started it, or start a new log",
        )
    for name in ("log", "game", "rules_digest"):
        _text(value[name], name, MAX_MESSAGE_CHARS)
    _integer(value["players"], "players", 1, MAX_COUNT)
    _integer(value["seed"], "seed", None, None)
    _integer(value["max_steps"], "max_steps", 1, None)
    _integer(value["games"], "games", 1, None)
    if "readings" in names:
        _readings(value["readings"], "readings")
    agents = _list(value["agents"], "agents")
    for i, agent in enumerate(agents):
        _text(agent, f"agents[{i}]", MAX_MESSAGE_CHARS)
    if value["budget"] is not None:
        _text(value["budget"], "budget", MAX_MESSAGE_CHARS)


# --- a match ----------------------------------------------------------------------------------


def check_match_line(value: dict, facts: RunFacts) -> tuple[int, dict[str, str], MatchResult]:
    """(match index, readings, result) of a match line that agrees with the run; else LineProblem."""
    _fields_exactly(value, MATCH_FIELDS, "")
    players = facts.players
    index = _integer(value["match"], "match", None, None)
    if not 0 <= index < facts.games:
        raise LineProblem(
            "match",
            f"{index} is not a match of this run, whose matches are 0 to {facts.games - 1} (--games {facts.games})",
        )
    seed = _integer(value["seed"], "seed", None, None)
    if seed != facts.seed + index:
        raise LineProblem(
            "seed", f"{seed}, expected {facts.seed + index} (the run's seed {facts.seed} + match {index})"
        )
    if _integer(value["players"], "players", None, None) != players:
        raise LineProblem("players", f"{value['players']}, the run has {players}")
    readings = _run_readings(value["readings"], facts)
    decisions = _integer(value["decisions"], "decisions", 0, facts.max_steps)
    actions = tuple(_integer(a, f"actions[{i}]", None, None) for i, a in enumerate(_list(value["actions"], "actions")))
    truncated = value["truncated"]
    if not isinstance(truncated, bool):
        raise LineProblem("truncated", f"expected true or false, found {_kind(truncated)}")
    gap = _gap(value["gap"])
    scores, winners, course = value["scores"], value["winners"], value["course"]
    if gap is None:
        if scores is None:
            raise LineProblem("scores", "null, but the match has no gap: a match ends with scores or with a gap")
        if course is None:
            raise LineProblem("course", "null for a completed match")
        if truncated:
            raise LineProblem("truncated", "true only for a match stopped by the step cap (a non-termination gap)")
        if len(actions) != decisions:
            raise LineProblem("decisions", f"{decisions}, but the line holds {len(actions)} actions")
        result_scores = _scores(scores, players)
        result_winners = _seats(winners, "winners", players)
        result_course = _course(course, facts, decisions)
    else:
        if scores is not None:
            raise LineProblem("gap", "a match with scores has no gap (null): a match ends with scores or with a gap")
        for name, found in (("scores", scores), ("course", course)):
            if found is not None:
                raise LineProblem(name, f"a match ended by a gap has no {name} (null), found {_kind(found)}")
        if _list(winners, "winners"):
            raise LineProblem("winners", "a match ended by a gap has no winners ([])")
        if truncated and (gap[0] != "non-termination" or decisions != facts.max_steps):
            raise LineProblem("truncated", "true only for a match stopped by the step cap (a non-termination gap)")
        if len(actions) not in (decisions, decisions + 1):
            raise LineProblem("decisions", f"{decisions}, but the line holds {len(actions)} actions")
        result_scores, result_winners, result_course = None, (), Course()
    digest = _text(value["digest"], "digest", DIGEST_CHARS)
    if digest != digest_of(value):
        raise LineProblem("digest", "does not match the line: the line was changed after it was written")
    result = MatchResult(
        seed=seed,
        decisions=decisions,
        winners=result_winners,
        scores=result_scores,
        gap=gap,
        truncated=truncated,
        course=result_course,
    )
    return index, readings, result


def _run_readings(value, facts: RunFacts) -> dict[str, str]:
    readings = _readings(value, "readings")
    if facts.readings is not None:
        if readings != facts.readings:
            raise LineProblem("readings", f"{_shown_readings(readings)}, the run has {_shown_readings(facts.readings)}")
        return readings
    if set(readings) != set(facts.ambiguities) or any(
        choice not in facts.ambiguities[name] for name, choice in readings.items()
    ):
        raise LineProblem("readings", f"{_shown_readings(readings)} is not a choice of every reading of this game")
    return readings


def _gap(value) -> tuple[str, int, str] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise LineProblem("gap", f"expected null or an object, found {_kind(value)}")
    _fields_exactly(value, GAP_FIELDS, "gap.")
    code = _text(value["code"], "gap.code", MAX_CODE_CHARS)
    line = _integer(value["line"], "gap.line", 0, MAX_COUNT)
    message = _text(value["message"], "gap.message", MAX_MESSAGE_CHARS)
    return code, line, message


def _scores(value, players: int) -> tuple[float, ...]:
    found = _list(value, "scores")
    if len(found) != players:
        raise LineProblem("scores", f"expected {players} numbers (one per player), found {len(found)}")
    return tuple(_number(score, f"scores[{seat}]", MAX_SCORE) for seat, score in enumerate(found))


def _seats(value, field: str, players: int) -> tuple[int, ...]:
    seats = [_integer(seat, f"{field}[{i}]", None, None) for i, seat in enumerate(_list(value, field))]
    seen: set[int] = set()
    for seat in seats:
        if not 0 <= seat < players:
            raise LineProblem(field, f"{seat} is not a seat (0 to {players - 1})")
        if seat in seen:
            raise LineProblem(field, f"seat {seat} twice")
        seen.add(seat)
    return tuple(seats)


def _course(value, facts: RunFacts, decisions: int) -> Course:
    if not isinstance(value, dict):
        raise LineProblem("course", f"expected an object, found {_kind(value)}")
    _fields_exactly(value, COURSE_FIELDS, "course.")
    players = facts.players
    first_seat = _integer(value["first_seat"], "course.first_seat", None, None)
    if not (0 <= first_seat < players or (first_seat == -1 and decisions == 0)):
        raise LineProblem("course.first_seat", f"{first_seat} is not a seat (0 to {players - 1})")
    counts = {name: _integer(value[name], f"course.{name}", 0, MAX_COUNT) for name in ("tricks", "deals")}
    lead_changes = _integer(value["lead_changes"], "course.lead_changes", 0, decisions)
    decided_at = value["decided_at"]
    if decided_at is not None:
        decided_at = _number(decided_at, "course.decided_at", MAX_SCORE)
        if not 0.0 <= decided_at <= 1.0:
            raise LineProblem("course.decided_at", f"{decided_at} is not a share between 0 and 1")
    deficit = value["deficit"]
    if deficit is not None:
        deficit = _number(deficit, "course.deficit", 2 * MAX_SCORE)
        if deficit < 0:
            raise LineProblem("course.deficit", f"{deficit} is negative")
    hits = tuple(
        _integer(h, f"course.hits[{i}]", 0, MAX_COUNT) for i, h in enumerate(_list(value["hits"], "course.hits"))
    )
    if len(hits) not in (0, facts.branches):
        raise LineProblem("course.hits", f"{len(hits)} counts, the rules have {facts.branches} to count")
    sides = _list(value["teams"], "course.teams")
    if len(sides) > players:
        raise LineProblem("course.teams", f"{len(sides)} sides for {players} seats")
    teams = tuple(_seats(side, "course.teams", players) for side in sides)
    seated = [seat for side in teams for seat in side]
    if len(seated) != len(set(seated)) or any(not side for side in teams):
        raise LineProblem("course.teams", "a seat in two sides, or an empty side")
    unread = value["unread"]
    if unread is not None and (not isinstance(unread, str) or unread not in UNREAD):
        raise LineProblem("course.unread", f"expected null or one of {', '.join(UNREAD)}, found {_kind(unread)}")
    if (decided_at is None) != (deficit is None):
        raise LineProblem("course.deficit", "null exactly when course.decided_at is null")
    return Course(
        first_seat,
        lead_changes=lead_changes,
        decided_at=decided_at,
        deficit=deficit,
        hits=hits,
        teams=teams,
        unread=unread,
        **counts,
    )


# --- fields -----------------------------------------------------------------------------------


def _fields_exactly(value: dict, names: tuple[str, ...], prefix: str) -> None:
    for name in value:
        if name not in names:
            raise LineProblem(f"{prefix}{terminal_safe(name)[:40]}", "unknown field")
    for name in names:
        if name not in value:
            raise LineProblem(f"{prefix}{name}", "missing")


def _integer(value, field: str, low: int | None, high: int | None) -> int:
    if isinstance(value, _Unreadable):
        raise LineProblem(field, value.why)
    if not isinstance(value, int) or isinstance(value, bool):
        raise LineProblem(field, f"expected an integer, found {_kind(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        bounds = " and ".join(part for part in (_bound("at least", low), _bound("at most", high)) if part)
        raise LineProblem(field, f"must be {bounds}, not {value}")
    return value


def _bound(words: str, limit: int | None) -> str:
    return f"{words} {limit}" if limit is not None else ""


def _number(value, field: str, magnitude: float) -> float:
    if isinstance(value, _Unreadable):
        raise LineProblem(field, value.why)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise LineProblem(field, f"expected a number, found {_kind(value)}")
    if abs(value) > magnitude:
        raise LineProblem(field, f"must be at most {magnitude:g} in magnitude, not {value:g}")
    return float(value)


def _text(value, field: str, most: int) -> str:
    if not isinstance(value, str):
        raise LineProblem(field, f"expected a string, found {_kind(value)}")
    if len(value) > most:
        raise LineProblem(field, f"{len(value)} characters, at most {most}")
    return value


def _list(value, field: str) -> list:
    if not isinstance(value, list):
        raise LineProblem(field, f"expected a list, found {_kind(value)}")
    return value


def _readings(value, field: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise LineProblem(field, f"expected an object of reading names and readings, found {_kind(value)}")
    for name, choice in value.items():
        _text(choice, f"{field}.{terminal_safe(name)[:40]}", MAX_MESSAGE_CHARS)
    return value


def _kind(value) -> str:
    """A value of the log in a message: its kind, or a number or a short string, made safe to print."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _Unreadable):
        return value.why
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        shown = terminal_safe(value[:40]) + ("..." if len(value) > 40 else "")
        return f'the string "{shown}"'
    return "a list" if isinstance(value, list) else "an object"


def _shown_readings(readings: dict[str, str]) -> str:
    text = ",".join(f"{name}={choice}" for name, choice in sorted(readings.items())) or "(none)"
    return terminal_safe(text[:200])
