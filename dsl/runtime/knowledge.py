"""What each seat has seen of a match, recovered by replaying its decisions from its seed.

A seeded state holds its whole future in its generator, and its past only as the list of
decisions.  Replaying that list from the seed, block by block of the rules' state machine,
shows everything a seat could have seen: after every block, the cards in the zones the seat may
look at (so a card played to the table and swept into a hidden pile within one decision still
counts as seen), and the picks it holds back in a simultaneous pass (no other seat sees those
until they are delivered).  A shuffle is where knowledge is lost: each card of the shuffled pile gets a
*slot*, (which shuffle of the match, its index in the pile just after it), and a slot is
*revealed* to a seat once that card is seen after the shuffle.  Slots never revealed are what a
seat cannot tell apart; `resample` deals their cards again.

Rules can also tell something about hidden cards: a seat that does not follow suit shows it had
none.  At every decision that plays a card, the replay asks the rules (the block that offered
the choice, run again) whether the card played would still have been legal had each hidden card
been in the player's pile instead of one of its own hidden cards; the cards for which it would
not are forbidden in that pile's slots.  The questions go to the compiled rules, so nothing here
knows a game.

The replay of a match grows with its decisions: a recording is kept per match (by rule class,
seed, players and readings) and extended when a later state of the same match asks again.

A match of explicit chance has no generator to replay: its state keeps the seeded match it is,
each shuffle's pile as the seeded generator would have left it and each pick, and the replay
takes them from there instead.
"""

from __future__ import annotations

import random
from collections import OrderedDict

from .places import places as _places
from .errors import BadArgument
from .faults import API_ERRORS, FAULTS
from .observe import extras_of

_KEPT = 4  # recordings kept: the matches in play in one process at a time


class _Recorder(random.Random):
    """The seeded generator of the match, noting each shuffle's outcome and each pick."""

    def __init__(self, seed, recording: "Recording"):
        super().__init__(seed)
        self.recording = recording

    def shuffle(self, x) -> None:
        super().shuffle(x)
        self.recording._shuffled(x)

    def randrange(self, *args):
        value = super().randrange(*args)
        self.recording._events[-1].append(("pick", value))
        return value


class _Replayer(random.Random):
    """The generator of a match of explicit chance: its shuffles and picks as they fell."""

    def __init__(self, events: tuple, recording: "Recording"):
        super().__init__(0)
        self.events, self.pos, self.recording = events, 0, recording

    def _next(self, kind: str) -> tuple:
        if self.pos >= len(self.events) or self.events[self.pos][0] != kind:
            raise BadArgument("this state cannot be resampled: its chance events do not replay")
        self.pos += 1
        return self.events[self.pos - 1]

    def shuffle(self, x) -> None:
        order = self._next("shuffle")[2]
        if sorted(order) != sorted(x):
            raise BadArgument("this state cannot be resampled: its chance events do not replay")
        x[:] = order
        self.recording._shuffled(x)

    def randrange(self, *args):
        value = self._next("pick")[1]
        self.recording._events[-1].append(("pick", value))
        return value


class Probe:
    """What the rules imply at one decision that played a card from a pile."""

    __slots__ = ("actor", "action", "forbidden", "pile_slots")

    def __init__(self, actor: int, action: int, pile_slots: list, forbidden: set):
        self.actor, self.action, self.pile_slots, self.forbidden = actor, action, pile_slots, forbidden


