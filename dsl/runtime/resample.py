"""`state.resample(seat, rng)`: a world the seat cannot tell from the real one, hidden cards dealt again.

The seat's knowledge comes from `knowledge`: which shuffle slots it has seen the card of, and
which cards the rules forbid in which slots (a void shown by not following suit).  A world is an
assignment of the hidden slots' cards among the hidden slots of the same shuffle, drawn
uniformly among the assignments that respect the forbidden pairs (by rejection; a long run of
rejections falls back to random exchanges from the seat's own consistent world, the real one).
Every card and every decision whose card sat in a reassigned slot is renamed accordingly: the
player who in truth played a hidden card plays, in the world, the card of that slot.  A pick
another seat holds back in a simultaneous pass is such a card (its slot is one of that seat's
hand): it is renamed where it waits, so each card stays in one place; the seat's own picks are
cards it has seen, never reassigned.

The world is built from the last decision point before the seat's current point and played
forward with the decisions renamed, so the rules themselves recompute what follows (the legal
actions of the player to move, a trick's winner).  When a rule file has variables the seat may
not see, a value computed from hidden cards could betray them: the world is then replayed from
the first shuffle whose slots it reassigns.  Each point of that replay must show the seat what it
saw; a world that does not is drawn again.  The world's generator is a fresh one drawn from
`rng`, so a search on it never sees the real future of a shuffle.

A state of explicit chance at a decision point is resampled the same way: its shuffles and
picks so far make it a seeded match, replayed from them instead of a seed.  Its world is a
state of explicit chance again (`ExplicitState.resample`), whose later shuffles are chance nodes.
"""

from __future__ import annotations

import random

from .errors import BadArgument, IllegalAction, RuleGap
from .faults import FAULTS
from .places import places as _places
from .knowledge import recording_of
from .observe import extras_of, held_back

TRIES = 200  # whole assignments drawn before the exchanges from the real one take over
WORLDS = 20  # worlds built before the seat's own world (the real one, renamed by nothing) is used
SPLIT = 10  # from this world on, hidden cards trade places only within a kind of zone
LAST_POINT_ONLY = 15  # from this world on, a world is checked at the last point only


class _Reject(Exception):
    """The world drawn does not show the seat what it saw."""


def seat_view_key(state, seat: int) -> tuple:
    """Everything `seat` may observe of `state` (the content of `observation(seat)`), hashable."""
    text, zones = state._CARD_TEXT, []
    for attr, _name, per_player, visibility, grouped in state._ZONES:
        value = getattr(state, attr)
        for owner, pile in enumerate(value) if per_player else [(None, value)]:
            if visibility == "everyone" or (visibility == "owner" and owner == seat):
                shown = [tuple(text[c] for c in g) for g in pile] if grouped else [text[c] for c in pile]
                zones.append(tuple(shown))
            else:
                zones.append(sum(len(g) for g in pile) if grouped else len(pile))
    values = []
    for attr, _name, per_player, _type, visibility in state._VARS:
        value = getattr(state, attr)
        if visibility == "everyone":
            values.append(_frozen(value))
        elif visibility == "owner" and per_player:
            values.append(_frozen(value[seat]))
    legal = tuple(state.legal) if state.cur == seat else ()
    held = _held_view(state, seat)
    return (state.cur, legal, tuple(zones), tuple(values), held, state.led, state.winner, state.done)


def _held_view(state, seat: int) -> tuple:
    """The picks held back in a simultaneous pass: the seat's own as cards, another seat's as a count."""
    if not extras_of(state).held:
        return ()
    mine = tuple(sorted(state._CARD_TEXT[c] for c in held_back(state, seat)))
    return tuple(mine if other == seat else len(held_back(state, other)) for other in range(state.n))


def _frozen(value):
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def resample(state, seat: int, rng: random.Random):
    return _resample(state, seat, rng, None)[0]


def resample_explicit(state, seat: int, rng: random.Random, events: tuple) -> tuple:
    """A world of a match of explicit chance (`state`: its state at a decision point, `events`:
    its shuffles and picks); (the world, its shuffles and picks, how many shuffles so far, its
    states before each decision: the real ones with the hidden cards renamed)."""
    world, assignment, rec = _resample(state, seat, rng, events)
    before = []
    for point, snapshot in enumerate(rec.snapshots):
        if any(slot in assignment for slot in rec.slots_at[point].values()):
            snapshot = snapshot.clone()
            _rename(snapshot, rec, point, assignment)
        before.append(snapshot)
    renamed = tuple(
        ("shuffle", e[1], tuple(assignment.get((e[1], j), card) for j, card in enumerate(e[2])))
        if e[0] == "shuffle"
        else e
        for point in rec.events
        for e in point
    )
    return world, renamed, rec.shuffles, before


