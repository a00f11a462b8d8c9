"""A `.py` file where a compiled engine module is accepted (`simulate`, `play`, `readings`) must
be an engine: any other module is a usage error (exit 2) with a hint, not an internal error."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from dsl.cli import app

from .conftest import ROOT

runner = CliRunner()
COMMANDS = [["simulate", "--games", "1", "--quiet"], ["readings"], ["play"]]


@pytest.mark.parametrize("command", COMMANDS, ids=[c[0] for c in COMMANDS])
@pytest.mark.parametrize("text", ["x = 1\n", "", "RULES = 3\nnew_game = 4\n"], ids=["plain", "empty", "lookalike"])
def test_a_module_that_is_no_engine_is_a_usage_error(tmp_path, command, text):
    module = tmp_path / "notengine.py"
    module.write_text(text, encoding="utf-8")
    result = runner.invoke(app, [command[0], str(module), *command[1:]], input="")
    assert result.exit_code == 2, result.output
    assert "not a cardrules engine" in result.output
    assert "cardrules compile" in result.output  # the hint: where an engine module comes from
    assert "internal error" not in result.output


def test_a_compiled_engine_module_still_runs():
    result = runner.invoke(app, ["simulate", str(ROOT / "generated" / "thirteens.py"), "--games", "1", "--quiet"])
    assert result.exit_code == 0, result.output
