"""The native flavour's typing: which locals of a rule function become C integers, and which calls
of the compiler's fixed forms go to the module's typed helpers. A local typed wrongly would make a
native engine fail where the Python engine plays on, so each rule is checked both ways."""

from __future__ import annotations

import ast
import pathlib
import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsl.native import flavour as flavour_module
from dsl.native import helpers as helpers_module
from dsl.native.flavour import native_flavour
from dsl.native.helpers import cards_where, int_indexes, distinct_kinds_calls
from dsl.runtime.engine import table_codes
from dsl.native.int_locals import int_locals
from dsl.native.seat_loops import typed_seat_loops

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
    helpers = distinct_kinds_calls(["TWINS = _rt.twins(KIND)", line])
    assert helpers.lines[1] == expected
    if expected != line:
        assert any("def _distinct_kinds(cards, copy):" in code for code in helpers.code)
        assert "cpdef list _distinct_kinds(list cards, bint copy)" in helpers.declarations


def test_a_module_without_the_form_gets_no_helper():
    lines = ["_legal = list(s.z_hand[_p])"]
    assert distinct_kinds_calls(lines).lines == lines
    assert distinct_kinds_calls(lines).code == [] and distinct_kinds_calls(lines).declarations == []


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


# ---------------------------------------------------------------- rewrites of the native flavour


def rewritten_seat_loops(source: str) -> str:
    source = textwrap.dedent(source)
    return "\n".join(typed_seat_loops(source.split("\n")))


SEAT_LOOP = """\
def block(s):
    _p8 = s.l_q
    for _p8 in range(s.n):
        s.v_hunted[_p8] = False
    s.l_q = _p8
"""


def test_a_loop_over_the_seats_keeps_its_last_seat_without_reading_the_field_first():
    assert rewritten_seat_loops(SEAT_LOOP) == SEAT_LOOP.replace("_p8 = s.l_q", "_p8 = -1").replace(
        "s.l_q = _p8", "if _p8 >= 0: s.l_q = _p8"
    )
    function = ast.parse(rewritten_seat_loops(SEAT_LOOP)).body[0]
    assert "_p8" in int_locals(function, CARD_ZONES)


def test_the_seat_loop_rewrite_means_the_same_whether_or_not_the_loop_runs():
    for players, before, after in ((0, None, None), (3, None, 2), (2, 5, 1)):
        results = []
        for source in (SEAT_LOOP, rewritten_seat_loops(SEAT_LOOP)):
            state = type("S", (), {"l_q": before, "n": players, "v_hunted": [True] * players})()
            namespace: dict = {}
            exec(compile(source, "<loop>", "exec"), namespace)
            namespace["block"](state)
            results.append((state.l_q, state.v_hunted))
        assert results[0] == results[1] and results[0][0] == after


@pytest.mark.parametrize(
    "source",
    [
        SEAT_LOOP.replace("range(s.n)", "range(1, s.n)"),  # may start anywhere: no sentinel
        SEAT_LOOP.replace("range(s.n)", "s.z_table"),
        SEAT_LOOP.replace("    s.l_q = _p8", "    s.l_p = _p8"),  # keeps it in another field
        SEAT_LOOP.replace("    s.l_q = _p8", "    s.x = 1\n    s.l_q = _p8"),  # not right after the loop
    ],
)
def test_other_loops_are_left_as_they_are(source):
    assert rewritten_seat_loops(source) == textwrap.dedent(source)


@pytest.mark.parametrize(
    "line, expected",
    [
        ("    s.v_hunted[s.l_q] = True", "    s.v_hunted[_int_index(s.l_q)] = True"),
        ("    x = len(s.z_hand[_p2]) + s.hits[3]", "    x = len(s.z_hand[_int_index(_p2)]) + s.hits[3]"),
        ("    y = s.readings[name]", "    y = s.readings[name]"),  # not a list of the state
        ("    _p = s.t_order[0]; y = s.z_hand[_p]", "    _p = s.t_order[0]; y = s.z_hand[_p]"),  # a C integer already
        ("    y = s.z_hand[s.l_q + 1]", "    y = s.z_hand[s.l_q + 1]"),  # an expression: left to Python
        # columns count bytes: a card's text before the subscript does not shift the edit
        ("    t = ('10♦', s.z_hand[q])  # J♦", "    t = ('10♦', s.z_hand[_int_index(q)])  # J♦"),
    ],
)
def test_an_index_into_a_list_of_the_state_is_passed_as_a_c_integer(line, expected):
    lines = ["def block(s):", line]
    helpers = int_indexes(lines, {"v_hunted", "z_hand", "hits"}, CARD_ZONES)
    assert helpers.lines[1] == expected
    assert ("cdef Py_ssize_t _int_index(Py_ssize_t i) noexcept" in helpers.declarations) == (expected != line)


