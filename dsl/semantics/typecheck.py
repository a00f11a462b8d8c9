"""Statements and declarations: the scopes they open, the variables they introduce, and the
types their parts must have.  Expressions are typed by `ExpressionTyper`.

`typecheck(model)` is the last step of semantics: it returns the model completed with every local
variable and every option the statements introduce, frozen, and the diagnostics found."""

from __future__ import annotations

import dataclasses

from ..ast import nodes as n
from ..ast.visitor import StmtVisitor
from ..ast.walk import has_decision, walk_stmts
from ..report.diagnostics import Diagnostic
from ..report.wording import a
from ..syntax.reserved import RESERVED_WORDS, reserved_hint, reserved_message
from .constants import constant_int
from .exprtypes import BUILTIN_NAMES, ExpressionTyper
from .model import LocalVar, Model
from .tricks import check_lead_rules, check_simultaneous, check_suit_in_play
from .standings import check_declarations, check_decider, check_standing
from .types import ELEMENT, NULLABLE, Type

# A bid stores 0 when its player passes, so every bid needs the `pass` action, `or pass` or not.
PASS = "pass"


def typecheck(model: Model) -> tuple[Model, list[Diagnostic]]:
    """Type every statement and expression of `model`; the completed model and the diagnostics."""
    checker = TypeChecker(model)
    diagnostics = checker.check()
    return checker.completed_model(), diagnostics


