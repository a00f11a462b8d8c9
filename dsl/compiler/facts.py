"""Facts about a game the compiler proves from its rules, for the game-playing libraries: whether
any player ever decides, the bounds of the result, and whether the results always sum to zero.

Each fact is claimed only when the rules prove it; otherwise it is None (bounds) or False, and a
library falls back to its general case. The proofs are deliberately simple, and sound:

- **bounds**: a variable is bounded when its start value and every value assigned to it are
  (a number, a bounded variable, `-x`, `x + y`, `x - y`, `if ... then x else y`), and nothing
  else writes it: a `+=`, a choice, a bid or a loop over it leaves it unbounded. The result
  (a variable or such an expression) is bounded when its parts are, in a game without teams (a
  team's result would be the sum of its members').
- **zero sum**: a two-player game without teams or house whose result is a per-player variable
  that starts at 0 and is only ever set in pairs of consecutive statements `v of A = e` then
  `v of B = -(e)`, B being the other seat (`left of A` or `right of A`), with `e` and `A`
  reading neither `v` nor any random draw: after each pair the two entries are opposite.
"""

from __future__ import annotations

import dataclasses

from ..ast import nodes as n
from ..ast.walk import has_decision, sub_nodes, walk_stmts

_WHOLE = None  # no bound known


def game_facts(game: n.Game) -> dict:
    """`decides`, `min_utility`, `max_utility`, `utility_sum` (0 or None) and `zero_sum`."""
    blocks = [game.flow, *(t.body for t in game.triggers)]
    bounds = _result_bounds(game, blocks)
    zero = _zero_sum(game, blocks)
    return {
        "decides": any(b is not None and has_decision(b) for b in blocks),
        "min_utility": None if bounds is None else bounds[0],
        "max_utility": None if bounds is None else bounds[1],
        "utility_sum": 0 if zero else None,
        "zero_sum": zero,
    }


# ---------------------------------------------------------------- bounds
def _result_bounds(game: n.Game, blocks: list) -> tuple[int, int] | None:
    if game.result is None:
        return (0, 0)  # every seat's result is 0
    if game.teams is not None:
        return None
    ints = {v.name: v for v in game.vars if v.type_name == "int"}
    statements = [s for b in blocks for s in walk_stmts(b)]
    bounds: dict[str, tuple[int, int]] = {}
    changed = True
    while changed:  # a variable is bounded once every value it takes is, by those found so far
        changed = False
        for name, var in ints.items():
            if name not in bounds:
                found = _var_bounds(name, var, statements, bounds)
                if found is not None:
                    bounds[name], changed = found, True
    return _expr_bounds(game.result, bounds)


def _var_bounds(name: str, var: n.Var, statements: list, bounds: dict) -> tuple[int, int] | None:
    found = _expr_bounds(var.init, bounds) if var.init is not None else (0, 0)
    if found is None:
        return None
    low, high = found
    for stmt in statements:
        if isinstance(stmt, n.Assign) and _assigned_name(stmt.target) == name:
            value = _expr_bounds(stmt.value, bounds) if stmt.op == "=" else None
            if value is None:
                return None
            low, high = min(low, value[0]), max(high, value[1])
        elif not isinstance(stmt, n.Assign) and _names_in_fields(stmt, name):
            return None  # a choice, a bid or a loop that sets it
    return low, high


def _expr_bounds(expr, bounds: dict) -> tuple[int, int] | None:
    if isinstance(expr, n.Num) and not isinstance(expr.value, bool):
        return expr.value, expr.value
    if isinstance(expr, n.Name):
        return bounds.get(expr.id)
    if isinstance(expr, n.Of):
        return bounds.get(expr.name)  # `paid of p`: a value of the per-player variable
    if isinstance(expr, n.Neg):
        inner = _expr_bounds(expr.operand, bounds)
        return None if inner is None else (-inner[1], -inner[0])
    if isinstance(expr, n.IfExpr):
        a, b = _expr_bounds(expr.then, bounds), _expr_bounds(expr.otherwise, bounds)
        return None if a is None or b is None else (min(a[0], b[0]), max(a[1], b[1]))
    if isinstance(expr, n.BinOp) and expr.op in ("+", "-"):
        a, b = _expr_bounds(expr.left, bounds), _expr_bounds(expr.right, bounds)
        if a is None or b is None:
            return None
        return (a[0] + b[0], a[1] + b[1]) if expr.op == "+" else (a[0] - b[1], a[1] - b[0])
    return None


def _assigned_name(target) -> str | None:
    if isinstance(target, n.Name):
        return target.id
    if isinstance(target, n.Of):
        return target.name
    return None


def _names_in_fields(node, name: str) -> bool:
    """Whether a statement names `name` in a field of its own (the variable a choice, bid or
    loop sets), its nested statements aside."""
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if value == name or (isinstance(value, list) and name in value):
            return True
    return False


# ---------------------------------------------------------------- zero sum
def _zero_sum(game: n.Game, blocks: list) -> bool:
    players = game.players.counts if game.players is not None else []
    if players != [2] or game.teams is not None or game.house is not None:
        return False
    if not isinstance(game.result, n.Name):
        return False
    name = game.result.id
    var = next((v for v in game.vars if v.name == name), None)
    if var is None or not var.per_player or var.type_name != "int":
        return False
    if not (var.init is None or (isinstance(var.init, n.Num) and var.init.value == 0)):
        return False
    paired = set()
    for block in _blocks(blocks):
        stmts = block.stmts
        for i in range(len(stmts) - 1):
            if _opposite_pair(stmts[i], stmts[i + 1], name):
                paired.update((id(stmts[i]), id(stmts[i + 1])))
    for block in blocks:
        for stmt in walk_stmts(block):
            if isinstance(stmt, n.Assign) and _assigned_name(stmt.target) == name and id(stmt) not in paired:
                return False
            if not isinstance(stmt, n.Assign) and _names_in_fields(stmt, name):
                return False
    return True


def _blocks(roots: list):
    """Every block under `roots`, nested ones included."""
    for root in roots:
        if root is None:
            continue
        yield root
        for stmt in root.stmts:
            yield from _blocks([child for child in sub_nodes(stmt) if isinstance(child, n.Block)])


def _opposite_pair(first, second, name: str) -> bool:
    if not (isinstance(first, n.Assign) and isinstance(second, n.Assign) and first.op == second.op == "="):
        return False
    a, b = first.target, second.target
    if not (isinstance(a, n.Of) and isinstance(b, n.Of) and a.name == b.name == name):
        return False
    other_seat = isinstance(b.arg, n.Of) and b.arg.name in ("left", "right") and _same(b.arg.arg, a.arg)
    negated = isinstance(second.value, n.Neg) and _same(second.value.operand, first.value)
    return other_seat and negated and _pure(a.arg, name) and _pure(first.value, name)


def _pure(expr, name: str) -> bool:
    """Reads neither the variable `name` nor a random draw or a call: the same value twice."""
    if isinstance(expr, (n.RandomOf, n.Call)):
        return False
    if isinstance(expr, n.Name) and expr.id == name or isinstance(expr, n.Of) and expr.name == name:
        return False
    return all(_pure(child, name) for child in sub_nodes(expr))


def _same(a, b) -> bool:
    """Whether two expressions are written alike (their places in the file aside)."""
    return _written(a) == _written(b)


def _written(node):
    if isinstance(node, n.Node):
        fields = [f.name for f in dataclasses.fields(node) if f.name not in ("span", "type", "cites")]
        return (type(node).__name__, *(_written(getattr(node, f)) for f in fields))
    if isinstance(node, list):
        return tuple(_written(x) for x in node)
    return node
