"""Named expressions with parameters, expanded and type-checked at each use."""

from __future__ import annotations

import warnings

from dsl import load_game

from .language_helpers import HEAD, engine, errors, var

DEFINES = (
    HEAD
    + """
var t: int per player = 0
define points(Z) = size of Z * 2 + bonus
define bonus = 1
flow {
  deal 3 from deck to hand each
  move top 4 from deck to pile
  t of 0 = points(hand of 0)
  t of 1 = points(pile)
}
"""
)


def test_a_definition_is_used_with_different_arguments():
    assert var(engine(DEFINES).new_game(players=3, seed=0), "t") == [7, 9, 0]


def test_each_use_is_type_checked():
    text = HEAD + "var t: int = 0\ndefine points(Z) = size of Z\nflow {\n  t = points(3)\n}\n"
    found = errors(text)
    assert found and found[0].code == "type-mismatch"


def test_a_definition_may_not_use_itself():
    text = HEAD + "var t: int = 0\ndefine a(x) = b(x) + 1\ndefine b(x) = a(x)\nflow {\n  t = a(1)\n}\n"
    found = errors(text)
    assert found and "defined through itself" in found[0].message


def test_a_definition_takes_as_many_arguments_as_it_names():
    text = HEAD + "var t: int = 0\ndefine twice(x) = x * 2\nflow {\n  t = twice(1, 2)\n}\n"
    assert any("takes 1 argument, not 2" in d.message for d in errors(text))


def test_a_definition_may_not_replace_a_built_in_function():
    text = HEAD + "var t: int = 0\ndefine max(x) = x\nflow {\n  t = max(1, 2)\n}\n"
    assert [d.code for d in errors(text)] == ["reserved-name"]


def test_a_variant_redefines_a_definition(tmp_path):
    (tmp_path / "base.cardrules").write_text(DEFINES, encoding="utf-8")
    (tmp_path / "more.cardrules").write_text(
        'game "more" variant of "base.cardrules"\ndefine bonus = 100\n', encoding="utf-8"
    )
    state = load_game(str(tmp_path / "more.cardrules")).new_game(players=3, seed=0)
    assert var(state, "t") == [106, 108, 0]


def test_an_error_in_an_expanded_definition_points_at_the_use():
    text = HEAD + "var t: bool = false\ndefine same(a, b) = a == b\nflow {\n  t = same(3, top of pile)\n}\n"
    use_line = text.splitlines().index("  t = same(3, top of pile)") + 1
    found = errors(text)
    assert [d.code for d in found] == ["type-mismatch"]
    assert "cannot compare" in found[0].message
    assert found[0].span.line == use_line


def test_a_literal_compared_with_none_compiles_without_a_python_warning():
    # `define nt(s) = s == none` used with a suit written out: the engine compares `0 == None`
    # (never `0 is None`, which Python warns about when it compiles the module).
    text = HEAD_FOR_NONE + "define nt (s) = s == none\nflow {\n  if nt(♠) {\n    x = 1\n  }\n}\n"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        state = engine(text).new_game(3, 0)
    assert state.is_terminal()


HEAD_FOR_NONE = """
game "g"
players 3
cards { deck standard }
zone deck shared seen by nobody
var x: int = 0
"""
