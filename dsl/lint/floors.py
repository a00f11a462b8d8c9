"""The least value a number can take during play, when the rules fix one.

A variable that starts at a constant and is only ever set to constants or raised by
non-negative constants never falls below the least of them; `bids from 1 to hand_size` then
always offers a bid when that floor is at least 1.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..ast.walk import target_name, walk_nodes


def _constant(expr) -> int | None:
    if isinstance(expr, n.Num):
        return expr.value
    if isinstance(expr, n.Neg) and isinstance(expr.operand, n.Num):
        return -expr.operand.value
    return None


def lowest_value(model, expr) -> int | None:
    """The floor of a variable named by `expr` (`x`, or `x of p`), or None when there is none."""
    name = target_name(expr)
    var = model.vars.get(name) if name else None
    if var is None or var.init is None or (start := _constant(var.init)) is None:
        return None
    floor = start
    bodies = [model.game.flow] + [t.body for t in model.game.triggers]
    for body in bodies:
        for node in walk_nodes(body) if body else []:
            if not isinstance(node, n.Stmt) or target_name(getattr(node, "target", None)) != name:
                continue
            if not isinstance(node, n.Assign):
                return None  # set by a bid or a choice: any value the play gives
            value = _constant(node.value)
            if value is None or (node.op == "-=" and value > 0) or (node.op == "+=" and value < 0):
                return None
            if node.op == "=":
                floor = min(floor, value)
    return floor
