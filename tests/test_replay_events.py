"""`cardrules replay` tells every event of a match with its rule line, as one seat saw it or with
every card, and `--json` writes the events one JSON object a line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dsl.cli import app

runner = CliRunner()
PASSING = "tests/data/events/pass_and_discard.cardrules"


def _replay(*args: str):
    result = runner.invoke(app, ["replay", *args])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def test_a_seat_sees_its_own_deal_and_passes_and_discards_as_such(root, monkeypatch):
    monkeypatch.chdir(root)
    lines = _replay(PASSING, "--seed", "4", "--view", "0")
    assert lines[0].split() == ["18", "shuffle", "deck"] and lines[1].split() == ["19", "deal", "1"]
    assert any(
        line.split()[1:4] == ["deck", "->", "hand"] and "hidden" not in line for line in lines if " of 0:" in line
    )
    assert any(" of 1: 3 hidden card(s)" in line for line in lines)
    passes = [line for line in lines if line.split()[0] == "22" and " passes " in line]
    assert len(passes) == 3 and "hidden" not in passes[0] and "1 hidden card(s)" in passes[1]
    discards = [line for line in lines if line.split()[0] == "25" and " discards " in line and "kitty" in line]
    assert len(discards) == 3 and "hidden" not in discards[0] and all("hidden" in d for d in discards[1:])
    assert not any("play" in line for line in lines if line.split()[0] in ("22", "25"))
    assert sum(" takes it" in line for line in lines) == 4 and lines[-1].startswith("final scores:")


def test_every_card_shows_with_view_all(root, monkeypatch):
    monkeypatch.chdir(root)
    lines = _replay(PASSING, "--seed", "4", "--view", "all")
    assert not any("hidden" in line for line in lines)


def test_a_hidden_card_shows_when_it_is_turned_up(root, monkeypatch):
    monkeypatch.chdir(root)
    lines = _replay("games/jailbreak.cardrules", "--players", "2", "--seed", "4", "--view", "0")
    assert any("reserve -> hand of 0: 1 hidden card(s)" in line for line in lines)  # not even to its owner
    assert any("turns up" in line and "(hand of 0 -> table)" in line for line in lines)


def test_json_writes_the_events_one_a_line(root, monkeypatch):
    monkeypatch.chdir(root)
    lines = _replay(PASSING, "--seed", "4", "--view", "1", "--json")
    events = [json.loads(line) for line in lines]
    assert events[0] == {"kind": "shuffle", "line": 18, "to": "deck", "seen_by": "all"}
    dealt = [e for e in events if e["kind"] == "move" and e["line"] == 19]
    assert [("cards" in e) for e in dealt] == [False, True, False]
    assert events[-1]["kind"] == "end"


@pytest.mark.parametrize("view", ["3", "-1", "everyone"])
def test_a_view_that_is_no_seat_is_a_usage_error(root, monkeypatch, view):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["replay", PASSING, "--seed", "4", "--view", view])
    assert result.exit_code == 2 and "--view" in result.output
