"""Citations are checked against the source texts: file found, line present, phrase quoted."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest

from dsl.api import check_source
from dsl.cli import run

RULES = """game "Cited"
source ru = "rules.txt"
players 2                                    @ru:{players_line} {players_quote}
cards {{
  deck standard                              @ru:2
}}
zone deck shared seen by nobody
zone hand per player seen by owner           @ru:3 "«Каждому» по пять   КАРТ"
flow {{
  shuffle deck
  deal evenly from deck to hand
}}
"""

TEXT = "Играют двое.\nКолода 52 карты.\nКаждому по пять карт.\nИгрок с большим числом очков побеждает.\n"


def write(folder: Path, players_line: int = 1, players_quote: str = '"играют двое"') -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.cardrules"
    path.write_text(RULES.format(players_line=players_line, players_quote=players_quote), encoding="utf-8")
    return path


def citations(path: Path) -> list:
    found = check_source(path.read_text(encoding="utf-8"), str(path))
    return [d for d in found if d.code in ("bad-citation", "source-not-found")]


def test_a_faithful_citation_beside_the_rule_file_is_silent(tmp_path):
    path = write(tmp_path)
    (tmp_path / "rules.txt").write_text(TEXT, encoding="utf-8")
    assert citations(path) == []  # the zone's quote differs only in quotes, case and spaces


def test_a_misquoted_phrase_is_reported_with_the_line_that_holds_it(tmp_path):
    path = write(tmp_path, players_line=2, players_quote='"играют двое"')
    (tmp_path / "rules.txt").write_text(TEXT, encoding="utf-8")
    [d] = citations(path)
    assert (d.code, d.severity.value, d.span.line) == ("bad-citation", "warning", 3)
    assert "is not in that line" in d.message and d.hint == "the phrase is on line 1: @ru:1"


def test_a_fake_citation_is_reported(tmp_path):
    path = write(tmp_path, players_quote='"играют трое"')
    (tmp_path / "rules.txt").write_text(TEXT, encoding="utf-8")
    [d] = citations(path)
    assert d.code == "bad-citation" and "no line of the source holds this phrase" in d.hint


def test_a_missing_line_is_reported(tmp_path):
    path = write(tmp_path, players_line=40)
    (tmp_path / "rules.txt").write_text(TEXT, encoding="utf-8")
    [d] = citations(path)
    assert d.code == "bad-citation" and "has 4 lines, no line 40" in d.message
    assert d.hint == "the phrase is on line 1: @ru:1"


def test_an_ellipsis_elides_words_in_order(tmp_path):
    path = write(tmp_path, players_quote='"Играют ... двое"')
    (tmp_path / "rules.txt").write_text(TEXT, encoding="utf-8")
    assert citations(path) == []
    reversed_ = write(tmp_path / "other", players_quote='"двое ... играют"')
    (tmp_path / "other" / "rules.txt").write_text(TEXT, encoding="utf-8")
    assert [d.code for d in citations(reversed_)] == ["bad-citation"]


def test_a_missing_source_is_one_info_for_all_its_citations(tmp_path):
    path = write(tmp_path, players_line=99, players_quote='"nothing"')
    [d] = citations(path)
    assert (d.code, d.severity.value, d.span.line) == ("source-not-found", "info", 2)


def validate(*args: str) -> tuple[int, dict]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = run(["validate", *args, "--format", "json"])
    return code, json.loads(out.getvalue())


@pytest.mark.parametrize("how", ["option", "environment"])
def test_sources_are_found_on_the_search_path(tmp_path, monkeypatch, how):
    path = write(tmp_path / "rules", players_quote='"играют трое"')
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "rules.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "elsewhere").mkdir()
    if how == "option":
        args = ["--sources", str(tmp_path / "elsewhere"), "--sources", str(texts)]
    else:
        monkeypatch.setenv("CARDRULES_SOURCES", str(texts))
        args = []
    code, report = validate(str(path), *args)
    assert [d["code"] for d in report["files"][0]["diagnostics"]] == ["bad-citation"]
    assert report["warnings"] == 1 and code == 0


def test_a_sources_folder_that_does_not_exist_is_bad_usage(tmp_path):
    path = write(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert run(["validate", str(path), "--sources", str(tmp_path / "nowhere")]) == 2
