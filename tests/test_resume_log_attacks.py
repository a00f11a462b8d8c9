"""A match log is read back by `simulate --resume`, so it is input like any other: a line changed
by hand or by a stranger is refused with the file, line and field (exit 2), never an internal
error and never a silently different summary; a log that is not a regular file is refused before
it is opened; text from the log reaches the terminal without control characters.

Each attack below recomputes the line's digest, as a forger would: what refuses it is the check
of its fields against the schema and against the run, not the digest."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl import cli
from dsl.sim import matches as simulate

ENGINE_PATH = Path(__file__).parent / "fixtures" / "coinflip_engine.py"
TIMING = ("elapsed_s", "games_per_s")
# 12 matches of seeds 7..18: those of seeds 10 and 17 end in the rule gap of line 12.
RUN = ("simulate", ENGINE_PATH, "--players", 3, "--games", 12, "--seed", 7, "--reading", "gaps=some")
runner = CliRunner()


def invoke(*args):
    return runner.invoke(cli.app, [str(a) for a in args])


def without_timing(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in TIMING}


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """(the lines of a whole run's log, the JSON of that run)."""
    folder = tmp_path_factory.mktemp("written")
    log, out = folder / "run.jsonl", folder / "whole.json"
    result = invoke(*RUN, "--log", log, "--json", out)
    assert result.exit_code == 0, result.output
    return log.read_text(encoding="utf-8").splitlines(), json.loads(out.read_text(encoding="utf-8"))


def digest_of(line: dict) -> str:
    """The digest a line carries: of its other fields as compact JSON with sorted keys."""
    rest = {k: v for k, v in line.items() if k != "digest"}
    text = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def forged(line: dict) -> str:
    """The line as a forger writes it: changed, with the digest recomputed."""
    return json.dumps({**line, "digest": digest_of(line)}, ensure_ascii=False)


def first_line(lines: list[str], completed: bool) -> int:
    """The index in `lines` of the first match line that completed (or ended in a gap)."""
    for number, text in enumerate(lines[1:], 1):
        if (json.loads(text)["scores"] is not None) == completed:
            return number
    raise AssertionError("the run has no such match")


def resume(tmp_path: Path, lines: list[str]):
    log = tmp_path / "run.jsonl"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return log, invoke(*RUN, "--resume", log, "--json", tmp_path / "out.json")


def set_field(line: dict, path: str, value) -> dict:
    changed = json.loads(json.dumps(line))
    *parents, last = path.split(".")
    target = changed
    for part in parents:
        target = target[part]
    target[last] = value
    return changed


PLACEHOLDER = "@@raw@@"

# (field, new value (a Python value, or raw JSON text after "raw:"), which match, fragment of the message)
ATTACKS = [
    ("scores", "raw:[NaN, 1.0, 0.0]", "completed", "finite"),
    ("scores", "raw:[1e308, 1.0, 0.0]", "completed", "at most"),
    ("scores", "raw:[-1e308, 1.0, 0.0]", "completed", "at most"),
    ("scores", "raw:[Infinity, 1.0, 0.0]", "completed", "finite"),
    ("scores", [1.0], "completed", "3 numbers"),
    ("scores", ["1", 2, 3], "completed", "number"),
    ("scores", None, "completed", "null"),
    ("winners", [99], "completed", "seat"),
    ("winners", [-1], "completed", "seat"),
    ("winners", [0, 0], "completed", "twice"),
    ("winners", "0", "completed", "list"),
    ("decisions", "raw:" + "9" * 4000, "completed", "digits"),
    ("decisions", -5, "completed", "at least 0"),
    ("decisions", True, "completed", "integer"),
    ("decisions", 3.0, "completed", "integer"),
    ("decisions", 8, "completed", "actions"),
    ("actions", [0, 1, "x"], "completed", "integer"),
    ("course.tricks", "three", "completed", "integer"),
    ("course.first_seat", 99, "completed", "seat"),
    ("course.decided_at", 2.0, "completed", "between 0 and 1"),
    ("course.teams", [[0, 7]], "completed", "seat"),
    ("course.hits", [1, 2], "completed", "hits"),
    ("course.unread", "because", "completed", "one of"),
    ("course", None, "completed", "null"),
    ("course.extra", 1, "completed", "unknown field"),
    ("truncated", "yes", "completed", "true or false"),
    ("truncated", True, "completed", "step cap"),
    ("match", 40, "completed", "0 to 11"),
    ("match", -1, "completed", "0 to 11"),
    ("match", "raw:" + "1" * 30, "completed", "digits"),
    ("seed", 99, "completed", "expected"),
    ("players", 4, "completed", "3"),
    ("readings", {"gaps": "none"}, "completed", "readings"),
    ("readings", [], "completed", "object"),
    ("surprise", 1, "completed", "unknown field"),
    ("gap", {"code": "x", "line": 1, "message": "m"}, "completed", "gap"),
    ("gap.code", 5, "gapped", "string"),
    ("gap.line", -3, "gapped", "at least 0"),
    ("gap.message", "m" * 20_000, "gapped", "characters"),
    ("winners", [1], "gapped", "winners"),
]


@pytest.mark.parametrize("field, value, which, fragment", ATTACKS, ids=[f"{a[0]}={str(a[1])[:24]}" for a in ATTACKS])
def test_a_forged_field_is_refused_with_its_file_line_and_field(tmp_path, written, field, value, which, fragment):
    lines, _ = written
    index = first_line(lines, completed=which == "completed")
    raw = isinstance(value, str) and value.startswith("raw:")
    line = set_field(json.loads(lines[index]), field, PLACEHOLDER if raw else value)
    if raw:
        text = json.dumps(line, ensure_ascii=False).replace(json.dumps(PLACEHOLDER), value[4:])
        parsed = json.loads(text)  # as a forger would: the digest of what the line holds
        text = text[:-1] + f', "digest": "{digest_of(parsed)}"}}'
    else:
        text = forged(line)
    log, result = resume(tmp_path, [*lines[:index], text, *lines[index + 1 :]])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    top = field.split(".")[0] if field in ("course.extra",) else field
    assert f"{log}:{index + 1}: {top}" in result.output
    assert fragment in result.output
    assert "hint:" in result.output


@pytest.mark.parametrize(
    "text, fragment",
    [
        ('{"match": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested"),
        ('{"match": "' + "x" * 3_000_000 + '"}', "longer than"),
        ("[1, 2]", "not a JSON object"),
        ("{not json", "not JSON"),
    ],
    ids=["nested-100000-deep", "three-megabytes", "a-list", "not-json"],
)
def test_a_line_that_cannot_be_read_is_refused_before_it_is_parsed(tmp_path, written, text, fragment):
    lines, _ = written
    log, result = resume(tmp_path, [*lines[:3], text, *lines[3:]])
    assert result.exit_code == 2, result.output
    assert f"{log}:4:" in result.output and fragment in result.output and "Traceback" not in result.output


def test_a_line_changed_without_its_digest_is_refused(tmp_path, written):
    lines, _ = written
    index = first_line(lines, completed=True)
    line = json.loads(lines[index])
    line["winners"] = [] if line["winners"] else [0]  # a draw instead of a win: a valid line otherwise
    log, result = resume(tmp_path, [*lines[:index], json.dumps(line), *lines[index + 1 :]])
    assert result.exit_code == 2 and f"{log}:{index + 1}: digest" in result.output


def test_a_match_logged_twice_is_refused(tmp_path, written):
    lines, _ = written
    log, result = resume(tmp_path, [*lines, lines[2]])
    assert result.exit_code == 2 and f"{log}:{len(lines) + 1}: match" in result.output
    assert "line 3" in result.output


@pytest.mark.parametrize(
    "field, value, fragment",
    [("version", 1, "version"), ("games", "many", "games"), ("games", 0, "games"), ("readings", [], "readings")],
)
def test_a_forged_header_is_refused(tmp_path, written, field, value, fragment):
    lines, _ = written
    header = {**json.loads(lines[0]), field: value}
    log, result = resume(tmp_path, [json.dumps(header), *lines[1:]])
    assert result.exit_code == 2, result.output
    assert f"{log}:1:" in result.output and fragment in result.output and "Traceback" not in result.output


def test_a_deleted_line_is_played_again_and_gives_the_uninterrupted_summary(tmp_path, written):
    lines, whole = written
    log, result = resume(tmp_path, [*lines[:4], *lines[5:]])
    assert result.exit_code == 0, result.output
    assert without_timing(json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))) == without_timing(whole)


