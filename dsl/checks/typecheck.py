"""Name resolution and types: every expression gets `.type`, every name is checked.

Types are short strings: int bool player suit card rank color option str none, and the
collections `cards` (a list of cards), `groups` (a grouped zone), `players`, `ints` (a
per-player number seen whole, e.g. `max(total)`) and `list` (a literal tuple of numbers).
"""

from __future__ import annotations

import difflib

from ..ast import nodes as n
from ..diagnostics import Diagnostic, error
from ..model import RANK_INDEX, SUIT_WORDS, LocalVar, Model
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


class TypeChecker:
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

    def declare_local(self, name: str, type_: str, node: n.Node):
        m = self.model
        if name in m.vars or name in m.zones:
            self.err("duplicate-name", f"'{name}' is already a {'zone' if name in m.zones else 'variable'}", node)
            return
        old = m.locals.get(name)
        if old and old.type != type_:
            self.err("type-mismatch", f"'{name}' is a {old.type} on line {old.line} but a {type_} here", node)
            return
        if not old:
            m.locals[name] = LocalVar(name, type_, node.span.line)

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

    # ------------------------------------------------------------ zones
    def zone_ref(self, ref: n.ZoneRef, owner_optional: bool = False) -> n.Zone | None:
        zone = self.model.zones.get(ref.name)
        if zone is None:
            self.undefined(ref.name, ref, "zone", self.model.zones)
            return None
        if zone.per_player and ref.owner is None and not owner_optional:
            self.err("type-mismatch", f"'{ref.name}' is per player: say whose", ref, hint=f"{ref.name} of p")
        if not zone.per_player and ref.owner is not None:
            self.err("type-mismatch", f"'{ref.name}' is shared: it has no 'of'", ref)
        if ref.owner is not None:
            self.expect(ref.owner, "player", what="the owner of a zone")
        return zone

    def zone_name(self, name: str, node: n.Node, per_player: bool | None) -> n.Zone | None:
        zone = self.model.zones.get(name)
        if zone is None:
            self.undefined(name, node, "zone", self.model.zones)
        elif per_player is not None and zone.per_player != per_player:
            self.err("type-mismatch", f"zone '{name}' must be {'per player' if per_player else 'shared'} here", node)
        return zone

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
        return "cards"

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
            self.err("undefined-name", f"'{e.id}' only exists inside a filter or a pattern", e,
                     hint="use it after 'where', e.g. cards in hand of p where suit of card == trump")
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
            ok = ({left, right} <= {"rank", "int"} and (isinstance(e.left, n.Num) or isinstance(e.right, n.Num))) \
                or ("none" in (left, right) and {left, right} - {"none"} <= NULLABLE)
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

    def e_ReadingSwitch(self, e):
        amb = self.model.ambiguities.get(e.ambiguity)
        types = [self.expr(value) for _, value in e.cases]
        if amb is None:
            self.undefined(e.ambiguity, e, "ambiguity", self.model.ambiguities)
            return types[0] if types else None
        names = [r.name for r in amb.readings]
        given = [name for name, _ in e.cases]
        for name in given:
            if name not in names:
                self.err("undefined-name", f"'{name}' is not a reading of '{amb.name}'", e, hint="readings: " + ", ".join(names))
        missing = [r for r in names if r not in given]
        if missing:
            self.err("type-mismatch", f"no value for reading{'s' if len(missing) > 1 else ''} {', '.join(missing)} of '{amb.name}'", e)
        known = {t for t in types if t and t != "none"}
        if len(known) > 1:
            self.err("type-mismatch", "the readings give values of different types: " + ", ".join(sorted(known)), e)
        return known.pop() if known else None

    def e_ReadingIs(self, e):
        amb = self.model.ambiguities.get(e.ambiguity)
        if amb is None:
            self.undefined(e.ambiguity, e, "ambiguity", self.model.ambiguities)
        elif e.reading not in [r.name for r in amb.readings]:
            self.err("undefined-name", f"'{e.reading}' is not a reading of '{amb.name}'", e,
                     hint="readings: " + ", ".join(r.name for r in amb.readings))
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

    # ------------------------------------------------------------ statements
    def block(self, block: n.Block | None):
        if block is not None:
            for stmt in block.stmts:
                self.stmt(stmt)

    def stmt(self, s: n.Stmt):
        getattr(self, "s_" + type(s).__name__)(s)

    def s_Shuffle(self, s):
        self.zone_ref(s.zone)

    def s_Move(self, s):
        self.zone_ref(s.source)
        self.zone_ref(s.dest)
        if s.amount in ("top", "middle"):
            self.expect(s.arg, "int", what="how many cards")
        elif s.amount == "where":
            self.with_scope({"card": "card"}, self.expect, s.arg, "bool", "the condition")
        elif s.amount == "card":
            self.expect(s.arg, "card", what="the card to move")

    def s_DealEach(self, s):
        self.expect(s.count, "int", what="how many cards each player gets")
        self.zone_ref(s.source)
        self.zone_name(s.zone, s, per_player=True)
        self.expect(s.start, "player", what="who is dealt first")

    def s_DealEvenly(self, s):
        self.zone_ref(s.source)
        self.zone_name(s.zone, s, per_player=True)
        if s.rest is not None:
            self.zone_ref(s.rest)

    def s_Draw(self, s):
        self.expect(s.count, "int", what="how many cards are drawn")
        self.zone_ref(s.source)
        self.zone_ref(s.dest)

    def s_Gather(self, s):
        self.zone_ref(s.dest)

    def s_Assign(self, s):
        target = s.target
        if isinstance(target, n.Name) and (target.id in self.model.vars or target.id in self.model.locals):
            if target.id in self.model.vars and self.model.vars[target.id].per_player:
                self.err("type-mismatch", f"'{target.id}' is per player: say whose", target, hint=f"{target.id} of p")
                return
            want = self.expr(target)
        elif isinstance(target, n.Of) and target.name in self.model.vars:
            want = self.expr(target)
        elif isinstance(target, n.Name) and target.id in BUILTIN_NAMES:
            self.err("type-mismatch", f"'{target.id}' is set by the rules themselves and cannot be assigned", target)
            return
        else:
            if isinstance(target, n.Name) and target.id not in self.known_names():
                self.undefined(target.id, target, "variable", self.model.vars)
            else:
                self.err("type-mismatch", "only a variable can be assigned", target,
                         hint="declare it first, e.g. var points: int per player = 0")
            return
        if s.op != "=":
            self.expect(s.value, "int", what=f"the value of '{s.op}'")
            if want not in (None, "int"):
                self.err("type-mismatch", f"'{s.op}' needs a number, but this is a {want}", target)
        elif want:
            self.expect(s.value, want, what="the assigned value")

    def s_If(self, s):
        for cond, body in s.branches:
            self.expect(cond, "bool", what="the condition of 'if'")
            self.block(body)
        self.block(s.otherwise)

    def s_Repeat(self, s):
        self.block(s.body)
        self.expect(s.until, "bool", what="the condition of 'until'")

    def s_While(self, s):
        self.expect(s.cond, "bool", what="the condition of 'while'")
        self.block(s.body)

    def s_ForPlayers(self, s):
        self.declare_local(s.var, "player", s)
        self.expect(s.start, "player", what="the first player")
        self.expect(s.cond, "bool", what="the condition")
        self.block(s.body)

    def s_ForEach(self, s):
        kind = self.expect(s.iterable, "cards", "players", "list", what="what is gone through")
        element = {"cards": "card", "players": "player", "list": "int"}.get(kind or "", None)
        if element:
            self.declare_local(s.var, element, s)
        self.block(s.body)

    def s_ForGroups(self, s):
        zone = self.zone_ref(s.zone)
        if zone is not None and not zone.grouped:
            self.err("type-mismatch", f"zone '{zone.name}' is not grouped", s.zone, hint=f"zone {zone.name} ... grouped")
        self.declare_local(s.var, "cards", s)
        self.block(s.body)

    def _decision(self, s, who):
        if self.in_trigger:
            self.err("type-mismatch", "a trigger cannot ask a player to decide", s,
                     hint="set a variable in the trigger and decide in the flow")
        self.expect(who, "player", what="who decides")

    def s_ChooseCard(self, s):
        self._decision(s, s.who)
        self.declare_local(s.var, "card", s)
        self.zone_ref(s.zone)
        for cond in s.legality:
            self.with_scope({"card": "card"}, self.expect, cond, "bool", "a legality condition")

    def s_ChooseCards(self, s):
        self._decision(s, s.who)
        self.expect(s.count, "int", what="how many cards")
        self.zone_ref(s.source)
        self.zone_ref(s.dest)

    def s_ChooseOption(self, s):
        self._decision(s, s.who)
        for name in s.options:
            if name not in self.model.options:
                self.model.options.append(name)
        if isinstance(s.target, n.Name) and s.target.id not in self.model.vars:
            self.declare_local(s.target.id, "option", s)
        self._assignable(s.target, "option")

    def s_ChooseSuit(self, s):
        self._decision(s, s.who)
        self._assignable(s.target, "suit")

    def s_Bid(self, s):
        self._decision(s, s.who)
        for part, what in ((s.low, "the lowest bid"), (s.high, "the highest bid"), (s.step, "the bid step")):
            self.expect(part, "int", what=what)
        if isinstance(s.target, n.Name) and s.target.id not in self.model.vars:
            self.declare_local(s.target.id, "int", s)
        self._assignable(s.target, "int")

    def _assignable(self, target, type_):
        got = self.expr(target)
        if not isinstance(target, (n.Name, n.Of)):
            self.err("type-mismatch", "a decision must be stored in a variable", target)
        elif got and got != type_:
            self.err("type-mismatch", f"this stores a {type_}, but the variable is a {got}", target)

    def s_Trick(self, s):
        self._decision(s, s.lead or n.Name("led"))
        if s.lead is None:
            self.err("missing-declaration", "a trick needs 'lead <player>'", s)
        if s.among:
            self.with_scope({s.among[0]: "player"}, self.expect, s.among[1], "bool", "who takes part")
        if s.play_from is None or s.play_to is None:
            self.err("missing-declaration", "a trick needs 'play from <hand zone> to <table zone>'", s)
        else:
            self.zone_name(s.play_from, s, per_player=True)
            self.zone_name(s.play_to, s, per_player=False)
        # In follow rules the `among` name is the player about to play ("who holds 3 aces").
        follow_scope = {"card": "card"}
        if s.among:
            follow_scope[s.among[0]] = "player"
        for cond in s.follow:
            self.with_scope(follow_scope, self.expect, cond, "bool", "a follow rule")
        if not s.winner_rules:
            self.err("missing-declaration", "a trick needs a 'winner { highest ... }' block", s)
        for rule in s.winner_rules:
            self.expect(rule.cond, "bool", what="the condition of a winner rule")
            self.with_scope({"card": "card"}, self.expect, rule.where, "bool", "which cards can win")
            if rule.order is not None and rule.order not in self.model.orders:
                self.undefined(rule.order, rule, "order", [k for k in self.model.orders if k])
        if s.take_into is None:
            self.err("missing-declaration", "a trick needs 'take into <zone>'", s)
        else:
            self.zone_name(s.take_into, s, per_player=True)

    def s_EndGame(self, s):
        pass

    def s_Gap(self, s):
        pass

    # ------------------------------------------------------------ declarations
    def check(self) -> list[Diagnostic]:
        m, game = self.model, self.model.game
        # Options are global names; collect them first so any statement may compare with them.
        for stmt in _walk_stmts(game.flow):
            names = stmt.options if isinstance(stmt, n.ChooseOption) else []
            if isinstance(stmt, n.Bid) and stmt.can_pass:
                names = ["pass"]
            for name in names:
                if name not in m.options:
                    m.options.append(name)
        for var in game.vars:
            if var.init is not None:
                got = self.expr(var.init)
                if got and got != var.type_name and not (got == "none" and var.type_name in NULLABLE):
                    self.err("type-mismatch", f"'{var.name}' is a {var.type_name} but starts as a {got}", var.init)
        for deck in game.decks:
            self.expect(deck.when, "bool", what="the condition of a deck line")
        for scoring in game.scorings:
            for pat in scoring.patterns:
                scope = {"group": "cards"}
                self.with_scope(scope, self.expect, pat.where, "bool", "the condition of a pattern")
                self.with_scope(scope, self.expect, pat.score, "int", "the score of a pattern")
            if scoring.leftover is not None:
                self.with_scope({"group": "cards"}, self.expect, scoring.leftover, "int", "the leftover score")
        for trig in game.triggers:
            zone = self.zone_name(trig.zone, trig, per_player=True)
            del zone
            self.declare_local(trig.card_var, "card", trig)
            self.declare_local(trig.player_var, "player", trig)
            self.expect(trig.cond, "bool", what="the condition of a trigger")
            self.in_trigger = True
            self.block(trig.body)
            self.in_trigger = False
        self.block(game.flow)
        if game.flow is None:
            self.err("missing-declaration", "the game has no 'flow { ... }' block", game,
                     hint="flow {\n  shuffle deck\n  ...\n}")
        if game.result is not None:
            self.expect(game.result, "ints", what="the result")
        for ex in game.examples:
            for stmt in ex.stmts:
                if _has_decision(stmt):
                    self.err("type-mismatch", "an example cannot contain a decision", stmt)
                self.stmt(stmt)
            for expect in ex.expects:
                self.expect(expect.expr, "bool", what="an expectation")
        self.check_cites(game)
        return self.diags

    def check_cites(self, game: n.Game):
        known = self.model.sources
        for node in _walk_cited(game):
            for cite in node.cites:
                if cite.source not in known:
                    self.undefined(cite.source, cite, "source", known)
                elif cite.line < 1:
                    self.err("type-mismatch", "source lines start at 1", cite)


