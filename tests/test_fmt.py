"""`fmt`: the canonical layout, printed from the parse tree, that never changes what a file means
and never loses a comment or a citation."""

from __future__ import annotations

import pathlib
import random
import re

import pytest
from typer.testing import CliRunner

from dsl.api import compile_source, module_from_source
from dsl.cli import app
from dsl.runtime.errors import RuleGap
from dsl.syntax.parser import parse
from dsl.tools.fmt import format_text
from dsl.tools.layout import WIDTH, comments_of

from .conftest import GAMES, ROOT

runner = CliRunner()

CASES = ROOT / "tests" / "data" / "fmt"
LAYOUT_CASES = sorted(CASES.glob("*.in.cardrules"))
DIAGNOSTIC_FILES = sorted((ROOT / "tests" / "data" / "diagnostics").glob("*.cardrules"))


def _parses(path: pathlib.Path) -> bool:
    game, problems = parse(path.read_text(encoding="utf-8"), str(path))
    return game is not None and not problems


PARSING = [p for p in [*GAMES, *DIAGNOSTIC_FILES] if _parses(p)]
_CITATION = re.compile(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*|(@[A-Za-z_][A-Za-z0-9_]*:\d+)')


def citations(text: str) -> list[str]:
    return [m.group(1) for m in _CITATION.finditer(text) if m.group(1)]


@pytest.mark.parametrize("case", LAYOUT_CASES, ids=lambda p: p.name.removesuffix(".in.cardrules"))
def test_layout_case(case):
    expected = case.with_name(case.name.replace(".in.", ".out.")).read_text(encoding="utf-8")
    formatted, safe = format_text(case.read_text(encoding="utf-8"), str(case))
    assert safe
    assert formatted == expected
    assert format_text(expected, str(case)) == (expected, True)


@pytest.mark.parametrize("path", PARSING, ids=lambda p: p.name)
def test_formatting_is_idempotent_and_keeps_comments_and_citations(path):
    text = path.read_text(encoding="utf-8")
    formatted, safe = format_text(text, str(path))
    assert safe, "the formatted text parses to different rules"
    assert format_text(formatted, str(path))[0] == formatted
    assert [c for _, _, c, _ in comments_of(formatted)] == [c for _, _, c, _ in comments_of(text.lstrip("\ufeff"))]
    assert citations(formatted) == citations(text)


def test_every_game_is_in_canonical_layout():
    for path in GAMES:
        text = path.read_text(encoding="utf-8")
        assert format_text(text, str(path)) == (text, True), f"{path.name}: run cardrules fmt"


def _flattened(text: str) -> str:
    """The same file with every line's indentation and inner runs of spaces squeezed away."""
    out = []
    for line in text.split("\n"):
        parts = re.split(r'("(?:[^"\\\n]|\\.)*"|#.*)', line.strip())
        out.append("".join(p if p.startswith(('"', "#")) else " ".join(p.split()) for p in parts))
    return "\n".join(out)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_flattened_game_formats_back_to_the_committed_file(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(_flattened(text), str(path)) == (text, True)


def _plays(source_text: str, path: str, matches: int = 2) -> list[str]:
    """What an engine does in a few seeded random matches: actions, results, gaps (not their lines)."""
    compiled = compile_source(source_text, path)
    assert compiled.ok, compiled.diagnostics
    engine = module_from_source(compiled.source, "fmt_check")
    trace = []
    for players in engine.RULES["players"][:2]:
        for seed in range(matches):
            rng = random.Random(seed)
            try:
                state = engine.new_game(players=players, seed=seed)
                for _ in range(150):
                    if state.is_terminal():
                        break
                    action = rng.choice(state.legal_actions())
                    trace.append(f"{state.current_player}:{state.action_str(action)}")
                    state.apply(action)
                trace.append(f"end {state.is_terminal()} {state.returns() if state.is_terminal() else ''}")
            except RuleGap as gap:
                trace.append(f"gap {gap.code}")
    return trace


@pytest.mark.parametrize("path", [p for p in PARSING if p.parent.name == "diagnostics"], ids=lambda p: p.name)
def test_a_formatted_file_compiles_to_an_engine_that_plays_the_same(path):
    text = path.read_text(encoding="utf-8")
    if not compile_source(text, str(path)).ok:
        pytest.skip("does not compile (a diagnostic case)")
    formatted, _ = format_text(text, str(path))
    assert _plays(formatted, str(path)) == _plays(text, str(path))


def test_lines_stay_within_the_width_except_for_quoted_text():
    for path in GAMES:
        for line in path.read_text(encoding="utf-8").split("\n"):
            code = re.sub(r'\s*(@[A-Za-z_]\w*:\d+( "([^"\\]|\\.)*")?|#.*)+$', "", line)
            if '"' not in code:
                assert len(code) <= WIDTH, f"{path.name}: {line}"


MESSY = """game "m"
source src = "x.txt"
players 2
zone deck shared seen by nobody
var r: int = 0
flow { r = 1 }
result r
"""


def test_fmt_rewrites_in_place_and_says_what_it_did(tmp_path):
    file, tidy = tmp_path / "m.cardrules", tmp_path / "t.cardrules"
    file.write_text(MESSY, encoding="utf-8")
    formatted, _ = format_text(MESSY)
    tidy.write_text(formatted, encoding="utf-8")
    result = runner.invoke(app, ["fmt", "--check", str(file), str(tidy)])
    assert result.exit_code == 1
    assert "would format 1 file, 1 unchanged" in result.output
    assert file.read_text(encoding="utf-8") == MESSY
    result = runner.invoke(app, ["fmt", str(file), str(tidy)])
    assert result.exit_code == 0
    assert "formatted 1 file, 1 unchanged" in result.output
    assert file.read_text(encoding="utf-8") == formatted
    assert "flow {\n  r = 1\n}" in formatted
    assert runner.invoke(app, ["fmt", "--check", str(file)]).exit_code == 0


def test_fmt_diff_prints_a_unified_diff_and_changes_nothing(tmp_path):
    file = tmp_path / "m.cardrules"
    file.write_text(MESSY, encoding="utf-8")
    result = runner.invoke(app, ["fmt", "--diff", str(file)])
    assert result.exit_code == 1
    assert f"--- {file}" in result.stdout
    assert "-flow { r = 1 }\n+flow {\n+  r = 1\n+}" in result.stdout
    assert file.read_text(encoding="utf-8") == MESSY


def test_a_file_that_does_not_parse_is_left_alone(tmp_path):
    file = tmp_path / "broken.cardrules"
    file.write_text('game "b"\nflow {\nshuffle\n', encoding="utf-8")
    result = runner.invoke(app, ["fmt", str(file)])
    assert result.exit_code == 1
    assert "does not parse" in result.output
    assert file.read_text(encoding="utf-8") == 'game "b"\nflow {\nshuffle\n'