# --- text from the log on the terminal --------------------------------------------------------------


def test_a_gap_message_from_the_log_reaches_the_terminal_without_control_characters(tmp_path, written):
    lines, _ = written
    index = first_line(lines, completed=False)
    message = "\x1b[2J\x1b]0;owned\x07the coin rolled \x9b31m off"
    line = set_field(json.loads(lines[index]), "gap.message", message)
    # Every gap line of the same code and rule line carries the message the summary shows.
    changed = []
    for text in lines:
        value = json.loads(text)
        if value.get("gap"):
            text = forged(set_field(value, "gap.message", message))
        changed.append(text)
    del line
    _, result = resume(tmp_path, changed)
    assert result.exit_code == 0, result.output
    shown = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["rule_gaps"][0]["message"]
    for control in ("\x1b", "\x07", "\x9b"):
        assert control not in result.output and control not in shown
    assert "the coin rolled" in result.output


def test_a_header_from_another_run_is_named_without_its_control_characters(tmp_path, written):
    lines, _ = written
    header = {**json.loads(lines[0]), "game": "\x1b[31mCoinflip\x1b[0m"}
    _, result = resume(tmp_path, [json.dumps(header), *lines[1:]])
    assert result.exit_code == 2 and "game is" in result.output
    assert "\x1b" not in result.output


