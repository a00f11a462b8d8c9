"""Typed helpers compiled into a native engine, in place of runtime calls made on every decision.

A generated engine asks the runtime for a few things on every decision. In the Python engine that
costs what any call costs; in a native engine each such call leaves C for the interpreter and
comes back, and the set operations behind it hash every card of a hand. Where the compiler emits
one fixed form for such a request, the native flavour puts a function of the module in its place,
declared with C types so that Cython compiles its loop over the cards to plain C.

The one form so far: the legal cards of a game with identical cards (two jokers, two decks),
`X if TWINS.isdisjoint(X) else _rt.distinct_kinds(X, KIND, TWINS)` (`compiler.lower`'s `distinct`,
with `list(X)` before the `if` when X must be copied). The typed function counts the held cards
that have a twin in C and calls the runtime only when two or more are held, so it returns what the
expression returns, the same list object included when no copy was asked for.

Everything written here is fixed text; the only things taken from the module are the card
expression of each matched call, moved as it is, and the gate checks the result again.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from .int_locals import int_locals

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


def typed_helpers(lines: list[str]) -> Helpers:
    """The module's lines with each call of a known form going to a typed helper, and the helpers."""
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
        if len(node.args) != 1 or node.keywords or node.lineno != node.end_lineno or not _holds_cards(zone, card_zones):
            continue
        text = f"_take_card({_segment(lines, zone)}, {_segment(lines, node.args[0])})"
        edits.setdefault(node.lineno, []).append((node.col_offset, node.end_col_offset, text))
    if not edits:
        return Helpers(lines, [], [])
    return Helpers(_edited(lines, edits), list(_TAKE_CODE), list(_TAKE_DECLARATIONS))


def _holds_cards(zone: ast.expr, card_zones: dict[str, bool]) -> bool:
    """A zone of cards: `s.z_table`, `s.z_hand[i]`, or one of two such chosen by a test."""
    if isinstance(zone, ast.IfExp):
        return _holds_cards(zone.body, card_zones) and _holds_cards(zone.orelse, card_zones)
    per_player = isinstance(zone, ast.Subscript)
    if per_player:
        zone = zone.value
    return _is_state_list(zone, None) and card_zones.get(zone.attr) is per_player


def _is_state_list(node: ast.expr, list_fields: set[str] | None) -> bool:
    """`s.<field>`, and with `list_fields` one of them."""
    if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "s"):
        return False
    return list_fields is None or node.attr in list_fields
