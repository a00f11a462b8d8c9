"""The engine API refuses what it does not take, and a fault inside the rules' code comes out as
a located rule gap: never a bare Python exception, never an internal error."""

from __future__ import annotations

import functools

import pytest

from dsl import check_source, load_game
from dsl.api import compile_source, module_from_source
from dsl.lint.examples import example_account
from dsl.runtime.errors import IllegalAction, RuleGap

from .conftest import GAMES
from .engine_state import whole_state

# Three players, one card each, one trick: {before} runs inside `new_game`, {after} inside the
# `apply` that ends the trick, {example} inside a worked example.
FAULT_GAME = """game "faults"
players 3
cards {{ deck standard }}
zone deck shared seen by nobody
zone hand per player seen by owner
zone table shared seen by everyone
zone taken per player seen by owner
var who: player = none
var picked: card = none
var zero: int = 0
{declaration}
var pts: int per player = 0
flow {{
  move cards where card is 2♠ from deck to hand of 0
  move cards where card is 3♠ from deck to hand of 1
  move cards where card is 4♠ from deck to hand of 2
  {before}
  trick {{
    lead 0
    play from hand to table
    winner {{
      highest where suit == led
    }}
    take into taken
  }}
  {after}
}}
result pts
example "a fault in an example" {{
  {example}
  expect pts of 0 == 1
}}
"""

# (name, faulty statement, code of the rule gap it must raise)
FAULTS = [
    ("hand of a seat past the table", "move top 1 from deck to hand of 5", "no-such-seat"),
    ("variable of a seat past the table", "pts of 4 = 1", "no-such-seat"),
    ("a seat still none", "pts of who = 3", "unset-value"),
    ("a card still none", "if suit of picked == ♠ {\n    pts of 0 = 1\n  }", "unset-value"),
    ("division by zero", "pts of 0 = 5 / zero", "division-by-zero"),
]
FAULT_IDS = [name for name, *_ in FAULTS]


def fault_game(before="", after="", example="pts of 0 = 1", declaration=""):
    return FAULT_GAME.format(before=before, after=after, example=example, declaration=declaration)


def line_of(text: str, statement: str) -> int:
    first = statement.split("\n")[0]
    (index,) = [i for i, line in enumerate(text.split("\n"), start=1) if line.strip() == first.strip()]
    return index


def engine_of(text: str):
    compiled = compile_source(text, "faults.cardrules")
    assert compiled.ok, [f"{d.span.line}: {d.message}" for d in compiled.diagnostics if d.severity == "error"]
    return module_from_source(compiled.source, "faults")


def play_to_the_end(state):
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])


def test_the_fault_game_plays_cleanly_without_a_fault():
    engine = engine_of(fault_game())
    state = engine.new_game(3)
    play_to_the_end(state)
    assert state.returns() == [0.0, 0.0, 0.0]
    ((_title, _line, run),) = engine.EXAMPLES
    assert [ok for _line, _text, ok, _sides in run({})] == [True]


@pytest.mark.parametrize("statement, code", [(s, c) for _, s, c in FAULTS], ids=FAULT_IDS)
def test_a_fault_while_setting_up_is_a_rule_gap_at_its_line(statement, code):
    text = fault_game(before=statement)
    engine = engine_of(text)
    with pytest.raises(RuleGap) as gap:
        engine.new_game(3)
    assert (gap.value.code, gap.value.line) == (code, line_of(text, statement))


@pytest.mark.parametrize("statement, code", [(s, c) for _, s, c in FAULTS], ids=FAULT_IDS)
def test_a_fault_after_a_decision_is_a_rule_gap_raised_by_apply(statement, code):
    text = fault_game(after=statement)
    state = engine_of(text).new_game(3)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    with pytest.raises(RuleGap) as gap:
        state.apply(state.legal_actions()[0])  # the last card of the trick: the rules run on
    assert (gap.value.code, gap.value.line) == (code, line_of(text, statement))


@pytest.mark.parametrize("statement, code", [(s, c) for _, s, c in FAULTS], ids=FAULT_IDS)
def test_a_fault_in_an_example_is_a_rule_gap_and_a_finding(statement, code):
    text = fault_game(example=statement)
    ((_title, _line, run),) = engine_of(text).EXAMPLES
    with pytest.raises(RuleGap) as gap:
        run({})
    assert (gap.value.code, gap.value.line) == (code, line_of(text, statement))
    diagnostics = check_source(text, "faults.cardrules")
    assert [d.code for d in diagnostics if d.code == "internal-error"] == []
    ((_message, notes),) = [account for d in diagnostics if (account := example_account(d)) is not None]
    assert f"rule gap: {gap.value.message}" in notes


