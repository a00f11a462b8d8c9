"""`fmt`: re-indentation by braces that never changes what a rule file means."""

from __future__ import annotations

from typer.testing import CliRunner

from dsl.cli import app
from dsl.tools.fmt import format_text

from .conftest import GAMES

runner = CliRunner()

MESSY = """game "messy"
players 2
zone deck shared seen by nobody     # braces in comments { are ignored
var r: int per player = 0
flow {
if true {
        r of 0 = 1        @src:1 "a quote with } and {"
      } else {
  r of 1 = 2\t\t
}
}
result r
source src = "x.txt"
"""

TIDY = """game "messy"
players 2
zone deck shared seen by nobody     # braces in comments { are ignored
var r: int per player = 0
flow {
  if true {
    r of 0 = 1        @src:1 "a quote with } and {"
  } else {
    r of 1 = 2
  }
}
result r
source src = "x.txt"
"""


def test_messy_layout_becomes_the_canonical_one():
    formatted, safe = format_text(MESSY, "m.cardrules")
    assert safe
    assert formatted == TIDY


def test_every_game_is_formatted_and_formatting_is_idempotent():
    for path in GAMES:
        text = path.read_text(encoding="utf-8")
        formatted, safe = format_text(text, str(path))
        assert safe and formatted == text, f"{path.name} is not in canonical layout: run cardrules fmt"
        assert format_text(formatted, str(path))[0] == formatted


def test_fmt_rewrites_in_place_and_check_reports(tmp_path):
    file = tmp_path / "m.cardrules"
    file.write_text(MESSY, encoding="utf-8")
    assert runner.invoke(app, ["fmt", "--check", str(file)]).exit_code == 1
    assert file.read_text(encoding="utf-8") == MESSY
    assert runner.invoke(app, ["fmt", str(file)]).exit_code == 0
    assert file.read_text(encoding="utf-8") == TIDY
    assert runner.invoke(app, ["fmt", "--check", str(file)]).exit_code == 0


def test_a_file_that_does_not_parse_is_left_alone(tmp_path):
    file = tmp_path / "broken.cardrules"
    file.write_text('game "b"\nflow {\nshuffle\n', encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(file)])
    assert result.exit_code == 1
    assert "does not parse" in result.output
    assert file.read_text(encoding="utf-8") == 'game "b"\nflow {\nshuffle\n'