def _resample(state, seat: int, rng: random.Random, events: tuple | None) -> tuple:
    """(world, the hidden slots' cards in it, the recording of the match)."""
    state._check_seat(seat)
    rec = recording_of(state, events)
    groups, split, forbidden = _knowledge(rec, state, seat)
    # Variables hidden from the seat may hold what hidden cards made: replay those worlds wholly.
    safe = all(vis == "everyone" for *_rest, vis in state._VARS)
    stage = rec.cache.get(("stage", seat), 0)
    for attempt in range(stage, WORLDS):
        # Rules that move cards by what they are (the court cards to a pile of their own) leave
        # hidden cards of one shuffle that cannot trade places: after some worlds that do not
        # fit, cards trade places only with cards now in the same kind of zone.  The last
        # worlds are built from the last point only: what the seat sees now must fit, what a
        # hidden variable holds may not (better than the real deal, which would leak).
        assignment = _draw(groups if attempt < SPLIT else split, forbidden, rng)
        try:
            world = _build(rec, state, seat, assignment, safe or attempt >= LAST_POINT_ONLY)
        except _Reject:
            continue
        # A match whose worlds needed a later stage needs it again: start there next time.
        reached = 0 if attempt < SPLIT else SPLIT if attempt < LAST_POINT_ONLY else LAST_POINT_ONLY
        rec.cache[("stage", seat)] = max(stage, reached)
        break
    else:
        assignment = {}
        world = _build(rec, state, seat, assignment, safe)  # the real deal: the one world known to fit
    world.rng = random.Random(rng.getrandbits(64))
    return world, assignment, rec


def _knowledge(rec, state, seat: int) -> tuple:
    """(groups, groups split by kind of zone, forbidden pairs) of `seat` now, kept for its last point."""
    point, known = rec.cache.get(("known", seat), (None, None))
    if point != len(state.history):
        revealed = rec.revealed(seat)
        groups = _hidden_groups(rec, revealed)
        known = (groups, _split_by_zone(groups, state), _forbidden(rec, seat, revealed, groups))
        rec.cache[("known", seat)] = (len(state.history), known)
    return known


def _split_by_zone(groups: dict, state) -> dict:
    zone_of = {card: key[0] for key, _pile, _i, card in _places(state)}
    split: dict = {}
    for k, pairs in groups.items():
        for slot, card in pairs:
            split.setdefault((k, zone_of.get(card)), []).append((slot, card))
    return {key: pairs for key, pairs in split.items() if len(pairs) > 1}


# ---------------------------------------------------------------- drawing an assignment
def _hidden_groups(rec, revealed: set) -> dict[int, list[tuple]]:
    """Per shuffle: (slot, card) for each card still where that shuffle left it, unseen by the seat."""
    groups: dict[int, list[tuple]] = {}
    for card, slot in rec.slot_of.items():
        if slot not in revealed:
            groups.setdefault(slot[0], []).append((slot, card))
    return {k: sorted(pairs) for k, pairs in groups.items() if len(pairs) > 1}


def _forbidden(rec, seat: int, revealed: set, groups) -> dict[tuple, set]:
    """Slot -> the cards the rules say cannot be there, from decisions the seat saw."""
    hidden = {slot for pairs in groups.values() for slot, _card in pairs}
    out: dict[tuple, set] = {}
    for point, probe in enumerate(rec.probes):
        if probe is None or not probe.forbidden:
            continue
        slot = rec.action_slot[point]
        if probe.actor != seat and slot is not None and slot not in revealed:
            continue  # the seat did not see which card was played: it learns nothing from it
        for pile_slot in probe.pile_slots:
            if pile_slot in hidden:
                out.setdefault(pile_slot, set()).update(probe.forbidden)
    return out


def _draw(groups, forbidden, rng: random.Random) -> dict[tuple, int]:
    """slot -> card for every hidden slot, uniform among the assignments `forbidden` allows."""
    out: dict[tuple, int] = {}
    for pairs in groups.values():
        slots = [slot for slot, _card in pairs]
        out.update(_draw_group(slots, [card for _slot, card in pairs], forbidden, rng))
    return out


def _draw_group(slots: list, cards: list, forbidden: dict, rng: random.Random) -> dict:
    allowed_not = [forbidden.get(slot, ()) for slot in slots]
    order = list(cards)
    for _ in range(TRIES):
        rng.shuffle(order)
        if all(card not in bad for card, bad in zip(order, allowed_not, strict=True)):
            return dict(zip(slots, order, strict=True))
    # Random exchanges from the real assignment (which the rules allow), keeping to allowed ones.
    order = list(cards)
    for _ in range(30 * len(order)):
        i, j = rng.randrange(len(order)), rng.randrange(len(order))
        if order[j] not in allowed_not[i] and order[i] not in allowed_not[j]:
            order[i], order[j] = order[j], order[i]
    return dict(zip(slots, order, strict=True))


