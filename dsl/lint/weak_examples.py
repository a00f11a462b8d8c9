"""weak-example: an expectation weaker than the text it cites.

A worked example whose quoted text gives an exact figure ("each player gets 12 cards") but
whose expectation only checks an inequality (`size of hand of 0 >= 10`) can hide a real
mismatch: the rules may give 11 and the example still holds.  Reported as an info, with the
figure the text gives.
"""

from __future__ import annotations

import re

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, info
from ..syntax.limits import MAX_INTEGER_DIGITS

INEQUALITIES = {"<", "<=", ">", ">=", "!="}
# A figure of the text: a number no longer than a rule's own integers may be (a longer run of
# digits in a quote, pasted or mistyped, is no figure to propose, and `int` refuses huge ones).
_FIGURE = re.compile(rf"(?<![\w.,])\d{{1,{MAX_INTEGER_DIGITS}}}(?![\w]|[.,]\d)")


def _figures(cites) -> list[int]:
    return [int(f) for cite in cites if cite.quote for f in _FIGURE.findall(cite.quote)]


def _constant(expr) -> int | None:
    if isinstance(expr, n.Num):
        return expr.value
    return None


def check_weak_examples(model, engine) -> list[Diagnostic]:
    out = []
    for example in model.game.examples:
        for expect in example.expects:
            expr = expect.expr
            if not isinstance(expr, n.BinOp) or expr.op not in INEQUALITIES:
                continue
            figures = _figures(expect.cites) or _figures(example.cites)
            bound = _constant(expr.right) if _constant(expr.right) is not None else _constant(expr.left)
            if not figures or bound is None:
                continue
            exact = bound if bound in figures else figures[0]
            out.append(
                info(
                    "weak-example",
                    f"example '{example.title}' checks an inequality ('{expr.op}') where its source gives "
                    f"an exact figure ({exact})",
                    expect.span,
                    notes=["a weakened check can hide a real mismatch between the rules and the text"],
                    hint=f"expect the exact figure ('== {exact}') unless the text itself is approximate",
                )
            )
    return out
