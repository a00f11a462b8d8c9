"""Statements -> an explicit state machine, through two typed statement visitors.

`StraightLowering`: a statement with no decision inside is emitted as ordinary structured Python
(if/for/while) in the current basic block: that is where the engine spends its time, so it stays
straight-line.  `MachineLowering`: a statement that contains a decision is split into basic
blocks, named after the statement and its rule line (`_while_103_check`) and joined by
`return <next pc>`; the decision itself stores the legal actions and returns -1 (suspend).  Loop
positions that must survive a suspension become state fields, so a state can be cloned mid-loop.

The Python of each construct is a Jinja macro under `templates/lowering/`; the visitors only
compile expressions, escape names and pass the pieces to their macro.
"""

from __future__ import annotations

import re

from ..ast import nodes as n
from ..ast.visitor import MissingVisit, StmtVisitor
from ..ast.walk import has_decision, walk_nodes, walk_stmts
from ..runtime.errors import LOOP_GUARD
from ..semantics.constants import constant_int
from ..semantics.model import RANKS, Model, rank_texts
from . import escape, standings
from .comments import rule_comment
from .exprs import ExprCompiler
from .program import Emitter, Function, Program
from .hoist import hoist, loop_head, loop_local, solvers
from .seats import keeps_seat, seat_order
from .triggers import ZoneTriggers
from .sources import SourceLines
from .templating import macros
from .tricks import lower_trick

# A decision's legal actions written as a list of numbers: never empty.
_LISTED = re.compile(r"\[\d+(?:, \d+)*\]")

# A loop with no decision inside that runs this often never ends: each pass can shuffle and
# deal a whole deck, so the bound keeps an endless loop's rule gap within about a second.


class Lowerer:
    def __init__(self, model: Model, exprs: ExprCompiler, sources: SourceLines):
        self.model = model
        self.x = exprs
        self.program = Program()
        self.out = Emitter(self.program)
        self.sources = sources
        self.actions = ActionSpace(model)
        self.trigger_functions: dict[str, ZoneTriggers] = {}
        # Per `simultaneously` loop being lowered: the held-back card lists of its card choices.
        self.held_back: list[list[tuple[str, str, bool]]] = []
        self.straight = StraightLowering(self)
        self.machine = MachineLowering(self)

    # ------------------------------------------------------------ entry points
    def lower_flow(self) -> Program:
        self.out.goto(self.program.new_block("_start"))
        self.x.reading_counter = self.program.reading_hit  # the rules' own reading values are counted
        self.lower_triggers()
        if self.model.game.flow is not None:
            self.block(self.model.game.flow)
        self.x.reading_counter = None
        self.out.code(macros("statements").end_game())
        return self.program

    def lower_triggers(self):
        for i, trig in enumerate(self.model.game.triggers):
            name = f"_trigger_{i}"
            saved = (self.out.lines, self.out.indent)
            fn = Function(name, "s, card, player", [])
            self.out.lines, self.out.indent = fn.lines, 1
            self.comment(trig.span)
            card, player = escape.name("l_", trig.card_var), escape.name("l_", trig.player_var)
            skip = self.x.negate(trig.cond) if trig.cond is not None else None
            self.out.code(macros("statements").trigger_start(card=card, player=player, skip=skip))
            self.count_hit(trig.span.line, "trigger")
            self.block(trig.body)
            self.out.lines, self.out.indent = saved
            self.program.functions.append(fn)
            self.trigger_functions.setdefault(trig.zone, ZoneTriggers()).add(name, trig)

    # ------------------------------------------------------------ helpers
    def comment(self, span):
        self.out.code(macros("statements").comment(text=rule_comment(self.sources, span)))

    def count_hit(self, line: int, what: str):
        self.out.code(macros("statements").hit(index=self.program.hit(line, what)))

    def block(self, block: n.Block):
        for stmt in block.stmts:
            self.comment(stmt.span)
            (self.machine if has_decision(stmt) else self.straight).visit(stmt)

    def new_block(self, s: n.Stmt, role: str, part: str) -> int:
        """A block of statement `s`, named after its role and rule line: `_trick_104_turn`."""
        return self.program.new_block(f"_{role}_{s.span.line}_{part}")

    def jump(self, block: int) -> str:
        return self.program.jump(block)


