"""`cardrules validate` takes the engine its checks run from the compile cache: the second
validation of an unchanged file generates no code and reports exactly what the first did; an
entry that is damaged, foreign, or written by another compiler is never used.

A second validation is usually answered by the cache of findings (`tests/test_findings_cache.py`),
before any engine is needed; these tests turn that one off (`checked_afresh`) to see the engine
cache at work, as it is when the findings' entry cannot serve (a source text or a check edited)."""

from __future__ import annotations

import contextlib
import io
import json
import pathlib
import shutil

import pytest

import dsl.api
from dsl.cli import run
from dsl.compiler import cache as compile_cache
from dsl.lint import cache as findings_cache
from tests.cache_entries import entries, plant_code

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture
def game(tmp_path) -> pathlib.Path:
    """jailbreak: its checks run the engine (worked examples, deals, legal moves)."""
    folder = tmp_path / "games"
    folder.mkdir()
    return pathlib.Path(shutil.copy(ROOT / "games" / "jailbreak.cardrules", folder / "jailbreak.cardrules"))


@pytest.fixture(autouse=True)
def checked_afresh(monkeypatch):
    """Every validation runs the checks: no findings are read from their cache."""
    monkeypatch.setattr(findings_cache, "lookup", lambda path, text: None)


@pytest.fixture
def generated(monkeypatch) -> list:
    """The rule files the code generator ran for."""
    calls = []
    real = dsl.api.generate

    def counting(model, text):
        calls.append(model.game.name)
        return real(model, text)

    monkeypatch.setattr(dsl.api, "generate", counting)
    return calls


def validate(path: pathlib.Path) -> tuple[int, dict]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = run(["validate", "--format", "json", str(path)])
    return code, json.loads(out.getvalue())


def test_a_second_validation_generates_no_code_and_says_the_same(cache, game, generated):
    first = validate(game)
    assert len(generated) == 1 and len(entries(cache)) == 1
    assert validate(game) == first
    assert len(generated) == 1


def test_the_same_findings_as_without_the_cache(cache, game, monkeypatch):
    validate(game)
    cached = validate(game)
    monkeypatch.setenv("CARDRULES_CACHE", "off")
    assert validate(game) == cached


def test_an_edited_file_is_generated_again(cache, game, generated):
    validate(game)
    game.write_text(game.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    validate(game)
    assert len(generated) == 2 and len(entries(cache)) == 2


def test_a_damaged_entry_is_ignored(cache, game, generated):
    first = validate(game)
    (entry,) = entries(cache)
    data = json.loads(entry.read_text())
    data["source"] += "\n# edited\n"  # its digest no longer fits
    entry.write_text(json.dumps(data))
    assert validate(game) == first and len(generated) == 2
    entry.write_text("{not json")
    assert validate(game) == first and len(generated) == 3


def test_a_foreign_entry_is_generated_afresh_and_never_runs(cache, game, generated, tmp_path):
    first = validate(game)
    (entry,) = entries(cache)
    marker = tmp_path / "planted"
    plant_code(entry, marker)
    assert validate(game) == first  # no unsafe-code error: the entry is simply not used
    assert not marker.exists() and len(generated) == 2


def test_an_entry_of_another_compiler_is_not_used(cache, game, generated, monkeypatch):
    first = validate(game)
    monkeypatch.setattr(compile_cache, "compiler_version", lambda: "an edited compiler")
    assert validate(game) == first and len(generated) == 2
    assert len(entries(cache)) == 2  # one entry per compiler


def test_a_file_with_errors_leaves_no_entry(cache, game):
    game.write_text(game.read_text(encoding="utf-8").replace("players ", "players nobody ", 1), encoding="utf-8")
    code, report = validate(game)
    assert code == 1 and report["errors"] > 0
    assert entries(cache) == []


def test_check_source_uses_the_cache_only_when_asked(cache, game):
    # The language server checks every edit of a document: it must not fill the cache.
    dsl.api.check_source(game.read_text(encoding="utf-8"), str(game))
    assert entries(cache) == []
    dsl.api.check_source(game.read_text(encoding="utf-8"), str(game), cache=True)
    assert len(entries(cache)) == 1