DECISIONS = (n.ChooseCard, n.ChooseCards, n.ChooseOption, n.ChooseSuit, n.Bid, n.Trick)


def _walk_stmts(block: n.Block | None):
    if block is None:
        return
    for stmt in block.stmts:
        yield stmt
        for child in _child_blocks(stmt):
            yield from _walk_stmts(child)


def _child_blocks(stmt: n.Stmt):
    if isinstance(stmt, n.If):
        yield from (body for _, body in stmt.branches)
        if stmt.otherwise:
            yield stmt.otherwise
    elif isinstance(stmt, (n.Repeat, n.While, n.ForPlayers, n.ForEach, n.ForGroups)):
        yield stmt.body


def _has_decision(stmt: n.Stmt) -> bool:
    if isinstance(stmt, DECISIONS):
        return True
    return any(_has_decision(s) for b in _child_blocks(stmt) for s in b.stmts)


def _walk_cited(game: n.Game):
    singles = [game.players] + game.decks + game.orders + game.values + game.zones + game.vars
    for node in singles:
        if node is not None:
            yield node
    for amb in game.ambiguities:
        yield amb
        yield from amb.readings
    for scoring in game.scorings:
        yield scoring
        yield from scoring.patterns
    for trig in game.triggers:
        yield trig
        yield from _walk_stmts(trig.body)
    for ex in game.examples:
        yield ex
        yield from ex.expects
    yield from _walk_stmts(game.flow)
    for stmt in _walk_stmts(game.flow):
        if isinstance(stmt, n.Trick):
            yield from stmt.winner_rules