class _Lowering(StmtVisitor[None], partial=True):
    """What both statement lowerings share: the lowerer's output, expressions and helpers."""

    def __init__(self, low: "Lowerer"):
        self.low = low

    @property
    def out(self) -> Emitter:
        return self.low.out

    @property
    def x(self) -> ExprCompiler:
        return self.low.x

    @property
    def model(self) -> Model:
        return self.low.model

    @property
    def program(self) -> Program:
        return self.low.program

    @property
    def actions(self) -> "ActionSpace":
        return self.low.actions

    @property
    def trigger_functions(self) -> dict[str, ZoneTriggers]:
        return self.low.trigger_functions

    def block(self, block: n.Block) -> None:
        self.low.block(block)

    def comment(self, span) -> None:
        self.low.comment(span)

    def count_hit(self, line: int, what: str) -> None:
        self.low.count_hit(line, what)

    def new_block(self, s: n.Stmt, role: str, part: str) -> int:
        return self.low.new_block(s, role, part)

    def jump(self, block: int) -> str:
        return self.low.jump(block)

    def zone(self, ref: n.ZoneRef) -> str:
        return self.x.zone(ref)

    def assign(self, target: n.Expr, value: str, op: str = "=") -> None:
        shared = standings.assignment(self.model, self.x, target, op, value)
        if shared is not None:  # a per-team value: every member of the team holds it
            self.out.code(shared)
            return
        self.out.code(macros("statements").assign(target=self.x.compile(target), op=op, value=value))

    # ------------------------------------------------------------ recording events
    # A state records its events only when asked: each record below is written behind one test of
    # `s.recorder` (macros of `templates/lowering/events.py.j2`, calls of `dsl/runtime/events.py`).
    @property
    def ev(self):
        return macros("events")

    def record(self, call: str) -> None:
        self.out.code(self.ev.recorded(call=call))

    def place(self, ref: n.ZoneRef) -> tuple[str, str]:
        """A zone as its events name it: its name (a literal) and the code of its owner (None for a
        shared zone, or an owner that draws at random: its code run again would draw again)."""
        zone = self.model.zones[ref.name]
        if not zone.per_player or ref.owner is None or not _pure(ref.owner):
            return escape.literal(ref.name), "None"
        return escape.literal(ref.name), self.x.compile(ref.owner)

    def record_assignment(self, s: n.Stmt, target: n.Expr) -> None:
        """A value some seat can see changed: `var`, or `var of seat`, after the assignment."""
        if isinstance(target, n.Name) and target.id in self.model.vars and target.id not in self.model.locals:
            var, seat = self.model.vars[target.id], "None"
        elif isinstance(target, n.Of) and target.name in self.model.vars and _pure(target.arg):
            var = self.model.vars[target.name]
            seat = "None" if target.arg.type == "team" else self.x.compile(target.arg)
        else:
            return
        if var.visibility == "nobody":
            return
        value = self.x.compile(target)
        self.record(self.ev.set(line=s.span.line, name=escape.literal(var.name), seat=seat, value=value))

    def _player_order(self, s: n.ForPlayers, stored: bool = False) -> str:
        start = self.x.compile(s.start) if s.start is not None else "0"
        return seat_order(self.model, start, stored)

    def visit_Standing(self, s: n.Standing):
        standings.lower_standing(self, s)

    def _repeat_count(self, s: n.RepeatTimes) -> str:
        """The count of `repeat N times`, guarded as the loops that test a condition are unless it
        is a number within the guard."""
        count = self.x.compile(s.count)
        if isinstance(s.count, n.Num) and s.count.value <= LOOP_GUARD:
            return count
        return f"_rt.repeat_count({count}, {s.span.line}, {LOOP_GUARD})"


