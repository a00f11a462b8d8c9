"""Bounds on the cards a loop takes from a pile over its whole run, for `empty-draw`.

A draw inside a loop that never looks at its pile is safe when the loop cannot take more cards
than the pile holds: five turns of one card to each of four players take 20 cards, and a stock
of 51 cannot run out.  This bounds

- how many passes a loop makes, when a counter decides it: `repeat { ... turns += 1 } until
  turns == 5` (or `>=`; `while turns < 5`), the counter raised by one at the top level of the
  body, set nowhere else but to a number before the loop (or starting from its declared value
  in a loop of the flow's top level);
- how many cards one pass takes from the pile, on its worst path: a draw, deal or `move top`
  of a static count, times the seats for `for each player`, times N for `repeat N times` and
  `for each k in LO..HI`, the worse branch of an `if`, and the passes of an inner loop.

Anything else that takes from the pile (a count known only in play, a loop with no bound, a
trigger) leaves the loop unbounded: the warning stays, and says so.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..ast.walk import child_blocks, target_name, walk_nodes
from .evaluate import Evaluator, Probe

Unbounded = None


def _takes_from(stmt, pile: str, evaluator: Evaluator, fields: dict) -> int | None:
    """The cards one simple statement takes from `pile` (0 if none), None when not static."""
    source = getattr(stmt, "source", None)
    if not isinstance(source, n.ZoneRef) or source.name != pile:
        return 0
    if isinstance(stmt, n.Draw):
        count = evaluator.maybe(stmt.count, Probe(fields))
    elif isinstance(stmt, n.DealEach):
        count = evaluator.maybe(stmt.count, Probe(fields))
        count = count * fields["n"] if isinstance(count, int) else None
    elif isinstance(stmt, n.Move) and stmt.amount == "top":
        count = evaluator.maybe(stmt.arg, Probe(fields)) if stmt.arg is not None else 1
    else:
        return None  # all, where, a named card, a split: not counted here
    return count if isinstance(count, int) and count >= 0 else None


def most_taken(model, block, pile: str, evaluator: Evaluator, fields: dict) -> int | None:
    """The most cards one run of `block` takes from `pile`, on any path; None when unbounded."""
    total = 0
    for stmt in block.stmts if block else []:
        if not any(isinstance(x, (n.Draw, n.DealEach, n.Move)) for x in walk_nodes(stmt)):
            continue
        if isinstance(stmt, n.If):
            branches = [body for _, body in stmt.branches] + ([stmt.otherwise] if stmt.otherwise else [])
            worst = [most_taken(model, b, pile, evaluator, fields) for b in branches]
            if any(w is None for w in worst):
                return Unbounded
            taken = max(worst, default=0)
        elif isinstance(stmt, (n.ForPlayers, n.RepeatTimes, n.ForEach, n.Repeat, n.While)):
            passes = _passes(model, stmt, evaluator, fields)
            inner = most_taken(model, stmt.body, pile, evaluator, fields)
            if inner == 0:
                continue
            if passes is None or inner is None:
                return Unbounded
            taken = passes * inner
        elif child_blocks(stmt):
            return Unbounded  # a trick, a choice with a block: not followed here
        else:
            taken = _takes_from(stmt, pile, evaluator, fields)
            if taken is None:
                return Unbounded
        total += taken
    return total


def _passes(model, loop, evaluator: Evaluator, fields: dict) -> int | None:
    """The most passes a loop makes, when its kind or a counter bounds them."""
    if isinstance(loop, n.ForPlayers):
        return fields["n"]
    if isinstance(loop, n.RepeatTimes):
        count = evaluator.maybe(loop.count, Probe(fields))
        return count if isinstance(count, int) else None
    if isinstance(loop, n.ForEach) and isinstance(loop.iterable, n.Range):
        low, high = (evaluator.maybe(e, Probe(fields)) for e in (loop.iterable.low, loop.iterable.high))
        return max(0, high - low + 1) if isinstance(low, int) and isinstance(high, int) else None
    if isinstance(loop, (n.Repeat, n.While)):
        return counted_passes(model, loop, evaluator, fields)
    return None


def _counter_test(loop) -> tuple[str, str, object] | None:
    """(counter, comparison, limit) of the test that ends the loop, said as 'goes on while
    counter < limit' (`while c < K`) or 'stops once counter >= limit' (`until c == K`, `c >= K`)."""
    test = loop.until if isinstance(loop, n.Repeat) else loop.cond
    if not isinstance(test, n.BinOp) or not isinstance(test.left, n.Name):
        return None
    if isinstance(loop, n.Repeat) and test.op in ("==", ">="):
        return test.left.id, ">=", test.right
    if isinstance(loop, n.While) and test.op in ("<", "!="):
        return test.left.id, ">=", test.right
    return None


def counted_passes(model, loop, evaluator: Evaluator, fields: dict) -> int | None:
    """Passes of `repeat { ... c += 1 } until c == K` and its kin, from the counter's start."""
    found = _counter_test(loop)
    if found is None:
        return None
    name, _, limit_expr = found
    limit = evaluator.maybe(limit_expr, Probe(fields))
    start = _start_before(model, loop, name)
    if not isinstance(limit, int) or start is None:
        return None
    raises = [s for s in loop.body.stmts if _raises_by_one(s, name)]
    setters = [
        s for s in walk_nodes(loop.body) if isinstance(s, n.Stmt) and target_name(getattr(s, "target", None)) == name
    ]
    if len(raises) != 1 or len(setters) != 1:
        return None  # raised more than once a pass, or also set another way
    passes = max(0, limit - start)
    return max(1, passes) if isinstance(loop, n.Repeat) else passes


def _raises_by_one(stmt, name: str) -> bool:
    return (
        isinstance(stmt, n.Assign)
        and stmt.op == "+="
        and target_name(stmt.target) == name
        and isinstance(stmt.target, n.Name)
        and isinstance(stmt.value, n.Num)
        and stmt.value.value == 1
    )


def _start_before(model, loop, name: str) -> int | None:
    """The counter's value when the loop starts: a `c = N` earlier in the loop's own block, or the
    declared start of a counter nothing outside the loop sets, for a loop of the flow's top level."""
    outside = [
        s
        for body in [model.game.flow] + [t.body for t in model.game.triggers]
        for s in walk_nodes(body)
        if isinstance(s, n.Stmt)
        and target_name(getattr(s, "target", None)) == name
        and not any(s is inner for inner in walk_nodes(loop.body))
    ]
    block = _block_of(model.game.flow, loop)
    if block is None:
        return None
    earlier = block.stmts[: next(i for i, s in enumerate(block.stmts) if s is loop)]
    if len(outside) == 1 and any(s is outside[0] for s in earlier):
        only = outside[0]
        if isinstance(only, n.Assign) and only.op == "=" and isinstance(only.value, n.Num):
            return only.value.value
        return None
    var = model.vars.get(name)
    if not outside and block is model.game.flow and var is not None and isinstance(var.init, n.Num):
        return var.init.value
    return None


def _block_of(block, stmt):
    """The block that holds `stmt` directly."""
    for here in block.stmts if block else []:
        if here is stmt:
            return block
        for inner in child_blocks(here):
            found = _block_of(inner, stmt)
            if found is not None:
                return found
    return None
