"""non-termination: a `while` or `repeat` loop that can run without end.

- The loop's condition reads nothing its body changes (zones, variables, the trick winner,
  chance): once the loop has started, every pass sees the same condition, so it never ends.
- The body asks no player anything and every change it makes to what the condition reads moves
  away from the exit: `while x < 10 { x -= 1 }`, or `while not pile is empty` with a body that
  only ever adds cards to the pile.
A loop whose body can `end game` (or stop at a `gap`) is left alone: it has a way out.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, warning
from ..ast.walk import has_decision
from .effects import loop_condition, reads, walk, writes


def check_loops(model, engine) -> list[Diagnostic]:
    out = []
    bodies = [model.game.flow] + [t.body for t in model.game.triggers]
    for loop in (x for body in bodies if body for x in walk(body)):
        if not isinstance(loop, (n.While, n.Repeat)):
            continue
        cond = loop_condition(loop)
        changed = writes(model, loop.body)
        if "end" in changed:
            continue
        looked_at = reads(model, cond)
        kind = "while" if isinstance(loop, n.While) else "repeat ... until"
        if not (looked_at & changed):
            shown = ", ".join(sorted(x.split(":")[-1] for x in looked_at))
            reason = (
                f"its condition reads {shown}, which the loop never changes"
                if shown
                else "its condition reads nothing that can change"
            )
            out.append(
                warning(
                    "non-termination",
                    f"this '{kind}' loop can never end: {reason}",
                    loop.span,
                    notes=["every pass sees the same condition, so once the loop runs it runs for ever"],
                    hint="make the condition depend on something the loop changes, or end the game inside it",
                )
            )
            continue
        if not has_decision(loop.body):
            away = _moves_away(model, loop, cond)
            if away:
                out.append(
                    warning(
                        "non-termination",
                        f"this '{kind}' loop never gets closer to its end: {away}",
                        loop.span,
                        notes=["the loop asks no player anything, so nothing else can end it"],
                    )
                )
    return out


def _exit_needs(loop, cond):
    """(thing, direction): what the exit needs, e.g. ('var:x', 'up'), ('zone:pile', 'empty')."""
    exits_when_true = isinstance(loop, n.Repeat)
    negated = False
    while isinstance(cond, n.Not):
        cond, negated = cond.operand, not negated
    if isinstance(cond, n.IsEmpty):
        empty_exits = exits_when_true != (negated != cond.negated)
        return _subject(cond.subject), "empty" if empty_exits else "filled"
    if isinstance(cond, n.BinOp) and cond.op in ("<", "<=", ">", ">=") and isinstance(cond.right, n.Num):
        grows_true = cond.op in (">", ">=")
        exit_on_true = exits_when_true != negated
        return _subject(cond.left), "up" if grows_true == exit_on_true else "down"
    return None, None


def _subject(expr):
    if isinstance(expr, n.Name):
        return expr.id
    if isinstance(expr, n.Of) and expr.name == "size":
        return _subject(expr.arg)
    if isinstance(expr, n.Of):
        return expr.name
    return None


def _moves_away(model, loop, cond) -> str | None:
    thing, need = _exit_needs(loop, cond)
    if thing is None:
        return None
    steps = []
    for stmt in walk(loop.body):
        if isinstance(stmt, n.Assign) and _subject(stmt.target) == thing:
            if stmt.op == "=" or not isinstance(stmt.value, n.Num):
                return None
            steps.append(stmt.value.value if stmt.op == "+=" else -stmt.value.value)
        elif thing in model.zones and isinstance(stmt, n.Stmt) and not isinstance(stmt, n.Block):
            moved = _zone_step(model, stmt, thing)
            if moved is None:
                return None
            if moved:
                steps.append(moved)
    if not steps:
        return f"nothing in it changes '{thing}'"
    if need in ("up", "filled") and all(s <= 0 for s in steps):
        return f"'{thing}' only ever goes down or stays, but the loop ends when it is high enough"
    if need in ("down", "empty") and all(s >= 0 for s in steps):
        goal = "empty" if need == "empty" else "low enough"
        return f"'{thing}' only ever grows or stays, but the loop ends when it is {goal}"
    return None


def _zone_step(model, stmt, zone: str) -> int | None:
    """+1 if `stmt` only adds cards to `zone`, -1 if it only takes, 0 if untouched, None if unclear."""
    if isinstance(stmt, (n.Gather, n.Shuffle, n.Trick, n.DealEvenly, n.DealEach)):
        touched = "zone:" + zone in writes(model, stmt)
        return None if touched else 0
    if isinstance(stmt, (n.Move, n.Draw, n.ChooseCards)):
        into, out_of = stmt.dest.name == zone, stmt.source.name == zone
        if into and out_of:
            return None
        return 1 if into else -1 if out_of else 0
    return 0