class StraightLowering(_Lowering):
    """A statement with no decision inside, as ordinary structured Python in the current block,
    written by its macro in `templates/lowering/statements.py.j2`."""

    def __init__(self, low: "Lowerer"):
        super().__init__(low)
        self.t = macros("statements")

    def body(self, block: n.Block | None, hit: tuple[int, str] | None = None) -> str:
        """The lowered `block` (after its hit counter, if any), unindented, for a macro to indent."""
        saved = (self.out.lines, self.out.indent)
        self.out.lines, self.out.indent = [], 0
        if hit is not None:
            self.count_hit(*hit)
        if block is not None:
            self.block(block)
        lines = self.out.lines or ["pass"]
        self.out.lines, self.out.indent = saved
        return "\n".join(lines)

    # ------------------------------------------------------------ simple statements
    def visit_Shuffle(self, s: n.Shuffle):
        self.out.code(self.t.shuffle(zone=self.zone(s.zone)))
        zone, owner = self.place(s.zone)
        self.record(self.ev.shuffle(line=s.span.line, zone=zone, owner=owner))

    def visit_Move(self, s: n.Move):
        arg = card = cond = None
        if s.amount == "where":
            card = self.x.fresh("c")
            cond = self.x.with_binders({"card": card}, s.arg)
        elif s.amount != "all":
            arg = self.x.compile(s.arg)
        (src, src_owner), (dst, dst_owner) = self.place(s.source), self.place(s.dest)
        source_grouped = self.model.zones[s.source.name].grouped
        dest_grouped = self.model.zones[s.dest.name].grouped
        # (the move of a whole zone to another one keeps no list of its cards: recorded before it)
        whole = s.amount == "all" and s.source.name != s.dest.name and s.place == "top"
        whole = whole and not source_grouped and not dest_grouped
        cards = self.zone(s.source) if whole else "_moved"
        record = self.ev.move(line=s.span.line, src=src, src_owner=src_owner, dst=dst, dst_owner=dst_owner, cards=cards)
        if whole:
            self.record(record)
        self.out.code(
            self.t.move(
                amount=s.amount,
                src=self.zone(s.source),
                dst=self.zone(s.dest),
                line=s.span.line,
                arg=arg,
                card=card,
                cond=cond,
                source_grouped=self.model.zones[s.source.name].grouped,
                dest_grouped=self.model.zones[s.dest.name].grouped,
                as_group=s.as_group,
                place=s.place,
                other_zone=s.source.name != s.dest.name,
            )
        )
        if not whole:
            self.record(record)

    def visit_DealEach(self, s: n.DealEach):
        start = self.x.compile(s.start) if s.start is not None else "0"
        count = self.x.compile(s.count)
        hands = "s." + escape.name("z_", s.zone)
        seats = standings.seat_order(self.model, start) if standings.deals_to_seats(self.model) else None
        self.record(self.ev.deal_before(line=s.span.line, hands=hands))
        self.out.code(
            self.t.deal_each(
                src=self.zone(s.source), hands=hands, count=count, start=start, line=s.span.line, seats=seats
            )
        )
        self.record(self.dealt(s, hands))

    def dealt(self, s: n.DealEach | n.DealEvenly, hands: str) -> str:
        """The call that records the cards a deal gave each hand."""
        src, src_owner = self.place(s.source)
        return self.ev.deal_after(
            line=s.span.line, src=src, src_owner=src_owner, zone=escape.literal(s.zone), hands=hands
        )

    def visit_DealEvenly(self, s: n.DealEvenly):
        src = self.zone(s.source)
        hands = "s." + escape.name("z_", s.zone)
        rest = self.zone(s.rest) if s.rest is not None else None
        start = self.x.compile(s.start) if s.start is not None else "0"
        seats = standings.seat_order(self.model, start) if standings.deals_to_seats(self.model) else None
        record_rest = None
        if s.rest is not None:
            (source, source_owner), (kept, kept_owner) = self.place(s.source), self.place(s.rest)
            record_rest = self.ev.move(
                line=s.span.line, src=source, src_owner=source_owner, dst=kept, dst_owner=kept_owner, cards=src
            )
        self.record(self.ev.deal_before(line=s.span.line, hands=hands))
        self.out.code(
            self.t.deal_evenly(
                src=src,
                hands=hands,
                rest=rest,
                start=start,
                line=s.span.line,
                seats=seats,
                record_dealt=self.dealt(s, hands),
                record_rest=record_rest,
            )
        )

    def visit_Draw(self, s: n.Draw):
        src, dst = self.zone(s.source), self.zone(s.dest)
        count = self.x.compile(s.count)
        zone = self.trigger_functions.get(s.dest.name) if s.dest.owner is not None else None
        triggers, guard, unfired, owner = [], None, [], None
        if zone is not None:
            owner = self.x.compile(s.dest.owner)
            triggers, guard, unfired = zone.functions, zone.guard(self.x.tables, s.dest.name), zone.unfired(owner)
        (source, src_owner), (dest, dst_owner) = self.place(s.source), self.place(s.dest)
        record = self.ev.draw(line=s.span.line, src=source, src_owner=src_owner, dst=dest, dst_owner=dst_owner)
        self.out.code(
            self.t.draw(
                src=src,
                dst=dst,
                count=count,
                line=s.span.line,
                triggers=triggers,
                owner=owner,
                guard=guard,
                unfired=unfired,
                record=record,
            )
        )

    def visit_Gather(self, s: n.Gather):
        zones = [(escape.name("z_", name), zone.per_player) for name, zone in self.model.zones.items()]
        self.record(self.ev.gather(line=s.span.line, dest=escape.literal(s.dest.name)))
        self.out.code(self.t.gather(zones=zones, dest=self.zone(s.dest)))

    def visit_Assign(self, s: n.Assign):
        self.assign(s.target, self.x.compile(s.value), s.op)
        self.record_assignment(s, s.target)

    def visit_EndGame(self, s: n.EndGame):
        self.out.code(self.t.end_game())

    def visit_Gap(self, s: n.Gap):
        self.out.code(self.t.gap(line=s.span.line, message=escape.literal(s.message)))

    # ------------------------------------------------------------ structured control flow
    def visit_If(self, s: n.If):
        branches = []
        for cond, body in s.branches:
            test = self.x.compile(cond)
            branches.append((test, self.body(body, (cond.span.line, "branch"))))
        otherwise = None
        if s.otherwise is not None:
            otherwise = self.body(s.otherwise, (s.otherwise.span.line, "else branch"))
        self.out.code(self.t.if_(branches=branches, otherwise=otherwise))

    def visit_Repeat(self, s: n.Repeat):
        counter = self.out.fresh("_loop")
        body = self.body(s.body)
        until = self.x.compile(s.until)
        self.out.code(self.t.repeat(counter=counter, body=body, until=until, line=s.span.line, limit=LOOP_GUARD))

    def visit_While(self, s: n.While):
        counter = self.out.fresh("_loop")
        cond = self.x.compile(s.cond)
        body = self.body(s.body)
        self.out.code(self.t.while_(counter=counter, cond=cond, body=body, line=s.span.line, limit=LOOP_GUARD))

    def loop(self, var: str, items: str, name: str, skip: str | None, body: n.Block) -> None:
        """A loop binding the rule name `name` to each item in turn."""
        local, code = escape.name("l_", name), self.body(body)
        bound, code = solvers(code)
        for line in bound:
            self.out.emit(line)
        kept = loop_local(var, local, skip, code)
        self.out.code(self.t.for_(var=var, items=items, local=local, skip=skip, body=code, kept=kept))

    def visit_ForPlayers(self, s: n.ForPlayers):
        skip = self.x.negate(s.cond) if s.cond is not None else None
        self.loop(self.out.fresh("_p"), self._player_order(s), s.var, skip, s.body)

    def visit_ForEach(self, s: n.ForEach):
        items = self._extreme_seats(s.iterable) if isinstance(s.iterable, n.PlayersWhere) else None
        if items is None and isinstance(s.iterable, n.Range):
            items = self.x.compile(s.iterable)  # a range is fixed when the loop starts: no copy to take
        self.loop(self.out.fresh("_e"), items or f"list({self.x.cards(s.iterable)})", s.var, None, s.body)

    def _extreme_seats(self, where: n.PlayersWhere) -> str | None:
        """`players r where C with highest K`, the seats of a loop: kept in one pass over the
        seats, the best key so far and the seats that have it, without a list of (seat, key) pairs
        or a call; the name of the list of those seats, or None for a plain `players r where C`."""
        if not where.extreme:
            return None
        x, var = self.x, self.out.fresh("_r")
        seats = x.compile(where.within) if where.within is not None else "range(s.n)"
        cond = x.with_binders({where.var: var}, where.cond) if where.cond is not None else None
        key = x.with_binders({where.var: var}, where.key)
        top, chosen, value = self.out.fresh("_top"), self.out.fresh("_seats"), self.out.fresh("_key")
        better = ">" if where.extreme == "highest" else "<"
        self.out.code(
            self.t.extreme_seats(
                var=var, seats=seats, cond=cond, key=key, top=top, chosen=chosen, value=value, better=better
            )
        )
        return chosen

    def visit_RepeatTimes(self, s: n.RepeatTimes):
        var = self.out.fresh("_t")
        items = f"range({self._repeat_count(s)})"
        self.out.code(self.t.for_(var=var, items=items, local=None, skip=None, body=self.body(s.body)))

    def visit_ForGroups(self, s: n.ForGroups):
        self.loop(self.out.fresh("_g"), f"list({self.zone(s.zone)})", s.var, None, s.body)

    # ------------------------------------------------------------ decisions never come here
    def _decision(self, s: n.Stmt):
        raise MissingVisit(f"line {s.span.line}: a {type(s).__name__} suspends the game and needs the block lowering")

    def visit_ChooseCard(self, s: n.ChooseCard):
        self._decision(s)

    def visit_ChooseCards(self, s: n.ChooseCards):
        self._decision(s)

    def visit_ChooseOption(self, s: n.ChooseOption):
        self._decision(s)

    def visit_ChooseSuit(self, s: n.ChooseSuit):
        self._decision(s)

    def visit_ChooseValue(self, s: n.ChooseValue):
        self._decision(s)

    def visit_Bid(self, s: n.Bid):
        self._decision(s)

    def visit_Trick(self, s: n.Trick):
        self._decision(s)


