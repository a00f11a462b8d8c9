"""`cardrules validate` keeps what it found in a rule file: validating it again while nothing it
was found from has changed (the file, its variant bases, the source texts its citations point
into, where those are looked for, the tool) reads the findings instead of checking again, and
says exactly what a fresh check says. Anything else is checked afresh."""

from __future__ import annotations

import contextlib
import io
import json
import pathlib
import shutil

import pytest

import dsl.api
from dsl.cli import run
from dsl.lint import cache as findings_cache
from tests.cache_entries import findings_entries

ROOT = pathlib.Path(__file__).resolve().parent.parent
PARSE = dsl.api.parse
# An edit of thirteens that changes what is found: its deal leaves cards over at 4 and 5 players.
DEALT = "deal evenly from deck to hand rest to stock"
UNEVEN = "deal evenly from deck to hand"

CITED = """game "Cited"
source ru = "rules.txt"
players 2                                    @ru:1 "играют двое"
cards {
  deck standard                              @ru:2
}
zone deck shared seen by nobody
zone hand per player seen by owner           @ru:3 "каждому по пять карт"
flow {
  shuffle deck
  deal evenly from deck to hand
}
"""
TEXT = "Играют двое.\nКолода 52 карты.\nКаждому по пять карт.\n"


@pytest.fixture
def games(tmp_path) -> pathlib.Path:
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("jailbreak.cardrules", "thirteens.cardrules", "thirteens_to_100.cardrules"):
        shutil.copy(ROOT / "games" / name, folder / name)
    return folder


@pytest.fixture
def checked(monkeypatch) -> list:
    """The rule files the front end parsed (a base file is parsed too, under its own name)."""
    calls = []
    real = dsl.api.parse

    def counting(text, path):
        calls.append(pathlib.Path(path).name)
        return real(text, path)

    monkeypatch.setattr(dsl.api, "parse", counting)
    return calls


def validate(*args: str, form: str = "json") -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = run(["validate", "--format", form, *args])
    return code, out.getvalue()


def afresh(monkeypatch, *args: str, form: str = "json") -> tuple[int, str]:
    """What validate says with no cache at all (not counted as checked)."""
    with monkeypatch.context() as m:
        m.setenv("CARDRULES_CACHE", "off")
        m.setattr(dsl.api, "parse", PARSE)
        return validate(*args, form=form)


def codes(said: tuple[int, str]) -> list[str]:
    return [d["code"] for f in json.loads(said[1])["files"] for d in f["diagnostics"]]


@pytest.mark.parametrize("form", ["json", "text"])
def test_a_second_validation_checks_nothing_and_says_the_same(cache, games, checked, monkeypatch, form):
    game = str(games / "jailbreak.cardrules")
    first = validate(game, "--verbose", form=form)
    assert checked == ["jailbreak.cardrules"] and len(findings_entries(cache)) == 1
    assert validate(game, "--verbose", form=form) == first
    assert checked == ["jailbreak.cardrules"]
    assert afresh(monkeypatch, game, "--verbose", form=form) == first


def test_the_filters_apply_to_the_kept_findings(cache, games, monkeypatch):
    game = str(games / "jailbreak.cardrules")
    validate(game)
    for options in (["--select", "uneven-deal"], ["--ignore", "uneven-deal"], ["--min-severity", "warning"]):
        assert validate(game, *options) == afresh(monkeypatch, game, *options)


def test_an_edited_file_is_checked_again(cache, games, checked, monkeypatch):
    path = games / "thirteens.cardrules"
    validate(str(path))
    path.write_text(path.read_text(encoding="utf-8").replace(DEALT, UNEVEN), encoding="utf-8")
    edited = validate(str(path))
    assert checked == ["thirteens.cardrules"] * 2
    assert edited == afresh(monkeypatch, str(path))


