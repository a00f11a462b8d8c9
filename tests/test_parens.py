"""The pass that drops the parentheses the formatter drops compares syntax trees without writing
them out: it must tell apart exactly the trees `ast.dump` tells apart."""

from __future__ import annotations

import ast

import pytest

from dsl.compiler import parens
from tests.conftest import ROOT

GENERATED = sorted((ROOT / "generated").glob("*.py"))

PAIRS = [
    ("x = (a + b) * c", "x = a + b * c"),
    ("x = 1", "x = True"),
    ("x = 1", "x = 1.0"),
    ("x = 'a'", "x = b'a'"),
    ("f(a, b)", "f(a, *b)"),
    ("f(a, b)", "f(a)"),
    ("f(a=1)", "f(b=1)"),
    ("x = {**a, 'k': 1}", "x = {'k': 1, **a}"),
    ("if a:\n    pass", "if a:\n    pass\nelse:\n    pass"),
    ("x = not a == b", "x = (not a) == b"),
    ("x = -1", "x = -(1)"),
    ("x = (a, b)", "x = [a, b]"),
    ("lambda q: (q + 1)", "lambda q: q + 1"),
    ("if ((a and b)):\n    s.x = (a == b)", "if a and b:\n    s.x = a == b"),
]


@pytest.mark.parametrize(("one", "other"), PAIRS)
def test_trees_are_the_same_exactly_when_their_dumps_are(one, other):
    a, b = ast.parse(one), ast.parse(other)
    assert parens.same_tree(a, b) == (ast.dump(a) == ast.dump(b))
    assert parens.same_tree(a, a)


@pytest.mark.parametrize("path", GENERATED[:3], ids=lambda p: p.stem)
def test_an_engine_parsed_twice_is_the_same_tree_and_one_change_is_seen(path):
    source = path.read_text(encoding="utf-8")
    assert parens.same_tree(ast.parse(source), ast.parse(source))
    changed = source.replace(" + 1", " - 1", 1)
    assert changed != source
    assert not parens.same_tree(ast.parse(source), ast.parse(changed))


def test_an_item_without_a_parenthesis_is_given_back_as_it_is():
    for item in ["size=2", "'a (quoted) text'", "s.v_x[p]", "lambda g: x + 1"]:
        assert parens.drop_in_argument(item) == item
    assert parens.drop_in_argument("lambda g: (x + 1)") == "lambda g: x + 1"
