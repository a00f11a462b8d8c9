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


class EventTeller:
    """Tells a recorded match event by event (see `dsl.runtime.events`), each with its rule line:
    the deals as the viewer saw them, turned and revealed cards, every move (a pass as a pass, a
    discard as a discard), the decisions, the tricks taken, and each value as it changes."""

    def __init__(self):
        self.deals = 0
        self.tricks = 0
        self.decided: dict | None = None  # a card decision waiting for the move it makes

    def lines(self, events: list[dict]) -> list[str]:
        out = []
        for event in events:
            text = self.tell(event)
            if text is not None:
                line = event.get("line")
                out.append(f"{'' if line is None else line:>5}  {text}")
        return out

    def tell(self, event: dict) -> str | None:
        kind = event["kind"]
        if kind == "decision":
            if "label" in event and event["label"].startswith("play "):
                self.decided = event  # told with the card's move, which says where it went
                return None
            return f"seat {event['seat']} " + (f"chooses {event['label']}" if "label" in event else "decides")
        decided, self.decided = self.decided, None
        if kind in ("move", "reveal"):
            return self._move(event, decided)
        if kind == "shuffle":
            return f"shuffle {event['to']}"
        if kind == "deal_start":
            self.deals += 1
            return f"deal {self.deals}"
        if kind == "deal_end":
            return f"end of deal {self.deals}"
        if kind == "trick_end":
            self.tricks += 1
            return f"trick {self.tricks}: seat {event['seat']} takes it"
        if kind == "set":
            whose = f" of {event['seat']}" if event.get("seat") is not None else ""
            return f"{event['name']}{whose} = {'none' if event['value'] is None else event['value']}"
        if kind == "end":
            return "end of the match"
        return kind

    @staticmethod
    def _move(event: dict, decided: dict | None) -> str:
        cards = " ".join(event["cards"]) if "cards" in event else f"{event['count']} hidden card(s)"
        source, dest = event["from"], event["to"]
        by = f"seat {decided['seat']} " if decided is not None else ""
        if event["kind"] == "reveal":
            return f"{by}turns up {cards} ({source} -> {dest})"
        if decided is not None and " of " not in dest:
            verb = "plays" if event["seen_by"] == "all" else "discards"
            return f"{by}{verb} {cards} to {dest}"
        if " of " in source and " of " in dest and source.split(" of ")[0] == dest.split(" of ")[0]:
            return f"{source} passes {cards} to {dest}"
        if " of " in source and " of " not in dest and event["seen_by"] != "all":
            return f"{source} discards {cards} to {dest}"
        return f"{source} -> {dest}: {cards}"