def test_an_edited_variant_base_is_checked_again(cache, games, checked, monkeypatch):
    variant, base = games / "thirteens_to_100.cardrules", games / "thirteens.cardrules"
    first = validate(str(variant))
    base.write_text(base.read_text(encoding="utf-8") + "\n# an edit of the base\n", encoding="utf-8")
    assert validate(str(variant)) == first  # the same findings, found again
    assert checked.count("thirteens_to_100.cardrules") == 2
    base.write_text(base.read_text(encoding="utf-8").replace(DEALT, UNEVEN), encoding="utf-8")
    assert validate(str(variant)) == afresh(monkeypatch, str(variant)) != first
    assert checked.count("thirteens_to_100.cardrules") == 3


def test_the_same_variant_beside_another_base_is_checked_with_that_base(cache, games, tmp_path, monkeypatch):
    other = tmp_path / "other" / "games"
    shutil.copytree(games, other)
    base = other / "thirteens.cardrules"
    base.write_text(base.read_text(encoding="utf-8").replace(DEALT, UNEVEN), encoding="utf-8")
    monkeypatch.chdir(games)
    here = validate("thirteens_to_100.cardrules")
    monkeypatch.chdir(other)  # the same path and text, other bases beside it
    there = validate("thirteens_to_100.cardrules")
    assert there == afresh(monkeypatch, "thirteens_to_100.cardrules") != here


def test_the_path_as_given_names_the_findings(cache, games, monkeypatch):
    monkeypatch.chdir(games.parent)
    # A variant's findings in its base name the base by a path made from the variant's.
    relative = validate("games/thirteens_to_100.cardrules", form="text")
    absolute = validate(str(games / "thirteens_to_100.cardrules"), form="text")
    assert absolute == afresh(monkeypatch, str(games / "thirteens_to_100.cardrules"), form="text") != relative
    assert f"{games}/thirteens.cardrules:168:3: warning" in absolute[1]


def cited(folder: pathlib.Path) -> pathlib.Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "cited.cardrules"
    path.write_text(CITED, encoding="utf-8")
    return path


def test_a_source_text_that_appears_changes_or_goes_is_read_again(cache, tmp_path, checked, monkeypatch):
    path = cited(tmp_path / "rules")
    source = tmp_path / "rules" / "rules.txt"
    assert "source-not-found" in codes(validate(str(path)))
    source.write_text(TEXT, encoding="utf-8")
    assert codes(validate(str(path))) == codes(afresh(monkeypatch, str(path))) == []
    source.write_text(TEXT.replace("двое", "трое"), encoding="utf-8")
    assert codes(validate(str(path))) == ["bad-citation"]
    source.unlink()
    assert "source-not-found" in codes(validate(str(path)))
    assert len(checked) == 4
    assert validate(str(path)) == afresh(monkeypatch, str(path)) and len(checked) == 4


@pytest.mark.parametrize("how", ["option", "environment"])
def test_where_sources_are_looked_for_is_part_of_the_key(cache, tmp_path, checked, monkeypatch, how):
    path = cited(tmp_path / "rules")
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "rules.txt").write_text(TEXT.replace("двое", "трое"), encoding="utf-8")
    nowhere = validate(str(path))
    if how == "option":
        args = ["--sources", str(texts)]
    else:
        monkeypatch.setenv("CARDRULES_SOURCES", str(texts))
        args = []
    assert codes(validate(str(path), *args)) == ["bad-citation"] and len(checked) == 2
    assert validate(str(path), *args) == afresh(monkeypatch, str(path), *args) and len(checked) == 2
    monkeypatch.delenv("CARDRULES_SOURCES", raising=False)
    assert validate(str(path)) == nowhere


def test_the_folders_a_missing_source_was_looked_for_in_are_those_of_this_validation(cache, tmp_path, monkeypatch):
    # Still not found, but the note lists where it was looked for: that too must be current.
    path = cited(tmp_path / "rules")
    validate(str(path))
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("CARDRULES_SOURCES", str(tmp_path / "empty"))
    said = validate(str(path), "--sources", str(tmp_path), "--verbose", form="text")
    assert said == afresh(monkeypatch, str(path), "--sources", str(tmp_path), "--verbose", form="text")
    assert f"looked in: {tmp_path / 'rules'}, {tmp_path}, {tmp_path / 'empty'}" in said[1]