@pytest.mark.parametrize("who", ["7", "who"], ids=["a seat past the table", "a seat still none"])
def test_a_decision_by_a_seat_not_at_the_table_is_a_rule_gap_at_its_line(who):
    statement = f"{who} chooses suit as picked_suit"
    text = fault_game(before=statement, declaration="var picked_suit: suit = none")
    engine = engine_of(text)
    with pytest.raises(RuleGap) as gap:
        engine.new_game(3)
    assert (gap.value.code, gap.value.line) == (
        "no-such-seat" if who == "7" else "unset-value",
        line_of(text, statement),
    )


def test_a_fault_inside_an_expectation_is_located_at_the_expect_line():
    expect = "expect size of hand of 5 == 0"
    text = fault_game().replace("expect pts of 0 == 1", expect)
    ((_title, _line, run),) = engine_of(text).EXAMPLES
    with pytest.raises(RuleGap) as gap:
        run({})
    assert (gap.value.code, gap.value.line) == ("no-such-seat", line_of(text, expect))


def test_a_fault_in_a_variable_s_first_value_is_located_at_its_declaration():
    declaration = "var far: int = size of hand of 7"
    text = fault_game(declaration=declaration)
    with pytest.raises(RuleGap) as gap:
        engine_of(text).new_game(3)
    assert (gap.value.code, gap.value.line) == ("no-such-seat", line_of(text, declaration))


# ---------------------------------------------------------------- what apply and seats accept


SECOND_CARD_TO_SEAT_0 = (
    "move cards where card is 3♠ from hand of 1 to hand of 0\n  move cards where card is 5♠ from deck to hand of 1"
)


def test_apply_takes_only_a_real_int_among_the_legal_actions():
    state = engine_of(fault_game(before=SECOND_CARD_TO_SEAT_0)).new_game(3)
    assert {0, 1} <= set(state.legal_actions())  # 2♠ and 3♠: the actions True and False would pass for
    before = whole_state(state)
    for action in (True, False, 1.0, 0.0, "1", None, [1]):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert whole_state(state) == before, action
    state.apply(1)
    assert state.history == [1] and type(state.history[0]) is int


@functools.lru_cache(maxsize=None)
def engine_for(path):
    return load_game(str(path))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_seat_query_refuses_a_seat_not_at_the_table(path):
    engine = engine_for(path)
    players = engine.RULES["players"][0]
    state = engine.new_game(players=players, seed=3)
    before = whole_state(state)
    for seat in (players, 99, -1, True, 0.0, None, "0"):
        with pytest.raises(ValueError, match="seat"):
            state.observation(seat)
    assert whole_state(state) == before
    assert [state.observation(seat)["seat"] for seat in range(players)] == list(range(players))
    with pytest.raises(ValueError, match="players"):
        engine.new_game(players=float(players), seed=0)


# ---------------------------------------------------------------- from_json refuses what it cannot restore


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_from_json_refuses_what_to_json_did_not_save(path):
    engine = engine_for(path)
    saved = engine.new_game(players=engine.RULES["players"][0], seed=1).to_json()
    other = next(engine_for(p) for p in GAMES if p != path)
    damaged_rng = {**saved, "fields": {**saved["fields"], "rng": [3, [1, 2], None]}}
    missing = {**saved, "fields": {k: v for k, v in saved["fields"].items() if k != "pc"}}
    unknown = {**saved, "fields": {**saved["fields"], "z_nowhere": []}}
    wrong_kind = {**saved, "fields": {**saved["fields"], "history": 7}}
    for bad in ({}, [], {k: v for k, v in saved.items() if k != "fields"}, damaged_rng, missing, unknown, wrong_kind):
        with pytest.raises(ValueError):
            engine.from_json(bad)
    with pytest.raises(ValueError, match="not a saved state"):
        other.from_json(saved)
    assert engine.from_json(saved).to_json() == saved


ENDLESS_WITHOUT_DECISIONS = """game "endless"
players 2
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
zone table shared seen by everyone
var total: int per player = 0
flow {
  repeat {
    gather all into deck
    shuffle deck
    while not hand of 0 is empty {
      0 chooses card c from hand of 0
      move card c from hand of 0 to table
    }
  } until total of 0 > 0
}
result total
"""


def test_rules_that_loop_past_their_decisions_forever_are_a_located_rule_gap():
    # The loop holds a decision it never reaches: the driver's step cap ends it, at the loop.
    engine = engine_of(ENDLESS_WITHOUT_DECISIONS)
    with pytest.raises(RuleGap) as gap:
        engine.new_game(2)
    lines = ENDLESS_WITHOUT_DECISIONS.split("\n")
    first = next(i for i, text in enumerate(lines, start=1) if text.strip() == "repeat {")
    last = next(i for i, text in enumerate(lines, start=1) if text.strip().startswith("} until"))
    assert gap.value.code == "non-termination" and first <= gap.value.line <= last, gap.value
