"""File names are data too. A rule file named `class.cardrules` or `__init__.cardrules` compiles
to a module Python can import (named `game_class`, `game___init__`, saying why); a file name
holding ESC or a line break is printed escaped (`\\x1b`, `\\n`) in every message, so it can
neither colour the terminal nor forge a line of output."""

from __future__ import annotations

import importlib.util
import shutil

import pytest
from typer.testing import CliRunner

from dsl.cli import app

from .conftest import ROOT

runner = CliRunner()
GAME = ROOT / "games" / "classics" / "old_maid.cardrules"
HOSTILE = "evil\x1b[31m\nforged: ok"


@pytest.mark.parametrize(
    ("stem", "module", "why"),
    [("class", "game_class", "keyword"), ("__init__", "game___init__", "'__'"), ("3x", "game_3x", "digit")],
)
def test_a_rule_file_name_that_is_no_module_name_compiles_to_one_that_is(tmp_path, stem, module, why):
    rules = tmp_path / f"{stem}.cardrules"
    shutil.copy(GAME, rules)
    out = tmp_path / "out"
    result = runner.invoke(app, ["compile", str(rules), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert [p.name for p in out.iterdir()] == [f"{module}.py"]
    assert why in result.output
    spec = importlib.util.spec_from_file_location(module, out / f"{module}.py")
    engine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine)
    assert engine.RULES["name"]
    checked = runner.invoke(app, ["compile", "--check", str(rules), "--out", str(out)])
    assert checked.exit_code == 0, checked.output


def assert_escaped(output: str) -> None:
    assert "\x1b" not in output
    assert "\nforged: ok" not in output
    assert "evil\\x1b[31m\\nforged: ok" in output


def test_a_hostile_file_name_is_escaped_in_diagnostics(tmp_path):
    rules = tmp_path / f"{HOSTILE}.cardrules"
    rules.write_text("game broken\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", str(rules)])
    assert result.exit_code == 1, result.output
    assert_escaped(result.output)


def test_a_hostile_file_name_is_escaped_when_compiled(tmp_path):
    rules = tmp_path / f"{HOSTILE}.cardrules"
    shutil.copy(GAME, rules)
    result = runner.invoke(app, ["compile", str(rules), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert_escaped(result.output)


def test_a_hostile_file_name_is_escaped_when_it_cannot_be_read(tmp_path):
    missing = tmp_path / f"{HOSTILE}.cardrules"
    for command in (["validate"], ["simulate", "--games", "1"], ["fmt", "--check"]):
        result = runner.invoke(app, [*command, str(missing)])
        assert result.exit_code == 2, (command, result.output)
        assert_escaped(result.output)


def test_a_hostile_file_name_is_escaped_by_fmt(tmp_path):
    rules = tmp_path / f"{HOSTILE}.cardrules"
    rules.write_text("game broken\n", encoding="utf-8")
    result = runner.invoke(app, ["fmt", "--check", str(rules)])
    assert_escaped(result.output)
