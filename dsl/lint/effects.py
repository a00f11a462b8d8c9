"""What a statement or expression reads and writes, and where each statement sits in the flow.

Shared by the rule checks.  Effects are strings: `zone:NAME`, `var:NAME`, `local:NAME`,
`winner`, `led`, `rng` (anything random) and `end` (the statement can end the game).  The
analysis over-approximates writes (a `gather` writes every zone), which keeps the checks that
use it conservative: they warn only when nothing at all could change.
"""

from __future__ import annotations

import dataclasses
import weakref
from dataclasses import dataclass

from ..ast import nodes as n
from ..ast.visitor import ExprVisitor, StmtVisitor
from ..ast.walk import child_blocks, open_loop, walk_nodes, walk_stmts

# The model is frozen: answers about it are kept beside it, for as long as it lives.
_WRITES_MEMO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

# The users outside the rule checks (the simulation findings) walk through this name.
walk = walk_nodes


def reads(model, expr) -> set[str]:
    """The parts of the state an expression (or statement, or block) looks at."""
    out: set[str] = set()
    if expr is None:
        return out
    looks = ExprReads(model)
    for node in walk_nodes(expr):
        if isinstance(node, n.Expr):
            out |= looks.visit(node)
        elif isinstance(node, n.ZoneRef):
            out.add("zone:" + node.name)
    return out


class ExprReads(ExprVisitor[set[str]]):
    """What one expression node looks at by itself (the nodes inside it are walked apart)."""

    def __init__(self, model):
        self.model = model

    def _nothing(self, expr) -> set[str]:
        return set()

    def visit_Name(self, expr):
        return _name_effect(self.model, expr.id)

    def visit_Of(self, expr):
        known = expr.name in self.model.zones or expr.name in self.model.vars
        if not known and expr.name == "player":  # who played a card: what the last trick left
            return {"winner"}
        return _name_effect(self.model, expr.name) if known else set()

    def visit_Call(self, expr):
        return {"rng"} if expr.func == "random_player" else set()

    def visit_Num(self, expr):
        return self._nothing(expr)

    def visit_Str(self, expr):
        return self._nothing(expr)

    def visit_Bool(self, expr):
        return self._nothing(expr)

    def visit_NoneLit(self, expr):
        return self._nothing(expr)

    def visit_RankLit(self, expr):
        return self._nothing(expr)

    def visit_SuitLit(self, expr):
        return self._nothing(expr)

    def visit_CardList(self, expr):
        return self._nothing(expr)

    def visit_TupleLit(self, expr):
        return self._nothing(expr)

    def visit_BinOp(self, expr):
        return self._nothing(expr)

    def visit_BoolOp(self, expr):
        return self._nothing(expr)

    def visit_Not(self, expr):
        return self._nothing(expr)

    def visit_Neg(self, expr):
        return self._nothing(expr)

    def visit_IfExpr(self, expr):
        return self._nothing(expr)

    def visit_IsEmpty(self, expr):
        return self._nothing(expr)

    def visit_IsOut(self, expr):
        return {"standing:out"}

    def visit_AllTeams(self, expr):
        return {"standing:team"}

    def visit_IsPattern(self, expr):
        return self._nothing(expr)

    def visit_Has(self, expr):
        return self._nothing(expr)

    def visit_ValueOf(self, expr):
        return self._nothing(expr)

    def visit_SumOf(self, expr):
        return self._nothing(expr)

    def visit_ScoringOf(self, expr):
        return self._nothing(expr)

    def visit_BestOf(self, expr):
        return self._nothing(expr)

    def visit_HighestOf(self, expr):
        return self._nothing(expr)

    def visit_Count(self, expr):
        return self._nothing(expr)

    def visit_RandomOf(self, expr):
        return {"rng"}

    def visit_Range(self, expr):
        return self._nothing(expr)

    def visit_AllRanks(self, expr):
        return self._nothing(expr)

    def visit_AnyWhere(self, expr):
        return self._nothing(expr)

    def visit_CardsWhere(self, expr):
        return self._nothing(expr)

    def visit_PlayersWhere(self, expr):
        return self._nothing(expr)

    def visit_ReadingSwitch(self, expr):
        return self._nothing(expr)

    def visit_ReadingIs(self, expr):
        return self._nothing(expr)