class MachineLowering(_Lowering):
    """A statement with a decision inside, split into basic blocks joined by `return <next pc>`;
    each fragment a block receives is a macro of `templates/lowering/decisions.py.j2`."""

    def __init__(self, low: "Lowerer"):
        super().__init__(low)
        self.t = macros("decisions")
        self.seat_names: list[str] = []  # the fields of the enclosing seat loops' names that hold a seat

    # ------------------------------------------------------------ statements that never decide
    # They hold no decision, so they are never split: the straight-line lowering writes them.
    def visit_Shuffle(self, s: n.Shuffle):
        self.low.straight.visit(s)

    def visit_Move(self, s: n.Move):
        self.low.straight.visit(s)

    def visit_DealEach(self, s: n.DealEach):
        self.low.straight.visit(s)

    def visit_DealEvenly(self, s: n.DealEvenly):
        self.low.straight.visit(s)

    def visit_Draw(self, s: n.Draw):
        self.low.straight.visit(s)

    def visit_Gather(self, s: n.Gather):
        self.low.straight.visit(s)

    def visit_Assign(self, s: n.Assign):
        self.low.straight.visit(s)

    def visit_EndGame(self, s: n.EndGame):
        self.low.straight.visit(s)

    def visit_Gap(self, s: n.Gap):
        self.low.straight.visit(s)

    # ------------------------------------------------------------ control flow with decisions
    def visit_If(self, s: n.If):
        after = self.new_block(s, "if", "after")
        tests = []
        for i, (cond, _body) in enumerate(s.branches):
            target = self.new_block(s, "if", "then" if i == 0 else f"elif{i}")
            tests.append((self.x.compile(cond), target))
        otherwise = self.new_block(s, "if", "else") if s.otherwise is not None else after
        self.out.code(self.t.if_tests(tests=tests, otherwise=otherwise, jump=self.jump))
        for (cond, body), (_test, target) in zip(s.branches, tests, strict=True):
            self.out.goto(target)
            self.count_hit(cond.span.line, "branch")
            self.block(body)
            self.out.code(self.t.goto(target=after, jump=self.jump))
        if s.otherwise is not None:
            self.out.goto(otherwise)
            self.count_hit(s.otherwise.span.line, "else branch")
            self.block(s.otherwise)
            self.out.code(self.t.goto(target=after, jump=self.jump))
        self.out.goto(after)

    def visit_Repeat(self, s: n.Repeat):
        body, after = self.new_block(s, "repeat", "body"), self.new_block(s, "repeat", "after")
        self.out.code(self.t.goto(target=body, jump=self.jump))
        self.out.goto(body)
        self.block(s.body)
        self.out.code(self.t.loop_back(stop=self.x.negate(s.until), back=body, after=after, jump=self.jump))
        self.out.goto(after)

    def visit_While(self, s: n.While):
        check, after = self.new_block(s, "while", "check"), self.new_block(s, "while", "after")
        self.out.code(self.t.goto(target=check, jump=self.jump))
        self.out.goto(check)
        self.out.code(self.t.exit_if(cond=self.x.negate(s.cond), after=after, jump=self.jump))
        self.block(s.body)
        self.out.code(self.t.goto(target=check, jump=self.jump))
        self.out.goto(after)

    def _machine_loop(
        self, s: n.Stmt, items_code: str, item: str, var: str | None, cond: n.Expr | None, body: n.Block
    ) -> None:
        items, index = self.out.field("loop_items", "list"), self.out.field("loop_index", "int")
        self.program.item_shapes[items] = "[]" + item
        check, after = self.new_block(s, "for", "next"), self.new_block(s, "for", "after")
        self.out.code(self.t.for_start(items=items, index=index, items_code=items_code, check=check, jump=self.jump))
        self.out.goto(check)
        skip = self.x.negate(cond) if cond is not None else None
        local = escape.name("l_", var) if var is not None else None
        self.out.code(
            self.t.for_next(items=items, index=index, local=local, skip=skip, check=check, after=after, jump=self.jump)
        )
        self.block(body)
        self.out.code(self.t.goto(target=check, jump=self.jump))
        self.out.goto(after)

    def visit_ForPlayers(self, s: n.ForPlayers):
        if s.simultaneous:
            self.low.held_back.append([])
        seat = keeps_seat(self.model, s.var, s.body)
        self.seat_names += [f"s.{escape.name('l_', s.var)}"] if seat else []
        self._machine_loop(s, self._player_order(s, stored=True), "seat", s.var, s.cond, s.body)
        self.seat_names = self.seat_names[:-1] if seat else self.seat_names
        if s.simultaneous:  # everyone has chosen: now the cards arrive
            for held, dest, per_player, source_name, dest_name in self.low.held_back.pop():
                record = self.ev.held(
                    line=s.span.line,
                    src=escape.literal(source_name),
                    dst=escape.literal(dest_name),
                    per_player=per_player,
                    held=held,
                )
                self.out.code(self.t.deliver_held(held=held, dest=dest, per_player=per_player, record=record))

    def visit_ForEach(self, s: n.ForEach):
        self._machine_loop(s, f"list({self.x.cards(s.iterable)})", "card", s.var, None, s.body)

    def visit_ForGroups(self, s: n.ForGroups):
        self._machine_loop(s, f"list({self.zone(s.zone)})", "[]card", s.var, None, s.body)

    def visit_RepeatTimes(self, s: n.RepeatTimes):
        self._machine_loop(s, f"list(range({self._repeat_count(s)}))", "pass", None, None, s.body)

    # ------------------------------------------------------------ decisions
    def suspend(self, who: str, legal: str, s: n.Stmt, role: str) -> None:
        resume = self.new_block(s, role, "chosen")
        then = self.program.block_names[resume]
        # A seat loop's name asked to choose among listed options: a seat, and something to choose.
        stored = who in self.seat_names and _LISTED.fullmatch(legal) is not None
        self.out.code(self.t.suspend(who=who, legal=legal, resume=resume, line=s.span.line, then=then, stored=stored))
        self.out.goto(resume)
        self.record(self.ev.decision(line=s.span.line))

    def legal_cards(self, zone: str, conds: list[n.Expr], else_any: bool) -> str:
        """Emit the legality chain into `_legal`: the first condition some card meets decides."""
        cards = [self.x.fresh("c") for _ in conds]
        compiled = [self.x.with_binders({"card": card}, cond) for card, cond in zip(cards, conds, strict=True)]
        reads, tests = hoist(compiled)
        tests = list(zip(cards, tests, strict=True))
        self.out.code(self.t.legal_cards(zone=zone, head=loop_head(zone), tests=tests, else_any=else_any, reads=reads))
        return self.distinct("_legal", fresh=True)

    def distinct(self, cards: str, fresh: bool = False) -> str:
        """The legal card actions from `cards`: identical cards of two decks are one action.
        A game without identical cards needs no de-duplication, only a copy (unless `fresh`)."""
        kinds = [card.kind for card in self.model.cards]
        if len(set(kinds)) < len(kinds):
            copy = cards if fresh else f"list({cards})"  # the usual hand, without twins: no de-duplication
            return f"({copy} if TWINS.isdisjoint({cards}) else _rt.distinct_kinds({cards}, KIND, TWINS))"
        return cards if fresh else f"list({cards})"

    def visit_ChooseCard(self, s: n.ChooseCard):
        legal = self.legal_cards(self.zone(s.zone), s.legality, s.else_any or not s.legality)
        self.suspend(self.x.compile(s.who), legal, s, "choose_card")
        self.out.code(self.t.choose_card_taken(local=escape.name("l_", s.var)))

    def visit_ChooseCards(self, s: n.ChooseCards):
        left = self.out.field("picks_left", "int")
        pick, after = self.new_block(s, "choose_cards", "pick"), self.new_block(s, "choose_cards", "after")
        src = self.zone(s.source)
        count = self.x.compile(s.count)
        self.out.code(self.t.choose_cards_start(left=left, count=count, src=src, pick=pick, jump=self.jump))
        self.out.goto(pick)
        self.out.code(self.t.exit_if(cond=f"s.{left} <= 0", after=after, jump=self.jump))
        self.suspend(self.x.compile(s.who), self.distinct(src), s, "choose_cards")
        if self.low.held_back:  # in a simultaneous loop: held back until everyone has chosen
            held = self.out.field("held", "list")
            self.out.program.held_fields.append(held)
            per_player = self.model.zones[s.dest.name].per_player and s.dest.owner is not None
            owner = self.x.compile(s.dest.owner) if per_player else "None"
            self.low.held_back[-1].append(
                (held, self.x.attr(escape.name("z_", s.dest.name)), per_player, s.source.name, s.dest.name)
            )
            self.out.code(
                self.t.choose_cards_held(left=left, src=src, held=held, owner=owner, pick=pick, jump=self.jump)
            )
        else:
            dst = self.zone(s.dest)
            (source, src_owner), (dest, dst_owner) = self.place(s.source), self.place(s.dest)
            record = self.ev.move(
                line=s.span.line,
                src=source,
                src_owner=src_owner,
                dst=dest,
                dst_owner=dst_owner,
                cards="[s.choice]",
                kind="move",
            )
            self.out.code(
                self.t.choose_cards_taken(left=left, src=src, dst=dst, pick=pick, jump=self.jump, record=record)
            )
        self.out.goto(after)

    def visit_ChooseOption(self, s: n.ChooseOption):
        if s.suited:
            self._choose_option_with_suit(s)
            return
        codes = [self.actions.option(name) for name in s.options]
        self.suspend(self.x.compile(s.who), self._offered(s, [[code] for code in codes]), s, "choose_option")
        self.assign(s.target, f"s.choice - {self.actions.option_base}")
        self.record_assignment(s, s.target)

    def _offered(self, s: n.ChooseOption, codes: list[list[int]]) -> str:
        """The actions of each option, in order; an option with a condition only when it holds."""
        if not s.conds:
            return escape.literal([code for option in codes for code in option])
        conds, parts = dict(s.conds), []
        for name, option in zip(s.options, codes, strict=True):
            if name not in conds:
                parts.append(escape.literal(option))
            elif name in s.suited:  # one action per suit the condition allows
                suit = self.x.fresh("u")
                cond = self.x.with_binders({"suit": suit}, conds[name])
                parts.append(f"[{option[0]} + {suit} for {suit} in range(4) if {cond}]")
            else:
                parts.append(f"({escape.literal(option)} if {self.x.compile(conds[name])} else [])")
        return " + ".join(parts)

    def _choose_option_with_suit(self, s: n.ChooseOption):
        codes = []
        for name in s.options:
            if name in s.suited:
                codes.append([self.actions.suited_option(name, suit) for suit in range(4)])
            else:
                codes.append([self.actions.option(name)])
        self.suspend(self.x.compile(s.who), self._offered(s, codes), s, "choose_option")
        suited = tuple(self.model.options.index(name) for name in self.model.suited_options)
        self.out.code(
            self.t.option_with_suit_taken(
                target=self.x.compile(s.target),
                suit_target=self.x.compile(s.suit_target),
                option_base=self.actions.option_base,
                suited_base=self.actions.suited_base,
                suited=escape.literal(suited),
            )
        )
        self.record_assignment(s, s.target)
        self.record_assignment(s, s.suit_target)

    def visit_ChooseSuit(self, s: n.ChooseSuit):
        base = self.actions.suit_base
        if s.cond is None:
            legal = f"list(range({base}, {base + 4}))"
        else:
            suit = self.x.fresh("u")
            binders = {"suit": suit}
            if isinstance(s.target, n.Name):  # `chooses suit as called where called != ♦`
                binders[s.target.id] = suit
            cond = self.x.with_binders(binders, s.cond)
            legal = f"[{base} + {suit} for {suit} in range(4) if {cond}]"
        self.suspend(self.x.compile(s.who), legal, s, "choose_suit")
        self.assign(s.target, f"s.choice - {base}")
        self.record_assignment(s, s.target)

    def visit_ChooseValue(self, s: n.ChooseValue):
        value = self.x.fresh("v")
        if s.kind == "player":
            base, values = self.actions.player_base, "range(s.n)"
        else:
            base = self.actions.rank_base
            values = f"range({len(RANKS)})"
            if self.model.rank_names:  # a deck of its own ranks offers those it holds
                values = escape.literal(sorted({c.rank for c in self.model.cards}))
            if s.zone is not None:
                cards = self.zone(s.zone)
                if self.model.zones[s.zone.name].grouped:
                    cards = f"_rt.flat({cards})"
                values = f"sorted({{RANK[_c] for _c in {cards}}})"
        cond = self.x.with_binders({s.var: value}, s.cond) if s.cond is not None else None
        self.out.code(self.t.value_legal(base=base, value=value, values=values, cond=cond))
        self.suspend(self.x.compile(s.who), "_legal", s, f"choose_{s.kind}")
        self.out.code(self.t.value_taken(local=escape.name("l_", s.var), base=base))

    def visit_Bid(self, s: n.Bid):
        base = self.actions.bid_base
        step = self.x.compile(s.step) if s.step is not None else "1"
        low, high = self.x.compile(s.low), self.x.compile(s.high)
        pass_action = self.actions.option("pass") if s.can_pass else None
        exclude = self.x.compile(s.exclude) if s.exclude is not None else None
        self.out.code(
            self.t.bid_legal(base=base, low=low, high=high, step=step, pass_action=pass_action, exclude=exclude)
        )
        self.suspend(self.x.compile(s.who), "_legal", s, "bid")
        self.assign(s.target, f"0 if s.choice == {self.actions.option('pass')} else s.choice - {base}")
        self.record_assignment(s, s.target)

    def visit_Trick(self, s: n.Trick):
        lower_trick(self, s)