# --- files that are not logs ------------------------------------------------------------------------


def cardrules(tmp_path: Path, *arguments) -> subprocess.CompletedProcess:
    """The command in a process of its own: a command that hangs fails the test after 60 s."""
    command = [sys.executable, "-c", "from dsl.cli import main; main()", *map(str, arguments)]
    return subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)


def special(tmp_path: Path, kind: str) -> Path:
    path = tmp_path / f"{kind}.jsonl"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero-link":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    return path


@pytest.mark.parametrize("option", ["--resume", "--log"])
@pytest.mark.parametrize("kind", ["fifo", "zero-link", "folder"])
def test_a_log_that_is_not_a_regular_file_is_refused_before_it_is_opened(tmp_path, option, kind):
    path = special(tmp_path, kind)
    run = [a for a in RUN if a != "simulate"]
    result = cardrules(tmp_path, "simulate", *run[:1], *run[1:], option, path)
    assert result.returncode == 2, result.stderr
    assert "not a regular file" in result.stderr and str(path) in result.stderr
    assert "Traceback" not in result.stderr


def test_a_readings_log_that_is_not_a_regular_file_is_refused(tmp_path):
    path = special(tmp_path, "fifo")
    result = cardrules(tmp_path, "readings", ENGINE_PATH, "--games", 5, "--resume", path)
    assert result.returncode == 2 and "not a regular file" in result.stderr, result.stderr


# --- outputs that cannot be written are found before the run --------------------------------------


@pytest.fixture
def no_match_played(monkeypatch):
    played = []
    real = simulate.play_match

    def play_match(engine, config, seed):
        played.append(seed)
        return real(engine, config, seed)

    monkeypatch.setattr(simulate, "play_match", play_match)
    return played


@pytest.mark.parametrize("option", ["--json", "--plot", "--log"])
@pytest.mark.parametrize("where", ["folder", "missing-folder", "under-a-file"])
def test_an_output_that_cannot_be_written_is_a_usage_error_before_the_run(tmp_path, no_match_played, option, where):
    name = "out.svg" if option == "--plot" else "out.jsonl"
    (tmp_path / "folder" / name).mkdir(parents=True)
    target = {
        "folder": tmp_path / "folder" / name,
        "missing-folder": tmp_path / "missing" / name,
        "under-a-file": tmp_path / "file.txt" / name,
    }[where]
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    result = invoke(*RUN, option, target)
    assert result.exit_code == 2, result.output
    assert str(target) in result.output and "hint:" in result.output and "Traceback" not in result.output
    assert no_match_played == []


@pytest.mark.parametrize("command", ["simulate", "readings"])
def test_readings_and_simulate_check_json_before_the_run(tmp_path, no_match_played, command):
    result = invoke(command, ENGINE_PATH, "--games", 3, "--json", tmp_path / "missing" / "out.json")
    assert result.exit_code == 2 and "missing" in result.output
    assert no_match_played == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_json_in_a_read_only_folder_is_a_usage_error_before_the_run(tmp_path, no_match_played):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        result = invoke(*RUN, "--json", folder / "out.json")
    finally:
        folder.chmod(0o700)
    assert result.exit_code == 2 and "hint:" in result.output
    assert no_match_played == []
