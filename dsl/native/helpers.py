"""Typed helpers compiled into a native engine, in place of code run on every decision.

A generated engine does a few things on every decision that, in a native engine, still go
through the interpreter: a runtime call leaves C and comes back, a comparison of two Python
objects or a subscript by an object index goes through Python's generic protocol. Where the
compiler emits one fixed form for such a thing, the native flavour puts a function of the module
in its place, declared with C types so that Cython compiles it to plain C. Each rewrite returns
`Helpers`: the module's lines (each edited line kept where it is), the functions to add, and their
declarations for the `.pxd`. The forms:

- `X if TWINS.isdisjoint(X) else _rt.distinct_kinds(X, KIND, TWINS)`, the legal cards of a game
  with identical cards (`compiler.lower`'s `distinct`, with `list(X)` before the `if` when X must
  be copied): `_distinct_kinds` counts the held twins in C and calls the runtime only when two or
  more are held, so it returns what the expression returns (the same list when no copy is asked);
- `s.<list>[index]`: `_int_index`, the index made a C integer where it is passed;
- `ZONE.remove(card)` of a zone of cards: `_take_card`;
- `for c in ZONE: if TABLE[c] == NAME: LIST.append(c)`, a follow rule: `_cards_where`.

Everything written here is fixed text; the only things taken from the module are expressions of
it, moved as they are, and the gate checks the result again.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from .int_locals import int_locals, is_card_zone, state_field

# the cards: an expression with at most one level of parentheses inside (`s.z_hand[_int_index(p)]`);
# what stands before the `if`: `list(cards)`, or a token without spaces (the cards themselves)
_CARDS = r"(?:[^()]|\([^()]*\))+"
_TOKEN = r"(?:[\w.\[\]]|\([\w.]*\))+"
_DISTINCT = re.compile(
    rf"(?P<copy>list\({_CARDS}\)|{_TOKEN}) if TWINS\.isdisjoint\((?P<cards>{_CARDS})\) "
    r"else _rt\.distinct_kinds\((?P=cards), KIND, TWINS\)"
)

_DISTINCT_CODE = [
    "# per card id: True for a card with an identical twin (`TWINS`), read in C by `_distinct_kinds`",
    "_TWIN_FLAGS = tuple(c in TWINS for c in range(len(KIND)))",
    "",
    "",
    "def _distinct_kinds(cards, copy):",
    "    # `cards if TWINS.isdisjoint(cards) else _rt.distinct_kinds(cards, KIND, TWINS)`, with a copy",
    "    # when asked: only two held twins can repeat a kind, and most hands hold fewer.",
    "    held = 0",
    "    for c in cards:",
    "        if _TWIN_FLAGS[c]:",
    "            held += 1",
    "    if held < 2:",
    "        return list(cards) if copy else cards",
    "    return _rt.distinct_kinds(cards, KIND, TWINS)",
    "",
    "",
]

_DISTINCT_DECLARATIONS = [
    "cdef tuple _TWIN_FLAGS",
    "@cython.locals(c=Py_ssize_t, held=Py_ssize_t)",
    "cpdef list _distinct_kinds(list cards, bint copy)",
]


@dataclass(frozen=True)
class Helpers:
    lines: list[str]  # the module's lines, each matched call replaced
    code: list[str]  # the functions to add to the module
    declarations: list[str]  # their lines of the `.pxd`


def distinct_kinds_calls(lines: list[str]) -> Helpers:
    """`lines` with each `X if TWINS.isdisjoint(X) else _rt.distinct_kinds(X, KIND, TWINS)` written
    as a call of `_distinct_kinds` (a text rewrite: it runs on the lines the flavour has moved)."""
    replaced = [_DISTINCT.sub(_distinct_call, line) for line in lines]
    if replaced == lines:
        return Helpers(lines, [], [])
    return Helpers(replaced, list(_DISTINCT_CODE), list(_DISTINCT_DECLARATIONS))


def _distinct_call(match: re.Match) -> str:
    cards, copy = match["cards"], match["copy"]
    if copy == cards:
        return f"_distinct_kinds({cards}, False)"
    if copy == f"list({cards})":
        return f"_distinct_kinds({cards}, True)"
    return match[0]  # some other expression before the `if`: left as the compiler wrote it


# ------------------------------------------------------------------ indexes into the state's lists
# `s.v_hunted[s.l_q]`: a list of the state indexed by a value Cython holds as a Python object (a
# field that may also be `none`, an untyped local). Python's generic subscript converts the index
# on every access; passed through `_int_index`, a C function taking a C integer, the index is
# converted where it is passed and the list is read by Cython's own fast path. A value that is no
# int raises the TypeError Python's subscript would ('NoneType' object ... for a `none`).
_INDEX_CODE = [
    "def _int_index(i):",
    "    # an index into one of the state's lists, made a C integer where it is passed (see the .pxd)",
    "    return i",
    "",
    "",
]
_INDEX_DECLARATIONS = ["cdef Py_ssize_t _int_index(Py_ssize_t i) noexcept"]


def int_indexes(lines: list[str], list_fields: set[str], card_zones: dict[str, bool]) -> Helpers:
    """`lines` (a module's) with the index of each read or write of a list field of the state `s`
    passed through `_int_index`, where the index is a field of `s` or a local name that is not a C
    integer already (`int_locals`)."""
    edits: dict[int, list[tuple[int, int, str]]] = {}
    for function in ast.parse("\n".join(lines)).body:
        if not isinstance(function, ast.FunctionDef):
            continue
        typed = int_locals(function, card_zones)
        for node in ast.walk(function):
            if not (isinstance(node, ast.Subscript) and _is_state_list(node.value, list_fields)):
                continue
            index = node.slice
            untyped = isinstance(index, ast.Name) and index.id not in typed
            if (untyped or _is_state_list(index, None)) and index.lineno == index.end_lineno:
                text = f"_int_index({_segment(lines, index)})"
                edits.setdefault(index.lineno, []).append((index.col_offset, index.end_col_offset, text))
    if not edits:
        return Helpers(lines, [], [])
    return Helpers(_edited(lines, edits), list(_INDEX_CODE), list(_INDEX_DECLARATIONS))


def _segment(lines: list[str], node: ast.expr) -> str:
    """The source text of a node that stands on one line (ast's columns count bytes)."""
    return lines[node.lineno - 1].encode("utf-8")[node.col_offset : node.end_col_offset].decode("utf-8")


def _edited(lines: list[str], edits: dict[int, list[tuple[int, int, str]]]) -> list[str]:
    """`lines` with each span (line number: start and end byte column, new text) replaced, the
    spans of a line from its end so that none moves another (a pass never makes two overlap)."""
    out = list(lines)
    for number, spans in edits.items():
        text = out[number - 1].encode("utf-8")
        for start, end, new in sorted(spans, reverse=True):
            text = text[:start] + new.encode("utf-8") + text[end:]
        out[number - 1] = text.decode("utf-8")
    return out


# ------------------------------------------------------------------ a played card taken from a hand
# `s.z_hand[_p].remove(_c)`: the card just played leaves its holder's hand. `list.remove` compares
# the card with each one held as Python objects; `_take_card` reads each held card as a C integer
# and compares integers. A card that is not there raises list.remove's own ValueError.
_TAKE_CODE = [
    "def _take_card(cards, card):",
    "    # cards.remove(card), the held cards compared with it as C integers",
    "    for i in range(len(cards)):",
    "        held = cards[i]",
    "        if held == card:",
    "            cards.pop(i)",
    "            return",
    "    cards.remove(card)",
    "",
    "",
]
_TAKE_DECLARATIONS = [
    "@cython.locals(i=Py_ssize_t, held=Py_ssize_t)",
    "cpdef _take_card(list cards, Py_ssize_t card)",
]


def card_removals(lines: list[str], card_zones: dict[str, bool]) -> Helpers:
    """`lines` with each `ZONE.remove(card)` of a zone of cards written `_take_card(ZONE, card)`."""
    edits: dict[int, list[tuple[int, int, str]]] = {}
    for node in ast.walk(ast.parse("\n".join(lines))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "remove"):
            continue
        zone = node.func.value
        if len(node.args) != 1 or node.keywords or node.lineno != node.end_lineno or not is_card_zone(zone, card_zones):
            continue
        text = f"_take_card({_segment(lines, zone)}, {_segment(lines, node.args[0])})"
        edits.setdefault(node.lineno, []).append((node.col_offset, node.end_col_offset, text))
    if not edits:
        return Helpers(lines, [], [])
    return Helpers(_edited(lines, edits), list(_TAKE_CODE), list(_TAKE_DECLARATIONS))


def _is_state_list(node: ast.expr, list_fields: set[str] | None) -> bool:
    """`s.<field>`, and with `list_fields` one of them."""
    field = state_field(node)
    return field is not None and (list_fields is None or field in list_fields)


# ------------------------------------------------------------------ the cards a rule lets follow
# `for c in ZONE: if SUIT[c] == led: _legal.append(c)`, the usual follow rule, compares a table's
# entry with a value as Python objects for every card held. `_cards_where` reads the entries from
# the table's bytes (`_rt.table_codes`: each entry plus two, 0 for none) and compares C integers;
# a value or a table the bytes cannot stand for is compared as the loop does.
_WHERE_CODE = [
    "def _cards_where(legal, cards, table, codes, value):",
    "    # for c in cards: if table[c] == value: legal.append(c), compared as C integers where it can be",
    "    if codes is None or not (value is None or (isinstance(value, int) and -1 <= value <= 253)):",
    "        for c in cards:",
    "            if table[c] == value:",
    "                legal.append(c)",
    "        return",
    "    wanted = 0 if value is None else value + 2",
    "    for c in cards:",
    "        if codes[c] == wanted:",
    "            legal.append(c)",
    "",
    "",
]
_WHERE_DECLARATIONS = [
    "@cython.locals(c=Py_ssize_t, wanted=Py_ssize_t)",
    "cpdef _cards_where(list legal, object cards, object table, bytes codes, object value)",
]


def cards_where(lines: list[str]) -> Helpers:
    """`lines` with each loop `for c in ZONE: if TABLE[c] == NAME: LIST.append(c)` written as one
    call of `_cards_where`, on the line of its `for`; the two lines under it become comments."""
    edits, tables = {}, set()
    for node in ast.walk(ast.parse("\n".join(lines))):
        found = _table_filter(node)
        if found is None:
            continue
        chosen, table, value, test, append = found
        if len({node.lineno, test.lineno, append.lineno, node.body[0].end_lineno, node.iter.end_lineno}) != 3:
            continue  # not one line for each of the three statements
        indent = lines[node.lineno - 1][: node.col_offset]
        call = f"_cards_where({chosen}, {_segment(lines, node.iter)}, {table}, _CODES_{table}, {value})"
        edits[node.lineno] = indent + call
        edits[test.lineno] = edits[append.lineno] = indent + "    # (the loop above, in C: _cards_where)"
        tables.add(table)
    if not edits:
        return Helpers(lines, [], [])
    out = [edits.get(number, line) for number, line in enumerate(lines, start=1)]
    codes = [f"_CODES_{table} = _rt.table_codes({table})" for table in sorted(tables)]
    declarations = [f"cdef bytes _CODES_{table}" for table in sorted(tables)]
    return Helpers(out, list(_WHERE_CODE) + codes + ["", ""], list(_WHERE_DECLARATIONS) + declarations)


def _table_filter(node: ast.AST):
    """(list, table, value, the if, the append) of `for c in X: if TABLE[c] == NAME: LIST.append(c)`."""
    if not (isinstance(node, ast.For) and isinstance(node.target, ast.Name) and not node.orelse):
        return None
    if len(node.body) != 1 or not isinstance(node.body[0], ast.If):
        return None
    test = node.body[0]
    if test.orelse or len(test.body) != 1 or not isinstance(test.body[0], ast.Expr):
        return None
    card, compare, append = node.target.id, test.test, test.body[0].value
    if not (isinstance(compare, ast.Compare) and len(compare.ops) == 1 and isinstance(compare.ops[0], ast.Eq)):
        return None
    entry, value = compare.left, compare.comparators[0]
    indexed = isinstance(entry, ast.Subscript) and isinstance(entry.value, ast.Name) and entry.value.id.isupper()
    if not (indexed and isinstance(entry.slice, ast.Name) and entry.slice.id == card and isinstance(value, ast.Name)):
        return None
    appends = isinstance(append, ast.Call) and isinstance(append.func, ast.Attribute) and append.func.attr == "append"
    if not (appends and isinstance(append.func.value, ast.Name) and len(append.args) == 1 and not append.keywords):
        return None
    if not (isinstance(append.args[0], ast.Name) and append.args[0].id == card):
        return None
    return append.func.value.id, entry.value.id, value.id, test, test.body[0]


# ------------------------------------------------------------------ a chain chosen by a conditional
# `(a <= 13 and len(h) >= 3) if t else d`: Cython 3 (3.2 and 3.3 at least) compiles an `and`/`or`
# chain that mixes Python objects and C booleans, standing as a branch of a conditional
# expression, into C that can read a temporary it never set, and the process dies. Passed whole
# to `_branch_value`, a C function of one Python object, the chain is computed as it is anywhere
# else and the conditional only chooses between two objects. The chain's value is unchanged.
_BRANCH_CODE = [
    "def _branch_value(value):",
    "    # a branch of a conditional, computed as one Python object (see the .pxd)",
    "    return value",
    "",
    "",
]
_BRANCH_DECLARATIONS = ["cdef object _branch_value(object value)"]


def branch_values(lines: list[str]) -> Helpers:
    """`lines` with each `and`/`or` chain that is a branch of a conditional expression passed
    through `_branch_value` (the chain may span lines: the call opens before it, closes after)."""
    edits: dict[int, list[tuple[int, int, str]]] = {}
    for node in ast.walk(ast.parse("\n".join(lines))):
        if not isinstance(node, ast.IfExp):
            continue
        for branch in (node.body, node.orelse):
            if isinstance(branch, ast.BoolOp):
                edits.setdefault(branch.lineno, []).append((branch.col_offset, branch.col_offset, "_branch_value("))
                edits.setdefault(branch.end_lineno, []).append((branch.end_col_offset, branch.end_col_offset, ")"))
    if not edits:
        return Helpers(lines, [], [])
    return Helpers(_edited(lines, edits), list(_BRANCH_CODE), list(_BRANCH_DECLARATIONS))
