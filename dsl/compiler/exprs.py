"""Typed expressions -> Python expression source.

Generated code reads the state through `s` and card tables by name (RANK, SUIT, ...).  Every
user name is emitted with a fixed prefix (`s.v_total`, `s.l_p`), so no name a rule file may
contain can collide with Python or with the engine's own fields; literals go through `repr`.
Both pass through `escape`, the only way text reaches generated code.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from collections.abc import Callable

from ..ast import nodes as n
from ..ast.walk import walk_nodes
from ..ast.visitor import ExprVisitor
from ..semantics.model import SUIT_COLOR, SUIT_INDEX, SUIT_WORDS, SUITS, Model
from ..semantics.decks import suit_number
from ..semantics.symbols import pattern_matches, pattern_ranks
from . import escape, standings
from .names import ModuleNames

# The functions and quantifiers a rule may call; nothing else is ever written as a call.
CALLS = frozenset({"max", "min", "sum", "abs"})
QUANTIFIERS = frozenset({"any", "all"})


class Tables:
    """The module-level tables and constants of one generated module, named after their text:
    per-card boolean tables for card patterns (`IS_JOKER`), rank orders (`ORDER_DEFAULT`), value
    tables (`VALUE_MELD`) and one constant per reading (`JOKER_LEAD_LEADER_WINS`)."""

    def __init__(self, model: Model):
        self.model = model
        self.names = ModuleNames()
        self.patterns: dict[str, tuple[str, tuple[bool, ...]]] = {}
        self.pattern_sets: dict[str, str] = {}  # pattern table -> the frozenset of its cards
        self.card_orders: dict[str, tuple[str, tuple[int, ...]]] = {}  # order -> (name, per card)
        # Readings first: they are read in rule conditions, so they keep their plain names.
        self.readings = {
            (amb.name, reading.name): self.names.claim(escape.constant("", amb.name, reading.name))
            for amb in model.ambiguities.values()
            for reading in amb.readings
        }
        self.orders = {"": self.names.claim("ORDER_DEFAULT")}
        for order in model.orders:
            if order:
                self.orders[order] = self.names.claim(escape.constant("ORDER_", order))
        self.values = {table: self.names.claim(escape.constant("VALUE_", table)) for table in model.values}

    def pattern(self, pattern: n.CardPattern) -> str:
        key = pattern.text()
        if key not in self.patterns:
            name = self.names.claim(escape.constant("IS_", *pattern_words(pattern)))
            table = tuple(pattern_matches(pattern, card, self.model.rank_index) for card in self.model.cards)
            self.patterns[key] = (name, table)
        return self.patterns[key][0]

    def pattern_set(self, pattern: n.CardPattern) -> str:
        """The frozenset of the cards a pattern matches (`CARDS_JOKER`), for tests in C."""
        table = self.pattern(pattern)
        if table not in self.pattern_sets:
            self.pattern_sets[table] = self.names.claim(escape.constant("CARDS_", *pattern_words(pattern)))
        return self.pattern_sets[table]

    def any_pattern(self, patterns: list[n.CardPattern], zone: str) -> str:
        """A per-card table of the cards that fit one of `patterns`: those that may fire one of the
        triggers on drawing into `zone`."""
        key = " or ".join(p.text() for p in patterns) + f" (a trigger on drawing into {zone} may fire)"
        if key not in self.patterns:
            tables = [self.patterns[p.text()][1] for p in patterns if self.pattern(p)]
            name = self.names.claim(escape.constant("MAY_FIRE_", zone))
            self.patterns[key] = (name, tuple(any(t[c] for t in tables) for c in range(len(self.model.cards))))
        return self.patterns[key][0]

    def order(self, order: str | None) -> str:
        return self.orders[order or ""]

    def card_order(self, order: str | None) -> str:
        """Per card, the position of its rank in an order (`ORDER[RANK[c]]` in one lookup)."""
        if (order or "") not in self.card_orders:
            name = self.names.claim("CARD_" + self.order(order))
            positions = self.model.orders[order or ""]
            self.card_orders[order or ""] = (name, tuple(positions[card.rank] for card in self.model.cards))
        return self.card_orders[order or ""][0]

    def value(self, table: str) -> str:
        return self.values[table]

    def reading(self, ambiguity: str, reading: str) -> str:
        return self.readings[(ambiguity, reading)]


SUIT_NAMES = dict(zip(SUITS, SUIT_WORDS, strict=True))


def pattern_words(pattern: n.CardPattern) -> list[str]:
    """The words of a card pattern for a table name: `red A` -> red, A; `2..10 ♠` -> 2, to, 10, spades."""
    words = [pattern.color] if pattern.color else []
    if pattern.rank_lo:
        words.append(pattern.rank_lo)
        if pattern.rank_hi:
            words += ["to", pattern.rank_hi]
    if pattern.suit:
        words.append(SUIT_NAMES.get(pattern.suit, pattern.suit))
    return words or ["any"]


class ExprCompiler(ExprVisitor[str]):
    def __init__(self, model: Model, tables: Tables, state: str = "s"):
        self.model = model
        self.tables = tables
        self.state = state
        self.binders: list[dict[str, str]] = []
        self.state_refs: set[str] | None = None  # when set, records every state attribute read
        self.printed_only = False  # inside `suit in play = ...`: `suit` is the printed suit
        # While the rules' flow is lowered: the program's counter for (line, what), so that a
        # `reading x { ... }` value counts under `rules_fired` each time a reading's value is read.
        self.reading_counter: Callable[[int, str], int] | None = None
        self._fresh = 0

    # ------------------------------------------------------------ helpers
    def attr(self, name: str) -> str:
        if self.state_refs is not None:
            self.state_refs.add(name)
        return f"{self.state}.{name}"

    def fresh(self, base: str) -> str:
        self._fresh += 1
        return f"{base}{self._fresh}"

    def bound(self, name: str) -> str | None:
        for scope in reversed(self.binders):
            if name in scope:
                return scope[name]
        return None

    def with_binders(self, bindings: dict[str, str], expr: n.Expr) -> str:
        self.binders.append(bindings)
        try:
            return self.compile(expr)
        finally:
            self.binders.pop()

    def cards(self, expr: n.Expr) -> str:
        """An expression used as a flat list of cards (grouped zones are flattened)."""
        code = self.compile(expr)
        return f"_rt.flat({code})" if expr.type == "groups" else code

    def zone(self, ref: n.ZoneRef) -> str:
        zone = self.model.zones[ref.name]
        base = self.attr(escape.name("z_", ref.name))
        return f"{base}[{self.compile(ref.owner)}]" if zone.per_player and ref.owner is not None else base

    # ------------------------------------------------------------ dispatch
    def compile(self, e: n.Expr) -> str:
        return self.visit(e)

    def visit_Num(self, e):
        return escape.literal(e.value)

    def visit_Str(self, e):
        return escape.literal(e.value)

    def visit_Bool(self, e):
        return escape.literal(e.value)

    def visit_NoneLit(self, e):
        return "None"

    def visit_RankLit(self, e):
        return escape.literal(self.model.rank_index[e.rank])

    def visit_SuitLit(self, e):
        return escape.literal(SUIT_INDEX[e.suit])

    # ------------------------------------------------------------ decks of any kind
    # The function that gives a card's suit in play, when the game has `suit in play = ...`.
    SUIT_IN_PLAY = "_suit_in_play"

    def suit_of(self, card: str) -> str:
        """A card's suit as the rules see it: its suit in play if the game says one, else printed."""
        if not self.model.game.suits_in_play or self.printed_only:
            return f"SUIT[{card}]"
        if self.state_refs is not None:
            self.state_refs.update(self.suit_in_play_refs())
        return f"{self.SUIT_IN_PLAY}({self.state}, {card})"

    def suit_in_play_body(self) -> str:
        """The body of `_suit_in_play(s, card)`: inside it, bare `suit` is the printed suit."""
        self.printed_only = True
        try:
            return self.with_binders({"card": "card"}, self.model.game.suits_in_play[0].expr)
        finally:
            self.printed_only = False

    def suit_in_play_refs(self) -> set[str]:
        saved, self.state_refs = self.state_refs, set()
        try:
            self.suit_in_play_body()
            return self.state_refs
        finally:
            self.state_refs = saved

    def visit_CardList(self, e):
        return escape.literal(self.card_ids(e))

    def card_ids(self, e: n.CardList) -> list[int]:
        """Literal cards, each a distinct card of the universe; an unsuited rank takes the next
        suit not yet used for that rank, so [Q Q] is two different queens."""
        used: set[int] = set()
        ids = []
        for rank, suit in e.cards:
            r = self.model.rank_index[rank]
            candidates = [
                c
                for c in self.model.cards
                if c.rank == r
                and c.id not in used
                and (suit is None or c.suit == suit_number(suit, self.model.suit_names))
            ]
            if not candidates:
                raise ValueError(f"the deck has no more {rank}{suit or ''} for this example")
            used.add(candidates[0].id)
            ids.append(candidates[0].id)
        return ids

    def visit_TupleLit(self, e):
        # Two items or more (the grammar's): no trailing comma, which ruff would spread one a line.
        return "(" + ", ".join(self.compile(i) for i in e.items) + ")"

    def visit_Name(self, e):
        local = self.bound(e.id)
        if local is not None:
            return local
        m = self.model
        if e.id in m.locals:
            return self.attr(escape.name("l_", e.id))
        if e.id in m.vars:
            return self.attr(escape.name("v_", e.id))
        if e.id in m.zones:
            return self.attr(escape.name("z_", e.id))
        if e.id == "led":
            return self.attr("led")
        if e.id == "winner":
            return self.attr("winner")
        if e.id == "player_count":
            return self.attr("n")
        if e.id in m.options:
            return escape.literal(m.options.index(e.id))
        if e.id in SUIT_WORDS:
            return escape.literal(SUIT_WORDS[e.id])
        if e.id in m.suit_names:
            return escape.literal(m.suit_names.index(e.id))
        if e.id in m.rank_names:
            return escape.literal(m.rank_names.index(e.id))
        if e.id == "suit":
            return self.suit_of(self.bound("card"))
        if e.id in ("rank", "color"):
            return f"{e.id.upper()}[{self.bound('card')}]"
        team = standings.team_index(m, e.id)
        if team is not None:
            return escape.literal(team)
        if standings.has_house(m) and e.id == m.game.house.name:
            return self.attr("n")  # the house's entries follow the seats'
        raise KeyError(e.id)

    def visit_BinOp(self, e):
        op = {"/": "//"}.get(e.op, e.op)
        left, right = e.left, e.right
        folded = self._count_against_zero(e)
        if folded is not None:
            return folded
        if e.op in ("==", "!=", "<", "<=", ">", ">=") and {left.type, right.type} == {"rank", "int"}:
            return f"({self._rank_side(left)} {op} {self._rank_side(right)})"
        if e.op in ("==", "!=") and (isinstance(right, n.NoneLit) or isinstance(left, n.NoneLit)):
            codes = self.compile(left), self.compile(right)
            other = codes[1] if isinstance(left, n.NoneLit) else codes[0]
            if not _is_literal(other):  # `0 is None` is a Python warning (a definition's argument)
                op = "is" if e.op == "==" else "is not"
            return f"({codes[0]} {op} {codes[1]})"
        return f"({self.compile(left)} {op} {self.compile(right)})"

    # `count players q where C` compared with 0 asks only whether some seat meets C: `any` stops at
    # the first one instead of building the list of them all (a loop test run once per trick).
    SOME = {">": 0, ">=": 1, "!=": 0}
    NONE = {"==": 0, "<=": 0, "<": 1}

    def _count_against_zero(self, e: n.BinOp) -> str | None:
        count, number = e.left, e.right
        if not (isinstance(count, n.Count) and isinstance(number, n.Num)):
            return None
        where = count.arg
        if not isinstance(where, n.PlayersWhere) or where.cond is None or where.extreme:
            return None
        if self.SOME.get(e.op) == number.value:
            negated = False
        elif self.NONE.get(e.op) == number.value:
            negated = True
        else:
            return None
        var = self.fresh("q")
        seats = self.compile(where.within) if where.within is not None else f"range({self.attr('n')})"
        cond = self.with_binders({where.var: var}, where.cond)
        some = self._some_seat(var, seats, cond) or f"any({cond} for {var} in {seats})"
        return f"(not {some})" if negated else some

    # A test of every seat's own entry of a per-player list (`hand of q is empty`, `in_duel of q`)
    # reads the whole list, with one builtin running in C instead of a Python loop over the seats.
    def _seat_entry(self, var: str, seats: str, cond: str) -> tuple[str, str] | None:
        """(how, list) when `cond` over `seats` tests exactly the entry of `var` in one list with one
        entry per seat: how is "bool" (a per-player bool variable), "cards" or "no cards" (a zone)."""
        if seats != f"range({self.attr('n')})":
            return None
        return self.seat_entry(var, cond)

    def every_seat(self, var: str, cond: str) -> str | None:
        """A test that `cond` holds for every seat, in C, when it tests a seat's own entry."""
        entry = self.seat_entry(var, cond)
        if entry is None:
            return None
        how, attr = entry
        return f"not any({attr})" if how == "no cards" else f"all({attr})"

    def seat_entry(self, var: str, cond: str) -> tuple[str, str] | None:
        """`_seat_entry` for any order of the seats."""
        if standings.has_house(self.model):
            return None  # a house adds an entry after the seats
        m = self.model
        bools = [
            escape.name("v_", v.name)
            for v in m.vars.values()
            if v.per_player and not v.per_team and v.type_name == "bool"
        ]
        zones = [escape.name("z_", name) for name, zone in m.zones.items() if zone.per_player]
        shapes = [("bool", "{}[{}]", bools), ("cards", "bool({}[{}])", zones), ("no cards", "(not {}[{}])", zones)]
        for how, shape, fields in shapes:
            for field in fields:
                attr = f"{self.state}.{field}"
                if cond == shape.format(attr, var):
                    return how, self.attr(field)
        return None

    def _some_seat(self, var: str, seats: str, cond: str) -> str | None:
        """`any(cond for var in seats)` without the loop, when `cond` is a seat's own entry."""
        entry = self._seat_entry(var, seats, cond)
        if entry is None:
            return None
        how, attr = entry
        return {"bool": f"(True in {attr})", "cards": f"any({attr})", "no cards": f"(not all({attr}))"}[how]

    def _seat_flags(self, where: n.Expr) -> str | None:
        """The per-player bool list when `where` is `players q where flag of q` (every seat, in
        order), so that a count or the first seat is one call of the list in C instead of a
        comprehension over the seats; None for any other kind (the names it took go back)."""
        if not isinstance(where, n.PlayersWhere) or where.cond is None or where.extreme or where.within is not None:
            return None
        numbered = self._fresh
        var = self.fresh("q")
        entry = self._seat_entry(var, f"range({self.attr('n')})", self.with_binders({where.var: var}, where.cond))
        if entry is None or entry[0] != "bool":
            self._fresh = numbered
            return None
        return entry[1]

    def comparison_sides(self, e: n.BinOp) -> tuple[str, str]:
        """The two operands of a comparison as `visit_BinOp` compares them (a number beside a rank is
        that rank)."""
        if {e.left.type, e.right.type} == {"rank", "int"}:
            return self._rank_side(e.left), self._rank_side(e.right)
        return self.compile(e.left), self.compile(e.right)

    def _rank_side(self, e):
        if isinstance(e, n.Num):
            return escape.literal(self.model.rank_index.get(str(e.value), -1))
        return self.compile(e)

    def visit_BoolOp(self, e):
        return "(" + f" {e.op} ".join(self.compile(o) for o in e.operands) + ")"

    def visit_Not(self, e):
        return self.negate(e.operand)

    NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}

    def negate(self, e) -> str:
        """`not e`, written the way a reader would: `x is not None`, `a >= b`, never `not not`."""
        if isinstance(e, n.Not):
            return self.compile(e.operand)
        if isinstance(e, n.IsEmpty) and not e.negated:  # `not (not zone)`: the zone has cards
            return f"bool({self.compile(e.subject)})"
        if isinstance(e, n.IsPattern):  # the table holds booleans: flip the test instead
            return self.compile(dataclasses.replace(e, negated=not e.negated))
        if isinstance(e, n.BinOp) and e.op in self.NEGATED:
            return self.compile(n.BinOp(self.NEGATED[e.op], e.left, e.right, span=e.span, type=e.type))
        return f"(not {self.compile(e)})"

    def visit_Neg(self, e):
        return f"(-{self.compile(e.operand)})"

    def visit_IfExpr(self, e):
        return f"({self.compile(e.then)} if {self.compile(e.cond)} else {self.compile(e.otherwise)})"

    def visit_IsEmpty(self, e):
        return f"({'' if e.negated else 'not '}{self.compile(e.subject)})"

    def visit_IsOut(self, e):
        return f"({'not ' if e.negated else ''}{self.attr('out')}[{self.compile(e.subject)}])"

    def visit_IsPattern(self, e):
        table = self.tables.pattern(e.pattern)
        return f"({'not ' if e.negated else ''}{table}[{self.compile(e.subject)}])"

    def visit_Has(self, e):
        return f"(not {self.tables.pattern_set(e.pattern)}.isdisjoint({self.cards(e.subject)}))"

    def visit_Of(self, e):
        m = self.model
        if e.name in m.zones:
            return f"{self.attr(escape.name('z_', e.name))}[{self.compile(e.arg)}]"
        if e.name in m.vars:
            values = self.attr(escape.name("v_", e.name))
            if e.arg.type == "team":  # the value a team's members share
                return f"_rt.team_value({values}, {self.attr('team')}, {self.compile(e.arg)})"
            return f"{values}[{self.compile(e.arg)}]"
        arg = self.compile(e.arg)
        line = e.span.line
        if e.name == "suit":
            return self.suit_of(arg)
        if e.name == "printed suit":
            return f"SUIT[{arg}]"
        if e.name == "color" and e.arg.type == "suit":
            return f"{escape.literal(SUIT_COLOR)}[{arg}]"
        if e.name in ("rank", "color"):
            return f"{e.name.upper()}[{arg}]"
        if e.name == "player":
            return f"_rt.played_by({self.attr('t_order')}, {self.attr('t_cards')}, {arg}, {line})"
        if e.name == "groups":
            return f"len({arg})"
        if e.name == "first" and (flags := self._seat_flags(e.arg)) is not None:
            return f"({flags}.index(True) if True in {flags} else _rt.first([], {line}))"
        if e.name in ("top", "last", "bottom", "first"):
            cards, end = self.cards(e.arg), -1 if e.name in ("top", "last") else 0
            helper = "top" if end else "first"
            if _SIMPLE_PILE.fullmatch(cards):  # a zone or a variable: read it, once more if empty
                return f"({cards}[{end}] if {cards} else _rt.{helper}({cards}, {line}))"
            return f"_rt.{helper}({cards}, {line})"
        if e.name == "size":
            return f"_rt.size({arg})" if e.arg.type == "groups" else f"len({arg})"
        if e.name in ("left", "right"):
            step = 1 if e.name == "left" else -1
            around = standings.neighbour(m, arg, step)  # round the seats still in
            if around is not None:
                return around
            return f"(({arg}) {'+' if step > 0 else '-'} 1) % {self.attr('n')}"
        if e.name == "team":
            return f"{self.attr('team')}[{arg}]"
        if e.name == "partner":
            return f"_rt.partner({self.attr('team')}, {arg})"
        raise KeyError(e.name)

    def visit_ValueOf(self, e):
        table = self.tables.value(e.table)
        if None not in self.model.values[e.table]:  # every card has a value: no test for none
            return f"{table}[{self.compile(e.arg)}]"
        return f"_rt.value({table}, {self.compile(e.arg)}, {e.span.line})"

    def visit_SumOf(self, e):
        return f"_rt.sum_values({self.tables.value(e.table)}, {self.cards(e.arg)}, {e.span.line})"

    def visit_ScoringOf(self, e):
        return f"{escape.name('_solver_', e.scoring)}({self.state}).best({self.cards(e.arg)})"

    def visit_BestOf(self, e):
        return (
            f"{escape.name('_solver_', e.scoring)}({self.state}).best_of({self.cards(e.arg)}, {self.compile(e.count)})"
        )

    def visit_HighestOf(self, e):
        order = self.tables.order(e.order)
        return f"_rt.highest({self.cards(e.arg)}, {order}, RANK, {e.span.line})"

    def visit_RandomOf(self, e):
        return f"_rt.random_pick({self.attr('rng')}, {self.cards(e.arg)})"

    def visit_Range(self, e):
        return f"range({self.compile(e.low)}, ({self.compile(e.high)}) + 1)"

    def visit_AllRanks(self, e):
        order = self.model.orders[""]
        ranks = sorted({card.rank for card in self.model.cards}, key=lambda r: (order[r] < 0, order[r], r))
        return escape.literal(ranks)

    def visit_Count(self, e):
        if e.arg.type == "groups":
            return f"_rt.size({self.compile(e.arg)})"
        where = e.arg
        matched = _pattern_count(where)
        if matched is not None:  # cards of a pattern among cards held somewhere: counted in C
            return f"len({self.tables.pattern_set(matched)}.intersection({self.cards(where.collection)}))"
        flags = self._seat_flags(where)
        if flags is not None:  # the seats whose bool is set: counted in C
            return f"{flags}.count(True)"
        return f"len({self.compile(e.arg)})"

    def visit_AllTeams(self, e):
        return f"_rt.team_numbers({self.attr('team')})"

    def visit_AnyWhere(self, e):
        if e.collection.type == "players":
            var, binder = self.fresh("q"), {"player": None}
            binder["player"] = var
            coll = self.compile(e.collection)
        else:
            var = self.fresh("c")
            binder = {"card": var, "suit": None}  # bare `suit` is the card's, not a suit offered
            coll = self.cards(e.collection)
        cond = self.with_binders(binder, e.cond)
        if e.quantifier not in QUANTIFIERS:
            raise ValueError(f"unknown quantifier {e.quantifier!r}")
        return f"{e.quantifier}({cond} for {var} in {coll})"

    def visit_CardsWhere(self, e):
        var = self.fresh("c")
        cond = self.with_binders({"card": var, "suit": None}, e.cond)  # as in visit_AnyWhere
        return f"[{var} for {var} in {self.cards(e.collection)} if {cond}]"

    def visit_PlayersWhere(self, e):
        var = self.fresh("q")
        seats = self.compile(e.within) if e.within is not None else f"range({self.attr('n')})"
        cond = self.with_binders({e.var: var}, e.cond) if e.cond is not None else None
        if e.extreme:  # each seat with its key, in one list: no function called per seat
            key = self.with_binders({e.var: var}, e.key)
            keyed = f"[({var}, {key}) for {var} in {seats}" + (f" if {cond}]" if cond else "]")
            return f"_rt.extreme_keyed({keyed}, {escape.literal(e.extreme)})"
        return f"[{var} for {var} in {seats}" + (f" if {cond}]" if cond else "]")

    def visit_ReadingSwitch(self, e):
        index = self.attr(escape.name("r_", e.ambiguity))
        cases = [(self.tables.reading(e.ambiguity, name), self.counted(e, name, value)) for name, value in e.cases]
        code = cases[-1][1]
        for idx, value in reversed(cases[:-1]):
            code = f"{value} if {index} == {idx} else {code}"
        return f"({code})"

    def counted(self, e, reading: str, value) -> str:
        """A reading's value, counted as it is read in the rules' flow.  Not in a scoring's
        patterns (`state_refs` set): their solver is shared by every state of the same readings."""
        code = self.compile(value)
        if self.reading_counter is None or self.state_refs is not None:
            return code
        index = self.reading_counter(e.span.line, f"value of reading {e.ambiguity} = {reading}")
        return f"_rt.counted({self.attr('hits')}, {index}, {code})"

    def visit_ReadingIs(self, e):
        return f"({self.attr(escape.name('r_', e.ambiguity))} == {self.tables.reading(e.ambiguity, e.reading)})"

    def visit_Call(self, e):
        if e.func == "random_player":
            return f"{self.attr('rng')}.randrange({self.attr('n')})"
        if e.func not in CALLS:
            raise ValueError(f"unknown function {e.func!r}")
        args = ", ".join(self.compile(a) for a in e.args)
        return f"{e.func}({args})"


