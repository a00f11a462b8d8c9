"""Run logs: `cardrules simulate GAME --games N --seed S --log run.jsonl` writes a small valid log
(once per game, count and seed, cached), one line of it is mutated, and
`cardrules simulate GAME --games N --seed S --resume mutated.jsonl` reads it (both in process,
through typer's CliRunner).

A log comes from a file a stranger may have edited, so the resumed run either exits 0 with the
JSON of the uninterrupted run (timing keys aside), or exits 2 with a one-line message.  An
exception, exit 3 or a traceback is `resume-raised`; exit 0 with another result, or any other
exit, is `resume-wrong`; a message that prints the log's control characters to the terminal is
`resume-echo`."""

from __future__ import annotations

import functools
import json
import os
import random
import re
import tempfile

from .json_mutations import mutate_tree
from .mutations import ROOT
from .properties import Failure, Outcome, message_of, origin

# gin_rummy is left out: a few of its matches take seconds and write 300 KB of log
LOG_GAMES = tuple(
    str(p.relative_to(ROOT))
    for p in sorted((ROOT / "games").glob("*.cardrules")) + sorted((ROOT / "games/classics").glob("*.cardrules"))
    if p.stem != "gin_rummy"
)
LOG_COUNTS = (3, 5)
LOG_SEEDS = (0, 1, 2)
TIMING = ("elapsed_s", "games_per_s")
# Raw characters that change what a terminal shows: C0 controls but tab and newline, DEL and C1.
TERMINAL_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
RAW_INSERTS = ["\x1b[31m", "\x1b]0;x\x07", "\x9b2J", "\x00", "\r", "\x7f", "\u2028", "\udc80\udcff", "\ufeff"]


def _simulate(arguments: list[str]):
    from typer.testing import CliRunner

    from dsl import cli

    return CliRunner().invoke(cli.app, arguments)


def command(game: str, games: int, seed: int) -> list[str]:
    return ["simulate", game, "--games", str(games), "--seed", str(seed), "--quiet"]


def without_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING}


@functools.lru_cache(maxsize=None)
def reference_run(game: str, games: int, seed: int) -> tuple[str, int, str]:
    """(log text, exit code, summary JSON without timing) of the uninterrupted run."""
    with tempfile.TemporaryDirectory(prefix="cardrules-fuzz-log-") as scratch:
        log, out = os.path.join(scratch, "run.jsonl"), os.path.join(scratch, "out.json")
        result = _simulate(command(game, games, seed) + ["--log", log, "--json", out])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise RuntimeError(f"the reference run of {game} failed: {result.output}") from result.exception
        with open(log, encoding="utf-8") as handle, open(out, encoding="utf-8") as summary:
            text = handle.read()
            expected = json.dumps(without_timing(json.load(summary)), sort_keys=True)
    return text, result.exit_code, expected


# ------------------------------------------------------------ mutations of one log
def _json_line(lines: list[str], rng: random.Random) -> tuple[str, str]:
    i = 0 if rng.random() < 0.15 or len(lines) < 2 else rng.randrange(1, len(lines))
    data = json.loads(lines[i])
    operator, field, data = mutate_tree(data, rng)
    lines[i] = json.dumps(data, ensure_ascii=rng.random() < 0.5, separators=(",", ":"))
    return operator, field


def _raw_insert(lines, rng):
    i = rng.randrange(len(lines))
    quotes = [m.end() for m in re.finditer(r'"[a-z_]+":"', lines[i])]
    at = rng.choice(quotes) if quotes else rng.randrange(len(lines[i]) + 1)
    lines[i] = lines[i][:at] + rng.choice(RAW_INSERTS) + lines[i][at:]


def _truncate_line(lines, rng):
    i = rng.randrange(len(lines) - 1) if len(lines) > 1 else 0  # a line torn before the last one
    lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]


