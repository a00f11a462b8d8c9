"""Mutations of plain JSON data (what `to_json` saves and what a run log holds): each operator
takes the value at one place of a tree of dicts and lists and returns what replaces it.

`mutate_tree` picks a place and an operator and says which, so a failure can be told apart by
the field it came from."""

from __future__ import annotations

import math
import random

from .hostile import PAYLOAD

# Strings a saved file may carry: control characters, terminal escapes, lone surrogates (what
# bytes that are not UTF-8 decode to with `surrogateescape`), a BOM, the payload, a huge one.
HOSTILE_STRINGS = [
    "",
    "\x00",
    "\x1b[31mred\x1b[0m",
    "\x1b]0;title\x07",
    "\r\x1b[2K",
    "a\nb",
    "\x7f\x08\x08",
    "\udc80\udcff",
    "\ud800",
    "\ufeff",
    "\u202e",
    PAYLOAD,
    "../../etc/passwd",
    "__class__",
]
HUGE_INTS = [-1, -(2**63), 2**31, 2**63, 2**64 + 1, 10**30, 10**400, -(10**400)]
NON_FINITE = [math.nan, math.inf, -math.inf]
NESTING_DEPTHS = [50, 200, 900]  # json.loads itself gives up near 1,000


def _other_type(value, rng: random.Random):
    choices = [None, True, False, 0, 1.5, "x", [], {}, [value], {"value": value}, str(value)[:50]]
    return rng.choice([c for c in choices if type(c) is not type(value)])


def change_type(value, rng):
    return _other_type(value, rng)


def out_of_range(value, rng):
    if isinstance(value, bool):
        return rng.choice([2, -1, "true", None])
    if isinstance(value, int):
        return rng.choice([-1, value + 1, value - 1, value + 1000, -value - 1, 54, 255, 256, *HUGE_INTS])
    if isinstance(value, float):
        return rng.choice([-1.0, 1e308, -1e308, 5e-324, *NON_FINITE])
    if isinstance(value, list) and value:
        return [out_of_range(v, rng) if rng.random() < 0.5 else v for v in value]
    return rng.choice([-1, 10**6, *HUGE_INTS])


def huge_int(value, rng):
    return rng.choice(HUGE_INTS + [10**4000])


def non_finite(value, rng):
    if isinstance(value, list) and value:
        out = list(value)
        out[rng.randrange(len(out))] = rng.choice(NON_FINITE)
        return out
    return rng.choice(NON_FINITE)


def duplicate_items(value, rng):
    """The same card (or seat, or action) twice: in one list, or copied from its neighbour."""
    if isinstance(value, list) and value:
        out = list(value)
        item = rng.choice(out)
        out.insert(rng.randrange(len(out) + 1), item)
        if rng.random() < 0.3:
            out = out + out
        return out
    return [value, value]


def wrong_length(value, rng):
    if isinstance(value, list):
        choice = rng.randrange(5)
        if choice == 0:
            return []
        if choice == 1:
            return value[: len(value) // 2]
        if choice == 2:
            return value + [value[-1] if value else 0] * rng.choice([1, 2, 100])
        if choice == 3:
            return [0] * rng.choice([1000, 100_000])
        return value[:-1]
    if isinstance(value, dict) and value:
        keys = list(value)
        del value[rng.choice(keys)]
        return value
    return [value] * rng.choice([0, 2, 1000])


def delete_key(value, rng):
    if isinstance(value, dict) and value:
        out = dict(value)
        del out[rng.choice(list(out))]
        return out
    return change_type(value, rng)


def add_key(value, rng):
    if isinstance(value, dict):
        out = dict(value)
        key = rng.choice(["__class__", "__dict__", "rng", "n", "extra", "", "\x00", "\udc80", "fields", "x" * 1000])
        out[key] = rng.choice([0, None, [], {}, "x", PAYLOAD])
        return out
    return change_type(value, rng)


def deep_nesting(value, rng):
    depth = rng.choice(NESTING_DEPTHS)
    inner = value
    for _ in range(depth):
        inner = [inner] if rng.random() < 0.7 else {"a": inner}
    return inner


def hostile_string(value, rng):
    text = rng.choice(HOSTILE_STRINGS)
    if rng.random() < 0.1:
        text = text * 100_000 or "x" * 1_000_000
    if isinstance(value, str) and rng.random() < 0.5:
        at = rng.randrange(len(value) + 1)
        return value[:at] + text + value[at:]
    return text


OPERATORS = {
    f.__name__: f
    for f in (
        change_type,
        out_of_range,
        huge_int,
        non_finite,
        duplicate_items,
        wrong_length,
        delete_key,
        add_key,
        deep_nesting,
        hostile_string,
    )
}


PLACE_DEPTH = 64  # below this, a tree is nesting some mutation made: no place of its own


def places(tree, prefix=()) -> list[tuple]:
    """Every place of the tree, as the tuple of keys and indices that reaches it (long lists are
    sampled: a hand of 13 cards gives its places, a history of 500 actions a few)."""
    out = [prefix]
    if len(prefix) >= PLACE_DEPTH:
        return out
    if isinstance(tree, dict):
        for key, value in tree.items():
            out += places(value, prefix + (key,))
    elif isinstance(tree, list):
        indices = range(len(tree)) if len(tree) <= 16 else sorted({0, 1, len(tree) // 2, len(tree) - 1})
        for i in indices:
            out += places(tree[i], prefix + (i,))
    return out


def _get(tree, place):
    for key in place:
        tree = tree[key]
    return tree


def _set(tree, place, value):
    if not place:
        return value
    parent = _get(tree, place[:-1])
    parent[place[-1]] = value
    return tree


def field_name(place: tuple) -> str:
    """The last named key of a place (`fields.hand.3` -> `hand`): what tells failures apart."""
    names = [str(k) for k in place if isinstance(k, str)]
    return names[-1] if names else "(top)"


def mutate_tree(tree, rng: random.Random, under: tuple = (), operator: str | None = None, again: bool = False):
    """(operator, field, mutated tree): one operator applied at one place under `under` (or
    anywhere when there is nothing there).  The tree is changed in place where it can be.
    `again`: a further mutation of the same tree, which does not nest deeper (two deep nestings
    in one tree would be deeper than `json` writes or reads)."""
    candidates = [p for p in places(tree) if p[: len(under)] == under and len(p) > len(under)] or places(tree)
    place = rng.choice(candidates)
    names = sorted(n for n in OPERATORS if not (again and n == "deep_nesting"))
    name = operator or rng.choice(names)
    replacement = OPERATORS[name](_get(tree, place), rng)
    return name, field_name(place), _set(tree, place, replacement)
