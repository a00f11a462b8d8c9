"""What happens in a match, as the compiled rules tell it: the events a recording state keeps.

An engine records only when asked (`new_game(..., record=True)`): the state then holds a
`Recorder` in `recorder` (a class attribute None otherwise), and every statement the compiler
lowers that moves cards, shuffles, decides, or changes a value some seat can see calls one of the
`record_*` functions below behind one test, `if s.recorder is not None`. Nothing is found by
comparing states: the compiled code says what it did, at the rule line that did it.

Events are kept raw (card numbers, the seats that saw the cards) and written out as dicts by
`events(state, seat)`: for every seat, or as one seat saw them, a card's identity shown only
where that seat saw it (in the zone it left or the one it reached), else only how many.
"""

from __future__ import annotations

ALL = "all"
# The keys of an event, in the order they are written (each event has those of its kind).
_KEYS = ("kind", "line", "seat", "from", "to", "cards", "seen_by", "name", "value", "action", "label")


class Recorder:
    """The events of one match so far, and what the record needs to know between two events."""

    __slots__ = ("log", "deal_open", "led", "sizes", "zones", "vars")

    def __init__(self, state):
        self.log: list[dict] = []
        self.deal_open = False  # a deal began and its end is not recorded yet
        self.led = None  # the led suit as last recorded
        self.sizes: list[int] = []  # the hands' sizes before the deal statement running now
        # name -> (per player, visibility) of every zone, and (per player, type, visibility) of every variable
        self.zones = {name: (per_player, visibility) for _a, name, per_player, visibility, _g in state._ZONES}
        self.vars = {name: (per_player, type_, visibility) for _a, name, per_player, type_, visibility in state._VARS}

    def copy(self) -> "Recorder":
        c = object.__new__(Recorder)
        c.log, c.deal_open, c.led, c.sizes = list(self.log), self.deal_open, self.led, list(self.sizes)
        c.zones, c.vars = self.zones, self.vars
        return c

    def seen_by(self, zone: str, owner, n: int):
        """The seats that see the cards of `zone` (of `owner`): ALL, or a tuple of seats."""
        per_player, visibility = self.zones[zone]
        if visibility == "everyone":
            return ALL
        if visibility == "owner" and per_player and isinstance(owner, int) and 0 <= owner < n:
            return (owner,)
        return ()


def start(state) -> None:
    """Record the match of `state` from now on (called before its set-up runs)."""
    state.recorder = Recorder(state)


# ---------------------------------------------------------------- what the compiled rules call


def record_move(s, line: int, src: str, src_owner, dst: str, dst_owner, cards, kind: str | None = None) -> None:
    """Cards went from zone `src` (of `src_owner`) to `dst` (of `dst_owner`). A move out of a zone
    some seat could not see into one every seat sees is a reveal (a turned card, a hand shown)."""
    cards = _flat(cards)
    if not cards:
        return
    rec = s.recorder
    before, after = rec.seen_by(src, src_owner, s.n), rec.seen_by(dst, dst_owner, s.n)
    seen = ALL if ALL in (before, after) else tuple(sorted(set(before) | set(after)))
    if kind is None:
        kind = "reveal" if after == ALL and before != ALL else "move"
    seat = src_owner if rec.zones[src][0] else dst_owner if rec.zones[dst][0] else None
    rec.log.append(
        {
            "kind": kind,
            "line": line,
            "seat": seat,
            "from": _place(rec, src, src_owner),
            "to": _place(rec, dst, dst_owner),
            "cards": cards,
            "seen_by": seen,
        }
    )


def record_shuffle(s, line: int, zone: str, owner) -> None:
    s.recorder.log.append({"kind": "shuffle", "line": line, "to": _place(s.recorder, zone, owner), "seen_by": ALL})


def deal_sizes(s, line: int, hands: list) -> None:
    """Before a deal statement: the hands' sizes (to tell which cards it dealt), and the start of
    a deal when the hands are empty (a hand dealt 3 then 2 is one deal)."""
    rec = s.recorder
    rec.sizes = [len(hand) for hand in hands]
    if not any(rec.sizes):
        if rec.deal_open:
            rec.log.append({"kind": "deal_end", "line": None, "seen_by": ALL})
        rec.deal_open = True
        rec.log.append({"kind": "deal_start", "line": line, "seen_by": ALL})


def record_deal(s, line: int, src: str, src_owner, zone: str, hands: list) -> None:
    """After a deal statement: the cards each hand got, one move per seat in seat order."""
    rec = s.recorder
    for seat, hand in enumerate(hands):
        before = rec.sizes[seat] if seat < len(rec.sizes) else 0
        if len(hand) > before:
            record_move(s, line, src, src_owner, zone, seat, hand[before:], "move")


