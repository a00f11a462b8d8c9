"""Walking the tree: the blocks a statement holds, every statement of a block, every node inside
a node, and the facts about each statement kind the stages share (whether it asks a player to
decide, which is what splits the engine's state machine, and whether and how it loops).

The facts are one `StmtVisitor`, so a new statement kind has to declare its blocks and what it
is before any stage can walk it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass, field

from . import nodes as n
from .visitor import StmtVisitor


@dataclass(frozen=True)
class Loop:
    """How a loop ends.  `test` is None for the loops over players, cards or groups, which end
    when they run out; `while` and `repeat` end on their test, and can run for ever."""

    test: n.Expr | None = None
    ends_when: bool = False  # the value of `test` that ends the loop: True for `repeat ... until`


@dataclass(frozen=True)
class Shape:
    blocks: list[n.Block] = field(default_factory=list)  # the blocks it holds, in source order
    decides: bool = False  # asks a player to decide
    loop: Loop | None = None


_PLAIN = Shape()
_DECISION = Shape(decides=True)
_OVER_ITEMS = Loop()


class StatementShapes(StmtVisitor[Shape]):
    def visit_Shuffle(self, stmt):
        return _PLAIN

    def visit_Move(self, stmt):
        return _PLAIN

    def visit_DealEach(self, stmt):
        return _PLAIN

    def visit_DealEvenly(self, stmt):
        return _PLAIN

    def visit_Draw(self, stmt):
        return _PLAIN

    def visit_Gather(self, stmt):
        return _PLAIN

    def visit_Assign(self, stmt):
        return _PLAIN

    def visit_EndGame(self, stmt):
        return _PLAIN

    def visit_Gap(self, stmt):
        return _PLAIN

    def visit_Standing(self, stmt):
        return _PLAIN

    def visit_If(self, stmt):
        return Shape([body for _, body in stmt.branches] + ([stmt.otherwise] if stmt.otherwise else []))

    def visit_Repeat(self, stmt):
        return Shape([stmt.body], loop=Loop(stmt.until, ends_when=True))

    def visit_While(self, stmt):
        return Shape([stmt.body], loop=Loop(stmt.cond, ends_when=False))

    def visit_ForPlayers(self, stmt):
        return Shape([stmt.body], loop=_OVER_ITEMS)

    def visit_ForEach(self, stmt):
        return Shape([stmt.body], loop=_OVER_ITEMS)

    def visit_ForGroups(self, stmt):
        return Shape([stmt.body], loop=_OVER_ITEMS)

    def visit_RepeatTimes(self, stmt):
        return Shape([stmt.body], loop=_OVER_ITEMS)

    def visit_ChooseValue(self, stmt):
        return _DECISION

    def visit_ChooseCard(self, stmt):
        return _DECISION

    def visit_ChooseCards(self, stmt):
        return _DECISION

    def visit_ChooseOption(self, stmt):
        return _DECISION

    def visit_ChooseSuit(self, stmt):
        return _DECISION

    def visit_Bid(self, stmt):
        return _DECISION

    def visit_Trick(self, stmt):
        return Shape([turn.body for turn in stmt.turns], decides=True)


_SHAPES = StatementShapes()


def shape(stmt: n.Stmt) -> Shape:
    return _SHAPES.visit(stmt)


def child_blocks(stmt: n.Stmt) -> list[n.Block]:
    return shape(stmt).blocks


def is_decision(stmt: n.Stmt) -> bool:
    return shape(stmt).decides


def open_loop(stmt: n.Stmt) -> Loop | None:
    """The loop `stmt` is when it runs on a test (`while`, `repeat`), else None."""
    loop = shape(stmt).loop
    return loop if loop is not None and loop.test is not None else None


def walk_stmts(block: n.Block | None) -> Iterator[n.Stmt]:
    """Every statement of `block`, nested ones included, in source order."""
    if block is None:
        return
    for stmt in block.stmts:
        yield stmt
        for child in child_blocks(stmt):
            yield from walk_stmts(child)


def has_decision(node: n.Stmt | n.Block) -> bool:
    """Whether a statement, or any statement of a block, asks a player to decide."""
    if isinstance(node, n.Block):
        return any(has_decision(s) for s in node.stmts)
    return is_decision(node) or any(has_decision(block) for block in child_blocks(node))


_NOT_CHILDREN = ("span", "type", "cites")

# The fields that may hold nodes, per class: asking `dataclasses.fields` for every node visited
# took a tenth of the compiler's time on a large rule file.
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(cls: type) -> tuple[str, ...]:
    names = _CHILD_FIELDS.get(cls)
    if names is None:
        found = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
        names = _CHILD_FIELDS[cls] = tuple(f.name for f in found if f.name not in _NOT_CHILDREN)
    return names


def sub_nodes(node) -> Iterator[n.Node]:
    """The nodes directly inside `node` (expressions, zone refs, blocks, statements), field by
    field: every field holding a node counts, so no kind can be forgotten."""
    for name in _child_fields(node.__class__):
        yield from _nodes_in(getattr(node, name))


def _nodes_in(value) -> Iterator[n.Node]:
    if isinstance(value, n.Node):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _nodes_in(item)


def walk_nodes(node) -> Iterator[n.Node]:
    """`node` and every node inside it, depth first."""
    yield node
    for child in sub_nodes(node):
        yield from walk_nodes(child)


def target_name(target) -> str | None:
    """The variable an assignment, a bid or a choice stores into (`x`, or `x of p`), if any."""
    if isinstance(target, n.Name):
        return target.id
    if isinstance(target, n.Of):
        return target.name
    return None