class Recording:
    """One match replayed from its seed, point by point (a point: a decision, or the end)."""

    def __init__(self, state, events: tuple | None = None):
        self.cls, self.n, self.seed, self.readings = type(state), state.n, state.seed, dict(state.readings)
        self.shuffles = 0
        self.group_point: list[int] = []  # the point whose decision led to each shuffle (-1: set-up)
        self.slot_of: dict[int, tuple] = {}  # card -> its latest slot
        self.slots_at: list[dict] = []  # slot_of at each point
        self.action_slot: list = []  # the slot of the card each decision played (None: not a card, or no slot)
        self.snapshots: list = []  # the state at each point, before its decision
        self.probes: list[Probe | None] = []
        self._events: list[list] = [[]]  # per point: the shuffles and picks of the run that led to it
        self.events: list[list] = self._events
        self.seen_public: set = set()  # slots revealed to every seat
        self.seen_own: list[set] = [set() for _ in range(state.n)]
        self._everyone = [z for z in state._ZONES if z[3] == "everyone"]
        self._owner = [z for z in state._ZONES if z[3] == "owner" and z[2]]
        # A card a public variable names (the card shown) is seen, wherever it lies.
        self._shown = [v[0] for v in state._VARS if v[3] == "card" and v[4] == "everyone"]
        # Picks held back in a simultaneous pass: each is seen by the seat that chose it only.
        self._held = extras_of(state).held
        self.cache: dict = {}  # per (seat, point): what `resample` derives from the recording
        # `events`: the shuffles and picks of a match of explicit chance, replayed instead of the seed
        self.replayer = None if events is None else _Replayer(events, self)
        rng = _Recorder(state.seed, self) if events is None else self.replayer
        self.s = state.__class__(state.n, state.seed, state.readings, run=False, rng=rng)
        self._last_block = -1
        self._run_blocks()

    # ------------------------------------------------------------ replay
    def _shuffled(self, pile: list) -> None:
        k = self.shuffles
        self.shuffles += 1
        self.group_point.append(len(self.snapshots) - 1)
        self._events[-1].append(("shuffle", k, list(pile)))
        for j, card in enumerate(pile):
            self.slot_of[card] = (k, j)

    def _look(self) -> None:
        """Note the slots of the cards each seat may see now."""
        s, slot_of = self.s, self.slot_of
        for attr, *_ in self._everyone:
            for _key, _pile, _i, card in _places_of(s, attr):
                slot = slot_of.get(card)
                if slot is not None:
                    self.seen_public.add(slot)
        for attr in self._shown:
            value = getattr(s, attr)
            for card in value if isinstance(value, list) else [value]:
                slot = slot_of.get(card) if card is not None else None
                if slot is not None:
                    self.seen_public.add(slot)
        for attr, *_ in self._owner:
            for owner, pile in enumerate(getattr(s, attr)):
                seen = self.seen_own[owner]
                for card in _flat(pile):
                    slot = slot_of.get(card)
                    if slot is not None:
                        seen.add(slot)
        for attr in self._held:
            for card, _dest, chooser in getattr(s, attr):
                slot = slot_of.get(card)
                if slot is not None and 0 <= chooser < len(self.seen_own):
                    self.seen_own[chooser].add(slot)

    def _run_blocks(self) -> None:
        s, blocks = self.s, self.s._BLOCKS
        pc = s.pc
        while pc >= 0:
            self._last_block = pc
            pc = blocks[pc](s)
            self._look()

    def extend(self, history: list[int]) -> None:
        """Replay the decisions of `history` not replayed yet."""
        s = self.s
        for action in history[len(s.history) :]:
            if s.done or action not in s.legal:
                raise BadArgument("this state cannot be resampled: its decisions do not replay from its seed")
            self.snapshots.append(s.clone())
            self.slots_at.append(dict(self.slot_of))
            self.action_slot.append(self.slot_of.get(action) if 0 <= action < s._N_CARDS else None)
            self.probes.append(self._probe(action) if 0 <= action < s._N_CARDS else None)
            self._events.append([])
            s.choice = action
            s.history.append(action)
            s.decisions += 1
            self._run_blocks()

    def matches(self, state) -> bool:
        """Whether the replay reached `state` itself (not a resampled world, not another run)."""
        s = self.s
        if s.history != state.history or (self.replayer is None and s.rng.getstate() != state.rng.getstate()):
            return False
        return all(getattr(s, attr) == getattr(state, attr) for attr, *_ in s._ZONES)

    # ------------------------------------------------------------ what the rules imply
    def _probe(self, action: int) -> Probe | None:
        """Which hidden cards the player could not have held, given that `action` was legal."""
        s = self.s
        where = {card: (key, pile, i) for key, pile, i, card in _places(s)}
        if action not in where:
            return None
        key = where[action][0]
        visibility = {attr: vis for attr, _n, _p, vis, _g in s._ZONES}
        own = [card for card, (k, _p, _i) in where.items() if k == key and card != action]
        others = [card for card, (k, _p, _i) in where.items() if k != key and visibility[k[0]] != "everyone"]
        if not own or not others:
            return None
        trial = s.clone()
        block, text = s._BLOCKS[self._last_block], s._CARD_TEXT
        cur, legal, pc = trial.cur, list(trial.legal), trial.pc
        try:
            offered_again = block(trial) == -1 and trial.cur == cur and trial.legal == legal
        except API_ERRORS + FAULTS:  # it moved cards first (Gin Rummy's take, then discard)
            return None
        if not offered_again or not _same_cards_and_values(trial, s):
            return None  # the block that offered the choice does more than offer it again
        places = {card: (pile, i) for _k, pile, i, card in _places(trial)}
        held = own[0]
        hp, hi = places[held]
        forbidden = set()
        for card in others:
            cp, ci = places[card]
            hp[hi], cp[ci] = card, held
            try:
                again = block(trial) == -1 and trial.cur == cur
                if again and not any(text[c] == text[action] for c in trial.legal):
                    forbidden.add(card)
            except API_ERRORS + FAULTS:  # a swap the rules cannot run says nothing
                pass
            hp[hi], cp[ci] = held, card
            trial.cur, trial.legal, trial.pc = cur, list(legal), pc
        pile_slots = [self.slot_of[c] for c in own if c in self.slot_of]
        return Probe(s.cur, action, pile_slots, forbidden)

    # ------------------------------------------------------------ a seat's knowledge
    def revealed(self, seat: int) -> set:
        return self.seen_public | self.seen_own[seat]


