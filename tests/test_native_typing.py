"""The native flavour's typing: which locals of a rule function become C integers, and which calls
of the compiler's fixed forms go to the module's typed helpers. A local typed wrongly would make a
native engine fail where the Python engine plays on, so each rule is checked both ways."""

from __future__ import annotations

import ast
import pathlib
import textwrap

import pytest

from dsl.native.flavour import native_flavour
from dsl.native.helpers import typed_helpers
from dsl.native.int_locals import int_locals

ROOT = pathlib.Path(__file__).resolve().parent.parent
# z_hand: per player, z_table: shared; z_taken (grouped) holds groups, so it is not listed
CARD_ZONES = {"z_hand": True, "z_table": False}


def typed(body: str) -> set[str]:
    function = ast.parse("def block(s):\n" + textwrap.indent(textwrap.dedent(body), "    ")).body[0]
    return int_locals(function, CARD_ZONES)


@pytest.mark.parametrize(
    "body, expected",
    [
        ("for c in s.z_hand[p]:\n    pass", {"c"}),
        ("for c in list(s.z_table):\n    pass", {"c"}),
        ("for i, c in enumerate(s.z_table):\n    pass", {"i", "c"}),
        ("_c, _t_i = s.choice, s.t_i", {"_c", "_t_i"}),
        ("_p = s.t_order[_t_i]", {"_p"}),
        ("_c = s.z_table.pop() if s.z_table else _rt.take_one(s.z_table, 3)", {"_c"}),
        ("_rank = -1\n_best = 0", {"_rank", "_best"}),  # the trick lowering's own ints, as before
    ],
)
def test_locals_that_only_ever_hold_cards_seats_or_counts_are_typed(body, expected):
    assert typed(body) == expected


@pytest.mark.parametrize(
    "body",
    [
        "for h in s.z_hand:\n    pass",  # a per-player zone as a whole: a list of hands
        "for c in s.z_table[0]:\n    pass",  # a shared zone indexed: not a zone of cards
        "for g in s.z_taken[p]:\n    pass",  # a grouped zone: groups, not cards
        "for c in s.z_table:\n    pass\nc = s.l_c",  # also stored from a field that may be None
        "for c in s.z_table:\n    pass\nc += 1",
        "_p = s.t_order[0]\n_p = None",
        "_c = s.z_taken[0].pop() if s.z_taken[0] else None",  # a group popped
        "_c = s.z_table.pop() if s.z_hand[0] else _rt.take_one(s.z_table, 3)",  # the test is another zone
        "_c, x = s.choice",  # unpacked from something else than a tuple of two
        "for i, c in enumerate(s.z_taken[0]):\n    pass",
        "q = [c for c in s.z_table]",
    ],
)
def test_locals_that_may_hold_anything_else_stay_python_objects(body):
    names = typed(body)
    assert not names & {"h", "c", "g", "_p", "_c", "x", "q"}


DISTINCT = "if TWINS.isdisjoint({0}) else _rt.distinct_kinds({0}, KIND, TWINS)"
HAND, LEGAL = DISTINCT.format("s.z_hand[_p]"), DISTINCT.format("_legal")


@pytest.mark.parametrize(
    "line, expected",
    [
        (
            f"        _legal = list(s.z_hand[_p]) {HAND}",
            "        _legal = _distinct_kinds(s.z_hand[_p], True)",
        ),
        (
            f"    _legal = _legal {LEGAL}",
            "    _legal = _distinct_kinds(_legal, False)",
        ),
        (
            f"        return s._decide(s.v_turn, (_legal {LEGAL}), 34, 418)",
            "        return s._decide(s.v_turn, (_distinct_kinds(_legal, False)), 34, 418)",
        ),
        # another expression before the `if` than the cards or their copy: left as it is
        (
            f"    x = sorted(_legal) {LEGAL}",
            f"    x = sorted(_legal) {LEGAL}",
        ),
    ],
)
def test_the_distinct_cards_form_goes_to_the_typed_helper(line, expected):
    helpers = typed_helpers(["TWINS = _rt.twins(KIND)", line])
    assert helpers.lines[1] == expected
    if expected != line:
        assert any("def _distinct_kinds(cards, copy):" in code for code in helpers.code)
        assert "cpdef list _distinct_kinds(list cards, bint copy)" in helpers.declarations


def test_a_module_without_the_form_gets_no_helper():
    lines = ["_legal = list(s.z_hand[_p])"]
    assert typed_helpers(lines).lines == lines
    assert typed_helpers(lines).code == [] and typed_helpers(lines).declarations == []


def test_every_engine_with_twins_calls_the_helper_and_no_runtime_distinct_is_left():
    """A game with identical cards is decided through the typed helper in every place it asks."""
    with_twins = [p for p in sorted((ROOT / "generated").glob("*.py")) if "_rt.distinct_kinds(" in p.read_text()]
    assert {p.stem for p in with_twins} >= {"thirteens", "prisoners"}
    for path in with_twins:
        flavour = native_flavour(path.read_text(encoding="utf-8"))
        calls = [line for line in flavour.source.splitlines() if "_rt.distinct_kinds(" in line and "#" not in line]
        assert calls == ["    return _rt.distinct_kinds(cards, KIND, TWINS)"], path.stem
        assert "_distinct_kinds(s.z_hand[_p], True)" in flavour.source


@pytest.mark.parametrize("engine", ["thirteens", "jailbreak", "bridge"])
def test_the_fields_are_set_up_in_a_typed_method_and_init_only_calls_it(engine):
    flavour = native_flavour((ROOT / "generated" / f"{engine}.py").read_text(encoding="utf-8"))
    tree = ast.parse(flavour.source)
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    init = next(f for f in classes["State"].body if isinstance(f, ast.FunctionDef) and f.name == "__init__")
    assert [ast.unparse(stmt) for stmt in init.body[-3:-1]] == [
        "self._setup(players, seed, readings, rng)",
        "self._init_fields(players)",
    ]
    setup = next(f for f in classes["_Fields"].body if isinstance(f, ast.FunctionDef) and f.name == "_init_fields")
    assert any(ast.unparse(stmt).startswith("s.cards = ") for stmt in setup.body)
    assert "    @cython.locals(s=_Fields)\n    cpdef _init_fields(self, players)\n" in flavour.declarations
