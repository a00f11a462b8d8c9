"""`cardrules --help` starts without the heavy stages: importing the command line and printing its
help must not import the parser, the compiler, the checks or the simulator (nor the optional
libraries behind them); each command imports what it needs when it runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


HEAVY = [
    "lark",
    "jinja2",
    "dsl.compiler",
    "dsl.lint",
    "dsl.semantics",
    "dsl.sim.matches",
    "numpy",
    "pyspiel",
    "pygls",
]

PROBE = """
import contextlib, io, json, sys
import dsl.cli
{then}
heavy = {heavy!r}
loaded = sorted(m for m in sys.modules if any(m == h or m.startswith(h + ".") for h in heavy))
print(json.dumps(loaded))
"""

HELP = """
with contextlib.redirect_stdout(io.StringIO()) as page:
    code = dsl.cli.run({argv!r})
assert code == 0 and "Usage" in page.getvalue(), (code, page.getvalue())
"""


def heavy_modules_loaded(then: str = "", heavy: list[str] = HEAVY) -> list[str]:
    script = PROBE.format(then=then, heavy=heavy)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_the_command_line_imports_no_heavy_stage():
    assert heavy_modules_loaded() == []


@pytest.mark.parametrize("argv", [["--help"], ["simulate", "--help"], ["validate", "--help"], ["graph", "--help"]])
def test_help_imports_no_heavy_stage(argv):
    assert heavy_modules_loaded(HELP.format(argv=argv)) == []


@pytest.mark.parametrize("argv", [["--help"], ["validate", "--help"]])
def test_help_is_printed_without_the_rich_help_formatter(argv):
    # typer's rich help pages import rich's Markdown, syntax and table support (about 100 ms, most
    # of the start-up); the help is printed as plain text instead.
    assert heavy_modules_loaded(HELP.format(argv=argv), heavy=["typer.rich_utils", "rich.markdown"]) == []


def test_help_imports_no_rich_at_all():
    # rich draws the diagnostics report (about 40 ms of imports): a help page prints none
    assert heavy_modules_loaded(HELP.format(argv=["--help"]), heavy=["rich"]) == []


def test_the_probe_sees_a_heavy_stage_a_command_imports():
    # The same probe, after a command that compiles: it does report the stages it imported
    # (importing dsl.api alone imports none: its stages are imported when first used).
    loaded = heavy_modules_loaded("import dsl.api; dsl.api.compile_source('game \"g\"\\nplayers 2\\n')")
    assert {"lark", "dsl.compiler", "dsl.semantics"} <= set(loaded)


SIMULATOR = ["dsl.sim.matches", "dsl.sim.findings", "dsl.sim.progress", "numpy", "pyspiel", "pygls"]
VALIDATE = """
with contextlib.redirect_stdout(io.StringIO()):
    code = dsl.cli.run(["validate", {path!r}])
assert code == 0, code
"""


def test_validate_without_simulate_imports_no_simulator():
    # The checks run the engine, but play no match: the simulator is imported by --simulate only.
    game = str(Path(__file__).resolve().parents[1] / "games" / "thirteens.cardrules")
    loaded = heavy_modules_loaded(VALIDATE.format(path=game), heavy=SIMULATOR)
    assert loaded == []


def test_a_command_imports_no_pydantic():
    # typer 0.29 converts every parameter through pydantic (about 0.15 s of processor time per
    # command): pyproject.toml keeps typer below it, and the options check their own bounds.
    game = str(Path(__file__).resolve().parents[1] / "games" / "thirteens.cardrules")
    loaded = heavy_modules_loaded(VALIDATE.format(path=game), heavy=["pydantic", "pydantic_core"])
    assert loaded == [], "typer >= 0.29 is installed: pip install -e . installs the version pyproject.toml allows"


def test_the_program_waits_longer_between_collections_and_importing_the_package_does_not():
    # `cardrules` (dsl.console:main) raises the collector's young-object threshold for its own
    # process; a program that imports dsl or dsl.cli keeps the interpreter's.
    script = (
        "import atexit, gc, sys\n"
        "interpreter = gc.get_threshold()[0]\n"
        "import dsl.cli\n"
        "imported = gc.get_threshold()[0]\n"
        "atexit.register(lambda: print(interpreter, imported, gc.get_threshold()[0]))\n"
        "import dsl.console\n"
        "sys.argv = ['cardrules', '--version']\n"
        "dsl.console.main()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    version, thresholds = done.stdout.strip().splitlines()
    assert version.startswith("cardrules ")
    interpreter, imported, program = thresholds.split()
    assert imported == interpreter and program == "50000"


def test_a_named_command_is_built_alone_and_a_misspelt_one_is_still_suggested(capsys):
    # The group holds only the command its first argument names (typer builds every parameter of
    # every command it holds); without one, every command is there to be listed or suggested.
    import dsl.cli

    assert list(dsl.cli._command_line(["validate", "x.cardrules"]).commands) == ["validate"]
    assert len(dsl.cli._command_line(["--help"]).commands) > 1
    assert dsl.cli.run(["validat", "x.cardrules"]) == 2
    assert "Did you mean 'validate'?" in capsys.readouterr().err


STAGES = [
    "lark",
    "jinja2",
    "dsl.ast",
    "dsl.syntax",
    "dsl.semantics",
    "dsl.runtime",
    "dsl.compiler.gate",
    "dsl.compiler.codegen",
    "dsl.lint.checks",
    "dsl.lint.citations",
]


def test_a_validation_its_cache_answers_imports_no_stage(tmp_path, monkeypatch):
    # The findings of an unchanged file are read back (dsl.lint.cache): nothing parses, compiles
    # or checks it, so none of that is imported, and only the report is drawn.
    monkeypatch.setenv("CARDRULES_CACHE", str(tmp_path / "cache"))
    game = str(Path(__file__).resolve().parents[1] / "games" / "thirteens.cardrules")
    assert "dsl.lint.checks" in heavy_modules_loaded(VALIDATE.format(path=game), heavy=STAGES)  # fills it
    assert heavy_modules_loaded(VALIDATE.format(path=game), heavy=STAGES) == []