def record_draw(s, line: int, src: str, src_owner, dst: str, dst_owner, card: int) -> None:
    record_move(s, line, src, src_owner, dst, dst_owner, [card])


def record_gather(s, line: int, dest: str) -> None:
    """Before `gather into dest`: every card of every other zone goes there."""
    for attr, name, per_player, _visibility, _grouped in s._ZONES:
        if name == dest:
            continue
        value = getattr(s, attr)
        if per_player:
            for owner, cards in enumerate(value):
                record_move(s, line, name, owner, dest, None, cards, "move")
        else:
            record_move(s, line, name, None, dest, None, value, "move")


def record_set(s, line: int, name: str, seat, value) -> None:
    """A variable some seat can see took a new value (`seat`: whose, for a per-player one)."""
    rec = s.recorder
    per_player, type_, visibility = rec.vars[name]
    if visibility == "everyone":
        seen = ALL
    elif visibility == "owner" and per_player and isinstance(seat, int):
        seen = (seat,)
    else:
        return  # nobody sees it change
    plain = s._plain(list(value) if isinstance(value, list) else value, type_)
    rec.log.append({"kind": "set", "line": line, "seat": seat, "name": name, "value": plain, "seen_by": seen})


def record_decision(s, line: int, action: int | None = None) -> None:
    """The decision just taken (`s.choice`, or `action`, by `s.cur`): a card chosen is seen by its
    chooser alone (the move it makes, if any, says who else sees the card); any other choice by all."""
    action, seat = s.choice if action is None else action, s.cur
    seen = (seat,) if 0 <= action < s._N_CARDS else ALL
    event = {"kind": "decision", "line": line, "seat": seat, "seen_by": seen, "action": action}
    event["label"] = s.action_str(action)
    s.recorder.log.append(event)


def record_play(s, line: int, seat: int, card: int, src: str, dst: str) -> None:
    """A card played to a trick: the decision, the card's move, and the led suit when it is set."""
    rec = s.recorder
    record_decision(s, line, card)
    record_move(s, line, src, seat, dst, None, [card], "move")
    rec.log[-2]["seen_by"] = rec.log[-1]["seen_by"]  # the card played is seen by whoever sees it played
    if s.led != rec.led:
        rec.led = s.led
        value = None if s.led is None else s._SUIT_TEXT[s.led]
        rec.log.append({"kind": "set", "line": line, "seat": None, "name": "led", "value": value, "seen_by": ALL})


def record_trick_end(s, line: int, winner: int, table: str, take: str, cards) -> None:
    """A trick taken: who took it, then its cards' move to the winner."""
    rec = s.recorder
    rec.led = None
    rec.log.append({"kind": "trick_end", "line": line, "seat": winner, "seen_by": ALL})
    record_move(s, line, table, None, take, winner, cards, "move")


def record_held(s, line: int, src: str, dst: str, per_player: bool, held: list) -> None:
    """The cards a simultaneous loop held back arrive: each from its chooser's `src` to `dst`."""
    for card, owner, chooser in held:
        record_move(s, line, src, chooser, dst, owner if per_player else None, [card], "move")


def finish(s) -> None:
    """The match is over: the last deal ends, and the match."""
    rec = s.recorder
    if rec.deal_open:
        rec.deal_open = False
        rec.log.append({"kind": "deal_end", "line": None, "seen_by": ALL})
    rec.log.append({"kind": "end", "line": None, "seen_by": ALL})


# ---------------------------------------------------------------- reading the record


def events(state, seat: int | None = None) -> list[dict]:
    """The events so far as dicts of plain data: every card shown (`seat` None), or as `seat`
    saw them (a card it did not see is counted, a value it cannot see left out)."""
    rec = state.recorder
    if rec is None:
        return []
    text = state._CARD_TEXT
    out = []
    for event in rec.log:
        seen = event["seen_by"]
        sees = seat is None or seen == ALL or seat in seen
        kind = event["kind"]
        if kind == "set" and not sees:
            continue
        shown = {}
        for key in _KEYS:
            if key not in event:
                continue
            value = event[key]
            if key == "cards":
                if sees:
                    shown["cards"] = [text[c] for c in value]
                else:
                    shown["count"] = len(value)
            elif key == "seen_by":
                shown[key] = ALL if value == ALL else list(value)
            elif key in ("action", "label") and not sees:
                continue
            else:
                shown[key] = value
        out.append(shown)
    return out


def _place(rec: Recorder, zone: str, owner) -> str:
    """A zone as the rules name it: `hand of 2`, or `deck`."""
    return f"{zone} of {owner}" if rec.zones[zone][0] and owner is not None else zone


def _flat(cards) -> list[int]:
    out = []
    for card in cards:
        if isinstance(card, list):
            out.extend(card)
        else:
            out.append(card)
    return out