class ActionSpace:
    """Action numbers, fixed per game and derived from its rules alone: card ids first, then the
    named options, then the four suits, then the bids (bid `v` is `bid_base + v`), then, in a
    game that has such choices, one action per seat, one per rank, and four per option chosen
    with a suit (one per suit).  The bids end at the
    largest constant highest bid; a game whose highest bid is not a number chooses no seat or
    rank (the checker says so), so its bids may run on."""

    def __init__(self, model: Model):
        self.model = model
        self.option_base = len(model.cards)
        kinds = {s.kind for s in walk_stmts(model.game.flow) if isinstance(s, n.ChooseValue)}
        highs = [constant_int(s.high) for s in walk_stmts(model.game.flow) if isinstance(s, n.Bid)]
        self.bid_span = max(highs) + 1 if highs and None not in highs else (0 if not highs else None)
        self.n_seats = max(model.players) if "player" in kinds else 0
        self.n_ranks = len(RANKS) if "rank" in kinds else 0

    @property
    def player_base(self) -> int:
        return self.bid_base + (self.bid_span or 0)

    @property
    def rank_base(self) -> int:
        return self.player_base + self.n_seats

    @property
    def suited_base(self) -> int:
        return self.rank_base + self.n_ranks

    @property
    def late_count(self) -> int:
        """How many actions follow the bids: the seats, the ranks and the suited options'."""
        return self.n_seats + self.n_ranks + 4 * len(self.model.suited_options)

    def suited_option(self, name: str, suit: int) -> int:
        return self.suited_base + 4 * self.model.suited_options.index(name) + suit

    def late_actions(self) -> dict | None:
        """What `action_str` needs beyond cards, options and suits; None when the bids are the
        last actions and have no names (the engines of earlier versions)."""
        if not (self.n_seats or self.n_ranks or self.model.bid_names or self.model.suited_options):
            return None
        return {
            "bid_span": self.bid_span,
            "seats": self.n_seats,
            "ranks": rank_texts(self.model.rank_names) if self.n_ranks else (),
            "bid_names": dict(self.model.bid_names),
            "suited_options": self.model.suited_options,
        }

    def option(self, name: str) -> int:
        return self.option_base + self.model.options.index(name)

    @property
    def suit_base(self) -> int:
        return self.option_base + len(self.model.options)

    @property
    def bid_base(self) -> int:
        return self.suit_base + 4


def _pure(expr: n.Expr) -> bool:
    """Whether `expr` may be run again for a record without changing the match: it draws nothing."""
    return not any(isinstance(node, n.RandomOf) for node in walk_nodes(expr))