def _name_effect(model, name: str) -> set[str]:
    if name in model.zones:
        return {"zone:" + name}
    if name in model.vars:
        return {"var:" + name}
    if name in model.locals:
        return {"local:" + name}
    if name in ("winner", "led"):
        return {name}
    return set()


def standing_writes(model, stmt) -> set[str]:
    """`eliminate p` changes who is out; `p joins t` the teams and what its members share."""
    if stmt.kind == "draw":
        return {"end"}
    if stmt.kind == "out":
        return {"standing:out"}
    return {"standing:team"} | {"var:" + v.name for v in model.game.vars if v.per_team}


def _target(model, target) -> set[str]:
    if isinstance(target, n.Name):
        return _name_effect(model, target.id)
    if isinstance(target, n.Of):
        return _name_effect(model, target.name)
    return set()


def writes(model, stmt, _seen=None) -> set[str]:
    """What running `stmt` (or a block) may change, including the triggers its draws fire."""
    if _seen is None:  # a top-level question: answered once per statement and file
        memo = _WRITES_MEMO.setdefault(model, {})
        if id(stmt) not in memo:
            memo[id(stmt)] = frozenset(StmtWrites(model, set()).of(stmt))
        return set(memo[id(stmt)])
    return StmtWrites(model, _seen).of(stmt)


def _zone(ref) -> str:
    return "zone:" + (ref if isinstance(ref, str) else ref.name)


class StmtWrites(StmtVisitor[set[str]]):
    """What one statement changes by itself; `of` adds the blocks it holds."""

    def __init__(self, model, seen: set[int]):
        self.model, self.seen = model, seen  # `seen`: triggers already followed

    def of(self, node) -> set[str]:
        if isinstance(node, n.Block):
            out: set[str] = set()
            for stmt in node.stmts:
                out |= writes(self.model, stmt, self.seen)
            return out
        out = self.visit(node)
        for block in child_blocks(node):
            out |= writes(self.model, block, self.seen)
        return out

    def _both_ends(self, stmt) -> set[str]:
        return {_zone(stmt.source), _zone(stmt.dest)}

    def _target(self, stmt) -> set[str]:
        return _target(self.model, stmt.target)

    def _ends(self, stmt) -> set[str]:
        return {"end"}

    def _its_variable(self, stmt) -> set[str]:
        return {"local:" + stmt.var}

    def _nothing(self, stmt) -> set[str]:
        return set()

    def visit_Shuffle(self, stmt):
        return {_zone(stmt.zone)}

    def visit_Move(self, stmt):
        out = self._both_ends(stmt)
        if stmt.amount == "card":
            out |= reads(self.model, stmt.arg) & {"rng"}
        return out

    def visit_Draw(self, stmt):
        out = self._both_ends(stmt)
        for trig in triggers_on(self.model, stmt.dest.name):
            if id(trig) not in self.seen:
                self.seen.add(id(trig))
                out |= writes(self.model, trig.body, self.seen)
        return out

    def visit_ChooseCards(self, stmt):
        return self._both_ends(stmt)

    def visit_DealEach(self, stmt):
        return {_zone(stmt.source), _zone(stmt.zone)}

    def visit_DealEvenly(self, stmt):
        out = {_zone(stmt.source), _zone(stmt.zone)}
        if stmt.rest is not None:
            out.add(_zone(stmt.rest))
        return out

    def visit_Gather(self, stmt):
        return {"zone:" + z for z in self.model.zones}

    def visit_Assign(self, stmt):
        return self._target(stmt) | (reads(self.model, stmt.value) & {"rng"})

    def visit_ChooseOption(self, stmt):
        suit = _target(self.model, stmt.suit_target) if stmt.suit_target is not None else set()
        return self._target(stmt) | suit

    def visit_ChooseSuit(self, stmt):
        return self._target(stmt)

    def visit_Bid(self, stmt):
        return self._target(stmt)

    def visit_ChooseCard(self, stmt):
        return self._its_variable(stmt)

    def visit_Trick(self, stmt):
        zones = (stmt.play_from, stmt.play_to, stmt.take_into, stmt.proxy.zone if stmt.proxy else None)
        return {_zone(z) for z in zones if z} | {"winner", "led"}

    def visit_EndGame(self, stmt):
        return self._ends(stmt)

    def visit_Gap(self, stmt):
        return self._ends(stmt)

    def visit_Standing(self, stmt):
        return standing_writes(self.model, stmt)

    def visit_ForPlayers(self, stmt):
        return self._its_variable(stmt)

    def visit_ForEach(self, stmt):
        return self._its_variable(stmt)

    def visit_RepeatTimes(self, stmt):
        return self._nothing(stmt)

    def visit_ChooseValue(self, stmt):
        return self._its_variable(stmt)

    def visit_ForGroups(self, stmt):
        return self._its_variable(stmt)

    def visit_If(self, stmt):
        return self._nothing(stmt)

    def visit_Repeat(self, stmt):
        return self._nothing(stmt)

    def visit_While(self, stmt):
        return self._nothing(stmt)


