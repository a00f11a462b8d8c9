"""`when card c is drawn into Z of p where ...`: which cards can make a trigger fire is known when
the rules are compiled, so a draw tests one per-card table before it calls any trigger.

Most triggers name their card by a pattern (`c is red A`): a drawn card that fits none of the
zone's triggers' patterns (46 of 52 in Jailbreak) fires none of them, and the draw then only
sets the names the triggers would have set before testing their conditions, instead of calling
each trigger to find that out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ast import nodes as n
from . import escape


def card_pattern(trigger: n.Trigger) -> n.CardPattern | None:
    """The pattern the trigger's condition requires of its card (`c is red A`, alone or as one term
    of an `and`), or None when the condition may hold for a card of any kind."""
    cond = trigger.cond
    if cond is None:
        return None
    terms = cond.operands if isinstance(cond, n.BoolOp) and cond.op == "and" else [cond]
    for term in terms:
        subject = getattr(term, "subject", None)
        if isinstance(term, n.IsPattern) and not term.negated and isinstance(subject, n.Name):
            if subject.id == trigger.card_var:
                return term.pattern
    return None


@dataclass
class ZoneTriggers:
    """The triggers on drawing into one zone, in the order the rule file gives them."""

    functions: list[str] = field(default_factory=list)
    patterns: list[n.CardPattern | None] = field(default_factory=list)
    names: list[tuple[str, str]] = field(default_factory=list)  # (card local, player local) of each

    def add(self, function: str, trigger: n.Trigger) -> None:
        self.functions.append(function)
        self.patterns.append(card_pattern(trigger))
        self.names.append((escape.name("l_", trigger.card_var), escape.name("l_", trigger.player_var)))

    def guard(self, tables, zone: str) -> str | None:
        """The table of the cards that may fire one of these triggers, or None if any card may."""
        if any(p is None for p in self.patterns):
            return None
        return tables.any_pattern(self.patterns, zone)

    def unfired(self, owner: str) -> list[tuple[str, str]]:
        """What the triggers do for a card that fires none of them: set their card and player names
        (in order, so a name two triggers share ends as the last one sets it)."""
        stores: dict[str, str] = {}
        for card, player in self.names:
            stores[card], stores[player] = "_c", owner
        return list(stores.items())
