"""empty-draw: a draw, deal or `move top` from a pile that can be empty at that point.

Two findings, both conservative:
- certain: following the flow (`dsl.checks.piles`) shows fewer cards than the statement takes,
  at some player count (e.g. `deal 10 ... each` to 6 players from 54 cards);
- possible: the statement is inside a `while`/`repeat` loop, yet neither the loop's condition
  nor any `if` around the statement looks at that pile, and nothing in the loop puts cards back
  into it.  Then the loop can outlast the pile, and the text must say what happens then.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, warning
from .effects import loop_condition, placed_statements, reads, refills
from .evaluate import describe_readings
from .piles import follow_all

TAKING = (n.Draw, n.DealEach, n.Move)


def _source(stmt) -> n.ZoneRef | None:
    if isinstance(stmt, n.Move):
        return stmt.source if stmt.amount in ("top", "middle") else None
    if isinstance(stmt, (n.Draw, n.DealEach)):
        return stmt.source
    return None


def _what(stmt) -> str:
    return {n.Draw: "draw", n.DealEach: "deal"}.get(type(stmt), f"move {getattr(stmt, 'amount', '')}")


def _under(model, readings) -> str:
    described = describe_readings(model, readings)
    return "" if described == "the default readings" else f" (under {described})"


def check_empty_draws(model, engine) -> list[Diagnostic]:
    out, certain = [], set()
    short: dict[int, tuple[n.Stmt, dict[int, tuple[int, int, dict]]]] = {}
    for run in follow_all(model, engine):
        for rec in run.records:
            if (
                isinstance(rec.stmt, TAKING)
                and rec.available is not None
                and rec.needed is not None
                and rec.needed > rec.available
            ):
                per_count = short.setdefault(id(rec.stmt), (rec.stmt, {}))[1]
                per_count.setdefault(rec.players, (rec.available, rec.needed, rec.readings))
    for stmt, per_count in short.values():
        certain.add(id(stmt))
        source = _source(stmt)
        notes = [
            f"at {p} players: {need} card(s) needed, {have} in '{source.name}'" + _under(model, r)
            for p, (have, need, r) in sorted(per_count.items())
        ]
        counts = ", ".join(map(str, sorted(per_count)))
        out.append(
            warning(
                "empty-draw",
                f"this {_what(stmt)} takes more cards than '{source.name}' holds at {counts} players",
                stmt.span,
                notes=notes,
            )
        )

    for placed in placed_statements(model):
        stmt, source = placed.stmt, _source(placed.stmt)
        if source is None or id(stmt) in certain or not placed.loops:
            continue
        pile = "zone:" + source.name
        if any(pile in reads(model, g) for g in placed.guards):
            continue
        for loop in placed.loops:
            if pile in reads(model, loop_condition(loop)) or source.name in refills(model, loop.body):
                continue
            kind = "while" if isinstance(loop, n.While) else "repeat"
            message = (
                f"this {_what(stmt)} from '{source.name}' can find it empty: the '{kind}' loop on "
                f"line {loop.span.line} goes on without looking at '{source.name}'"
            )
            notes = [
                f"nothing in the loop puts cards back into '{source.name}', and neither the loop's "
                f"condition nor an 'if' around this {_what(stmt)} tests it",
                "this is a static estimate: the loop may always end first; --simulate shows whether it does",
            ]
            hint = (
                f"end the loop when the pile runs out (e.g. 'and not {source.name} is empty'), or say "
                "what happens then; if the text is silent, make it an ambiguity"
            )
            out.append(warning("empty-draw", message, stmt.span, notes=notes, hint=hint))
            break
    return out