def refills(model, block) -> set[str]:
    """Zones the statements of `block` can put cards into (with the triggers their draws fire)."""
    into = StmtRefills(model)
    out: set[str] = set()
    for stmt in walk_stmts(block):
        out |= into.visit(stmt)
    return out


class StmtRefills(StmtVisitor[set[str]]):
    """The zones one statement puts cards into by itself."""

    def __init__(self, model):
        self.model = model

    def _dest(self, stmt) -> set[str]:
        return {stmt.dest.name}

    def _nothing(self, stmt) -> set[str]:
        return set()

    def visit_Move(self, stmt):
        return self._dest(stmt)

    def visit_ChooseCards(self, stmt):
        return self._dest(stmt)

    def visit_Gather(self, stmt):
        return self._dest(stmt)

    def visit_Draw(self, stmt):
        out = self._dest(stmt)
        for trig in triggers_on(self.model, stmt.dest.name):
            out |= refills(self.model, trig.body)
        return out

    def visit_DealEach(self, stmt):
        return {stmt.zone}

    def visit_DealEvenly(self, stmt):
        return {stmt.zone} | ({stmt.rest.name} if stmt.rest is not None else set())

    def visit_Trick(self, stmt):
        return {z for z in (stmt.play_to, stmt.take_into, stmt.proxy.zone if stmt.proxy else None) if z}

    def visit_Shuffle(self, stmt):
        return self._nothing(stmt)

    def visit_Assign(self, stmt):
        return self._nothing(stmt)

    def visit_If(self, stmt):
        return self._nothing(stmt)

    def visit_Repeat(self, stmt):
        return self._nothing(stmt)

    def visit_While(self, stmt):
        return self._nothing(stmt)

    def visit_ForPlayers(self, stmt):
        return self._nothing(stmt)

    def visit_ForEach(self, stmt):
        return self._nothing(stmt)

    def visit_RepeatTimes(self, stmt):
        return self._nothing(stmt)

    def visit_ChooseValue(self, stmt):
        return self._nothing(stmt)

    def visit_ForGroups(self, stmt):
        return self._nothing(stmt)

    def visit_ChooseCard(self, stmt):
        return self._nothing(stmt)

    def visit_ChooseOption(self, stmt):
        return self._nothing(stmt)

    def visit_ChooseSuit(self, stmt):
        return self._nothing(stmt)

    def visit_Bid(self, stmt):
        return self._nothing(stmt)

    def visit_EndGame(self, stmt):
        return self._nothing(stmt)

    def visit_Gap(self, stmt):
        return self._nothing(stmt)

    def visit_Standing(self, stmt):
        return self._nothing(stmt)


def triggers_on(model, zone: str) -> list[n.Trigger]:
    return [t for t in model.game.triggers if t.zone == zone]


@dataclass
class Placed:
    """A statement with the loops and `if` conditions around it (outermost first)."""

    stmt: n.Stmt
    loops: list[n.Stmt]
    guards: list[n.Expr]  # conditions of the `if` branches (and `where` of player loops) it is in


