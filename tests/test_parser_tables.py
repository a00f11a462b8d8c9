"""The shipped LALR tables are the grammar's: a parser loaded from them reads every rule file
exactly as one built from the grammar does."""

from pathlib import Path

import pytest

from dsl.syntax import tables

GAMES = sorted(Path(__file__).resolve().parents[1].joinpath("games").glob("**/*.cardrules"))


def test_shipped_tables_match_the_grammar():
    assert tables.is_current(), "run: python -m dsl.syntax.tables --write"


@pytest.mark.parametrize("name", sorted(tables.PARSERS))
def test_loaded_parser_reads_every_game_as_a_built_one(name):
    loaded, built = tables.parser(name), tables.build(name, tables.grammar_text())
    for game in GAMES:
        text = game.read_text(encoding="utf-8")
        assert loaded.parse(text, start="start") == built.parse(text, start="start"), game.name


def test_stale_tables_fall_back_to_building_the_parser(monkeypatch):
    original = tables.grammar_text()
    monkeypatch.setattr(tables, "grammar_text", lambda: original + "\n// edited\n")
    assert not tables.is_current()
    text = GAMES[0].read_text(encoding="utf-8")
    fallback = tables.parser("check").parse(text, start="start")
    assert fallback == tables.build("check", original).parse(text, start="start")


def test_check_command_reports_current_tables(capsys):
    assert tables.main(["--check"]) == 0
    assert "current" in capsys.readouterr().out


def _fields(value):
    """A memo object as plain data: its class and every attribute, recursively."""
    if isinstance(value, dict):
        return {key: _fields(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_fields(item) for item in value]
    slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
    if hasattr(value, "__dict__") or slots:
        attributes = dict(getattr(value, "__dict__", {}))
        attributes.update((name, getattr(value, name)) for name in slots if hasattr(value, name))
        return (type(value).__name__, _fields(attributes))
    return value


@pytest.mark.parametrize("name", sorted(tables.PARSERS))
def test_the_memo_is_revived_as_lark_deserialises_it(name):
    from lark.utils import SerializeMemoizer

    memo = tables._shipped(name)["memo"]
    larks = SerializeMemoizer.deserialize(memo, dict(tables._MEMO_CLASSES), {})
    assert _fields(tables.revive_memo(memo)) == _fields(larks)
