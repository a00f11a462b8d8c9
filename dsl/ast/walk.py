"""Walking statements: the blocks a statement holds, every statement of a block, and whether a
statement asks a player to decide (which is what splits the engine's state machine)."""

from __future__ import annotations

from collections.abc import Iterator

from . import nodes as n

DECISIONS = (n.ChooseCard, n.ChooseCards, n.ChooseOption, n.ChooseSuit, n.Bid, n.Trick)
LOOPS = (n.Repeat, n.While, n.ForPlayers, n.ForEach, n.ForGroups)


def child_blocks(stmt: n.Stmt) -> list[n.Block]:
    if isinstance(stmt, n.If):
        return [body for _, body in stmt.branches] + ([stmt.otherwise] if stmt.otherwise else [])
    if isinstance(stmt, LOOPS):
        return [stmt.body]
    return []


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
    if isinstance(node, DECISIONS):
        return True
    return any(has_decision(block) for block in child_blocks(node))
