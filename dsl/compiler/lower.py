"""Statements -> an explicit state machine.

A statement with no decision inside is emitted as ordinary structured Python (if/for/while) in
the current basic block: that is where the engine spends its time, so it stays straight-line.
A statement that contains a decision is split into basic blocks joined by `return <next pc>`;
the decision itself stores the legal actions and returns -1 (suspend).  Loop positions that
must survive a suspension become state fields, so a state can be cloned mid-loop.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..ast.visitor import MissingVisit, StmtVisitor
from ..ast.walk import has_decision
from ..semantics.model import Model
from . import escape
from .comments import rule_comment
from .exprs import ExprCompiler
from .program import Emitter, Function, Program
from ..report.sources import SourceLines
from .tricks import lower_trick

LOOP_GUARD = 100_000


class Lowerer:
    def __init__(self, model: Model, exprs: ExprCompiler, sources: SourceLines):
        self.model = model
        self.x = exprs
        self.program = Program()
        self.out = Emitter(self.program)
        self.sources = sources
        self.actions = ActionSpace(model)
        self.trigger_functions: dict[str, list[str]] = {}
        self.straight = StraightLowering(self)
        self.machine = MachineLowering(self)

    # ------------------------------------------------------------ entry points
    def lower_flow(self) -> Program:
        self.out.goto(self.program.new_block("_start"))
        self.lower_triggers()
        if self.model.game.flow is not None:
            self.block(self.model.game.flow)
        self.out.emit("return s._finish()")
        return self.program

    def lower_triggers(self):
        for i, trig in enumerate(self.model.game.triggers):
            name = f"_trigger_{i}"
            saved = (self.out.lines, self.out.indent)
            fn = Function(name, "s, card, player", [])
            self.out.lines, self.out.indent = fn.lines, 1
            self.comment(trig.span)
            self.out.emit(f"s.{escape.name('l_', trig.card_var)} = card")
            self.out.emit(f"s.{escape.name('l_', trig.player_var)} = player")
            if trig.cond is not None:
                self.out.emit(f"if {self.x.negate(trig.cond)}:")
                self.out.emit("    return")
            self.count_hit(trig.span.line, "trigger")
            self.block(trig.body)
            self.out.lines, self.out.indent = saved
            self.program.functions.append(fn)
            self.trigger_functions.setdefault(trig.zone, []).append(name)

    # ------------------------------------------------------------ helpers
    def comment(self, span):
        self.out.emit("# " + rule_comment(self.sources, span))

    def count_hit(self, line: int, what: str):
        index = self.program.hit(line, what)
        self.out.emit(f"s.hits[{index}] += 1")

    def emit_body(self, block: n.Block | None):
        before = len(self.out.lines)
        self.out.indent += 1
        if block is not None:
            self.block(block)
        if len(self.out.lines) == before:
            self.out.emit("pass")
        self.out.indent -= 1

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
    def trigger_functions(self) -> dict[str, list[str]]:
        return self.low.trigger_functions

    def block(self, block: n.Block) -> None:
        self.low.block(block)

    def emit_body(self, block: n.Block | None) -> None:
        self.low.emit_body(block)

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
        self.out.emit(f"{self.x.compile(target)} {op} {value}")

    def _player_order(self, s: n.ForPlayers) -> str:
        start = self.x.compile(s.start) if s.start is not None else "0"
        return f"_rt.seats_from({start}, s.n)"


class StraightLowering(_Lowering):
    """A statement with no decision inside, as ordinary structured Python in the current block."""

    def guard(self, counter: str, line: int):
        self.out.emit(f"{counter} += 1")
        self.out.emit(f"if {counter} > {LOOP_GUARD}:")
        self.out.emit(f"    _rt.gap('non-termination', {line}, 'this loop never reaches its end')")

    # ------------------------------------------------------------ simple statements
    def visit_Shuffle(self, s: n.Shuffle):
        self.out.emit(f"s.rng.shuffle({self.zone(s.zone)})")

    def visit_Move(self, s: n.Move):
        src, dst, line = self.zone(s.source), self.zone(s.dest), s.span.line
        if s.amount == "all":
            moved = f"{src}[:]"
            self.out.emit(f"_moved = {moved}")
            self.out.emit(f"{src}.clear()")
        elif s.amount == "top":
            self.out.emit(f"_moved = _rt.take_top({src}, {self.x.compile(s.arg)}, {line})")
        elif s.amount == "middle":
            self.out.emit(f"_moved = _rt.take_middle({src}, {self.x.compile(s.arg)}, {line})")
        elif s.amount == "where":
            var = self.x.fresh("c")
            cond = self.x.with_binders({"card": var}, s.arg)
            self.out.emit(f"_moved = [{var} for {var} in {src} if {cond}]")
            self.out.emit(f"{src}[:] = [{var} for {var} in {src} if not ({cond})]")
        else:
            self.out.emit(f"_moved = [_rt.take_card({src}, {self.x.compile(s.arg)}, {line})]")
        source_zone = self.model.zones[s.source.name]
        if source_zone.grouped:
            self.out.emit("_moved = _rt.flat(_moved)")
        dest_zone = self.model.zones[s.dest.name]
        if dest_zone.grouped:
            self.out.emit(f"{dst}.append(_moved)" if s.as_group else f"{dst}.extend([c] for c in _moved)")
        else:
            self.out.emit(f"{dst}.extend(_moved)")

    def visit_DealEach(self, s: n.DealEach):
        start = self.x.compile(s.start) if s.start is not None else "0"
        count = self.x.compile(s.count)
        hands = "s." + escape.name("z_", s.zone)
        self.out.emit(f"_rt.deal_round_robin({self.zone(s.source)}, {hands}, {count}, {start}, {s.span.line})")

    def visit_DealEvenly(self, s: n.DealEvenly):
        src = self.zone(s.source)
        self.out.emit(
            f"_rt.deal_round_robin({src}, s.{escape.name('z_', s.zone)}, len({src}) // s.n, 0, {s.span.line})"
        )
        if s.rest is not None:
            self.out.emit(f"{self.zone(s.rest)}.extend({src})")
            self.out.emit(f"{src}.clear()")

    def visit_Draw(self, s: n.Draw):
        src, dst = self.zone(s.source), self.zone(s.dest)
        triggers = self.trigger_functions.get(s.dest.name, [])
        self.out.emit(f"for _c in _rt.take_top({src}, {self.x.compile(s.count)}, {s.span.line}):")
        self.out.emit(f"    {dst}.append(_c)")
        if triggers and s.dest.owner is not None:
            owner = self.x.compile(s.dest.owner)
            for fn in triggers:
                self.out.emit(f"    {fn}(s, _c, {owner})")

    def visit_Gather(self, s: n.Gather):
        for name, zone in self.model.zones.items():
            if zone.per_player:
                self.out.emit(f"for _z in s.{escape.name('z_', name)}:")
                self.out.emit("    _z.clear()")
            else:
                self.out.emit(f"s.{escape.name('z_', name)}.clear()")
        self.out.emit(f"{self.zone(s.dest)}.extend(s.cards)")

    def visit_Assign(self, s: n.Assign):
        self.assign(s.target, self.x.compile(s.value), s.op)

    def visit_EndGame(self, s: n.EndGame):
        self.out.emit("return s._finish()")

    def visit_Gap(self, s: n.Gap):
        self.out.emit(f"_rt.gap('rule-gap', {s.span.line}, {escape.literal(s.message)})")

    # ------------------------------------------------------------ structured control flow
    def visit_If(self, s: n.If):
        for i, (cond, body) in enumerate(s.branches):
            self.out.emit(f"{'if' if i == 0 else 'elif'} {self.x.compile(cond)}:")
            self.out.indent += 1
            self.count_hit(cond.span.line, "branch")
            self.out.indent -= 1
            self.emit_body(body)
        if s.otherwise is not None:
            self.out.emit("else:")
            self.out.indent += 1
            self.count_hit(s.otherwise.span.line, "else branch")
            self.out.indent -= 1
            self.emit_body(s.otherwise)

    def visit_Repeat(self, s: n.Repeat):
        counter = self.out.fresh("_loop")
        self.out.emit(f"{counter} = 0")
        self.out.emit("while True:")
        self.emit_body(s.body)
        self.out.indent += 1
        self.out.emit(f"if {self.x.compile(s.until)}:")
        self.out.emit("    break")
        self.guard(counter, s.span.line)
        self.out.indent -= 1

    def visit_While(self, s: n.While):
        counter = self.out.fresh("_loop")
        self.out.emit(f"{counter} = 0")
        self.out.emit(f"while {self.x.compile(s.cond)}:")
        self.out.indent += 1
        self.guard(counter, s.span.line)
        self.out.indent -= 1
        self.emit_body(s.body)

    def visit_ForPlayers(self, s: n.ForPlayers):
        var = self.out.fresh("_p")
        self.out.emit(f"for {var} in {self._player_order(s)}:")
        self.out.emit(f"    s.{escape.name('l_', s.var)} = {var}")
        if s.cond is not None:
            self.out.emit(f"    if {self.x.negate(s.cond)}:")
            self.out.emit("        continue")
        self.emit_body(s.body)

    def visit_ForEach(self, s: n.ForEach):
        var = self.out.fresh("_e")
        iterable = self.x.cards(s.iterable)
        self.out.emit(f"for {var} in list({iterable}):")
        self.out.emit(f"    s.{escape.name('l_', s.var)} = {var}")
        self.emit_body(s.body)

    def visit_ForGroups(self, s: n.ForGroups):
        var = self.out.fresh("_g")
        self.out.emit(f"for {var} in list({self.zone(s.zone)}):")
        self.out.emit(f"    s.{escape.name('l_', s.var)} = {var}")
        self.emit_body(s.body)

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

    def visit_Bid(self, s: n.Bid):
        self._decision(s)

    def visit_Trick(self, s: n.Trick):
        self._decision(s)


class MachineLowering(_Lowering):
    """A statement with a decision inside, split into basic blocks joined by `return <next pc>`."""

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
        targets = []
        for i, (cond, _body) in enumerate(s.branches):
            target = self.new_block(s, "if", "then" if i == 0 else f"elif{i}")
            targets.append(target)
            self.out.emit(f"if {self.x.compile(cond)}:")
            self.out.emit(f"    {self.jump(target)}")
        otherwise = self.new_block(s, "if", "else") if s.otherwise is not None else after
        self.out.emit(f"{self.jump(otherwise)}")
        for (cond, body), target in zip(s.branches, targets, strict=True):
            self.out.goto(target)
            self.count_hit(cond.span.line, "branch")
            self.block(body)
            self.out.emit(f"{self.jump(after)}")
        if s.otherwise is not None:
            self.out.goto(otherwise)
            self.count_hit(s.otherwise.span.line, "else branch")
            self.block(s.otherwise)
            self.out.emit(f"{self.jump(after)}")
        self.out.goto(after)

    def visit_Repeat(self, s: n.Repeat):
        body, after = self.new_block(s, "repeat", "body"), self.new_block(s, "repeat", "after")
        self.out.emit(f"{self.jump(body)}")
        self.out.goto(body)
        self.block(s.body)
        self.out.emit(f"if {self.x.negate(s.until)}:")
        self.out.emit(f"    {self.jump(body)}")
        self.out.emit(f"{self.jump(after)}")
        self.out.goto(after)

    def visit_While(self, s: n.While):
        check, after = self.new_block(s, "while", "check"), self.new_block(s, "while", "after")
        self.out.emit(f"{self.jump(check)}")
        self.out.goto(check)
        self.out.emit(f"if {self.x.negate(s.cond)}:")
        self.out.emit(f"    {self.jump(after)}")
        self.block(s.body)
        self.out.emit(f"{self.jump(check)}")
        self.out.goto(after)

    def _machine_loop(self, s: n.Stmt, items_code: str, var: str, cond: n.Expr | None, body: n.Block):
        items, index = self.out.field("loop_items", "list"), self.out.field("loop_index", "int")
        check, after = self.new_block(s, "for", "next"), self.new_block(s, "for", "after")
        self.out.emit(f"s.{items} = {items_code}")
        self.out.emit(f"s.{index} = 0")
        self.out.emit(f"{self.jump(check)}")
        self.out.goto(check)
        self.out.emit(f"if s.{index} >= len(s.{items}):")
        self.out.emit(f"    {self.jump(after)}")
        self.out.emit(f"s.{escape.name('l_', var)} = s.{items}[s.{index}]")
        self.out.emit(f"s.{index} += 1")
        if cond is not None:
            self.out.emit(f"if {self.x.negate(cond)}:")
            self.out.emit(f"    {self.jump(check)}")
        self.block(body)
        self.out.emit(f"{self.jump(check)}")
        self.out.goto(after)

    def visit_ForPlayers(self, s: n.ForPlayers):
        self._machine_loop(s, self._player_order(s), s.var, s.cond, s.body)

    def visit_ForEach(self, s: n.ForEach):
        self._machine_loop(s, f"list({self.x.cards(s.iterable)})", s.var, None, s.body)

    def visit_ForGroups(self, s: n.ForGroups):
        self._machine_loop(s, f"list({self.zone(s.zone)})", s.var, None, s.body)

    # ------------------------------------------------------------ decisions
    def suspend(self, who: str, legal: str, s: n.Stmt, role: str) -> None:
        resume = self.new_block(s, role, "chosen")
        self.out.emit(
            f"return s._decide({who}, {legal}, {resume}, {s.span.line})  # then {self.program.block_names[resume]}"
        )
        self.out.goto(resume)

    def legal_cards(self, zone: str, conds: list[n.Expr], else_any: bool) -> str:
        """Emit the legality chain into `_legal`: the first condition some card meets decides."""
        if not conds:
            self.out.emit(f"_legal = list({zone})")
            return self.distinct("_legal", fresh=True)
        for i, cond in enumerate(conds):
            var = self.x.fresh("c")
            test = self.x.with_binders({"card": var}, cond)
            prefix = "" if i == 0 else "    "
            if i > 0:
                self.out.emit("if not _legal:")
            self.out.emit(f"{prefix}_legal = [{var} for {var} in {zone} if {test}]")
        if else_any:
            self.out.emit("if not _legal:")
            self.out.emit(f"    _legal = list({zone})")
        return self.distinct("_legal", fresh=True)

    def distinct(self, cards: str, fresh: bool = False) -> str:
        """The legal card actions from `cards`: identical cards of two decks are one action.
        A game without identical cards needs no de-duplication, only a copy (unless `fresh`)."""
        kinds = [card.kind for card in self.model.cards]
        if len(set(kinds)) < len(kinds):
            return f"_rt.distinct_kinds({cards}, KIND)"
        return cards if fresh else f"list({cards})"

    def visit_ChooseCard(self, s: n.ChooseCard):
        legal = self.legal_cards(self.zone(s.zone), s.legality, s.else_any or not s.legality)
        self.suspend(self.x.compile(s.who), legal, s, "choose_card")
        self.out.emit(f"s.{escape.name('l_', s.var)} = s.choice")

    def visit_ChooseCards(self, s: n.ChooseCards):
        left = self.out.field("picks_left", "int")
        pick, after = self.new_block(s, "choose_cards", "pick"), self.new_block(s, "choose_cards", "after")
        src = self.zone(s.source)
        self.out.emit(f"s.{left} = min({self.x.compile(s.count)}, len({src}))")
        self.out.emit(f"{self.jump(pick)}")
        self.out.goto(pick)
        self.out.emit(f"if s.{left} <= 0:")
        self.out.emit(f"    {self.jump(after)}")
        self.suspend(self.x.compile(s.who), self.distinct(src), s, "choose_cards")
        # The choice came from this zone's legal cards, so it is there to remove.
        self.out.emit(f"{src}.remove(s.choice)")
        self.out.emit(f"{self.zone(s.dest)}.append(s.choice)")
        self.out.emit(f"s.{left} -= 1")
        self.out.emit(f"{self.jump(pick)}")
        self.out.goto(after)

    def visit_ChooseOption(self, s: n.ChooseOption):
        codes = [self.actions.option(name) for name in s.options]
        self.suspend(self.x.compile(s.who), escape.literal(codes), s, "choose_option")
        self.assign(s.target, f"s.choice - {self.actions.option_base}")

    def visit_ChooseSuit(self, s: n.ChooseSuit):
        base = self.actions.suit_base
        self.suspend(self.x.compile(s.who), f"list(range({base}, {base + 4}))", s, "choose_suit")
        self.assign(s.target, f"s.choice - {base}")

    def visit_Bid(self, s: n.Bid):
        base = self.actions.bid_base
        step = self.x.compile(s.step) if s.step is not None else "1"
        low, high = self.x.compile(s.low), self.x.compile(s.high)
        self.out.emit(f"_legal = [{base} + _a for _a in range({low}, ({high}) + 1, max(1, {step})) if _a > 0]")
        if s.can_pass:
            self.out.emit(f"_legal.append({self.actions.option('pass')})")
        self.suspend(self.x.compile(s.who), "_legal", s, "bid")
        self.assign(s.target, f"0 if s.choice == {self.actions.option('pass')} else s.choice - {base}")

    def visit_Trick(self, s: n.Trick):
        lower_trick(self, s)


class ActionSpace:
    """Action numbers: card ids first, then named options, then the four suits, then bids."""

    def __init__(self, model: Model):
        self.model = model
        self.option_base = len(model.cards)

    def option(self, name: str) -> int:
        if name not in self.model.options:
            self.model.options.append(name)
        return self.option_base + self.model.options.index(name)

    @property
    def suit_base(self) -> int:
        return self.option_base + len(self.model.options)

    @property
    def bid_base(self) -> int:
        return self.suit_base + 4
