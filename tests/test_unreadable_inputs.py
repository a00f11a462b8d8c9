"""A rule file that is not a readable regular file ends in exit 2 and a message, promptly.

A named pipe must not block the command, a device like /dev/zero must not be read without end,
and a directory is reported as such; the same reader serves every command and the engine API."""

from __future__ import annotations

import contextlib
import io
import os
import signal
from pathlib import Path

import pytest

from dsl.api import compile_file
from dsl.cli import run
from dsl.report.files import read_rule_text
from dsl.syntax.limits import MAX_FILE_CHARS


@contextlib.contextmanager
def deadline(seconds: int):
    def expired(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def cardrules(*args: str) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err), deadline(10):
        code = run(list(args))
    return code, err.getvalue()


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.cardrules"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("command", ["validate", "compile", "fmt"])
def test_a_named_pipe_is_refused_without_blocking(fifo: Path, command: str):
    code, err = cardrules(command, str(fifo))
    assert code == 2
    assert "not a regular file" in err


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_an_endless_device_is_refused_without_reading_it():
    code, err = cardrules("validate", "/dev/zero")
    assert code == 2
    assert "not a regular file" in err


def test_a_directory_is_refused(tmp_path: Path):
    code, err = cardrules("compile", str(tmp_path))
    assert code == 2
    assert "not a regular file" in err


def test_validate_of_a_folder_without_rule_files_is_bad_usage(tmp_path: Path):
    code, err = cardrules("validate", str(tmp_path))
    assert code == 2
    assert "no .cardrules file under" in err


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path):
    path = tmp_path / "huge.cardrules"
    path.write_bytes(b"#" * (MAX_FILE_CHARS * 4 + 1))
    code, err = cardrules("validate", str(path))
    assert code == 2
    assert f"{MAX_FILE_CHARS:,}" in err


def test_the_engine_api_reads_through_the_same_reader(fifo: Path):
    with deadline(10):
        compiled = compile_file(str(fifo))
    assert [d.code for d in compiled.diagnostics] == ["io-error"]


def test_the_reader_returns_the_text_of_a_regular_file(tmp_path: Path):
    path = tmp_path / "g.cardrules"
    path.write_bytes('\ufeffgame "Ä"\n'.encode())
    assert read_rule_text(path) == ('game "Ä"\n', None)
    path.write_bytes(b"\xff\xfe")
    text, problem = read_rule_text(path)
    assert text is None and "UTF-8" in problem
    text, problem = read_rule_text(tmp_path / "missing.cardrules")
    assert text is None and problem
