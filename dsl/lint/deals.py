"""uneven-deal: a `deal evenly` without `rest to` where the cards do not divide by the number
of players, for some allowed player count.

The number of cards at the deal is followed through the flow (`dsl.checks.piles`), so cards
removed before the deal (`move cards where rank < 7 from deck to box`) are taken into account.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, warning
from .evaluate import describe_readings
from .piles import follow_all


def check_uneven_deals(model, engine) -> list[Diagnostic]:
    # deal statement -> player count -> (cards there, cards left over, readings where it happens)
    found: dict[int, tuple[n.DealEvenly, dict[int, tuple[int, int, list]]]] = {}
    for run in follow_all(model, engine):
        for record in run.records:
            stmt = record.stmt
            if not isinstance(stmt, n.DealEvenly) or stmt.rest is not None or not record.remainder:
                continue
            per_count = found.setdefault(id(stmt), (stmt, {}))[1]
            entry = per_count.setdefault(record.players, (record.available, record.remainder, []))
            if record.readings not in entry[2]:
                entry[2].append(record.readings)
    out = []
    for stmt, per_count in found.values():
        counts = sorted(per_count)
        notes = []
        for players in counts:
            cards, left, readings = per_count[players]
            under = (
                ""
                if any(r == _defaults(model) for r in readings)
                else " (under " + "; ".join(describe_readings(model, r) for r in readings[:3]) + ")"
            )
            notes.append(
                f"at {players} players: {cards} cards, {cards // players} each, "
                f"{left} left in '{stmt.source.name}'{under}"
            )
        listed = ", ".join(map(str, counts[:-1])) + (" and " if len(counts) > 1 else "") + str(counts[-1])
        message = f"the cards do not divide evenly at {listed} players, and no rule says where the leftover cards go"
        out.append(
            warning(
                "uneven-deal",
                message,
                stmt.span,
                notes=notes,
                hint=f"add 'rest to <zone>' to the deal, e.g. deal evenly from {stmt.source.name} "
                f"to {stmt.zone} rest to stock; if the text is silent, make it an ambiguity",
            )
        )
    return out


def _defaults(model) -> dict:
    return {a: model.default_reading(a) for a in model.ambiguities}