def _long_line(lines, rng):
    i = rng.randrange(len(lines))
    size = rng.choice([100_000, 1_000_000, 4_000_000])
    if rng.random() < 0.5:
        lines[i] = lines[i].replace('"actions":[', '"actions":[' + "0," * (size // 2), 1)
    else:
        lines[i] = lines[i][:-1] + f',"pad":"{"x" * size}"}}'


def _other_seed(lines, rng, game, games, seed):
    other = rng.choice([s for s in LOG_SEEDS if s != seed])
    theirs = reference_run(game, games, other)[0].split("\n")
    i = rng.randrange(len(lines) - 1) if rng.random() < 0.8 else 0
    lines[i] = theirs[i]


def mutated_log(rng: random.Random) -> tuple[str, str, dict, str]:
    """(operator, field, options, mutated log text); the options say which run to resume."""
    game, games, seed = rng.choice(LOG_GAMES), rng.choice(LOG_COUNTS), rng.choice(LOG_SEEDS)
    log, exit_code, expected = reference_run(game, games, seed)
    lines = log.split("\n")[:-1]  # the log ends with a newline
    if rng.random() < 0.5 and len(lines) > 2:
        del lines[rng.randrange(2, len(lines) + 1) :]  # an interrupted run: the resume has matches to play
    operator = rng.choice(["json"] * 6 + ["raw", "truncate_line", "truncate_file", "lines", "long_line", "other_seed"])
    field = ""
    if operator == "json":
        operator, field = _json_line(lines, rng)
    elif operator == "raw":
        _raw_insert(lines, rng)
    elif operator == "truncate_line":
        _truncate_line(lines, rng)
    elif operator == "long_line":
        _long_line(lines, rng)
    elif operator == "other_seed":
        _other_seed(lines, rng, game, games, seed)
    elif operator == "lines":
        operator = rng.choice(["delete_line", "duplicate_line", "swap_lines", "blank_line"])
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        if operator == "delete_line":
            del lines[i]
        elif operator == "duplicate_line":
            lines.insert(i, lines[j])
        elif operator == "swap_lines":
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines.insert(i, rng.choice(["", " ", "\r", "\t"]))
    text = "".join(line + "\n" for line in lines)
    if operator == "truncate_file":
        text = text[: rng.randrange(len(text) + 1)]
    options = {"game": game, "games": games, "seed": seed, "expected_exit": exit_code, "expected": expected}
    options["mutation"] = f"{operator} {field}".strip()
    options["field"] = field or operator  # what tells a wrong result apart: the field, or the line operator
    return operator, field, options, text


# ------------------------------------------------------------ the property
def _log_bytes(text: str) -> bytes:
    """Lone surrogates stand for bytes that are not UTF-8 (as `surrogateescape` reads them)."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def check_resume(text: str, options: dict, scratch: str) -> Outcome:
    """Resume the run `options` names from the log `text`; a wrong result is told apart by the
    mutation that made the log (`options["mutation"]`)."""
    label = options.get("mutation", "?")
    where = options.get("field", label)
    outcome = Outcome(stage="resumed")
    log, out = os.path.join(scratch, f"resume-{os.getpid()}.jsonl"), os.path.join(scratch, f"out-{os.getpid()}.json")
    for stale in (log, out):
        if os.path.lexists(stale):
            os.unlink(stale)
    with open(log, "wb") as handle:
        handle.write(_log_bytes(text))
    result = _simulate(command(options["game"], options["games"], options["seed"]) + ["--resume", log, "--json", out])
    shown = result.output if len(result.output) < 400 else result.output[:400] + "..."
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        outcome.failures.append(Failure("resume-raised", origin(result.exception), message_of(result.exception)))
        return outcome
    if result.exit_code == 3 or "Traceback" in result.output:
        outcome.failures.append(Failure("resume-raised", f"exit {result.exit_code}", shown))
        return outcome
    if result.exit_code == 2:
        outcome.stage = "refused"
        if not result.output.strip():
            outcome.failures.append(Failure("resume-wrong", "exit 2 without a message", label))
        elif TERMINAL_CONTROLS.search(result.output):
            outcome.failures.append(Failure("resume-echo", where, f"{label}: {shown!r}"))
        return outcome
    if result.exit_code != options["expected_exit"]:
        outcome.failures.append(Failure("resume-wrong", f"exit {result.exit_code} after {where}", f"{label}: {shown}"))
        return outcome
    try:
        with open(out, encoding="utf-8") as handle:
            summary = without_timing(json.load(handle))
    except (OSError, ValueError) as exc:
        outcome.failures.append(Failure("resume-wrong", f"no summary after {where}", f"{label}: {message_of(exc)}"))
        return outcome
    expected = json.loads(options["expected"])
    if summary != expected:
        keys = sorted(k for k in set(summary) | set(expected) if summary.get(k) != expected.get(k))
        outcome.failures.append(
            Failure("resume-wrong", where, f"{label}: exit {result.exit_code}, other {', '.join(keys)}")
        )
    return outcome
