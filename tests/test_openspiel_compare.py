"""The OpenSpiel comparison's driver plays real matches of both sides to their end.

No timing is asserted: only that the shared random driver reaches terminal states on both sides,
counts what it should (player decisions on both, chance nodes only on OpenSpiel's side, whose
deal is explicit) and that playing in chunks does not change the play.
"""

from __future__ import annotations

import random
import sys

import pytest

from benchmarks import openspiel_compare as oc

PAIRS = {pair.name: pair for pair in oc.PAIRS}


@pytest.fixture
def pyspiel():
    return pytest.importorskip("pyspiel")


def test_without_pyspiel_the_slot_is_null_with_the_reason(monkeypatch, capsys):
    from benchmarks import run

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now raises ImportError
    figures, reason = run.openspiel_figures(quick=True)
    assert figures is None
    assert "pyspiel does not import" in reason
    assert "not measured" in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(PAIRS))
@pytest.mark.usefixtures("pyspiel")
def test_driver_plays_both_sides_to_the_end(name):
    ours, theirs = oc.sides(PAIRS[name])
    for side, has_chance in ((ours, False), (theirs, True)):
        state = side.new_state(1)
        decisions, chances = oc.drive(state, random.Random(1), getattr(state, side.apply_name), budget=10**7)
        assert state.is_terminal()
        assert decisions > 0
        assert (chances > 0) is has_chance  # ours shuffles from its seed: no chance node reaches the driver
        assert len(state.returns()) == PAIRS[name].players


def test_the_openspiel_games_exist_with_the_parameters_chosen(pyspiel):
    registered = set(pyspiel.registered_names())
    for pair in oc.PAIRS:
        assert pair.openspiel.split("(")[0] in registered
        game = pyspiel.load_game(pair.openspiel)
        assert game.num_players() == pair.players
    bridge = pyspiel.load_game(PAIRS["bridge"].openspiel)
    assert bridge.get_parameters()["use_double_dummy_result"] is False  # the cards are played


@pytest.mark.usefixtures("pyspiel")
def test_counted_matches_are_positive_and_repeat_with_the_seed():
    first = oc.play_matches(PAIRS["bridge"], 2)
    again = oc.play_matches(PAIRS["bridge"], 2)
    assert first["ours"]["decisions_per_match"] > 0
    assert first["openspiel"]["decisions_per_match"] > 0
    assert first["openspiel"]["chance_nodes_per_match"] >= 52  # at least the deal, card by card
    assert first["ours"]["chance_nodes_per_match"] == 0
    for side in ("ours", "openspiel"):
        for key in ("decisions_per_match", "chance_nodes_per_match"):
            assert first[side][key] == again[side][key]


@pytest.mark.parametrize("name", ["cribbage", "mau_mau"])
@pytest.mark.usefixtures("pyspiel")
def test_chunks_carry_matches_on_without_changing_the_play(name):
    """A side played in chunks of 41 decisions makes the same moves as one played in one go."""
    chunked, _ = oc.sides(PAIRS[name])
    whole, _ = oc.sides(PAIRS[name])
    for _ in range(9):
        assert chunked.play(41) == 41
    assert whole.play(369) == 369
    assert chunked.decisions == whole.decisions == 369
    assert (chunked.seed, chunked.matches) == (whole.seed, whole.matches)
    assert chunked.matches >= 1
    assert chunked.state.to_json() == whole.state.to_json()  # 369 ends no match of these seeds
    _, their_chunked = oc.sides(PAIRS[name])
    _, their_whole = oc.sides(PAIRS[name])
    for _ in range(9):
        their_chunked.play(41)
    their_whole.play(369)
    assert their_chunked.seed == their_whole.seed
    assert their_chunked.state.history() == their_whole.state.history()
    assert their_chunked.chances == their_whole.chances > 0


@pytest.mark.usefixtures("pyspiel")
def test_compare_reports_both_sides_and_the_notes():
    row = oc.compare(PAIRS["cribbage"], pairs=2, chunk_seconds=0.02, matches=1)
    for side in ("ours", "openspiel"):
        assert row[side]["decisions"] > 0
        assert row[side]["decisions_per_s"] > 0
    assert row["ours"]["chance_nodes"] == 0 < row["openspiel"]["chance_nodes"]
    assert row["ratio_median"] > 0
    assert row["compare"] == "match for match"
    assert row["notes"]
    lines = oc.table_lines([row])
    assert lines[1].startswith("cribbage")
