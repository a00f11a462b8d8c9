"""The pass that drops the parentheses the formatter drops compares syntax trees without writing
them out: it must tell apart exactly the trees `ast.dump` tells apart."""

from __future__ import annotations

import ast
import io
import tokenize

import pytest

from dsl.compiler import parens, pytokens, sametree
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
    assert sametree.same_tree(a, b) == (ast.dump(a) == ast.dump(b))
    assert sametree.same_tree(a, a)


@pytest.mark.parametrize("path", GENERATED[:3], ids=lambda p: p.stem)
def test_an_engine_parsed_twice_is_the_same_tree_and_one_change_is_seen(path):
    source = path.read_text(encoding="utf-8")
    assert sametree.same_tree(ast.parse(source), ast.parse(source))
    changed = source.replace(" + 1", " - 1", 1)
    assert changed != source
    assert not sametree.same_tree(ast.parse(source), ast.parse(changed))


def test_an_item_without_a_parenthesis_is_given_back_as_it_is():
    for item in ["size=2", "'a (quoted) text'", "s.v_x[p]", "lambda g: x + 1"]:
        assert parens.drop_in_argument(item) == item
    assert parens.drop_in_argument("lambda g: (x + 1)") == "lambda g: x + 1"


def _tokenize_tokens(source: str) -> list[tuple]:
    kept = tokenize.generate_tokens(io.StringIO(source).readline)
    return [(t.type, t.string, t.start) for t in kept if t.type not in (tokenize.NL, tokenize.INDENT, tokenize.DEDENT)]


FOLDERS = ("dsl", "tests", "benchmarks", "generated")
PYTHON_FILES = sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


def test_the_fast_reader_gives_the_tokens_of_tokenize_for_every_python_file():
    read = 0
    for path in PYTHON_FILES:
        source = path.read_text(encoding="utf-8")
        fast = pytokens.tokens(source)
        assert fast is not None, path
        assert [tuple(t) for t in fast] == _tokenize_tokens(source), path
        read += 1
    assert read > 100


SNIPPETS = [
    "x",
    "x = 1",
    "# only a comment",
    "x  # and a comment",
    "f(a,\n  b)  # c\n\n\ny = 2\n",
    "s = '''one\ntwo''' + rb'\\x00' + f\"{a!r}\"\nz = 1",
    "x = 1 + \\\n    2\n",
    "n = 0x_1F + 1_000.5e-3j + .5 + 1if x else 2",
    "lambda q: (q + 1)",
    "a := (b)",
    "x = 'a\\\nb'\n",
    "   ",
    "x\n   ",
    "x\n\t\f",
    "",
]


@pytest.mark.parametrize("source", SNIPPETS)
def test_the_fast_reader_gives_the_tokens_of_tokenize_for_odd_text(source):
    assert [tuple(t) for t in pytokens.tokens(source)] == _tokenize_tokens(source)


@pytest.mark.parametrize("source", ["x = $", "s = 'open", "f(a", "a)", "x = 1\r y"])
def test_text_the_fast_reader_cannot_follow_is_left_to_tokenize(source):
    assert pytokens.tokens(source) is None


def _changed(before: str, after: str) -> bool | None:
    tokens = pytokens.tokens(before)
    lost = {i for i, t in enumerate(tokens) if t.string in "()" and t.type == tokenize.OP}
    return sametree.changed_lines_same(before, after, tokens, lost)


def test_the_statements_that_lost_a_pair_are_compared_alone():
    before = "def f(a, b):\n    if (a and b):  # c\n        return (a + b) * 2\n    elif (b):\n        x = (a)\n"
    assert _changed(before, before.replace("(a and b)", "a and b").replace("(b):", "b:")) is True
    assert _changed(before, before.replace("(a + b) * 2", "a + b * 2")) is False
    assert _changed("@(d)\ndef f():\n    pass\n", "@d\ndef f():\n    pass\n") is None  # not alone
    assert _changed("x = ('\u2028')\n", "x = '\u2028'\n") is None  # a line break of splitlines only


def test_a_pass_that_changed_the_meaning_is_refused(monkeypatch):
    # A pass that wrongly dropped the pair of `(a + b) * c`: the comparison refuses it.
    monkeypatch.setattr(parens, "_redundant", lambda tokens: {2, 6})
    with pytest.raises(ValueError, match="changed the meaning"):
        parens.drop_redundant("x = (a + b) * c\n")
