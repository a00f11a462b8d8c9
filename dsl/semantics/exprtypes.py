"""Expression types: every expression gets `.type` and every name in it is resolved.

Types are short strings: int bool player suit card rank color option str none, and the
collections `cards` (a list of cards), `groups` (a grouped zone), `players`, `ints` (a
per-player number seen whole, e.g. `max(total)`) and `list` (a literal tuple of numbers).
"""

from __future__ import annotations

import difflib

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, error
from ..syntax.limits import LIMIT_CODE
from .model import RANK_INDEX, SUIT_INDEX, SUIT_WORDS, Model
from .symbols import check_pattern

NULLABLE = {"suit", "player", "card", "option"}
OF_BUILTINS = {
    # name: (argument types, result type)
    "suit": ({"card"}, "suit"),
    "rank": ({"card"}, "rank"),
    "color": ({"card"}, "color"),
    "top": ({"cards"}, "card"),
    "bottom": ({"cards"}, "card"),
    "first": ({"cards", "players"}, None),
    "last": ({"cards", "players"}, None),
    "size": ({"cards", "groups", "players"}, "int"),
    "left": ({"player"}, "player"),
    "right": ({"player"}, "player"),
}
CALLS = {"max", "min", "sum", "abs", "random_player"}
BUILTIN_NAMES = {"led": "suit", "winner": "player", "player_count": "int"}


