"""`--agents package.module:Class`: a plug-in is trusted code, imported as it is named. What is
plainly no agent is refused before any import (a spec that is no module path and class name),
and a module that fails to import or holds no agent class is a usage error (exit 2), never a
traceback or an internal error."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from dsl.cli import app

from .conftest import ROOT

runner = CliRunner()
GAME = str(ROOT / "games" / "thirteens.cardrules")


def simulate_with(agent: str):
    return runner.invoke(app, ["simulate", GAME, "--games", "1", "--quiet", "--agents", f"{agent},random,random"])


@pytest.mark.parametrize(
    "spec",
    [
        ".relative:Agent",
        ":Agent",
        "tests.agents_import_fails:",
        "tests.agents_import_fails:not a class",
        "tests..agents:Agent",
        "tests.class:Agent",
        "tests/agents_faulty:RaisingAgent",
        "1tests:Agent",
        "tests.agents_import_fails:__class__",
        "tests.__init__:Agent",
    ],
)
def test_a_spec_that_names_no_agent_is_refused_before_any_import(spec):
    sys.modules.pop("tests.agents_import_fails", None)
    result = simulate_with(spec)
    assert result.exit_code == 2, result.output
    assert "module:Class" in result.output or "package.module:Class" in result.output
    assert "cannot be imported" not in result.output  # the module named was never imported
    assert "tests.agents_import_fails" not in sys.modules


def test_a_plug_in_that_fails_to_import_is_a_usage_error():
    result = simulate_with("tests.agents_import_fails:Agent")
    assert result.exit_code == 2, result.output
    assert "RuntimeError: this plug-in cannot be imported" in result.output
    assert "internal error" not in result.output


@pytest.mark.parametrize("spec", ["json:JSONDecoder", "os:path", "tests.agents_faulty:random", "this:X"])
def test_a_class_that_is_no_agent_is_a_usage_error(spec):
    result = simulate_with(spec)
    assert result.exit_code == 2, result.output
    assert "act(view)" in result.output
