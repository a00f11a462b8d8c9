"""Evaluate rule expressions without playing a match, for the static checks.

An expression is compiled exactly as the engine compiles it and evaluated against a `Probe`
standing in for the state: the fields the check knows (player count, readings, the zones it
has followed) and `Unknown` for everything else.  So a check never re-implements the meaning
of an expression, and an expression that depends on play simply has no static value.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass

from ..compiler.exprs import ExprCompiler, Tables
from ..runtime.errors import RuleGap


class Unknown(Exception):
    """The value depends on something a static check does not know."""


class Probe:
    """Stands for the state `s` in compiled expressions. With a `looked_at` set, the name of
    every field an expression asks for (known or not) is added to it."""

    def __init__(self, fields: dict, looked_at: set[str] | None = None):
        self.__dict__["_fields"] = fields
        self.__dict__["_looked_at"] = looked_at

    def __getattr__(self, name):
        looked_at = self.__dict__["_looked_at"]
        if looked_at is not None:
            looked_at.add(name)
        try:
            return self.__dict__["_fields"][name]
        except KeyError:
            raise Unknown(name) from None


class SizedPile(list):
    """A pile whose size is known but whose cards are not: `is empty` and `size of` work."""

    def __init__(self, size: int):
        super().__init__()
        self.known_size = size

    def __len__(self):
        return self.known_size

    def __bool__(self):
        return self.known_size > 0

    def __iter__(self):
        raise Unknown("the cards of a pile")

    def __getitem__(self, index):
        raise Unknown("the cards of a pile")


@dataclass(frozen=True)
class Pile:
    size: int | None  # None: unknown
    cards: tuple[int, ...] | None = None  # known cards, in order (top = end) when `ordered`
    ordered: bool = False

    def value(self):
        if self.cards is not None:
            return list(self.cards)
        return SizedPile(self.size) if self.size is not None else None


UNKNOWN = Pile(None)


def join_piles(a, b):
    """What is known of a pile reached by two paths."""
    if a is b:  # the same pile down both paths (most of them): nothing to compare
        return a
    if isinstance(a, list):
        return [join_piles(x, y) for x, y in zip(a, b, strict=False)]
    if a == b:
        return a
    if a.size == b.size:
        return Pile(a.size)
    return UNKNOWN


# The model is frozen: shared analyses are kept beside it, for as long as it lives.
_CHECK_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def cached(model, key, compute):
    """Per-model memo, so several checks can share one analysis of the same file."""
    store = _CHECK_CACHE.setdefault(model, {})
    if key not in store:
        store[key] = compute()
    return store[key]


class Evaluator:
    def __init__(self, model, engine):
        self.model = model
        self.engine = engine
        self.tables = Tables(model)
        self.compiler = ExprCompiler(model, self.tables)
        self.globals = dict(vars(engine))
        self.codes: dict = {}

    def _code(self, expr, binders: tuple[str, ...]):
        key = (id(expr), binders)
        if key not in self.codes:
            try:
                source = self.compiler.with_binders({b: "_" + b for b in binders}, expr)
                self.codes[key] = compile(source, "<rule check>", "eval")
            except Exception:  # noqa: BLE001 - an expression the check cannot compile has no static value
                self.codes[key] = None
            for name, table in self.tables.patterns.values():
                self.globals[name] = table
        return self.codes[key]

    def value(self, expr, probe: Probe, **bound):
        """The value of `expr`, or raise Unknown."""
        code = self._code(expr, tuple(sorted(bound)))
        if code is None:
            raise Unknown("expression")
        try:
            return eval(code, self.globals, {"s": probe, **{"_" + k: v for k, v in bound.items()}})  # noqa: S307
        except Unknown:
            raise
        except (RuleGap, Exception):  # noqa: BLE001 - e.g. `top of` an empty pile: no static value
            raise Unknown("evaluation") from None

    def maybe(self, expr, probe: Probe, **bound):
        try:
            return self.value(expr, probe, **bound)
        except Unknown:
            return None


class ReadingVariant(Mapping):
    """{ambiguity: reading}: the default readings (one dict, shared by every variant of a model)
    with a few of them changed. A file of A ambiguities has about A variants; sharing the
    defaults keeps them O(A) in memory instead of O(A**2), and `changed` lets a check tell two
    variants apart without comparing every ambiguity."""

    __slots__ = ("defaults", "changed")

    def __init__(self, defaults: dict[str, str], changed: dict[str, str] | None = None):
        self.defaults = defaults
        self.changed = {k: v for k, v in (changed or {}).items() if defaults.get(k) != v}

    def __getitem__(self, name: str) -> str:
        return self.changed[name] if name in self.changed else self.defaults[name]

    def __iter__(self):
        return iter(self.defaults)

    def __len__(self) -> int:
        return len(self.defaults)

    def __eq__(self, other):
        if isinstance(other, ReadingVariant) and other.defaults is self.defaults:
            return self.changed == other.changed
        return Mapping.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"ReadingVariant(defaults, changed={self.changed!r})"


def differing(a: Mapping, b: Mapping) -> set[str]:
    """The ambiguities whose reading differs between two variants (of one model)."""
    if isinstance(a, ReadingVariant) and isinstance(b, ReadingVariant) and a.defaults is b.defaults:
        return {k for k in a.changed.keys() | b.changed.keys() if a[k] != b[k]}
    return {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}


def reading_variants(model) -> list[ReadingVariant]:
    """The default readings, then each non-default reading alone (as `simulate` sweeps them)."""

    def compute():
        defaults = {a: model.default_reading(a) for a in model.ambiguities}
        variants = [ReadingVariant(defaults)]
        for name, amb in model.ambiguities.items():
            variants += [ReadingVariant(defaults, {name: r.name}) for r in amb.readings if r.name != defaults[name]]
        return variants

    return list(cached(model, "reading variants", compute))


def describe_readings(model, readings: dict[str, str]) -> str:
    changed = [f"{k}={v}" for k, v in readings.items() if model.default_reading(k) != v]
    return ", ".join(changed) if changed else "the default readings"


def reading_fields(model, readings: dict[str, str]) -> dict:
    return {"r_" + name: model.reading_index(name, value) for name, value in readings.items()}


def deck_for(engine, players: int, readings: Mapping[str, str], model=None) -> list[int] | None:
    """The cards a match starts with at this player count (None: no deck line applies).

    Given the model, only the readings its deck lines' conditions name are passed on (the rest
    cannot change the deck, and the engine takes the defaults for them), and the deck is worked
    out once per player count and choice of those readings: a state set up per variant works
    out every ambiguity's reading each time, A times A for a file of A ambiguities."""
    if model is None:
        return _deck_of(engine, players, dict(readings))
    named = deck_ambiguities(model)
    chosen = tuple((name, readings[name]) for name in named if name in readings)
    decks = cached(model, "decks", dict)
    if (players, chosen) not in decks:
        decks[(players, chosen)] = _deck_of(engine, players, dict(chosen))
    deck = decks[(players, chosen)]
    return None if deck is None else list(deck)


def _deck_of(engine, players: int, readings: dict[str, str]) -> list[int] | None:
    try:
        return list(engine.State(players, 0, readings, run=False).cards)
    except RuleGap:
        return None


def deck_ambiguities(model) -> tuple[str, ...]:
    """The ambiguities the deck lines' `when` conditions name, in the model's order."""

    def compute():
        from ..ast import nodes as n
        from ..ast.walk import walk_nodes

        named = {
            node.ambiguity
            for deck in model.game.decks
            for node in walk_nodes(deck)
            if isinstance(node, n.ReadingIs | n.ReadingSwitch)
        }
        return tuple(name for name in model.ambiguities if name in named)

    return cached(model, "deck ambiguities", compute)
