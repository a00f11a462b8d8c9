"""The value a variable holds at a statement, when one assignment decides it on every path.

`no-legal-move` on `turn bids offer from unit to cap step unit` cannot read `unit` and `cap`
from the state: they are set during play.  But when a variable is assigned exactly once in the
whole file, by a statement that runs before the bid on every path to it (a statement of a block
that encloses the bid, earlier in that block), the bid sees that assignment's value and nothing
else.  That value is often static: a reading switch (`unit = reading bid_steps {...}`), or a
total over a zone that a `gather all into deck` just filled with the whole pack
(`cap = sum prisoner of deck + sum face of deck`), evaluated here on the pack the game starts
with at each player count.

A loop counter (`for each k in 1..N`) holds, inside its loop, a number from the range's low end
to its high end: `counter_bounds` gives them when they are static.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..ast.walk import child_blocks, target_name, walk_nodes
from ..compiler import escape
from .evaluate import Evaluator, Probe, cached

# Statements that leave a just-gathered zone whole: they reorder it or touch no card.
_KEEPS_PILES = (n.Shuffle, n.Assign)


def _path_to(block: n.Block | None, stmt: n.Stmt) -> list[tuple[n.Block, int]] | None:
    """The (block, index) of each statement enclosing `stmt`, outermost first, `stmt` last."""
    for i, here in enumerate(block.stmts if block else []):
        if here is stmt:
            return [(block, i)]
        for inner in child_blocks(here):
            found = _path_to(inner, stmt)
            if found is not None:
                return [(block, i)] + found
    return None


def _setters(model) -> dict[str, list[n.Stmt]]:
    """Every statement of the file that stores into a variable, by the variable's name. One walk
    of the file for all the bids and ends asked about (a walk per end was most of a check)."""

    def compute():
        found: dict[str, list[n.Stmt]] = {}
        for body in [model.game.flow] + [t.body for t in model.game.triggers]:
            for node in walk_nodes(body) if body else ():
                name = target_name(getattr(node, "target", None)) if isinstance(node, n.Stmt) else None
                if name is not None:
                    found.setdefault(name, []).append(node)
        return found

    return cached(model, "setters", compute)


def _sole_assignment(model, name: str) -> n.Assign | None:
    """The one statement of the file that sets `name`, if it is a plain `name = ...`."""
    found = _setters(model).get(name, [])
    if len(found) == 1 and isinstance(found[0], n.Assign) and found[0].op == "=":
        return found[0]
    return None


def _gathered_zone(block: n.Block, index: int) -> str | None:
    """The zone a `gather all into Z` earlier in the block left whole at statement `index`."""
    for stmt in reversed(block.stmts[:index]):
        if isinstance(stmt, n.Gather) and stmt.dest.owner is None:
            return stmt.dest.name
        if not isinstance(stmt, _KEEPS_PILES):
            return None
    return None


def value_at(model, evaluator: Evaluator, expr, stmt: n.Stmt, fields: dict, pack: list[int] | None):
    """The value of `expr` (a variable, or anything static) when `stmt` runs, or None.

    `fields` are the probe's known fields (player count, readings); `pack` the cards the game
    starts with at that player count."""
    known = evaluator.maybe(expr, Probe(fields))
    if isinstance(known, int) or not isinstance(expr, n.Name):
        return known if isinstance(known, int) else None
    assign = _sole_assignment(model, expr.id)
    path = _path_to(model.game.flow, stmt)
    if assign is None or path is None:
        return None
    for block, index in path:
        earlier = block.stmts[:index]
        if any(s is assign for s in earlier):
            at = next(i for i, s in enumerate(block.stmts) if s is assign)
            probe = dict(fields)
            zone = _gathered_zone(block, at)
            if zone is not None and pack is not None:
                probe[escape.name("z_", zone)] = list(pack)
            got = evaluator.maybe(assign.value, Probe(probe))
            return got if isinstance(got, int) else None
    return None


def counter_bounds(model, evaluator: Evaluator, expr, stmt: n.Stmt, fields: dict) -> tuple[int, int] | None:
    """(least, greatest) value of `expr` at `stmt` when it is the counter of a `for each k in
    LO..HI` loop around the statement and both ends are static; else None."""
    if not isinstance(expr, n.Name):
        return None
    for block, index in reversed(_path_to(model.game.flow, stmt) or []):
        loop = block.stmts[index]
        if isinstance(loop, n.ForEach) and loop.var == expr.id and loop is not stmt:
            if not isinstance(loop.iterable, n.Range):
                return None
            low, high = (evaluator.maybe(end, Probe(fields)) for end in (loop.iterable.low, loop.iterable.high))
            return (low, high) if isinstance(low, int) and isinstance(high, int) else None
    return None
