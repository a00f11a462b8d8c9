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

import re
from dataclasses import dataclass

_DISTINCT = re.compile(
    r"(?P<copy>list\([^()]+\)|[\w.\[\]]+) if TWINS\.isdisjoint\((?P<cards>[^()]+)\) "
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
