"""Going round the table: the seats from a start, as generated code reads them.

An engine of a game that never knocks a player out holds `SEATS = _rt.seat_orders(<most>)`, every
clockwise order of every table size, built once at import; `for each player q from X` then reads
`SEATS[s.n][X]`, a tuple, instead of building the list of seats each time round.
"""

from __future__ import annotations

import ast

from ..ast import nodes as n
from ..ast.walk import walk_stmts
from ..semantics.model import Model
from . import standings

TABLE = "SEATS"


def seat_order(model: Model, start: str, stored: bool = False) -> str:
    """The seats in turn order from `start` (the code of a seat). `stored`: the order is kept in the
    state (a loop that suspends), where it stays a list like every other field."""
    order = standings.seat_order(model, start)
    if not order.startswith("_rt.seats_from("):  # the seats still in: a game that knocks out
        return order
    if start == "0":
        return "list(range(s.n))" if stored else "range(s.n)"
    table = f"{TABLE}[s.n][{_modulo_n(start)}]"
    return f"list({table})" if stored else table


def _modulo_n(start: str) -> str:
    """`start` as an index of the table: a seat's code is reduced modulo the table size unless it
    already is (`left of dealer` is `(dealer + 1) % s.n`)."""
    tree = ast.parse(start, mode="eval").body
    if isinstance(tree, ast.BinOp) and isinstance(tree.op, ast.Mod) and ast.unparse(tree.right) == "s.n":
        return start
    return f"({start}) % s.n"


def uses_table(blocks, functions) -> bool:
    """Whether any generated line reads the table (then the module defines it)."""
    needle = TABLE + "["
    return any(needle in line for block in blocks for line in block) or any(
        needle in line for f in functions for line in f.lines
    )


# The fields of a statement that bind or assign a rule name (a loop's, a decision's, an `among`).
_BINDING_FIELDS = ("var", "target", "suit_target", "among")


def binds(stmt: n.Stmt, name: str) -> bool:
    """Whether `stmt` itself binds or assigns the rule name `name`."""
    for field in _BINDING_FIELDS:
        value = getattr(stmt, field, None)
        if value == name or (isinstance(value, n.Name) and value.id == name):
            return True
        if isinstance(value, tuple) and value and value[0] == name:
            return True
    return False


def keeps_seat(model: Model, name: str, body: n.Block) -> bool:
    """Whether, in the body of `for each player <name>`, the name always holds the seat the loop
    gave it: nothing in the body binds or assigns it again, and no trigger (which a draw in the
    body may fire) names its card, its player or anything in its body so. A decision asked of
    that seat then needs no test that it is one (`_decide`'s)."""
    if any(binds(stmt, name) for stmt in walk_stmts(body)):
        return False
    for trigger in model.game.triggers:
        if name in (trigger.card_var, trigger.player_var) or any(binds(st, name) for st in walk_stmts(trigger.body)):
            return False
    return True