def test_the_cache_turned_off_keeps_nothing_and_reads_nothing(games, checked, monkeypatch, tmp_path):
    monkeypatch.setenv("CARDRULES_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    game = str(games / "thirteens.cardrules")
    assert validate(game) == validate(game)
    assert checked == ["thirteens.cardrules"] * 2
    assert not list(tmp_path.rglob("*.json"))


def test_findings_with_an_error_are_not_kept(cache, games, checked):
    path = games / "thirteens.cardrules"
    path.write_text(path.read_text(encoding="utf-8").replace("players ", "players nobody ", 1), encoding="utf-8")
    assert validate(str(path))[0] == 1
    assert findings_entries(cache) == []


def test_a_variant_whose_base_is_missing_is_checked_until_the_base_is_there(cache, games, monkeypatch):
    variant, base = games / "thirteens_to_100.cardrules", games / "thirteens.cardrules"
    kept = base.read_text(encoding="utf-8")
    base.unlink()
    assert validate(str(variant))[0] == 1
    base.write_text(kept, encoding="utf-8")
    assert validate(str(variant)) == afresh(monkeypatch, str(variant))
    assert validate(str(variant))[0] == 0


@pytest.mark.parametrize(
    "damage",
    [
        lambda entry: "{not json",
        lambda entry: json.dumps({**entry, "format": 0}),
        lambda entry: json.dumps({**entry, "findings": "none"}),
        lambda entry: json.dumps({**entry, "findings": [{**entry["findings"][0], "severity": "fatal"}]}),
        lambda entry: json.dumps({**entry, "findings": [{**entry["findings"][0], "span": [1, "x", 1, 1, None]}]}),
        lambda entry: json.dumps({**entry, "findings": [{**entry["findings"][0], "notes": [3]}]}),
        lambda entry: json.dumps({**entry, "findings": [[]]}),
        lambda entry: json.dumps({**entry, "bases": [["nowhere.cardrules", "0" * 64]]}),
        lambda entry: json.dumps({**entry, "sources": "all"}),
    ],
)
def test_a_damaged_entry_is_ignored(cache, games, checked, damage):
    game = str(games / "jailbreak.cardrules")
    first = validate(game)
    (where,) = findings_entries(cache)
    where.write_text(damage(json.loads(where.read_text(encoding="utf-8"))), encoding="utf-8")
    assert validate(game) == first and len(checked) == 2


def test_an_entry_of_another_tool_is_not_used(cache, games, checked, monkeypatch):
    game = str(games / "thirteens.cardrules")
    first = validate(game)
    monkeypatch.setattr(findings_cache, "tool_version", lambda: "an edited check")
    assert validate(game) == first and len(checked) == 2
    assert len(findings_entries(cache)) == 2


def test_the_tool_version_covers_the_checks_and_the_runtime():
    # Not only the compiler's packages: a check or the runtime the engines run on decides the
    # findings too. (The digest is of the files; here, that they are among them.)
    root = ROOT / "dsl"
    read: list[str] = []
    real = pathlib.Path.read_bytes

    def spy(self):
        read.append(str(self.relative_to(root)) if root in self.parents else str(self))
        return real(self)

    findings_cache.tool_version.cache_clear()
    try:
        with pytest.MonkeyPatch.context() as m:
            m.setattr(pathlib.Path, "read_bytes", spy)
            findings_cache.tool_version()
    finally:
        findings_cache.tool_version.cache_clear()
    assert {"lint/moves.py", "runtime/engine.py", "api.py"} <= set(read)


def test_simulated_matches_are_never_answered_from_the_cache(cache, games, checked):
    game = str(games / "thirteens.cardrules")
    validate(game)
    code, _ = validate(game, "--simulate", "2")
    assert code == 0 and checked == ["thirteens.cardrules"] * 2


def test_check_source_keeps_findings_only_when_asked(cache, games):
    # The language server checks every edit of a document: it must not fill the cache.
    path = games / "thirteens.cardrules"
    dsl.api.check_source(path.read_text(encoding="utf-8"), str(path))
    assert findings_entries(cache) == []
    found = dsl.api.check_source(path.read_text(encoding="utf-8"), str(path), cache=True)
    assert len(findings_entries(cache)) == 1
    assert dsl.api.check_source(path.read_text(encoding="utf-8"), str(path), cache=True) == found
