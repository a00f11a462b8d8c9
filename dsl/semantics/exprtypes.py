"""Expression types: every expression gets `.type` (a `Type`) and every name in it is resolved.

`ExpressionTyper` has one `visit_<Kind>` per expression kind; the statements around it
(`typecheck`) open the scopes it types in and fill in the local variables and options it knows.
"""

from __future__ import annotations

import difflib

from ..ast import nodes as n
from ..ast.visitor import ExprVisitor
from ..report.diagnostics import Diagnostic, Fix, error
from ..report.wording import a, either
from ..syntax.limits import LIMIT_CODE
from .decks import suit_number
from .model import SUIT_WORDS, LocalVar, Model
from .standings import TEAM_OF, name_type
from .symbols import check_pattern, ranks_hint
from .types import COLLECTIONS, NULLABLE, Type

OF_BUILTINS: dict[str, tuple[frozenset[Type], Type | None]] = {
    # name: (argument types, result type; None: the element of the argument)
    "suit": (frozenset({Type.CARD}), Type.SUIT),
    "rank": (frozenset({Type.CARD}), Type.RANK),
    "color": (frozenset({Type.CARD, Type.SUIT}), Type.COLOR),
    # the seat that played a card of the trick in play (or of the last trick)
    "player": (frozenset({Type.CARD}), Type.PLAYER),
    # the number of groups (tricks) in a grouped zone; `size of` counts its cards
    "groups": (frozenset({Type.GROUPS}), Type.INT),
    # a card's own suit, whatever `suit in play` says
    "printed suit": (frozenset({Type.CARD}), Type.SUIT),
    "top": (frozenset({Type.CARDS}), Type.CARD),
    "bottom": (frozenset({Type.CARDS}), Type.CARD),
    "first": (frozenset({Type.CARDS, Type.PLAYERS}), None),
    "last": (frozenset({Type.CARDS, Type.PLAYERS}), None),
    "size": (frozenset({Type.CARDS, Type.GROUPS, Type.PLAYERS}), Type.INT),
    "left": (frozenset({Type.PLAYER}), Type.PLAYER),
    "right": (frozenset({Type.PLAYER}), Type.PLAYER),
}
CALLS = {"max", "min", "sum", "abs", "random_player"}
BUILTIN_NAMES = {"led": Type.SUIT, "winner": Type.PLAYER, "player_count": Type.INT}

Scope = dict[str, Type]


