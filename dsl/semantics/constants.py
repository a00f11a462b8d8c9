"""The value of an expression that is a constant number (`13`, `-1`, `10 * 5`), found without
running anything: what the numbering of actions may rely on."""

from __future__ import annotations

from ..ast import nodes as n

_OPS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
}


def constant_int(expr: n.Expr | None) -> int | None:
    if isinstance(expr, n.Num):
        return expr.value
    if isinstance(expr, n.Neg):
        inner = constant_int(expr.operand)
        return None if inner is None else -inner
    if isinstance(expr, n.BinOp) and expr.op in _OPS:
        left, right = constant_int(expr.left), constant_int(expr.right)
        if left is not None and right is not None:
            return _OPS[expr.op](left, right)
    return None
