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
from ..ast.visitor import StmtVisitor
from ..ast.walk import has_decision, open_loop, walk_stmts
from ..report.diagnostics import Diagnostic, warning
from .effects import reads, writes


def check_loops(model, engine) -> list[Diagnostic]:
    out = []
    bodies = [model.game.flow] + [t.body for t in model.game.triggers]
    for loop in (x for body in bodies if body for x in walk_stmts(body)):
        ends = open_loop(loop)
        if ends is None:
            continue
        cond = ends.test
        changed = writes(model, loop.body)
        if "end" in changed:
            continue
        looked_at = reads(model, cond)
        kind = "repeat ... until" if ends.ends_when else "while"
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
    exits_when_true = open_loop(loop).ends_when
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
    if thing is None or _owner_changes(model, loop, cond):
        return None
    steps: list[int] = []
    stepper = StmtSteps(model, thing)
    for stmt in walk_stmts(loop.body):
        step = stepper.visit(stmt)
        if step is None:
            return None
        steps += step
    if not steps:
        return f"nothing in it changes '{thing}'"
    if need in ("up", "filled") and all(s <= 0 for s in steps):
        return f"'{thing}' only ever goes down or stays, but the loop ends when it is high enough"
    if need in ("down", "empty") and all(s >= 0 for s in steps):
        goal = "empty" if need == "empty" else "low enough"
        return f"'{thing}' only ever grows or stays, but the loop ends when it is {goal}"
    return None


def _owner_changes(model, loop, cond) -> bool:
    """True when the loop changes whose zone or variable the exit looks at (`hand of turn` while
    `turn` moves round the table): then the loop can reach its end without changing the thing."""
    while isinstance(cond, n.Not):
        cond = cond.operand
    subject = cond.subject if isinstance(cond, n.IsEmpty) else getattr(cond, "left", None)
    while isinstance(subject, n.Of) and subject.name == "size":
        subject = subject.arg
    if not isinstance(subject, n.Of):
        return False
    return bool(reads(model, subject.arg) & writes(model, loop.body))


class StmtSteps(StmtVisitor["tuple[int, ...] | None"]):
    """How one statement moves `thing` (a variable or a zone): the steps it takes (+1 a card into
    the zone, -1 out of it, +k added to the variable), () if it leaves it alone, None if unclear."""

    def __init__(self, model, thing: str):
        self.model, self.thing = model, thing
        self.is_zone = thing in model.zones

    def _untouched(self, stmt):
        return ()

    def _unclear_if_touched(self, stmt):
        if not self.is_zone:
            return ()
        return None if "zone:" + self.thing in writes(self.model, stmt) else ()

    def _one_way(self, stmt):
        if not self.is_zone:
            return ()
        into, out_of = stmt.dest.name == self.thing, stmt.source.name == self.thing
        if into and out_of:
            return None
        return (1,) if into else (-1,) if out_of else ()

    def visit_Assign(self, stmt):
        if _subject(stmt.target) != self.thing:
            return ()
        if stmt.op == "=" or not isinstance(stmt.value, n.Num):
            return None
        return (stmt.value.value if stmt.op == "+=" else -stmt.value.value,)

    def visit_Gather(self, stmt):
        return self._unclear_if_touched(stmt)

    def visit_Shuffle(self, stmt):
        return self._unclear_if_touched(stmt)

    def visit_Trick(self, stmt):
        return self._unclear_if_touched(stmt)

    def visit_DealEvenly(self, stmt):
        return self._unclear_if_touched(stmt)

    def visit_DealEach(self, stmt):
        return self._unclear_if_touched(stmt)

    def visit_Move(self, stmt):
        return self._one_way(stmt)

    def visit_Draw(self, stmt):
        return self._one_way(stmt)

    def visit_ChooseCards(self, stmt):
        return self._one_way(stmt)

    def visit_If(self, stmt):
        return self._untouched(stmt)

    def visit_Repeat(self, stmt):
        return self._untouched(stmt)

    def visit_While(self, stmt):
        return self._untouched(stmt)

    def visit_ForPlayers(self, stmt):
        return self._untouched(stmt)

    def visit_ForEach(self, stmt):
        return self._untouched(stmt)

    def visit_RepeatTimes(self, stmt):
        return self._untouched(stmt)

    def visit_ChooseValue(self, stmt):
        return self._untouched(stmt)

    def visit_ForGroups(self, stmt):
        return self._untouched(stmt)

    def visit_ChooseCard(self, stmt):
        return self._untouched(stmt)

    def visit_ChooseOption(self, stmt):
        return self._untouched(stmt)

    def visit_ChooseSuit(self, stmt):
        return self._untouched(stmt)

    def visit_Bid(self, stmt):
        return self._untouched(stmt)

    def visit_EndGame(self, stmt):
        return self._untouched(stmt)

    def visit_Gap(self, stmt):
        return self._untouched(stmt)

    def visit_Standing(self, stmt):
        return self._untouched(stmt)
