"""no-legal-move: a decision that can offer no option.

- `p chooses card c from Z where A else where B` without `else any`: when no card meets any
  of the conditions there is nothing to choose (unless the last condition always holds).
- A trick's `follow A else B` without `else any`: the same, for the card a player must play.
- `p bids v from LO to HI` without `or pass`: the bids offered are the numbers from LO
  to HI; when LO or HI depend on play the range can be empty (LO > HI), and a constant range
  can be empty outright.  An end held in a variable that one assignment decides on every path
  to the bid is read from that assignment (see `dominators.py`).
"""

from __future__ import annotations

from ..ast import nodes as n
from ..ast.visitor import StmtVisitor
from ..ast.walk import walk_stmts
from ..report.diagnostics import Diagnostic, Span, warning
from .effects import same_meaning_key
from .dominators import counter_bounds, value_at
from .evaluate import Evaluator, deck_for, reading_fields, reading_variants
from .facts import Holds, condition_key, facts_before
from .floors import lowest_value


def _always_true(expr) -> bool:
    return isinstance(expr, n.Bool) and expr.value


def check_legal_moves(model, engine) -> list[Diagnostic]:
    finder = NoLegalMove(model, Evaluator(model, engine), facts_before(model))
    bodies = [model.game.flow] + [t.body for t in model.game.triggers]
    return [found for body in bodies if body for stmt in walk_stmts(body) if (found := finder.visit(stmt)) is not None]


class NoLegalMove(StmtVisitor["Diagnostic | None"]):
    """The warning for a decision that can offer no option, or None (also for every statement
    that decides nothing)."""

    def __init__(self, model, evaluator: Evaluator, facts: dict):
        self.model, self.evaluator, self.facts = model, evaluator, facts

    def _none(self, stmt):
        return None

    def _known_to_hold(self, stmt) -> bool:
        """A guard or assignment on the way here made sure the zone has a card meeting a condition."""
        owner = same_meaning_key(stmt.zone.owner) if stmt.zone.owner is not None else None
        known = self.facts.get(id(stmt), frozenset())
        return any(Holds(stmt.zone.name, owner, condition_key(cond)) in known for cond in stmt.legality)

    def visit_ChooseCard(self, stmt):
        if self._known_to_hold(stmt):
            return None
        if stmt.legality and not stmt.else_any and not _always_true(stmt.legality[-1]):
            span = _covering(stmt.legality[0].span, stmt.legality[-1].span) or stmt.span
            found = _chain_warning(stmt, stmt.legality, f"a card of '{stmt.zone.name}'", span)
            found.notes.append(
                f"could not prove that '{stmt.zone.name}' holds such a card here: no test on the way ('if any "
                f"{stmt.zone.name} ... where C', or a flag set from it) makes sure of it; --simulate N shows "
                "whether play reaches this choice without one"
            )
            return found
        return None

    def visit_Trick(self, stmt):
        if stmt.follow and not stmt.follow_else_any and not _always_true(stmt.follow[-1]):
            return _chain_warning(stmt, stmt.follow, "a card to play", stmt.follow[-1].span)
        if stmt.lead_where and not stmt.lead_else_any and not _always_true(stmt.lead_where[-1]):
            return _chain_warning(stmt, stmt.lead_where, "a card to lead", stmt.lead_where[-1].span)
        return None

    def visit_Bid(self, stmt):
        if stmt.can_pass:
            return None
        problem = _bid_range_problem(self.model, self.evaluator, stmt)
        if not problem:
            return None
        return warning(
            "no-legal-move",
            problem[0],
            _covering(stmt.low.span, (stmt.step or stmt.high).span) or stmt.span,  # the range, not the statement
            notes=problem[1],
            hint="add 'or pass' to the bid, or say what happens when no bid is possible",
        )

    def visit_ChooseCards(self, stmt):
        return self._none(stmt)

    def visit_ChooseOption(self, stmt):
        return self._none(stmt)

    def visit_ChooseSuit(self, stmt):
        return self._none(stmt)

    def visit_Shuffle(self, stmt):
        return self._none(stmt)

    def visit_Move(self, stmt):
        return self._none(stmt)

    def visit_DealEach(self, stmt):
        return self._none(stmt)

    def visit_DealEvenly(self, stmt):
        return self._none(stmt)

    def visit_Draw(self, stmt):
        return self._none(stmt)

    def visit_Gather(self, stmt):
        return self._none(stmt)

    def visit_Assign(self, stmt):
        return self._none(stmt)

    def visit_If(self, stmt):
        return self._none(stmt)

    def visit_Repeat(self, stmt):
        return self._none(stmt)

    def visit_While(self, stmt):
        return self._none(stmt)

    def visit_ForPlayers(self, stmt):
        return self._none(stmt)

    def visit_ForEach(self, stmt):
        return self._none(stmt)

    def visit_RepeatTimes(self, stmt):
        return self._none(stmt)

    def visit_ChooseValue(self, stmt):
        return self._none(stmt)

    def visit_ForGroups(self, stmt):
        return self._none(stmt)

    def visit_EndGame(self, stmt):
        return self._none(stmt)

    def visit_Gap(self, stmt):
        return self._none(stmt)

    def visit_Standing(self, stmt):
        return self._none(stmt)


