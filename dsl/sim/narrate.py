"""A match told so a person can follow it: each deal with what it made public (the trump, the
dealer), each trick with its cards and who took it, the scores after each deal, and one's own
hand sorted and grouped by suit.

It reads only the engine API and its counters (`state.deals`, `state.tricks`, the public
variables of `observation`), so it works for any compiled game; a game without tricks or
deals is told move by move.
"""

from __future__ import annotations

from types import ModuleType

from .replay import Move


class Narrator:
    """Watches a match from the table (public information only) and says what happened."""

    def __init__(self, state):
        self.deals = 0
        self.tricks = 0
        self.trick_moves: list[Move] = []

    def opening(self, state) -> list[str]:
        """What happened before the first decision (usually the first deal)."""
        return self._deal_lines(state)

    def after(self, state, move: Move) -> list[str]:
        """The lines to tell after `move` was applied."""
        lines = []
        self.trick_moves.append(move)
        tricks = getattr(state, "tricks", 0)
        if tricks != self.tricks:
            winner = self._public(state).get("winner")
            played = [m for m in self.trick_moves if m.text.startswith("play ")]
            cards = ", ".join(f"{m.seat}: {m.text.removeprefix('play ')}" for m in played)
            lines.append(f"  trick {tricks}: {cards} -> seat {winner} takes it")
            self.tricks = tricks
            self.trick_moves = []
        if getattr(state, "deals", 0) != self.deals:
            lines.append(f"  scores after deal {self.deals}: {scores_text(state.returns())}")
            lines += self._deal_lines(state)
        return lines

    def _deal_lines(self, state) -> list[str]:
        deals = getattr(state, "deals", 0)
        lines = []
        if deals != self.deals:
            self.deals = deals
            self.trick_moves = []
            public = {k: v for k, v in self._public(state).items() if k not in ("winner", "led")}
            shown = "  ".join(f"{k} {'-' if v is None else v}" for k, v in public.items())
            lines.append(f"deal {deals}" + (f": {shown}" if shown else ""))
        return lines

    @staticmethod
    def _public(state) -> dict:
        # Public single values only: what every seat sees (the dealer, the trump, a target).
        vars_ = state.observation(0)["vars"]
        return {k: v for k, v in vars_.items() if not isinstance(v, (dict, list))}


def scores_text(scores) -> str:
    return ", ".join(f"seat {seat}: {score:g}" for seat, score in enumerate(scores))


def hand_lines(engine: ModuleType, observation: dict) -> list[str]:
    """The seat's own cards, zone by zone, sorted as the deck is and one line per suit."""
    order = {text: i for i, text in enumerate(getattr(engine, "CARD_TEXT", ()))}
    per_player = {z["name"] for z in engine.RULES.get("zones", []) if z.get("per_player")}
    seat = observation["seat"]
    lines = []
    for name, shown in observation["zones"].items():
        if name not in per_player or isinstance(shown[seat], dict):
            continue
        cards = _flat(shown[seat])
        if not cards:
            continue
        lines.append(f"your {name}:")
        for suit, group in _by_suit(sorted(cards, key=lambda c: order.get(c, len(order)))):
            lines.append(f"    {suit:<2} {' '.join(group)}")
    return lines


def _flat(cards) -> list[str]:
    out = []
    for card in cards:
        out += _flat(card) if isinstance(card, list) else [card]
    return out


def _by_suit(cards: list[str]) -> list[tuple[str, list[str]]]:
    """Cards grouped by their suit symbol (the last character), in the order they come."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        suit = card[-1] if card and not card[-1].isalnum() else "-"
        groups.setdefault(suit, []).append(card)
    return list(groups.items())