# ---------------------------------------------------------------- building the world
class _Forced(random.Random):
    """The generator of a world being built: the match's shuffles with the hidden slots reassigned,
    and its picks as they fell (the picks of the games are public: a dealer, a seat)."""

    def __init__(self, events: list, assignment: dict):
        super().__init__(0)
        self.events, self.pos, self.assignment = events, 0, assignment

    def _next(self, kind: str):
        if self.pos >= len(self.events) or self.events[self.pos][0] != kind:
            raise _Reject
        self.pos += 1
        return self.events[self.pos - 1]

    def shuffle(self, x) -> None:
        _kind, k, order = self._next("shuffle")
        world = [self.assignment.get((k, j), card) for j, card in enumerate(order)]
        if sorted(world) != sorted(x):
            raise _Reject
        x[:] = world

    def randrange(self, *args):
        return self._next("pick")[1]


def _start_point(rec, groups_used: set, safe: bool, now: int) -> int:
    """The point the world is played from: the last one, or before its first reassigned shuffle."""
    if safe or not groups_used:
        return now - 1
    return min(now - 1, *(rec.group_point[k] for k in groups_used))


def _build(rec, state, seat: int, assignment: dict, safe: bool):
    now = len(state.history)
    used = {slot[0] for slot in assignment}
    start = _start_point(rec, used, safe, now) if now else -1
    events = [e for point in range(start + 1, now + 1) for e in rec.events[point]]
    rng = _Forced(events, assignment)
    if start < 0:
        world = state.__class__(state.n, state.seed, state.readings, run=False, rng=rng)
    else:
        world = rec.snapshots[start].clone()
        _rename(world, rec, start, assignment)
        world.rng = rng
    try:
        if start < 0:
            world._run()
        for point in range(max(start, 0), now):
            world.apply(_renamed_action(world, rec, point, assignment))
            seen = rec.snapshots[point + 1] if point + 1 < now else state
            if seat_view_key(world, seat) != seat_view_key(seen, seat):
                raise _Reject
    except (RuleGap, IllegalAction, BadArgument, *FAULTS) as exc:
        raise _Reject from exc
    if seat_view_key(world, seat) != seat_view_key(state, seat):
        raise _Reject
    return world


def _renamed_action(world, rec, point: int, assignment: dict) -> int:
    action = rec.s.history[point]
    slot = rec.action_slot[point]
    if slot not in assignment:
        return action
    renamed = assignment[slot]
    if renamed not in world.legal:  # two identical cards: the rules offer the first one held
        text = world._CARD_TEXT
        renamed = next((c for c in world.legal if 0 <= c < world._N_CARDS and text[c] == text[renamed]), renamed)
    return renamed


_CARD_TYPES = ("card", "cards")


def _rename(world, rec, point: int, assignment: dict) -> None:
    """Give every card of `world` (a copy of the real state at `point`) its name in the world."""
    names = {card: assignment[slot] for card, slot in rec.slots_at[point].items() if slot in assignment}
    if not names:
        return
    for attr, *_rest in world._ZONES:
        setattr(world, attr, _mapped(getattr(world, attr), names))
    for attr, _name, _per_player, type_, _visibility in world._VARS:
        if type_ in _CARD_TYPES:
            setattr(world, attr, _mapped(getattr(world, attr), names))
    for attr, _name, type_ in world._LOCALS:
        if type_ in _CARD_TYPES:
            setattr(world, attr, _mapped(getattr(world, attr), names))
    # Picks held back in a pass are cards too: another seat's are renamed like its hand.  Each
    # entry is [card, where it goes, who chose it]; a clone shares the entries, so new ones.
    for attr in extras_of(world).held:
        setattr(world, attr, [[names.get(card, card), dest, by] for card, dest, by in getattr(world, attr)])
    world.legal = [names.get(a, a) if a < world._N_CARDS else a for a in world.legal]
    world.history = [
        assignment.get(rec.action_slot[i], a) if rec.action_slot[i] in assignment else a
        for i, a in enumerate(world.history)
    ]
    if world.history:
        world.choice = world.history[-1]


def _mapped(value, names: dict):
    if isinstance(value, list):
        return [_mapped(v, names) for v in value]
    return names.get(value, value) if isinstance(value, int) and not isinstance(value, bool) else value