def _covering(first: Span, last: Span) -> Span | None:
    """From the start of one expression to the end of another: what a caret should underline."""
    if not first.line or not last.line:
        return None
    return Span(first.line, first.column, last.end_line, last.end_column, first.file)


def _chain_warning(node, conds, what: str, span) -> Diagnostic:
    tests = len(conds)
    message = (
        f"no legal move when no card meets {'the condition' if tests == 1 else f'any of the {tests} conditions'}"
        f" for {what}"
    )
    notes = [
        "the conditions are tried in order; with no 'else any', a player holding only other cards "
        "(or no card at all) cannot move"
    ]
    return warning(
        "no-legal-move",
        message,
        span,
        notes=notes,
        hint="add 'else any' if the text lets the player play anything then; if it is silent, make it an ambiguity",
    )


def _bid_range_problem(model, evaluator: Evaluator, node: n.Bid):
    empty_at = []
    for players in model.players:
        for readings in reading_variants(model):
            fields = {"n": players, **reading_fields(model, readings)}
            pack = deck_for(evaluator.engine, players, readings)
            low, high = (value_at(model, evaluator, end, node, fields, pack) for end in (node.low, node.high))
            step = value_at(model, evaluator, node.step, node, fields, pack) if node.step is not None else 1
            # A loop counter ranges over its loop's numbers: the range is never smaller than with
            # the greatest low end and the least high end.
            if not isinstance(low, int) and (bounds := counter_bounds(model, evaluator, node.low, node, fields)):
                low = bounds[1]
            if not isinstance(high, int) and (bounds := counter_bounds(model, evaluator, node.high, node, fields)):
                high = bounds[0]
            if isinstance(low, int) and not isinstance(high, int) and isinstance(step, int):
                high = lowest_value(model, node.high)  # the range is never smaller than at its floor
            if not all(isinstance(v, int) for v in (low, high, step)):
                unknown = [what for what, v in (("low end", low), ("high end", high), ("step", step)) if v is None]
                return (
                    "the range of bids depends on play and can be empty, and the bid has no 'or pass'",
                    [
                        "the bids offered are the numbers from the low end to the high end; "
                        "once the low end passes the high end, there is nothing to bid",
                        f"could not bound the {' and the '.join(unknown)}: not a number, a variable set once "
                        "before the bid, a variable that never falls below a start value, nor a loop counter "
                        "with static ends; --simulate N shows whether the range runs empty in play",
                    ],
                )
            if not [a for a in range(low, high + 1, max(1, step)) if a >= 0]:
                empty_at.append(f"at {players} players the range {low}..{high} holds no bid")
    if empty_at:
        return "this bid offers nothing to bid, and it has no 'or pass'", sorted(set(empty_at))[:4]
    return None
