"""`doc` writes a page from the checked rules; `graph` draws the flow with decisions marked."""

from __future__ import annotations

import pathlib
import re
import shutil
import subprocess

import pytest
from typer.testing import CliRunner

from dsl.cli import app

runner = CliRunner()


def test_doc_lists_ambiguities_readings_and_example_verdicts(root, tmp_path, monkeypatch):
    monkeypatch.chdir(root)
    page = tmp_path / "thirteens.md"
    result = runner.invoke(app, ["doc", "games/thirteens.cardrules", "--out", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert text.startswith("# Thirteens\n")
    for name in ("thirteen_points", "trick_point", "ace_in_runs", "joker_lead", "empty_stock", "race_tie"):
        assert f"### `{name}`" in text
    assert "| one (default) |" in text
    assert re.search(r"5 players get 10 cards each and 3 are left\*\* \(line \d+, ru:13\): does not hold", text)
    assert "K-Q-6 is a thirteen** (line" in text and "holds under every reading" in text


def _node_ids(lines: list[str]) -> set[str]:
    return {m.group(1) for line in lines if (m := re.match(r"\s+(n\d+)[\[\({>]", line))}


def test_graph_groups_the_flow_by_phase_and_marks_decisions(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["graph", "games/thirteens.cardrules"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "flowchart TD"
    trick = next(line for line in lines if ': trick"' in line)
    assert '{{"' in trick, "a decision is drawn as a hexagon"
    assert any(line.startswith("  class ") and line.endswith(" decision") for line in lines)
    assert {"  subgraph deal", "  subgraph tricks", "  subgraph scoring"} <= set(lines)
    until = next(line for line in lines if ": until " in line)
    assert "race_tie is highest" in until, "a loop's condition is shown in full"
    node_ids = _node_ids(lines)
    for line in lines:
        if "-->" in line:
            assert set(re.findall(r"\bn\d+\b", line)) <= node_ids
    detail = runner.invoke(app, ["graph", "games/thirteens.cardrules", "--detail"]).stdout.splitlines()
    assert len(_node_ids(detail)) > 2 * len(node_ids)
    assert any("shuffle deck" in line for line in detail)


def test_graph_attaches_triggers_to_the_statements_that_fire_them(root, monkeypatch):
    monkeypatch.chdir(root)
    lines = runner.invoke(app, ["graph", "games/jailbreak.cardrules", "--detail"]).stdout.splitlines()
    triggers = [m.group(1) for line in lines if (m := re.match(r"\s+(n\d+)>", line))]
    assert len(triggers) == 3
    fired = {m.group(2): m.group(1) for line in lines if (m := re.match(r"\s+(n\d+) -\.->\|may fire\| (n\d+)", line))}
    assert set(fired) == set(triggers)
    drawers = {source for source in fired.values()}
    assert any(
        re.match(rf"\s+{source}\[\".*draw 1 from reserve to hand of q", line) for source in drawers for line in lines
    )


def test_graph_dot_and_variants_take_labels_from_the_base_file(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["graph", "games/thirteens_to_100.cardrules", "--format", "dot", "--detail"])
    assert result.exit_code == 0
    assert result.stdout.startswith("digraph flow {") and result.stdout.rstrip().endswith("}")
    assert "shuffle deck" in result.stdout  # inherited flow, labelled from thirteens.cardrules
    assert "subgraph cluster_tricks {" in result.stdout
    assert "shape=hexagon" in result.stdout


@pytest.mark.skipif(shutil.which("dot") is None, reason="graphviz is not installed")
@pytest.mark.parametrize("detail", [[], ["--detail"]])
def test_graphviz_renders_the_dot_of_every_game(root, tmp_path, detail):
    for game in sorted((root / "games").glob("*.cardrules")):
        diagram = tmp_path / f"{game.stem}.dot"
        result = runner.invoke(app, ["graph", str(game), "--format", "dot", "--out", str(diagram), *detail])
        assert result.exit_code == 0
        rendered = subprocess.run(["dot", "-Tsvg", str(diagram)], capture_output=True, text=True, timeout=60)
        assert rendered.returncode == 0, rendered.stderr
        assert "<svg" in rendered.stdout and not rendered.stderr.strip()


def test_doc_on_a_broken_file_exits_1_without_a_traceback(tmp_path):
    bad = tmp_path / "bad.cardrules"
    bad.write_text('game "x"\nplayers 2\nflow { shuffle nowhere }\n', encoding="utf-8")
    result = runner.invoke(app, ["doc", str(bad)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output and "nowhere" in result.output


def test_diff_shows_what_a_variant_overrides_field_by_field(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["diff", "games/thirteens.cardrules", "games/thirteens_to_100.cardrules"])
    assert result.exit_code == 1, "files that differ exit 1, like diff(1)"
    assert result.stdout.splitlines() == [
        "~ game: name: Thirteens -> Thirteens to 100",
        "~ variable target: initial value: 50 -> 100",
        "~ ambiguity thirteen_points: default: one -> thirteen",
    ]


def test_diff_of_a_file_with_itself_says_so_and_exits_0(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["diff", "games/thirteens.cardrules", "games/thirteens.cardrules"])
    assert result.exit_code == 0
    assert result.stdout == "no rule-level differences\n"


def test_diff_json_lists_the_changes(root, monkeypatch):
    import json

    monkeypatch.chdir(root)
    result = runner.invoke(app, ["diff", "games/thirteens.cardrules", "games/thirteens_to_100.cardrules", "--json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["flow"] == []
    assert {
        "change": "changed",
        "what": "ambiguity thirteen_points",
        "field": "default",
        "old": "one",
        "new": "thirteen",
    } in data["changes"]


def test_diff_finds_a_changed_flow_statement_and_ignores_citations(root, tmp_path):
    original = (root / "games" / "thirteens.cardrules").read_text(encoding="utf-8")
    changed = original.replace("points of p -= 3 ", "points of p -= 5 ").replace("@ru:7 ", "@ru:8 ")
    assert changed != original
    copy = tmp_path / "thirteens.cardrules"
    copy.write_text(changed, encoding="utf-8")
    result = runner.invoke(app, ["diff", str(root / "games" / "thirteens.cardrules"), str(copy)])
    assert result.exit_code == 1
    assert "    -      points of p -= 3\n    +      points of p -= 5" in result.stdout
    assert "players" not in result.stdout  # only its citation changed


def test_diff_of_two_readings_shows_the_places_that_change(root, monkeypatch):
    monkeypatch.chdir(root)
    args = ["diff", "games/thirteens.cardrules", "--against", "thirteen_points=thirteen"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "~ ambiguity thirteen_points: reading: one -> thirteen"
    assert re.fullmatch(r"~ line \d+: reading thirteen_points \{ \.\.\. \}: 1 -> 13", lines[1])
    same = runner.invoke(
        app, ["diff", "games/thirteens.cardrules", "--reading", "thirteen_points=one", "--against", "race_tie=highest"]
    )
    assert same.exit_code == 0 and same.stdout == "no rule-level differences\n"


def test_diff_of_readings_refuses_unknown_names_and_a_second_file(root, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["diff", "games/thirteens.cardrules", "--against", "nope=x"])
    assert result.exit_code == 2 and "unknown ambiguity 'nope'" in result.output
    result = runner.invoke(app, ["diff", "games/thirteens.cardrules", "--against", "race_tie=nope"])
    assert result.exit_code == 2 and "unknown reading 'nope'" in result.output
    result = runner.invoke(app, ["diff", "games/thirteens.cardrules"])
    assert result.exit_code == 2
    both = ["diff", "games/thirteens.cardrules", "games/thirteens.cardrules", "--against", "race_tie=play_on"]
    assert runner.invoke(app, both).exit_code == 2


HTML_GAME = """game "<script>alert(1)</script>"
source ru = "<img src=x onerror=alert(2)>.txt"
players 2
zone deck shared seen by nobody
var z: int per player = 0
ambiguity odd "Is <b>this</b> a *question* with [a link](javascript:alert(3))?" {
  reading yes "<script>alert(4)</script>"
  reading no "`code` and | pipes"
  default yes
}
example "<iframe src=x></iframe> example" {
  expect 1 == 1
}
flow { }
result z
"""


def test_doc_escapes_markdown_and_html_from_the_rule_file(tmp_path):
    rules = tmp_path / "html.cardrules"
    rules.write_text(HTML_GAME, encoding="utf-8")
    page = tmp_path / "html.md"
    result = runner.invoke(app, ["doc", str(rules), "--out", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    for raw in ("<script>", "<img", "<b>", "<iframe"):
        assert raw not in text, raw
    assert not re.search(r"(?<!\\)\]\(javascript:", text)
    assert text.startswith("# &lt;script&gt;alert(1)&lt;/script&gt;\n")
    assert "&lt;img src=x onerror=alert(2)&gt;.txt" in text
    assert "Is &lt;b&gt;this&lt;/b&gt; a \\*question\\* with \\[a link\\](javascript:alert(3))?" in text
    assert "| &lt;script&gt;alert(4)&lt;/script&gt; |" in text
    assert "| \\`code\\` and \\| pipes |" in text
    assert "**&lt;iframe src=x&gt;&lt;/iframe&gt; example**" in text


RULEBOOKS = sorted((pathlib.Path(__file__).resolve().parent.parent / "games").glob("*.cardrules"))


@pytest.mark.parametrize("game", RULEBOOKS, ids=lambda p: p.stem)
def test_the_committed_rule_books_are_what_doc_writes(root, tmp_path, monkeypatch, game):
    monkeypatch.chdir(root)
    page = tmp_path / f"{game.stem}.md"
    result = runner.invoke(app, ["doc", f"games/{game.name}", "--out", str(page)])
    assert result.exit_code == 0, result.output
    assert f"wrote {page}" in result.output
    committed = root / "docs" / "rulebooks" / f"{game.stem}.md"
    assert page.read_bytes() == committed.read_bytes(), f"run: cardrules doc games/{game.name} --out {committed}"


def test_doc_names_sources_by_title_and_quotes_conditions(root, monkeypatch):
    monkeypatch.chdir(root)
    text = runner.invoke(app, ["doc", "games/prisoners.cardrules"]).stdout
    assert "- `ru`: Заключенные (Prisoners) (000\\_90fff18759aed488.txt)" in text
    assert "- `fr`: Les prisonniers (001\\_734e0b3fe1b49c3c.txt)" in text
    assert "4 jokers when `player_count == 4`" in text
    assert "condition of line" not in text


def test_a_source_without_a_title_is_listed_by_its_file(tmp_path):
    rules = tmp_path / "t.cardrules"
    rules.write_text(
        'game "t"\nsource a = "a.txt"\nsource b = "b.txt" title "The B text"\nplayers 2\n'
        "zone deck shared seen by nobody\nvar z: int per player = 0\nflow { }\nresult z\n",
        encoding="utf-8",
    )
    text = runner.invoke(app, ["doc", str(rules)]).stdout
    assert "- `a`: a.txt\n- `b`: The B text (b.txt)\n" in text
