"""The bugs found writing games from the language reference alone, each pinned by a test."""

from __future__ import annotations

import re

import pytest

from dsl.api import check_source, compile_source, module_from_source
from dsl.syntax.lalr import lark_parser
from dsl.syntax.reserved import KEYWORDS

HEAD = """
game "g"
players 2
cards { deck standard }
zone deck shared seen by nobody
"""


def engine(text: str):
    compiled = compile_source(text, "t.cardrules")
    assert compiled.ok, [f"{d.span.line}: {d.message}" for d in compiled.diagnostics]
    return module_from_source(compiled.source, "t")


def errors(text: str) -> list:
    return [d for d in check_source(text, "t.cardrules") if d.severity == "error"]


def offered(state) -> list[tuple[int, str]]:
    return [(a, state.action_str(a)) for a in state.legal_actions()]


def stored_after(text: str, pick) -> tuple[str, int]:
    state = engine(text).new_game(players=2, seed=0)
    action = pick(state.legal_actions())
    label = state.action_str(action)
    state.apply(action)
    return label, state.observation(0)["vars"]["b"][0]


BID_FROM_0 = HEAD + "var b: int per player = 0\nflow {\n  0 bids b of 0 from 0 to 13\n}\nresult b\n"
BID_STEP = HEAD + "var b: int per player = 0\nflow {\n  0 bids b of 0 from 10 to 50 step 10\n}\nresult b\n"


def test_a_bid_from_0_offers_0_to_13_and_stores_what_its_label_says():
    labels = [label for _a, label in offered(engine(BID_FROM_0).new_game(players=2, seed=0))]
    assert labels == [f"bid {v}" for v in range(14)]
    for pick in (min, max):
        label, stored = stored_after(BID_FROM_0, pick)
        assert label == f"bid {stored}"
    assert stored_after(BID_FROM_0, min) == ("bid 0", 0)


def test_a_stepped_bid_is_labelled_with_the_values_it_stores():
    labels = [label for _a, label in offered(engine(BID_STEP).new_game(players=2, seed=0))]
    assert labels == ["bid 10", "bid 20", "bid 30", "bid 40", "bid 50"]
    assert stored_after(BID_STEP, min) == ("bid 10", 10)


def test_sum_of_a_per_player_number_parses_and_adds_the_seats():
    text = HEAD + "var b: int per player = 2\nvar t: int = 0\n"
    text += "flow {\n  t = sum(b) + min(b)\n  b of 0 = t\n}\nresult b\n"
    state = engine(text).new_game(players=2, seed=0)
    assert state.observation(0)["vars"]["b"] == [6, 2]


@pytest.mark.parametrize("word", ["best", "count", "sum", "spades", "winner", "true"])
def test_a_reserved_word_as_a_variable_name_is_a_reserved_name_error(word):
    found = errors(HEAD + f"var {word}: int = 0\nflow {{\n  end game\n}}\n")
    assert [d.code for d in found] == ["reserved-name"]
    assert f"'{word}' is a reserved word" in found[0].message and found[0].span.line == 6


def test_an_option_may_not_take_a_suit_word():
    found = errors(HEAD + "var o: option = none\nflow {\n  0 chooses one of spades, hunt as o\n}\n")
    assert [d.code for d in found] == ["reserved-name"]


def test_every_keyword_that_breaks_a_name_is_reserved():
    """The list of reserved keywords is exactly the grammar's words that cannot stand as a name."""
    parser = lark_parser()
    words = {
        t.pattern.value
        for t in parser.terminals
        if t.pattern.type == "str" and re.fullmatch(r"[A-Za-z_]+", t.pattern.value)
    }
    breaking = set()
    for w in words:
        src = (
            f'game "g"\nvar {w}: int = 0\nflow {{\n {w} = 1\n y = {w} + 1\n if {w} == 1 {{ end game }}\n'
            f" for each player {w} {{ y of {w} = 1 }}\n}}\n"
        )
        try:
            parser.parse(src, start="start")
        except Exception:  # noqa: BLE001 - any parse failure means the word cannot be a name
            breaking.add(w)
    assert breaking == set(KEYWORDS)


def test_a_seat_number_is_a_player():
    text = HEAD + "var turn: player = 1\nvar b: int per player = 0\n"
    text += "flow {\n  if turn == 1 { b of turn = 5 }\n}\nresult b\n"
    assert engine(text).new_game(players=2, seed=0).observation(0)["vars"]["b"] == [0, 5]


@pytest.mark.parametrize(
    ("body", "phrase"),
    [
        ("var t: int = 0\nflow {\n  t += top of deck\n}", "should be an int, not a card"),
        ("var t: int = 0\nvar o: option = none\nflow {\n  t = o\n}", "should be an int, not an option"),
        ("var t: int per player = 0\nflow {\n  t of 0 = t\n}", "should be an int, not ints"),
    ],
)
def test_messages_use_the_right_article(body, phrase):
    messages = [d.message for d in errors(HEAD + body + "\n")]
    assert any(phrase in m for m in messages), messages
    assert not any(re.search(r"\ba (int|option|ints)\b", m) for m in messages), messages