def _same_cards_and_values(a, b) -> bool:
    return all(getattr(a, attr) == getattr(b, attr) for attr, *_ in a._ZONES) and all(
        getattr(a, attr) == getattr(b, attr) for attr, *_ in a._VARS
    )


def _flat(pile) -> list[int]:
    return [c for g in pile for c in g] if pile and isinstance(pile[0], list) else pile


def _places_of(state, attr):
    value = getattr(state, attr)
    per_player = next(z[2] for z in state._ZONES if z[0] == attr)
    for owner, pile in enumerate(value) if per_player else [(None, value)]:
        for i, card in enumerate(_flat(pile)):
            yield (attr, owner), pile, i, card


_RECORDINGS: OrderedDict = OrderedDict()


def recording_of(state, events: tuple | None = None) -> Recording:
    """The replay of `state`'s match up to `state`, reusing the one of an earlier point.

    `events`: the shuffles and picks of a match of explicit chance (`None`: a seeded match)."""
    key = (type(state), state.n, state.seed, tuple(sorted(state.readings.items())), events is None)
    rec = _RECORDINGS.get(key)
    prefix_ok = rec is not None and state.history[: len(rec.s.history)] == rec.s.history
    if prefix_ok and events is not None:  # the events replayed so far are this match's too
        used = rec.replayer.pos
        prefix_ok = events[:used] == rec.replayer.events[:used]
        if prefix_ok:
            rec.replayer.events = events
    if not prefix_ok:
        rec = Recording(state, events)
        _RECORDINGS[key] = rec
        while len(_RECORDINGS) > _KEPT:
            _RECORDINGS.popitem(last=False)
    _RECORDINGS.move_to_end(key)
    rec.extend(state.history)
    if not rec.matches(state):
        raise BadArgument(
            "this state cannot be resampled: it is not the seeded match its seed and decisions "
            "replay (a world from resample, or a state of explicit chance)"
        )
    return rec
