"""Every module of `tests/data/hostile_modules` is an attack on the gate: run as it is, it runs a
shell command that creates the file `PWNED`; given to the gate, it is refused with a located
problem and never runs, whether it comes from the compiler's output or from the compile cache."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from dsl import api
from dsl.compiler import gate
from dsl.report.diagnostics import DiagnosticError

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = sorted((ROOT / "tests" / "data" / "hostile_modules").glob("*.py"))
SENTINEL = "PWNED"


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """The payloads create their file in the working folder."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_there_are_hostile_modules_and_each_says_what_it_attempts():
    assert len(HOSTILE) >= 20
    for path in HOSTILE:
        assert path.read_text(encoding="utf-8").startswith("# Attack: "), path.name


# Run without the gate, in a process of its own (an attack may replace a runtime function), each
# module in a folder of its own: the data are real attacks, so refusing them means something.
_RUN_UNGATED = """
import json, os, pathlib, sys
ran = {}
for path in sys.argv[2:]:
    folder = pathlib.Path(sys.argv[1]) / pathlib.Path(path).stem
    folder.mkdir()
    os.chdir(folder)
    try:
        exec(compile(pathlib.Path(path).read_text(encoding="utf-8"), path, "exec"), {"__name__": "hostile"})
    except BaseException as exc:
        pass
    ran[pathlib.Path(path).name] = (folder / "PWNED").exists()
print(json.dumps(ran))
"""


def test_each_hostile_module_runs_its_command_when_nothing_stops_it(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", _RUN_UNGATED, str(tmp_path), *map(str, HOSTILE)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    ran = json.loads(done.stdout)
    assert [name for name, created in ran.items() if not created] == []


@pytest.mark.parametrize("path", HOSTILE, ids=lambda p: p.stem)
def test_the_gate_refuses_every_hostile_module_with_a_located_problem(path, workdir):
    source = path.read_text(encoding="utf-8")
    problems = gate.check_module(source)
    assert problems, f"{path.name} passed the gate"
    lines = source.count("\n") + 1
    comment = next(i for i, line in enumerate(source.splitlines(), start=1) if not line.startswith("#"))
    for problem in problems:
        assert comment <= problem.line <= lines and problem.column >= 1, str(problem)
    with pytest.raises(gate.UnsafeModule):
        gate.checked_code(source, "<hostile>")
    with pytest.raises(DiagnosticError) as refused:
        api.module_from_source(source, path.stem)
    assert [d.code for d in refused.value.diagnostics] == ["unsafe-code"]
    assert not (workdir / SENTINEL).exists()