class TypeChecker(StmtVisitor[None]):
    def __init__(self, model: Model):
        self.model = model
        self.types = ExpressionTyper(model)
        self.diags = self.types.diags
        self.in_trigger = False
        self.has_bid = False
        self.has_late_choice = False  # a choice of a player, a rank or a suited option: numbered after the bids
        self.open_bids: list[n.Bid] = []  # bids whose highest value is not a number
        self.bid_names: dict[int, str] = {}
        self.suited_options: list[str] = []  # options chosen with a suit, numbered after the ranks
        # the expression helpers, shared: one set of scopes, names and diagnostics
        self.err = self.types.err
        self.undefined = self.types.undefined
        self.known_names = self.types.known_names
        self.expect = self.types.expect
        self.expr = self.types.expr
        self.with_scope = self.types.with_scope
        self.check_reading_cases = self.types.check_reading_cases

    def completed_model(self) -> Model:
        """The model with the locals and options the statements introduced: semantics' final word."""
        options = list(self.types.options)
        if self.has_bid and PASS not in options:
            options.append(PASS)
        return dataclasses.replace(
            self.model,
            locals=self.types.locals,
            options=tuple(options),
            bid_names=tuple(sorted(self.bid_names.items())),
            suited_options=tuple(self.suited_options),
        )

    def check_action_space(self) -> None:
        """Players and ranks are numbered after the bids, so the bids must end at a known number."""
        if not self.has_late_choice:
            return
        for bid in self.open_bids:
            self.err(
                "type-mismatch",
                "the highest bid must be a number in a game that chooses a player, a rank or an option with a suit",
                bid.high,
                hint="the actions of a game are numbered once for all (cards, options, suits, bids, seats, ranks), "
                "so write the largest possible bid as a number",
            )

    def reserved(self, name: str, kind: str, node: n.Node) -> bool:
        """Say so if `name` is a reserved word; True when it is."""
        if name not in RESERVED_WORDS:
            return False
        self.err("reserved-name", reserved_message(name, kind), node, hint=reserved_hint(name))
        return True

    def declare_local(self, name: str, type_: Type, node: n.Node):
        m = self.model
        if self.reserved(name, "a variable", node):
            return
        if name in m.vars or name in m.zones:
            self.err("duplicate-name", f"'{name}' is already a {'zone' if name in m.zones else 'variable'}", node)
            return
        old = self.types.locals.get(name)
        if old and old.type != type_:
            self.err("type-mismatch", f"'{name}' is {a(old.type)} on line {old.line} but {a(type_)} here", node)
            return
        if not old:
            self.types.locals[name] = LocalVar(name, type_, node.span.line)

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
            self.expect(ref.owner, Type.PLAYER, what="the owner of a zone")
        return zone

    def zone_name(self, name: str, node: n.Node, per_player: bool | None) -> n.Zone | None:
        zone = self.model.zones.get(name)
        if zone is None:
            self.undefined(name, node, "zone", self.model.zones)
        elif per_player is not None and zone.per_player != per_player:
            self.err("type-mismatch", f"zone '{name}' must be {'per player' if per_player else 'shared'} here", node)
        return zone

    # ------------------------------------------------------------ statements
    def visit_Shuffle(self, s):
        self.zone_ref(s.zone)

    def visit_Move(self, s):
        self.zone_ref(s.source)
        self.zone_ref(s.dest)
        if s.amount in ("top", "middle"):
            self.expect(s.arg, Type.INT, what="how many cards")
        elif s.amount == "where":
            self.with_scope({"card": Type.CARD}, self.expect, s.arg, Type.BOOL, what="the condition")
        elif s.amount == "card":
            self.expect(s.arg, Type.CARD, what="the card to move")
        dest = self.model.zones.get(s.dest.name)
        if s.place != "top" and dest is not None and dest.grouped:
            self.err(
                "type-mismatch",
                f"zone '{dest.name}' is grouped: its cards are kept in groups, not at a place in a pile",
                s.dest,
                hint="put the cards into a zone that is not grouped",
            )

    def visit_DealEach(self, s):
        self.expect(s.count, Type.INT, what="how many cards each player gets")
        self.zone_ref(s.source)
        self.zone_name(s.zone, s, per_player=True)
        self.expect(s.start, Type.PLAYER, what="who is dealt first")

    def visit_DealEvenly(self, s):
        self.zone_ref(s.source)
        self.zone_name(s.zone, s, per_player=True)
        if s.rest is not None:
            self.zone_ref(s.rest)
        self.expect(s.start, Type.PLAYER, what="who is dealt first")

    def visit_Draw(self, s):
        self.expect(s.count, Type.INT, what="how many cards are drawn")
        self.zone_ref(s.source)
        self.zone_ref(s.dest)

    def visit_Gather(self, s):
        self.zone_ref(s.dest)

    def visit_Assign(self, s):
        target = s.target
        if isinstance(target, n.Name) and (target.id in self.model.vars or target.id in self.types.locals):
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
                self.err(
                    "type-mismatch",
                    "only a variable can be assigned",
                    target,
                    hint="declare it first, e.g. var points: int per player = 0",
                )
            return
        if s.op != "=":
            self.expect(s.value, Type.INT, what=f"the value of '{s.op}'")
            if want not in (None, Type.INT):
                self.err("type-mismatch", f"'{s.op}' needs a number, but this is {a(want)}", target)
        elif want:
            self.expect(s.value, want, what="the assigned value")

    def visit_If(self, s):
        for cond, body in s.branches:
            self.expect(cond, Type.BOOL, what="the condition of 'if'")
            self.visit_block(body)
        self.visit_block(s.otherwise)

    def visit_Repeat(self, s):
        self.visit_block(s.body)
        self.expect(s.until, Type.BOOL, what="the condition of 'until'")

    def visit_RepeatTimes(self, s):
        self.expect(s.count, Type.INT, what="how many times")
        self.visit_block(s.body)

    def visit_While(self, s):
        self.expect(s.cond, Type.BOOL, what="the condition of 'while'")
        self.visit_block(s.body)

    def visit_ForPlayers(self, s):
        self.declare_local(s.var, Type.PLAYER, s)
        self.expect(s.start, Type.PLAYER, what="the first player")
        self.expect(s.cond, Type.BOOL, what="the condition")
        self.visit_block(s.body)
        if s.simultaneous:
            check_simultaneous(self, s)

    def visit_ForEach(self, s):
        kind = self.expect(
            s.iterable, Type.CARDS, Type.PLAYERS, Type.RANKS, Type.LIST, Type.TEAMS, what="what is gone through"
        )
        element = ELEMENT.get(kind) if kind else None
        if element:
            self.declare_local(s.var, element, s)
        self.visit_block(s.body)

    def visit_ForGroups(self, s):
        zone = self.zone_ref(s.zone)
        if zone is not None and not zone.grouped:
            self.err(
                "type-mismatch", f"zone '{zone.name}' is not grouped", s.zone, hint=f"zone {zone.name} ... grouped"
            )
        self.declare_local(s.var, Type.CARDS, s)
        self.visit_block(s.body)

    def _decision(self, s, who):
        if self.in_trigger:
            self.err(
                "type-mismatch",
                "a trigger cannot ask a player to decide",
                s,
                hint="set a variable in the trigger and decide in the flow",
            )
        self.expect(who, Type.PLAYER, what="who decides")
        check_decider(self.model.game, who, self.err)

    def visit_ChooseCard(self, s):
        self._decision(s, s.who)
        self.declare_local(s.var, Type.CARD, s)
        self.zone_ref(s.zone)
        for cond in s.legality:
            self.with_scope({"card": Type.CARD}, self.expect, cond, Type.BOOL, what="a legality condition")

    def visit_ChooseCards(self, s):
        self._decision(s, s.who)
        self.expect(s.count, Type.INT, what="how many cards")
        self.zone_ref(s.source)
        self.zone_ref(s.dest)

    def visit_ChooseOption(self, s):
        self._decision(s, s.who)
        for name in s.options:
            if self.reserved(name, "an option", s):
                continue
            if name not in self.types.options:
                self.types.options.append(name)
        if isinstance(s.target, n.Name) and s.target.id not in self.model.vars:
            self.declare_local(s.target.id, Type.OPTION, s)
        self._assignable(s.target, Type.OPTION)
        for name, cond in s.conds:  # `double where C`: in a suited option's, `suit` is the suit offered
            scope = {"suit": Type.SUIT} if name in s.suited else {}
            what = f"the condition of '{name}'"
            self.with_scope(scope, lambda c, w=what: self.expect(c, Type.BOOL, what=w), cond)
        for name in s.suited:
            self.has_late_choice = True
            if name not in self.suited_options:
                self.suited_options.append(name)
        if s.suited and s.suit_target is None:
            self.err(
                "missing-declaration",
                f"'{s.suited[0]}' comes with a suit, but the choice does not say where the suit goes",
                s,
                hint="end the choice with ', suit as trump'",
            )
        elif s.suit_target is not None:
            if not s.suited:
                self.err(
                    "type-mismatch",
                    "no option of this choice comes with a suit",
                    s.suit_target,
                    hint="mark the options that do: 'call with suit'",
                )
            self._assignable(s.suit_target, Type.SUIT)

    def visit_ChooseSuit(self, s):
        self._decision(s, s.who)
        self._assignable(s.target, Type.SUIT)
        # In the condition, `suit` is the suit offered, and so is the target's name: a filter
        # inside the condition rebinds `suit` to its card's, never the target.
        offered = {"suit": Type.SUIT}
        if isinstance(s.target, n.Name):
            offered[s.target.id] = Type.SUIT
        self.with_scope(offered, self.expect, s.cond, Type.BOOL, what="which suits may be chosen")

    def visit_ChooseValue(self, s):
        self._decision(s, s.who)
        self.has_late_choice = True
        kind = Type.PLAYER if s.kind == "player" else Type.RANK
        if s.zone is not None:
            self.zone_ref(s.zone)
        self.declare_local(s.var, kind, s)
        self.with_scope({s.var: kind}, self.expect, s.cond, Type.BOOL, what=f"which {s.kind}s may be chosen")

    def visit_Bid(self, s):
        self._decision(s, s.who)
        self.has_bid = True
        parts = ((s.low, "the lowest bid"), (s.high, "the highest bid"), (s.step, "the bid step"))
        for part, what in parts + ((s.exclude, "the value that may not be bid"),):
            self.expect(part, Type.INT, what=what)
        if constant_int(s.high) is None:
            self.open_bids.append(s)
        for value, label in s.called:
            if self.bid_names.setdefault(value, label) != label:
                self.err(
                    "type-mismatch",
                    f'the bid {value} is called "{self.bid_names[value]}" elsewhere, not "{label}"',
                    s,
                    hint="a bid value has one name in the whole game, since the name is its action's label",
                )
        if isinstance(s.target, n.Name) and s.target.id not in self.model.vars:
            self.declare_local(s.target.id, Type.INT, s)
        self._assignable(s.target, Type.INT)

    def _assignable(self, target, type_):
        got = self.expr(target)
        if not isinstance(target, (n.Name, n.Of)):
            self.err("type-mismatch", "a decision must be stored in a variable", target)
        elif got and got != type_:
            self.err("type-mismatch", f"this stores {a(type_)}, but the variable is {a(got)}", target)

    def visit_Trick(self, s):
        self._decision(s, s.lead or n.Name("led"))
        if s.lead is None:
            self.err("missing-declaration", "a trick needs 'lead <player>'", s)
        if s.among:
            self.with_scope({s.among[0]: Type.PLAYER}, self.expect, s.among[1], Type.BOOL, what="who takes part")
        if s.play_from is None or s.play_to is None:
            self.err("missing-declaration", "a trick needs 'play from <hand zone> to <table zone>'", s)
        else:
            self.zone_name(s.play_from, s, per_player=True)
            self.zone_name(s.play_to, s, per_player=False)
        if s.proxy is not None:  # `play for dummy from board by declarer`
            self.expect(s.proxy.who, Type.PLAYER, what="the seat whose cards another plays")
            self.zone_name(s.proxy.zone, s, per_player=True)
            self.expect(s.proxy.by, Type.PLAYER, what="the seat who chooses them")
        # In follow rules the `among` name is the player about to play ("who holds 3 aces").
        follow_scope = {"card": Type.CARD}
        if s.among:
            follow_scope[s.among[0]] = Type.PLAYER
        for cond in s.follow:
            self.with_scope(follow_scope, self.expect, cond, Type.BOOL, what="a follow rule")
        check_lead_rules(self, s, follow_scope)
        if not s.winner_rules:
            self.err("missing-declaration", "a trick needs a 'winner { highest ... }' block", s)
        for rule in s.winner_rules:
            self.expect(rule.cond, Type.BOOL, what="the condition of a winner rule")
            self.with_scope({"card": Type.CARD}, self.expect, rule.where, Type.BOOL, what="which cards can win")
            if rule.order is not None and rule.order not in self.model.orders:
                self.undefined(rule.order, rule, "order", [k for k in self.model.orders if k])
        if isinstance(s.tie, n.TieByReading):
            self.check_reading_cases(s.tie.ambiguity, [name for name, _ in s.tie.cases], s.tie)
        if s.take_into is None:
            self.err("missing-declaration", "a trick needs 'take into <zone>'", s)
        else:
            self.zone_name(s.take_into, s, per_player=True)

    def visit_EndGame(self, s):
        pass

    def visit_Standing(self, s):
        check_standing(self, s)

    def visit_Gap(self, s):
        pass

    # ------------------------------------------------------------ declarations
    def check(self) -> list[Diagnostic]:
        game = self.model.game
        self.diags.extend(check_declarations(game, self.model.players, set(self.model.vars) | set(self.model.zones)))
        # Options are global names; collect them first so any statement may compare with them.
        for stmt in walk_stmts(game.flow):
            names = stmt.options if isinstance(stmt, n.ChooseOption) else []
            if isinstance(stmt, n.Bid) and stmt.can_pass:
                names = [PASS]
            for name in names:
                if name not in self.types.options:
                    self.types.options.append(name)
        for var in game.vars:
            if var.init is not None:
                got = self.expr(var.init)
                seat = got == Type.INT and var.type_name == Type.PLAYER and isinstance(var.init, n.Num)
                if got and got != var.type_name and not seat and not (got == Type.NONE and var.type_name in NULLABLE):
                    self.err("type-mismatch", f"'{var.name}' is {a(var.type_name)} but starts as {a(got)}", var.init)
        for deck in game.decks:
            self.expect(deck.when, Type.BOOL, what="the condition of a deck line")
        check_suit_in_play(self, game)
        for scoring in game.scorings:
            for pat in scoring.patterns:
                scope = {"group": Type.CARDS}
                self.with_scope(scope, self.expect, pat.where, Type.BOOL, what="the condition of a pattern")
                self.with_scope(scope, self.expect, pat.score, Type.INT, what="the score of a pattern")
            if scoring.leftover is not None:
                self.with_scope(
                    {"group": Type.CARDS}, self.expect, scoring.leftover, Type.INT, what="the leftover score"
                )
            for policy in (scoring.groups, scoring.split):
                if policy is not None and policy.ambiguity is not None:
                    self.check_reading_cases(policy.ambiguity, [name for name, _ in policy.cases], policy)
        for trig in game.triggers:
            zone = self.zone_name(trig.zone, trig, per_player=True)
            del zone
            self.declare_local(trig.card_var, Type.CARD, trig)
            self.declare_local(trig.player_var, Type.PLAYER, trig)
            self.expect(trig.cond, Type.BOOL, what="the condition of a trigger")
            self.in_trigger = True
            self.visit_block(trig.body)
            self.in_trigger = False
        self.visit_block(game.flow)
        if game.flow is None:
            self.err(
                "missing-declaration",
                "the game has no 'flow { ... }' block",
                game,
                hint="flow {\n  shuffle deck\n  ...\n}",
            )
        if game.result is not None:
            self.expect(game.result, Type.INTS, what="the result")
        for ex in game.examples:
            for stmt in ex.stmts:
                if has_decision(stmt):
                    self.err("type-mismatch", "an example cannot contain a decision", stmt)
                self.visit(stmt)
            for expect in ex.expects:
                self.expect(expect.expr, Type.BOOL, what="an expectation")
        self.check_cites(game)
        self.check_action_space()
        return self.diags

    def check_cites(self, game: n.Game):
        known = self.model.sources
        for node in _walk_cited(game):
            for cite in node.cites:
                if cite.source not in known:
                    self.undefined(cite.source, cite, "source", known)
                elif cite.line < 1:
                    self.err("type-mismatch", "source lines start at 1", cite)


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
        yield from walk_stmts(trig.body)
    for ex in game.examples:
        yield ex
        yield from ex.expects
    yield from walk_stmts(game.flow)
    for stmt in walk_stmts(game.flow):
        if isinstance(stmt, n.Trick):
            yield from stmt.winner_rules