CLOSURES = """\
def _trigger_0(s, card, player):
    return any(s.z_hand[q] for q in range(s.n))


def _make_scoring(s):
    return lambda group: s.r_x


def _block(s):
    _trigger_0(s, 1, 2)
    return _make_scoring(snapshot)


class State(_rt.BaseState):
    _BLOCKS = (_block,)
"""


def test_a_function_holding_a_closure_gets_the_state_typed_by_annotation_only_where_it_is_given_the_state():
    lines = flavour_module._state_annotated(CLOSURES.split("\n"), {"_block"})
    assert lines[0] == 'def _trigger_0(s: "_Fields", card, player):'
    assert lines[4] == "def _make_scoring(s):"  # given a snapshot of readings, not the state


# ---------------------------------------------------------------- the follow rule's loop, in C

FOLLOW = """\
def block(s):
    _legal = []
    for c3 in s.z_hand[_p]:
        if SUIT[c3] == _s_led:
            _legal.append(c3)
"""


def test_a_follow_loop_becomes_one_call_on_the_line_of_its_for():
    helpers = cards_where(FOLLOW.split("\n"))
    assert helpers.lines[2] == "    _cards_where(_legal, s.z_hand[_p], SUIT, _CODES_SUIT, _s_led)"
    assert all(line.strip().startswith("#") for line in helpers.lines[3:5])
    assert "_CODES_SUIT = _rt.table_codes(SUIT)" in helpers.code
    assert "cdef bytes _CODES_SUIT" in helpers.declarations


@pytest.mark.parametrize(
    "test",
    [
        "SUIT[c3] == _s_led and _s_x",  # more than one comparison
        "suit_of[c3] == _s_led",  # not a module table
        "SUIT[c3] != _s_led",
        "SUIT[c9] == _s_led",  # another card than the loop's
        "SUIT[c3] == s.led",  # a field, not a local read once
    ],
)
def test_other_loops_keep_their_form(test):
    source = FOLLOW.replace("SUIT[c3] == _s_led", test).split("\n")
    assert cards_where(source).lines == source


def test_table_codes_tell_none_from_every_whole_number_they_hold():
    assert list(table_codes((None, -1, 0, 1, 253, True, False))) == [0, 1, 2, 3, 255, 3, 2]
    for table in ((254,), (-2,), (1.0,), ("3",), ((1,),), {0: 1}):
        assert table_codes(table) is None


# the edges of what the bytes can hold, often: a mix-up of none with -1 or -2 shows only there
EDGES = st.sampled_from([-3, -2, -1, 0, 1, 2, 252, 253, 254, 255])
ENTRIES = st.one_of(st.none(), EDGES, st.integers(-3, 255), st.booleans(), st.sampled_from([2.0, "2", (2,)]))
# tables the bytes can stand for (most of them, so the C comparison is what is tested), and others
HELD = st.one_of(st.none(), st.sampled_from([-1, 0, 1, 2, 252, 253]), st.integers(-1, 253), st.booleans())
TABLES = st.one_of(st.lists(HELD, min_size=1, max_size=12), st.lists(ENTRIES, min_size=1, max_size=12))


@settings(max_examples=300, deadline=None)
@given(table=TABLES, picks=st.lists(st.integers(0, 11), min_size=1), value=ENTRIES)
def test_the_helper_keeps_the_cards_the_loop_keeps(table, picks, value):
    """The helper's own code, as the unbuilt module runs it (Cython compiles the same code)."""
    namespace: dict = {}
    exec("\n".join(helpers_module._WHERE_CODE), namespace)
    cards = [c % len(table) for c in picks]
    expected = [c for c in cards if table[c] == value]
    chosen: list = []
    namespace["_cards_where"](chosen, cards, tuple(table), table_codes(tuple(table)), value)
    assert chosen == expected
