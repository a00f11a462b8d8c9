"""The compile cache: `load_game` reuses an engine compiled from the same rule file, variant bases
and compiler, and never trusts an entry it did not write."""

import json
import pathlib
import shutil

import pytest

import dsl.api
import dsl.compiler.cache
from dsl.api import load_game
from dsl.report.diagnostics import DiagnosticError
from tests.cache_entries import entries, plant_code

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture
def games(tmp_path) -> pathlib.Path:
    folder = tmp_path / "games"
    folder.mkdir()
    for name in ("thirteens.cardrules", "thirteens_to_100.cardrules"):
        shutil.copy(ROOT / "games" / name, folder / name)
    return folder


def parser_refuses(monkeypatch):
    def refuse(text, path):
        raise AssertionError("the rule file was parsed again")

    monkeypatch.setattr(dsl.api, "parse", refuse)


def points_at_start(engine) -> list:
    return engine.new_game(players=4, seed=3).to_json()["vars"]["points"]


def test_a_second_load_reuses_the_compiled_module(cache, games, monkeypatch):
    first = load_game(str(games / "thirteens.cardrules"))
    assert len(entries(cache)) == 1
    parser_refuses(monkeypatch)
    second = load_game(str(games / "thirteens.cardrules"))
    assert second is not first
    a, b = first.new_game(players=4, seed=11), second.new_game(players=4, seed=11)
    assert a.legal_actions() == b.legal_actions() and a.to_json() == b.to_json()


def test_an_edited_rule_file_is_compiled_again(cache, games):
    path = games / "thirteens.cardrules"
    assert points_at_start(load_game(str(path))) == [0, 0, 0, 0]
    path.write_text(path.read_text().replace("var points: int per player = 0", "var points: int per player = 7"))
    assert points_at_start(load_game(str(path))) == [7, 7, 7, 7]
    assert len(entries(cache)) == 2


def test_an_edited_variant_base_is_compiled_again(cache, games, monkeypatch):
    variant, base = games / "thirteens_to_100.cardrules", games / "thirteens.cardrules"
    assert points_at_start(load_game(str(variant))) == [0, 0, 0, 0]
    base.write_text(base.read_text().replace("var points: int per player = 0", "var points: int per player = 7"))
    assert points_at_start(load_game(str(variant))) == [7, 7, 7, 7]
    parser_refuses(monkeypatch)  # and that new entry is served while the base stays as it is
    assert points_at_start(load_game(str(variant))) == [7, 7, 7, 7]


def test_a_damaged_entry_is_ignored(cache, games):
    path = games / "thirteens.cardrules"
    load_game(str(path))
    (entry,) = entries(cache)
    data = json.loads(entry.read_text())
    data["source"] = data["source"].replace("s.v_target = 50", "s.v_target = 5")  # digest no longer fits
    entry.write_text(json.dumps(data))
    assert load_game(str(path)).new_game(players=4, seed=0).to_json()["vars"]["target"] == 50
    entry.write_text("{not json")
    assert load_game(str(path)).new_game(players=4, seed=0).to_json()["vars"]["target"] == 50


def test_a_foreign_entry_never_runs(cache, games, tmp_path):
    """An entry with a consistent digest but code the compiler would not write is refused by the
    gate and compiled afresh: the planted code does not run."""
    path = games / "thirteens.cardrules"
    load_game(str(path))
    (entry,) = entries(cache)
    marker = tmp_path / "planted"
    plant_code(entry, marker)
    engine = load_game(str(path))
    assert not marker.exists()
    assert engine.new_game(players=4, seed=0).legal_actions()


def test_the_cache_can_be_turned_off(games, monkeypatch, tmp_path):
    monkeypatch.setenv("CARDRULES_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    load_game(str(games / "thirteens.cardrules"))
    assert not list(tmp_path.rglob("*.json"))


def test_an_unwritable_cache_only_costs_speed(games, monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("CARDRULES_CACHE", str(blocker / "cache"))  # below a file: cannot be made
    assert load_game(str(games / "thirteens.cardrules")).new_game(players=3, seed=0).legal_actions()


def test_errors_are_reported_whether_or_not_an_entry_exists(cache, games):
    path = games / "thirteens.cardrules"
    load_game(str(path))
    path.write_text(path.read_text().replace("var points: int per player = 0", "var points: int per player = nobody"))
    with pytest.raises(DiagnosticError):
        load_game(str(path))
    assert len(entries(cache)) == 1  # a file with errors leaves no entry


def test_asked_checks_run_without_the_cache(cache, games, monkeypatch):
    path = games / "thirteens.cardrules"
    load_game(str(path))
    calls = []
    real = dsl.api.run_checks

    def counting(model, module):
        calls.append(model)
        return real(model, module)

    monkeypatch.setattr(dsl.api, "run_checks", counting)
    load_game(str(path))
    assert calls == []
    load_game(str(path), check=True)
    assert len(calls) == 1


def test_the_same_variant_beside_another_base_is_compiled_with_that_base(cache, games, tmp_path):
    # The key names the rule file and its text, not its folder: the entry of a variant must be
    # checked against the base beside the variant being loaded, not the one it was compiled with.
    other = tmp_path / "other"
    shutil.copytree(games, other)
    base = other / "thirteens.cardrules"
    base.write_text(base.read_text().replace("var points: int per player = 0", "var points: int per player = 7"))
    assert points_at_start(load_game(str(games / "thirteens_to_100.cardrules"))) == [0, 0, 0, 0]
    assert points_at_start(load_game(str(other / "thirteens_to_100.cardrules"))) == [7, 7, 7, 7]
    assert points_at_start(load_game(str(games / "thirteens_to_100.cardrules"))) == [0, 0, 0, 0]


def test_a_variant_entry_serves_the_same_files_in_a_moved_folder(cache, games, tmp_path, monkeypatch):
    # Its bases are recorded relative to the variant: a copy of the whole folder is served.
    load_game(str(games / "thirteens_to_100.cardrules"))
    moved = tmp_path / "moved"
    shutil.copytree(games, moved)
    parser_refuses(monkeypatch)
    assert points_at_start(load_game(str(moved / "thirteens_to_100.cardrules"))) == [0, 0, 0, 0]


@pytest.mark.parametrize("attack", ["key_of_sorted_from_imported_module", "runtime_function_replaced"])
def test_an_entry_holding_a_hostile_module_with_its_digest_never_runs(cache, games, tmp_path, monkeypatch, attack):
    """An attacker who can write the cache folder writes a module the gate must refuse, with the
    digest recomputed so that the entry's own check passes: it is compiled afresh, never run."""
    monkeypatch.chdir(tmp_path)  # the payload creates PWNED in the working folder
    path = games / "thirteens.cardrules"
    load_game(str(path))
    (entry,) = entries(cache)
    hostile = (ROOT / "tests" / "data" / "hostile_modules" / f"{attack}.py").read_text(encoding="utf-8")
    data = json.loads(entry.read_text())
    data["source"], data["source_sha256"] = hostile, dsl.compiler.cache.digest(hostile)
    entry.write_text(json.dumps(data))
    engine = load_game(str(path))
    assert not (tmp_path / "PWNED").exists()
    assert engine.new_game(players=4, seed=0).legal_actions()
    assert json.loads(entry.read_text())["source"] != hostile  # the entry written again by the compiler
