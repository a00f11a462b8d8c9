"""The entry point's own options: `--version`, and `--help` pages that show flags plainly."""

from __future__ import annotations

import pytest

import dsl
from dsl.cli import run

COMMANDS = ["validate", "compile", "simulate", "readings", "replay", "play", "doc", "graph", "diff", "fmt", "lsp"]


def test_version_prints_the_package_version(capsys):
    assert run(["--version"]) == 0
    assert capsys.readouterr().out == f"cardrules {dsl.__version__}\n"


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_shows_flags_without_a_bool_type(command, capsys):
    assert run([command, "--help"] if command else ["--help"]) == 0
    page = capsys.readouterr().out
    assert "--help" in page
    assert "<bool>" not in page