class ExpressionTyper:
    """Types expressions in the scopes the statements open; records diagnostics."""

    def __init__(self, model: Model):
        self.model = model
        self.file = model.game.file
        self.diags: list[Diagnostic] = []
        self.scopes: list[dict[str, str]] = []
        self.in_trigger = False

    # ------------------------------------------------------------ helpers
    def err(self, code: str, message: str, node: n.Node, **kw):
        self.diags.append(error(code, message, node.span, file=self.file, **kw))

    def undefined(self, name: str, node: n.Node, kind: str = "name", candidates=()):
        close = difflib.get_close_matches(name, list(candidates), n=1)
        hint = f"did you mean '{close[0]}'?" if close else None
        self.err("undefined-name", f"unknown {kind} '{name}'", node, hint=hint)

    def known_names(self):
        m = self.model
        names = set(m.vars) | set(m.zones) | set(m.locals) | set(BUILTIN_NAMES) | set(m.options)
        for scope in self.scopes:
            names |= set(scope)
        return names

    def expect(self, expr: n.Expr | None, *types: str, what: str = "") -> str | None:
        if expr is None:
            return None
        got = self.expr(expr)
        if got is None or got in types:
            return got
        if got == "none" and NULLABLE & set(types):
            return got
        if got == "groups" and "cards" in types:
            return got
        if got == "int" and ("rank" in types or "player" in types) and isinstance(expr, n.Num):
            return got  # a rank written as a number (10), or a seat number (player 0)
        wanted = " or ".join(types)
        self.err("type-mismatch", f"{what or 'this'} should be a {wanted}, not a {got}", expr)
        return None

    def with_scope(self, bindings: dict[str, str], fn, *args):
        self.scopes.append(bindings)
        try:
            return fn(*args)
        finally:
            self.scopes.pop()

    # ------------------------------------------------------------ expressions
    def expr(self, e: n.Expr) -> str | None:
        method = getattr(self, "e_" + type(e).__name__)
        e.type = method(e)
        return e.type

    def e_Num(self, e):
        return "int"

    def e_Str(self, e):
        return "str"

    def e_Bool(self, e):
        return "bool"

    def e_NoneLit(self, e):
        return "none"

    def e_RankLit(self, e):
        return "rank"

    def e_SuitLit(self, e):
        return "suit"

    def e_CardList(self, e):
        for rank, _suit in e.cards:
            if rank not in RANK_INDEX:
                self.err("undefined-name", f"'{rank}' is not a rank", e)
        if all(rank in RANK_INDEX for rank, _suit in e.cards):
            self._check_copies(e)
        return "cards"

    def _check_copies(self, e):
        """Each literal card is a distinct card of the deck, taken as the engine takes them (an
        unsuited rank the first card of that rank not yet used): the deck must hold them all."""
        by_rank: dict[int, list] = {}
        for card in self.model.cards:
            by_rank.setdefault(card.rank, []).append(card)
        used: set[int] = set()
        for rank, suit in e.cards:
            wanted = SUIT_INDEX.get(suit) if suit else None
            card = next(
                (c for c in by_rank.get(RANK_INDEX[rank], []) if c.id not in used and wanted in (None, c.suit)),
                None,
            )
            if card is None:
                copies = max((c.copy for c in self.model.cards), default=0) + 1
                self.err(
                    LIMIT_CODE,
                    f"this list asks for more {rank}{suit or ''} than the deck holds",
                    e,
                    hint=f"the largest deck of this game has {copies} of each card",
                )
                return
            used.add(card.id)

    def e_TupleLit(self, e):
        for item in e.items:
            self.expect(item, "int", what="an item of a list")
        return "list"

    def e_Name(self, e):
        for scope in reversed(self.scopes):
            if e.id in scope:
                return scope[e.id]
        m = self.model
        if e.id in m.locals:
            return m.locals[e.id].type
        if e.id in m.vars:
            var = m.vars[e.id]
            return ("ints" if var.type_name == "int" else "per-player") if var.per_player else var.type_name
        if e.id in m.zones:
            zone = m.zones[e.id]
            if zone.per_player:
                self.err("type-mismatch", f"'{e.id}' is per player: say whose", e, hint=f"{e.id} of p")
                return None
            return "groups" if zone.grouped else "cards"
        if e.id in BUILTIN_NAMES:
            return BUILTIN_NAMES[e.id]
        if e.id in m.options:
            return "option"
        if e.id in SUIT_WORDS:
            return "suit"
        if e.id in ("suit", "rank", "color") and self._in_card_scope():
            return OF_BUILTINS[e.id][1]
        if e.id in ("card", "group"):
            self.err(
                "undefined-name",
                f"'{e.id}' only exists inside a filter or a pattern",
                e,
                hint="use it after 'where', e.g. cards in hand of p where suit of card == trump",
            )
            return None
        self.undefined(e.id, e, candidates=self.known_names())
        return None

    def _in_card_scope(self) -> bool:
        return any(scope.get("card") == "card" for scope in self.scopes)

    def e_BinOp(self, e):
        if e.op in ("+", "-", "*", "/", "%"):
            self.expect(e.left, "int", what=f"the left side of '{e.op}'")
            self.expect(e.right, "int", what=f"the right side of '{e.op}'")
            return "int"
        left, right = self.expr(e.left), self.expr(e.right)
        if left and right and left != right:
            ok = ({left, right} <= {"rank", "int"} and (isinstance(e.left, n.Num) or isinstance(e.right, n.Num))) or (
                "none" in (left, right) and {left, right} - {"none"} <= NULLABLE
            )
            if not ok:
                self.err("type-mismatch", f"cannot compare a {left} with a {right}", e)
        elif left in ("cards", "groups", "players", "ints", "list") and e.op not in ("==", "!="):
            self.err("type-mismatch", f"'{e.op}' does not compare collections", e)
        return "bool"

    def e_BoolOp(self, e):
        for operand in e.operands:
            self.expect(operand, "bool", what=f"an operand of '{e.op}'")
        return "bool"

    def e_Not(self, e):
        self.expect(e.operand, "bool", what="the operand of 'not'")
        return "bool"

    def e_Neg(self, e):
        self.expect(e.operand, "int", what="a negated value")
        return "int"

    def e_IfExpr(self, e):
        self.expect(e.cond, "bool", what="the condition")
        a, b = self.expr(e.then), self.expr(e.otherwise)
        if a and b and a != b and "none" not in (a, b):
            self.err("type-mismatch", f"the two branches give a {a} and a {b}", e)
        return a if a != "none" else b

    def e_IsEmpty(self, e):
        self.expect(e.subject, "cards", "groups", "players", what="what is tested for emptiness")
        return "bool"

    def e_IsPattern(self, e):
        self.diags.extend(check_pattern(e.pattern, self.file))
        self.expect(e.subject, "card", what="what is compared with a card pattern")
        return "bool"

    def e_Has(self, e):
        self.diags.extend(check_pattern(e.pattern, self.file))
        self.expect(e.subject, "cards", "groups", what="what 'has' looks into")
        return "bool"

    def e_Of(self, e):
        m = self.model
        if e.name in m.zones:
            zone = m.zones[e.name]
            if not zone.per_player:
                self.err("type-mismatch", f"'{e.name}' is shared: it has no 'of'", e)
            self.expect(e.arg, "player", what="the owner of a zone")
            return "groups" if zone.grouped else "cards"
        if e.name in m.vars:
            var = m.vars[e.name]
            if not var.per_player:
                self.err("type-mismatch", f"'{e.name}' is not per player: it has no 'of'", e)
            self.expect(e.arg, "player", what="whose value this is")
            return var.type_name
        if e.name in OF_BUILTINS:
            arg_types, result = OF_BUILTINS[e.name]
            got = self.expect(e.arg, *sorted(arg_types), what=f"the argument of '{e.name}'")
            if result is None:
                return "card" if got in ("cards", "groups") else "player"
            return result
        self.undefined(e.name, e, candidates=set(m.zones) | set(m.vars) | set(OF_BUILTINS))
        return None

    def e_ValueOf(self, e):
        if e.table not in self.model.values:
            self.undefined(e.table, e, "value table", self.model.values)
        self.expect(e.arg, "card", what="what a value is taken of")
        return "int"

    def e_SumOf(self, e):
        if e.table not in self.model.values:
            self.undefined(e.table, e, "value table", self.model.values)
        self.expect(e.arg, "cards", "groups", what="what is summed")
        return "int"

    def e_ScoringOf(self, e):
        if e.scoring not in self.model.scorings:
            self.undefined(e.scoring, e, "scoring", self.model.scorings)
        self.expect(e.arg, "cards", "groups", what="what is scored")
        return "int"

    def e_BestOf(self, e):
        if e.scoring not in self.model.scorings:
            self.undefined(e.scoring, e, "scoring", self.model.scorings)
        self.expect(e.count, "int", what="how many cards are kept")
        self.expect(e.arg, "cards", "groups", what="what is scored")
        return "int"

    def e_HighestOf(self, e):
        if e.order is not None and e.order not in self.model.orders:
            self.undefined(e.order, e, "order", [k for k in self.model.orders if k])
        self.expect(e.arg, "cards", "groups", what="where the highest card is looked for")
        return "card"

    def e_Count(self, e):
        self.expect(e.arg, "cards", "groups", "players", what="what is counted")
        return "int"

    def e_AnyWhere(self, e):
        kind = self.expect(e.collection, "cards", "groups", "players", what=f"what '{e.quantifier}' looks into")
        binder = {"card": "card"} if kind != "players" else {"player": "player"}
        self.with_scope(binder, self.expect, e.cond, "bool", "the condition")
        return "bool"

    def e_CardsWhere(self, e):
        self.expect(e.collection, "cards", "groups", what="where cards are taken from")
        self.with_scope({"card": "card"}, self.expect, e.cond, "bool", "the condition")
        return "cards"

    def e_PlayersWhere(self, e):
        if e.within is not None:
            self.expect(e.within, "players", what="the players to choose among")
        scope = {e.var: "player"}
        if e.cond is not None:
            self.with_scope(scope, self.expect, e.cond, "bool", "the condition")
        if e.key is not None:
            self.with_scope(scope, self.expect, e.key, "int", "what is compared")
        return "players"

    def check_reading_cases(self, ambiguity: str, given: list[str], node: n.Node) -> bool:
        """One case per reading of `ambiguity`, no more, no less; False if it does not exist."""
        amb = self.model.ambiguities.get(ambiguity)
        if amb is None:
            self.undefined(ambiguity, node, "ambiguity", self.model.ambiguities)
            return False
        names = [r.name for r in amb.readings]
        for name in given:
            if name not in names:
                self.err(
                    "undefined-name",
                    f"'{name}' is not a reading of '{amb.name}'",
                    node,
                    hint="readings: " + ", ".join(names),
                )
        missing = [r for r in names if r not in given]
        if missing:
            self.err(
                "type-mismatch",
                f"no value for reading{'s' if len(missing) > 1 else ''} {', '.join(missing)} of '{amb.name}'",
                node,
            )
        return True

    def e_ReadingSwitch(self, e):
        types = [self.expr(value) for _, value in e.cases]
        if not self.check_reading_cases(e.ambiguity, [name for name, _ in e.cases], e):
            return types[0] if types else None
        known = {t for t in types if t and t != "none"}
        if len(known) > 1:
            self.err("type-mismatch", "the readings give values of different types: " + ", ".join(sorted(known)), e)
        return known.pop() if known else None

    def e_ReadingIs(self, e):
        amb = self.model.ambiguities.get(e.ambiguity)
        if amb is None:
            self.undefined(e.ambiguity, e, "ambiguity", self.model.ambiguities)
        elif e.reading not in [r.name for r in amb.readings]:
            self.err(
                "undefined-name",
                f"'{e.reading}' is not a reading of '{amb.name}'",
                e,
                hint="readings: " + ", ".join(r.name for r in amb.readings),
            )
        return "bool"

    def e_Call(self, e):
        if e.func not in CALLS:
            self.undefined(e.func, e, "function", CALLS)
            return None
        if e.func == "random_player":
            if e.args:
                self.err("type-mismatch", "random_player() takes no arguments", e)
            return "player"
        if e.func in ("max", "min", "sum") and len(e.args) == 1:
            self.expect(e.args[0], "ints", "list", what=f"the argument of {e.func}()")
            return "int"
        if not e.args or (e.func in ("abs", "sum") and len(e.args) != 1):
            self.err("type-mismatch", f"wrong number of arguments to {e.func}()", e)
        for arg in e.args:
            self.expect(arg, "int", what=f"an argument of {e.func}()")
        return "int"