class ExpressionTyper(ExprVisitor["Type | None"]):
    """Types expressions in the scopes the statements open; records diagnostics.

    `locals` and `options` are the names the statements have introduced so far: the checker adds
    to them while it walks, and the frozen model is built from them once it is done."""

    def __init__(self, model: Model):
        self.model = model
        self.file = model.game.file
        self.diags: list[Diagnostic] = []
        self.scopes: list[Scope] = []
        self.locals: dict[str, LocalVar] = dict(model.locals)
        self.options: list[str] = list(model.options)

    # ------------------------------------------------------------ helpers
    def err(self, code: str, message: str, node: n.Node, **kw):
        found = error(code, message, node.span, file=self.file, **kw)
        # A definition expanded several times at one use puts the same node there several times:
        # one problem, one report.
        if not any((d.code, d.span, d.message) == (code, found.span, message) for d in self.diags):
            self.diags.append(found)

    def undefined(self, name: str, node: n.Node, kind: str = "name", candidates=()):
        close = difflib.get_close_matches(name, list(candidates), n=1)
        hint = f"did you mean '{close[0]}'?" if close else None
        fix = Fix(node.span, close[0], name) if close else None
        self.err("undefined-name", f"unknown {kind} '{name}'", node, hint=hint, fix=fix)

    def known_names(self):
        m = self.model
        names = set(m.vars) | set(m.zones) | set(self.locals) | set(BUILTIN_NAMES) | set(self.options)
        for scope in self.scopes:
            names |= set(scope)
        return names

    def expect(self, expr: n.Expr | None, *types: Type, what: str = "") -> Type | None:
        if expr is None:
            return None
        got = self.expr(expr)
        if got is None or got in types:
            return got
        if got == Type.NONE and NULLABLE & set(types):
            return got
        if got == Type.GROUPS and Type.CARDS in types:
            return got
        if got == Type.INT and (Type.RANK in types or Type.PLAYER in types) and isinstance(expr, n.Num):
            return got  # a rank written as a number (10), or a seat number (player 0)
        self.err("type-mismatch", f"{what or 'this'} should be {either(*types)}, not {a(got)}", expr)
        return None

    def with_scope(self, bindings: Scope, fn, *args, **kwargs):
        self.scopes.append(bindings)
        try:
            return fn(*args, **kwargs)
        finally:
            self.scopes.pop()

    # ------------------------------------------------------------ expressions
    def expr(self, e: n.Expr) -> Type | None:
        e.type = self.visit(e)
        return e.type

    def visit_Num(self, e):
        return Type.INT

    def visit_Str(self, e):
        return Type.STR

    def visit_Bool(self, e):
        return Type.BOOL

    def visit_NoneLit(self, e):
        return Type.NONE

    def visit_RankLit(self, e):
        if e.rank not in self.model.rank_index:
            self.err("undefined-name", f"'{e.rank}' is not a rank of this game", e, hint=self._ranks_hint())
        return Type.RANK

    def visit_SuitLit(self, e):
        return Type.SUIT

    def visit_CardList(self, e):
        index = self.model.rank_index
        for rank, _suit in e.cards:
            if rank not in index:
                self.err("undefined-name", f"'{rank}' is not a rank of this game", e, hint=self._ranks_hint())
        if all(rank in index for rank, _suit in e.cards):
            self._check_copies(e)
        return Type.CARDS

    def _ranks_hint(self) -> str:
        return ranks_hint(self.model.rank_names)

    def _check_copies(self, e):
        """Each literal card is a distinct card of the deck, taken as the engine takes them (an
        unsuited rank the first card of that rank not yet used): the deck must hold them all."""
        by_rank: dict[int, list] = {}
        for card in self.model.cards:
            by_rank.setdefault(card.rank, []).append(card)
        used: set[int] = set()
        index = self.model.rank_index
        for rank, suit in e.cards:
            wanted = suit_number(suit, self.model.suit_names) if suit else None
            if suit and wanted is None:
                self.err("undefined-name", f"'{suit}' is not a suit of this game", e, hint=_suits_hint(self.model))
                continue
            card = next(
                (c for c in by_rank.get(index[rank], []) if c.id not in used and wanted in (None, c.suit)),
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

    def visit_TupleLit(self, e):
        for item in e.items:
            self.expect(item, Type.INT, what="an item of a list")
        return Type.LIST

    def visit_Name(self, e):
        for scope in reversed(self.scopes):
            if e.id in scope:
                return scope[e.id]
        m = self.model
        if e.id in self.locals:
            return self.locals[e.id].type
        if e.id in m.vars:
            var = m.vars[e.id]
            declared = Type(var.type_name)
            if var.per_player:
                return Type.INTS if declared == Type.INT else Type.PER_PLAYER
            return declared
        if e.id in m.zones:
            zone = m.zones[e.id]
            if zone.per_player:
                self.err("type-mismatch", f"'{e.id}' is per player: say whose", e, hint=f"{e.id} of p")
                return None
            return Type.GROUPS if zone.grouped else Type.CARDS
        if e.id in BUILTIN_NAMES:
            return BUILTIN_NAMES[e.id]
        if e.id in self.options:
            return Type.OPTION
        if e.id in SUIT_WORDS or e.id in m.suit_names:
            return Type.SUIT
        if e.id in m.rank_names:
            return Type.RANK
        if e.id in ("suit", "rank", "color") and self._in_card_scope():
            return OF_BUILTINS[e.id][1]
        declared = name_type(m.game, e.id)  # a team, the house
        if declared is not None:
            return declared
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
        return any(scope.get("card") == Type.CARD for scope in self.scopes)

    def visit_BinOp(self, e):
        if e.op in ("+", "-", "*", "/", "%"):
            self.expect(e.left, Type.INT, what=f"the left side of '{e.op}'")
            self.expect(e.right, Type.INT, what=f"the right side of '{e.op}'")
            return Type.INT
        left, right = self.expr(e.left), self.expr(e.right)
        if left and right and left != right:
            ok = (
                ({left, right} <= {Type.RANK, Type.INT} or {left, right} <= {Type.PLAYER, Type.INT})
                and (isinstance(e.left, n.Num) or isinstance(e.right, n.Num))
            ) or (Type.NONE in (left, right) and {left, right} - {Type.NONE} <= NULLABLE)
            if not ok:
                self.err("type-mismatch", f"cannot compare {a(left)} with {a(right)}", e)
        elif left in COLLECTIONS and e.op not in ("==", "!="):
            self.err("type-mismatch", f"'{e.op}' does not compare collections", e)
        return Type.BOOL

    def visit_BoolOp(self, e):
        for operand in e.operands:
            self.expect(operand, Type.BOOL, what=f"an operand of '{e.op}'")
        return Type.BOOL

    def visit_Not(self, e):
        self.expect(e.operand, Type.BOOL, what="the operand of 'not'")
        return Type.BOOL

    def visit_Neg(self, e):
        self.expect(e.operand, Type.INT, what="a negated value")
        return Type.INT

    def visit_IfExpr(self, e):
        self.expect(e.cond, Type.BOOL, what="the condition")
        then, other = self.expr(e.then), self.expr(e.otherwise)
        if then and other and then != other and Type.NONE not in (then, other):
            self.err("type-mismatch", f"the two branches give {a(then)} and {a(other)}", e)
        return then if then != Type.NONE else other

    def visit_IsEmpty(self, e):
        self.expect(e.subject, Type.CARDS, Type.GROUPS, Type.PLAYERS, what="what is tested for emptiness")
        return Type.BOOL

    def visit_IsPattern(self, e):
        self.diags.extend(check_pattern(e.pattern, self.file, self.model.suit_names, self.model.rank_names))
        self.expect(e.subject, Type.CARD, what="what is compared with a card pattern")
        return Type.BOOL

    def visit_IsOut(self, e):
        self.expect(e.subject, Type.PLAYER, what="who may be out")
        return Type.BOOL

    def visit_Has(self, e):
        self.diags.extend(check_pattern(e.pattern, self.file, self.model.suit_names, self.model.rank_names))
        self.expect(e.subject, Type.CARDS, Type.GROUPS, what="what 'has' looks into")
        return Type.BOOL

    def visit_Of(self, e):
        m = self.model
        if e.name in m.zones:
            zone = m.zones[e.name]
            if not zone.per_player:
                self.err("type-mismatch", f"'{e.name}' is shared: it has no 'of'", e)
            self.expect(e.arg, Type.PLAYER, what="the owner of a zone")
            return Type.GROUPS if zone.grouped else Type.CARDS
        if e.name in m.vars:
            var = m.vars[e.name]
            if not var.per_player:
                self.err("type-mismatch", f"'{e.name}' is not per player: it has no 'of'", e)
            owners = (Type.PLAYER, Type.TEAM) if var.per_team else (Type.PLAYER,)
            self.expect(e.arg, *owners, what="whose value this is")
            return Type(var.type_name)
        if e.name in TEAM_OF and not (set(m.zones) | set(m.vars)) & {e.name}:
            self.expect(e.arg, TEAM_OF[e.name][0], what=f"the argument of '{e.name}'")
            if m.game.teams is None:
                self.err(
                    "missing-declaration",
                    f"'{e.name} of' needs teams, and the game declares none",
                    e,
                    hint="declare them, e.g. teams partners opposite",
                )
                return None
            return TEAM_OF[e.name][1]
        if e.name in OF_BUILTINS:
            arg_types, result = OF_BUILTINS[e.name]
            got = self.expect(e.arg, *sorted(arg_types), what=f"the argument of '{e.name}'")
            if result is None:
                return Type.CARD if got in (Type.CARDS, Type.GROUPS) else Type.PLAYER
            return result
        self.undefined(e.name, e, candidates=set(m.zones) | set(m.vars) | set(OF_BUILTINS))
        return None

    def visit_ValueOf(self, e):
        if e.table not in self.model.values:
            self.undefined(e.table, e, "value table", self.model.values)
        self.expect(e.arg, Type.CARD, what="what a value is taken of")
        return Type.INT

    def visit_SumOf(self, e):
        if e.table not in self.model.values:
            self.undefined(e.table, e, "value table", self.model.values)
        self.expect(e.arg, Type.CARDS, Type.GROUPS, what="what is summed")
        return Type.INT

    def visit_ScoringOf(self, e):
        if e.scoring not in self.model.scorings:
            self.undefined(e.scoring, e, "scoring", self.model.scorings)
        self.expect(e.arg, Type.CARDS, Type.GROUPS, what="what is scored")
        return Type.INT

    def visit_BestOf(self, e):
        if e.scoring not in self.model.scorings:
            self.undefined(e.scoring, e, "scoring", self.model.scorings)
        self.expect(e.count, Type.INT, what="how many cards are kept")
        self.expect(e.arg, Type.CARDS, Type.GROUPS, what="what is scored")
        return Type.INT

    def visit_HighestOf(self, e):
        if e.order is not None and e.order not in self.model.orders:
            self.undefined(e.order, e, "order", [k for k in self.model.orders if k])
        self.expect(e.arg, Type.CARDS, Type.GROUPS, what="where the highest card is looked for")
        return Type.CARD

    def visit_Count(self, e):
        self.expect(e.arg, Type.CARDS, Type.GROUPS, Type.PLAYERS, what="what is counted")
        return Type.INT

    def visit_RandomOf(self, e):
        kind = self.expect(e.arg, Type.PLAYERS, Type.CARDS, Type.GROUPS, what="what is picked from")
        return {Type.PLAYERS: Type.PLAYER, Type.CARDS: Type.CARD, Type.GROUPS: Type.CARD}.get(kind)

    def visit_Range(self, e):
        self.expect(e.low, Type.INT, what="the first number")
        self.expect(e.high, Type.INT, what="the last number")
        return Type.LIST

    def visit_AllRanks(self, e):
        return Type.RANKS

    def visit_AllTeams(self, e):
        if self.model.game.teams is None:
            self.err("missing-declaration", "the game declares no teams", e, hint="teams partners opposite")
        return Type.TEAMS

    def visit_AnyWhere(self, e):
        kind = self.expect(
            e.collection, Type.CARDS, Type.GROUPS, Type.PLAYERS, what=f"what '{e.quantifier}' looks into"
        )
        binder = {"card": Type.CARD} if kind != Type.PLAYERS else {"player": Type.PLAYER}
        self.with_scope(binder, self.expect, e.cond, Type.BOOL, what="the condition")
        return Type.BOOL

    def visit_CardsWhere(self, e):
        self.expect(e.collection, Type.CARDS, Type.GROUPS, what="where cards are taken from")
        self.with_scope({"card": Type.CARD}, self.expect, e.cond, Type.BOOL, what="the condition")
        return Type.CARDS

    def visit_PlayersWhere(self, e):
        if e.within is not None:
            self.expect(e.within, Type.PLAYERS, what="the players to choose among")
        scope = {e.var: Type.PLAYER}
        if e.cond is not None:
            self.with_scope(scope, self.expect, e.cond, Type.BOOL, what="the condition")
        if e.key is not None:
            self.with_scope(scope, self.expect, e.key, Type.INT, what="what is compared")
        return Type.PLAYERS

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

    def visit_ReadingSwitch(self, e):
        types = [self.expr(value) for _, value in e.cases]
        if not self.check_reading_cases(e.ambiguity, [name for name, _ in e.cases], e):
            return types[0] if types else None
        known = {t for t in types if t and t != Type.NONE}
        if len(known) > 1:
            self.err("type-mismatch", "the readings give values of different types: " + ", ".join(sorted(known)), e)
        return known.pop() if known else None

    def visit_ReadingIs(self, e):
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
        return Type.BOOL

    def visit_Call(self, e):
        if e.func not in CALLS:
            self.undefined(e.func, e, "function", CALLS)
            return None
        if e.func == "random_player":
            if e.args:
                self.err("type-mismatch", "random_player() takes no arguments", e)
            return Type.PLAYER
        if e.func in ("max", "min", "sum") and len(e.args) == 1:
            self.expect(e.args[0], Type.INTS, Type.LIST, what=f"the argument of {e.func}()")
            return Type.INT
        if not e.args or (e.func in ("abs", "sum") and len(e.args) != 1):
            self.err("type-mismatch", f"wrong number of arguments to {e.func}()", e)
        for arg in e.args:
            self.expect(arg, Type.INT, what=f"an argument of {e.func}()")
        return Type.INT


def _suits_hint(model: Model) -> str:
    if model.suit_names:
        return "this game's suits are " + ", ".join(model.suit_names)
    return "the suits are ♠ ♥ ♦ ♣ (spades hearts diamonds clubs)"
