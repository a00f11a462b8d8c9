"""The project's lexer (`dsl.syntax.scanner`) reads every text exactly as Lark's contextual lexer
does: the same tokens (type, text, place) on good files, the same error (kind, place, what was
found, what was expected) on broken ones, for both parsers (the checker's and the formatter's)."""

from __future__ import annotations

import functools
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from lark import Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken

from dsl.syntax import tables
from dsl.syntax.scanner import SharedScannerLexer
from tests.fuzz.grammar import rule_texts
from tests.fuzz.mutations import mutate

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(p for folder in ("games", "tests/data") for p in (ROOT / folder).rglob("*.cardrules"))
GAMES = [p for p in FILES if p.is_relative_to(ROOT / "games")]


@functools.lru_cache(maxsize=None)
def parsers(name: str):
    """(the project's parser, Lark's own: the same tables, Lark's contextual lexer)."""
    return tables.parser(name), tables.build(name, tables.grammar_text())


def outcome(parser, text: str, start: str):
    """What a parse gives, in comparable form: every token with its place, or the error."""
    try:
        tree = parser.parse(text, start=start)
    except UnexpectedInput as exc:
        found = exc.token if isinstance(exc, UnexpectedToken) else getattr(exc, "char", None)
        expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None)
        return ("error", type(exc).__name__, exc.line, exc.column, _token(found), sorted(expected or ()))
    return ("tree", _flat(tree))


def _flat(tree) -> list:
    """The tree as one list (rule names, tokens with their places), walked without recursion:
    some test files nest deeper than Python's recursion limit."""
    out, stack = [], [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, Tree):
            out.append(("(", node.data))
            stack.append(")")
            stack.extend(reversed(node.children))
        else:
            out.append(_token(node))
    return out


def _token(t):
    if not isinstance(t, Token):
        return t
    return (t.type, str(t), t.line, t.column, t.end_line, t.end_column, t.start_pos, t.end_pos)


def assert_same(text: str, name: str = "check", start: str = "start") -> None:
    ours, larks = parsers(name)
    assert outcome(ours, text, start) == outcome(larks, text, start), text[:2000]


def test_the_project_parsers_use_the_shared_scanner():
    for name in tables.PARSERS:
        ours, larks = parsers(name)
        assert isinstance(ours.parser.lexer, SharedScannerLexer)
        assert not isinstance(larks.parser.lexer, SharedScannerLexer)


@pytest.mark.parametrize("name", sorted(tables.PARSERS))
def test_every_rule_file_reads_the_same(name):
    for path in FILES:
        assert_same(path.read_text(encoding="utf-8").removeprefix("\ufeff"), name)


@pytest.mark.parametrize(
    "text",
    [
        'game "g"\nplayers 2\nzone deck\n',  # a keyword where a name may stand too
        'game "g"\nplayers 2\nzone decks\n',  # a name that starts with a keyword
        'game "g"\nplayers 2 \u00a7\n',  # a character no terminal reads
        'game "g"\nplayers 2\nflow { if }\n',  # a keyword the state does not take
        'game "g"\nplayers "two"\n',  # a terminal the state does not take
        'game "g\n',  # an unterminated string
        "",
        "# only a comment\n",
    ],
)
def test_tricky_texts_read_the_same(text):
    assert_same(text)
    assert_same(text, start="items")


def test_mutated_games_read_the_same():
    rng = random.Random(20261201)
    for path in GAMES:
        text = path.read_text(encoding="utf-8")
        for _ in range(6):
            mutated, _operator = mutate(text, rng)
            assert_same(mutated)


_settings = settings(
    max_examples=40,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@_settings
@given(text=rule_texts("start", hostile=True))
def test_generated_texts_read_the_same(text):
    assert_same(text)


@_settings
@given(text=st.text(alphabet='gameplyrs zonedckfw{}()"#\n0123456789.,=<>-_@:', max_size=120))
def test_character_soup_reads_the_same(text):
    assert_same(text)
    assert_same(text, start="items")