def placed_statements(model) -> list[Placed]:
    """Every statement of the flow and of the triggers, with its surroundings."""
    placer = StmtPlacer()
    placer.inside(model.game.flow, [], [])
    for trig in model.game.triggers:
        placer.inside(trig.body, [], [trig.cond] if trig.cond is not None else [])
    return placer.placed


class StmtPlacer(StmtVisitor[None]):
    """Places the statements inside one statement; `loops` and `guards` are those around it."""

    def __init__(self):
        self.placed: list[Placed] = []
        self.loops: list[n.Stmt] = []
        self.guards: list[n.Expr] = []

    def inside(self, block, loops, guards) -> None:
        around = self.loops, self.guards
        for stmt in block.stmts if block else []:
            self.loops, self.guards = loops, guards
            self.placed.append(Placed(stmt, loops, guards))
            self.visit(stmt)
        self.loops, self.guards = around

    def _open_loop(self, stmt) -> None:
        self.inside(stmt.body, self.loops + [stmt], self.guards)

    def _same_surroundings(self, stmt) -> None:
        for body in child_blocks(stmt):
            self.inside(body, self.loops, self.guards)

    def visit_If(self, stmt):
        loops, guards, earlier = self.loops, self.guards, []
        for cond, body in stmt.branches:
            self.inside(body, loops, guards + earlier + [cond])
            earlier.append(cond)
        if stmt.otherwise:
            self.inside(stmt.otherwise, loops, guards + earlier)

    def visit_While(self, stmt):
        self._open_loop(stmt)

    def visit_Repeat(self, stmt):
        self._open_loop(stmt)

    def visit_ForPlayers(self, stmt):
        self.inside(stmt.body, self.loops, self.guards + ([stmt.cond] if stmt.cond is not None else []))

    def visit_ForEach(self, stmt):
        self._same_surroundings(stmt)

    def visit_RepeatTimes(self, stmt):
        self._same_surroundings(stmt)

    def visit_ChooseValue(self, stmt):
        self._same_surroundings(stmt)

    def visit_ForGroups(self, stmt):
        self._same_surroundings(stmt)

    def visit_Shuffle(self, stmt):
        self._same_surroundings(stmt)

    def visit_Move(self, stmt):
        self._same_surroundings(stmt)

    def visit_DealEach(self, stmt):
        self._same_surroundings(stmt)

    def visit_DealEvenly(self, stmt):
        self._same_surroundings(stmt)

    def visit_Draw(self, stmt):
        self._same_surroundings(stmt)

    def visit_Gather(self, stmt):
        self._same_surroundings(stmt)

    def visit_Assign(self, stmt):
        self._same_surroundings(stmt)

    def visit_ChooseCard(self, stmt):
        self._same_surroundings(stmt)

    def visit_ChooseCards(self, stmt):
        self._same_surroundings(stmt)

    def visit_ChooseOption(self, stmt):
        self._same_surroundings(stmt)

    def visit_ChooseSuit(self, stmt):
        self._same_surroundings(stmt)

    def visit_Bid(self, stmt):
        self._same_surroundings(stmt)

    def visit_Trick(self, stmt):
        self._same_surroundings(stmt)

    def visit_EndGame(self, stmt):
        self._same_surroundings(stmt)

    def visit_Gap(self, stmt):
        self._same_surroundings(stmt)

    def visit_Standing(self, stmt):
        self._same_surroundings(stmt)


def loop_condition(loop) -> n.Expr:
    """The test of a `while` or `repeat` loop."""
    return open_loop(loop).test


def same_meaning_key(node):
    """A hashable key equal for two nodes written alike anywhere in the file (spans ignored)."""
    if isinstance(node, (list, tuple)):
        return tuple(same_meaning_key(x) for x in node)
    if not dataclasses.is_dataclass(node):
        return node
    fields = [f.name for f in dataclasses.fields(node) if f.name not in ("span", "type", "cites")]
    return (type(node).__name__,) + tuple(same_meaning_key(getattr(node, name)) for name in fields)
