"""The fixed action space of a game: how many action numbers its rules can ever offer.

Actions are card ids, then named options, then the four suits, then bid values (see
`lower.ActionSpace`).  Bids are bounded by their `to` expression; this module proves an upper
bound of it from the rules (numbers, sums of a value table, variables whose every assignment is
bounded, readings), so `num_distinct_actions` is finite and exact.  A bid whose bound cannot be
proved leaves the count open (None).
"""

from __future__ import annotations

from dsl.ast import nodes as n
from dsl.ast.walk import walk_nodes, walk_stmts
from dsl.semantics.model import Model

N_SUITS = 4
# Decisions before a match counts as endless: the `max_game_length` of every wrapper (the same
# cap as the matches of `cardrules simulate`).
DECISION_CAP = 100_000


def _statements(model: Model):
    game = model.game
    for trig in game.triggers:
        yield from walk_stmts(trig.body)
    yield from walk_stmts(game.flow)


class _Bounds:
    def __init__(self, model: Model):
        self.model = model
        self.assigned: dict[str, list[n.Expr | None]] = {}
        for stmt in _statements(model):
            if isinstance(stmt, n.Assign) and isinstance(stmt.target, n.Name):
                self.assigned.setdefault(stmt.target.id, []).append(stmt.value if stmt.op == "=" else None)
        self.visiting: set[str] = set()

    def upper(self, e: n.Expr | None) -> int | None:
        if isinstance(e, n.Num):
            return e.value
        if isinstance(e, n.SumOf):
            table = self.model.values.get(e.table)
            return None if table is None else sum(v for v in table if isinstance(v, int) and v > 0)
        if isinstance(e, n.BinOp) and e.op in ("+", "*"):
            left, right = self.upper(e.left), self.upper(e.right)
            if left is None or right is None or (e.op == "*" and (left < 0 or right < 0)):
                return None
            return left + right if e.op == "+" else left * right
        if isinstance(e, n.ReadingSwitch):
            cases = [self.upper(value) for _reading, value in e.cases]
            return None if not cases or None in cases else max(cases)
        if isinstance(e, n.Name):
            return self.variable(e.id)
        return None

    def variable(self, name: str) -> int | None:
        var = self.model.vars.get(name)
        if var is None or var.per_player or name in self.visiting:
            return None
        self.visiting.add(name)
        try:
            values = [var.init, *self.assigned.get(name, [])] if var.init is not None else self.assigned.get(name, [])
            bounds = [self.upper(v) for v in values]
            return None if not bounds or None in bounds else max(bounds)
        finally:
            self.visiting.discard(name)


def bid_ceiling(model: Model) -> int | None:
    """The highest bid value any bid of the rules can offer; -1 without bids; None if unproved."""
    bids = [node for stmt in _statements(model) for node in walk_nodes(stmt) if isinstance(node, n.Bid)]
    if not bids:
        return -1
    bounds = _Bounds(model)
    highs = [bounds.upper(b.high) for b in bids]
    return None if None in highs else max(highs)


def num_distinct_actions(model: Model) -> int | None:
    ceiling = bid_ceiling(model)
    if ceiling is None:
        return None
    return len(model.cards) + len(model.options) + N_SUITS + ceiling + 1