def pattern_rank_tuple(patterns: list[n.CardPattern], index: dict[str, int]) -> tuple[int, ...]:
    ranks = []
    for p in patterns:
        admitted = pattern_ranks(p, index)
        ranks.append(min(admitted) if admitted else -1)
    return tuple(ranks)


# A pile read by attribute, with at most one plain index (`s.z_hand[s.l_q]`): cheap to read twice.
_SIMPLE_PILE = re.compile(r"s\.\w+(\[[\w.]+\])?")


def _pattern_count(e: n.Expr) -> n.CardPattern | None:
    """The pattern of `count cards in C where card is P` when C holds each card once at most (it
    names no literal list of cards, the one collection that may repeat a card)."""
    if not isinstance(e, n.CardsWhere) or not isinstance(e.cond, n.IsPattern) or e.cond.negated:
        return None
    subject = e.cond.subject
    if not (isinstance(subject, n.Name) and subject.id == "card"):
        return None
    if any(isinstance(node, n.CardList) for node in walk_nodes(e.collection)):
        return None
    return e.cond.pattern


def _is_literal(code: str) -> bool:
    """True if `code` is a Python literal (a number, a string, True or False)."""
    try:
        ast.literal_eval(code)
    except (ValueError, SyntaxError):
        return False
    return True
