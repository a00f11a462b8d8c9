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
from ..ast.walk import child_blocks

LOOPS = (n.While, n.Repeat)
# The model is frozen: answers about it are kept beside it, for as long as it lives.
_WRITES_MEMO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def sub_nodes(node):
    """The AST nodes directly inside `node` (expressions, zone refs, blocks, statements)."""
    if not dataclasses.is_dataclass(node):
        return
    for f in dataclasses.fields(node):
        if f.name in ("span", "type", "cites"):
            continue
        yield from _nodes_in(getattr(node, f.name))


def _nodes_in(value):
    if isinstance(value, n.Node):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _nodes_in(item)


def walk(node):
    """`node` and every node inside it, depth first."""
    yield node
    for child in sub_nodes(node):
        yield from walk(child)


def reads(model, expr) -> set[str]:
    """The parts of the state an expression (or statement, or block) looks at."""
    out: set[str] = set()
    if expr is None:
        return out
    for node in walk(expr):
        if isinstance(node, n.Name):
            out |= _name_effect(model, node.id)
        elif isinstance(node, n.Of) and (node.name in model.zones or node.name in model.vars):
            out |= _name_effect(model, node.name)
        elif isinstance(node, n.ZoneRef):
            out.add("zone:" + node.name)
        elif isinstance(node, n.Call) and node.func == "random_player":
            out.add("rng")
    return out


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
            memo[id(stmt)] = frozenset(_writes(model, stmt, set()))
        return set(memo[id(stmt)])
    return _writes(model, stmt, _seen)


def _writes(model, stmt, seen) -> set[str]:
    if isinstance(stmt, n.Block):
        out: set[str] = set()
        for s in stmt.stmts:
            out |= writes(model, s, seen)
        return out
    out = set()
    zone = lambda ref: "zone:" + (ref if isinstance(ref, str) else ref.name)  # noqa: E731
    if isinstance(stmt, n.Shuffle):
        out.add(zone(stmt.zone))
    elif isinstance(stmt, (n.Move, n.Draw, n.ChooseCards)):
        out |= {zone(stmt.source), zone(stmt.dest)}
        if isinstance(stmt, n.Draw):
            for trig in triggers_on(model, stmt.dest.name):
                if id(trig) not in seen:
                    seen.add(id(trig))
                    out |= writes(model, trig.body, seen)
        if isinstance(stmt, n.Move) and stmt.amount == "card":
            out |= reads(model, stmt.arg) & {"rng"}
    elif isinstance(stmt, (n.DealEach, n.DealEvenly)):
        out |= {zone(stmt.source), zone(stmt.zone)}
        if isinstance(stmt, n.DealEvenly) and stmt.rest is not None:
            out.add(zone(stmt.rest))
    elif isinstance(stmt, n.Gather):
        out |= {"zone:" + z for z in model.zones}
    elif isinstance(stmt, n.Assign):
        out |= _target(model, stmt.target)
        out |= reads(model, stmt.value) & {"rng"}
    elif isinstance(stmt, (n.ChooseOption, n.ChooseSuit, n.Bid)):
        out |= _target(model, stmt.target)
    elif isinstance(stmt, n.ChooseCard):
        out.add("local:" + stmt.var)
    elif isinstance(stmt, n.Trick):
        out |= {zone(z) for z in (stmt.play_from, stmt.play_to, stmt.take_into) if z}
        out |= {"winner", "led"}
    elif isinstance(stmt, (n.EndGame, n.Gap)):
        out.add("end")
    elif isinstance(stmt, (n.ForPlayers, n.ForEach, n.ForGroups)):
        out.add("local:" + stmt.var)
    for block in child_blocks(stmt):
        out |= writes(model, block, seen)
    return out


def refills(model, stmt) -> set[str]:
    """Zones `stmt` (or a block) can put cards into."""
    out: set[str] = set()
    for node in walk(stmt):
        if isinstance(node, (n.Move, n.Draw, n.ChooseCards)):
            out.add(node.dest.name)
        elif isinstance(node, n.DealEach) or isinstance(node, n.DealEvenly):
            out.add(node.zone)
            if isinstance(node, n.DealEvenly) and node.rest is not None:
                out.add(node.rest.name)
        elif isinstance(node, n.Gather):
            out.add(node.dest.name)
        elif isinstance(node, n.Trick):
            out |= {z for z in (node.play_to, node.take_into) if z}
        if isinstance(node, n.Draw):
            for trig in triggers_on(model, node.dest.name):
                out |= refills(model, trig.body)
    return out


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
    out: list[Placed] = []

    def visit(block, loops, guards):
        for stmt in block.stmts if block else []:
            out.append(Placed(stmt, loops, guards))
            if isinstance(stmt, n.If):
                earlier: list[n.Expr] = []
                for cond, body in stmt.branches:
                    visit(body, loops, guards + earlier + [cond])
                    earlier.append(cond)
                if stmt.otherwise:
                    visit(stmt.otherwise, loops, guards + earlier)
            elif isinstance(stmt, LOOPS):
                visit(stmt.body, loops + [stmt], guards)
            elif isinstance(stmt, n.ForPlayers):
                visit(stmt.body, loops, guards + ([stmt.cond] if stmt.cond is not None else []))
            else:
                for body in child_blocks(stmt):
                    visit(body, loops, guards)

    visit(model.game.flow, [], [])
    for trig in model.game.triggers:
        visit(trig.body, [], [trig.cond] if trig.cond is not None else [])
    return out


def loop_condition(loop) -> n.Expr:
    return loop.cond if isinstance(loop, n.While) else loop.until


def zone_text(ref: n.ZoneRef) -> str:
    return ref.name + (" of a player" if ref.owner is not None else "")


def same_meaning_key(node):
    """A hashable key equal for two nodes written alike anywhere in the file (spans ignored)."""
    if isinstance(node, (list, tuple)):
        return tuple(same_meaning_key(x) for x in node)
    if not dataclasses.is_dataclass(node):
        return node
    fields = [f.name for f in dataclasses.fields(node) if f.name not in ("span", "type", "cites")]
    return (type(node).__name__,) + tuple(same_meaning_key(getattr(node, name)) for name in fields)
