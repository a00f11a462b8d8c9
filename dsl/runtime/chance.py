"""Explicit chance: every random event of the rules as a chance node with its outcomes.

The rules draw randomness in two ways: `shuffle` of a pile and `random_player()` (and the seat
or place a `random` pick chooses).  In explicit mode the state's generator is a `ScriptedRng`.
A pick is one node over its choices, taken from a script of outcomes; when the script runs out,
the run stops at a chance node.

A shuffle is lazy: it leaves the pile as it was and marks its cards as a *group* whose order is
not known yet.  A card of a group gets its identity when it leaves the group's pile (a deal, a
draw, a card turned up) or lands where a seat may see it: that is one chance node over the
cards of the group still unknown, each equally likely.  Its outcome swaps the two cards (the
one the rules took and the one drawn), which changes nothing anybody has seen, since neither
card was known.  A shuffled pile nobody takes from has no chance node.  Which cards left their
group shows once the rules have run to the next decision; the segment is then run again with
the outcomes applied where the group is made (or, for a group of an earlier segment, to the
state before the last decision), so the rules read every taken card with its drawn identity.
The cards of the oldest group are drawn first, then the segment is run again: a card drawn may
send the rules another way, where a later group is made of other cards or not at all.  A
shuffle that mixes cards of an older group, some of whose cards left it, stops the run until
those are drawn: which of the group's cards the shuffled pile holds depends on them.

The generated blocks cannot stop in the middle of a statement, so a chance node is reached by
replay: the state before the last decision (or the set-up) is kept, and each outcome runs that
segment again from there.  States are never changed in place, so a clone shares them.
"""

from __future__ import annotations

import random

from .errors import BadArgument, IllegalAction
from .places import piles as _piles, places as _places

CHANCE_PLAYER = -2  # `current_player` at a chance node (-1 is the end of the game)


class NeedChance(Exception):
    """Raised by the scripted generator where its script of picks ends: the outcomes wanted."""

    def __init__(self, outcomes: list[int]):
        super().__init__("seat")
        self.outcomes = outcomes


class Groups:
    """The cards of each lazy shuffle whose place is not known yet.

    `slots[k]` maps each such card of the k-th shuffle of the game to its slot: its index in the
    pile just after that shuffle (where the seeded generator would have put a card of its own);
    `home[k]` is the zone holding them (None until the segment that made the group ends)."""

    def __init__(self):
        self.count = 0  # shuffles so far in the game
        self.slots: dict[int, dict[int, int]] = {}
        self.home: dict[int, tuple | None] = {}

    def copy(self) -> "Groups":
        c = Groups()
        c.count, c.home = self.count, dict(self.home)
        c.slots = {k: dict(v) for k, v in self.slots.items()}
        return c

    def resolve(self, k: int, taken: int, drawn: int) -> None:
        """`drawn` is the card where `taken` was: `taken` moves to `drawn`'s place and slot."""
        slots = self.slots[k]
        slots[taken] = slots.pop(drawn)
        if taken == drawn:
            del slots[taken]
        if not slots:
            del self.slots[k], self.home[k]


def _swap(state, a: int, b: int) -> None:
    """Exchange the places of two cards of `state`."""
    where = {card: (pile, index) for _key, pile, index, card in _places(state) if card in (a, b)}
    if a != b and len(where) == 2:
        (pa, ia), (pb, ib) = where[a], where[b]
        pa[ia], pb[ib] = b, a


def _taken(state, groups: Groups) -> list[tuple[int, int]]:
    """(group, card) for each card of a group that left its pile or that a seat may see, top first.

    Updates the groups' homes: the group's pile (or the one hidden pile its cards all moved to)."""
    seen = {attr: visibility != "nobody" for attr, _n, _p, visibility, _g in state._ZONES}
    where = {card: key for key, _pile, _index, card in _places(state)}
    out = []
    for k, slots in groups.slots.items():
        hidden = {where.get(card) for card in slots if where.get(card) is not None and not seen[where[card][0]]}
        home = groups.home.get(k)
        if home not in hidden:
            home = hidden.pop() if len(hidden) == 1 else None
        groups.home[k] = home
        left = [card for card in slots if where.get(card) != home or home is None]
        out += [(k, card) for card in sorted(left, key=lambda c: -slots[c])]
    return out


class ScriptedRng(random.Random):
    """A generator whose picks follow a script and whose shuffles are lazy (see the module).

    `dry` plays the first outcome when the script ends (to set up a state to look at)."""

    def __init__(self, script: list[int], groups: Groups, draws: list[tuple[int, int, int]], dry: bool = False):
        # Not seeded (`random.Random.__init__` is skipped): it never draws a number of its own.
        self.script, self.pos, self.dry = script, 0, dry
        self.groups, self.draws = groups, draws  # draws: (group, taken, drawn), in order
        self.events: list[tuple] = []  # the run's shuffles (with its draws) and picks, for `resample`
        self.state = None
        self.gauss_next = None  # what `getstate` reads, for `clone`

    def bind(self, state) -> None:
        self.state = state

    def shuffle(self, x) -> None:
        groups = self.groups
        if self.state is not None:
            self._draw_before_mixing(x)
        k = groups.count
        groups.count += 1
        for other in list(groups.slots):  # the cards of an older group shuffled again join this one
            for card in x:
                groups.slots[other].pop(card, None)
            if not groups.slots[other]:
                del groups.slots[other], groups.home[other]
        if len(x) < 2:
            self.events.append(("shuffle", k, tuple(x)))
            return
        home = next((key for key, pile in _piles(self.state) if pile is x), None) if self.state is not None else None
        groups.slots[k], groups.home[k] = {card: i for i, card in enumerate(x)}, home
        for group, taken, drawn in self.draws:
            if group == k:
                i, j = x.index(taken), x.index(drawn)
                x[i], x[j] = x[j], x[i]
                groups.resolve(k, taken, drawn)
        self.events.append(("shuffle", k, tuple(x)))  # the pile as the seeded generator would leave it

    def _draw_before_mixing(self, x) -> None:
        """Stop (for the cards to be drawn) if `x` mixes cards of an older group that some of
        its cards left: the group's cards in `x` then depend on which cards left it."""
        mixed = {k for k, slots in self.groups.slots.items() if any(card in slots for card in x)}
        if mixed and any(k in mixed for k, _card in _taken(self.state, self.groups)):
            raise NeedChance([])

    def randrange(self, n, *rest):  # the rules only ask for a seat or a place: randrange(n)
        if self.pos < len(self.script):
            outcome = self.script[self.pos]
            self.pos += 1
            self.events.append(("pick", outcome))
            return outcome
        if self.dry:
            return 0
        raise NeedChance(list(range(n)))


class ExplicitState:
    """A game state whose random events are chance nodes; otherwise the engine API of its game."""

    def __init__(self, cls, players: int, seed: int, readings: dict | None):
        self._cls, self._args = cls, (players, seed, readings)
        self._base = None  # the state before the last decision; None: the set-up itself
        self._base_groups = Groups()  # the lazy shuffles' unknown cards in `_base`
        self._action = None  # the decision the segment replays
        self._script: list[int] = []  # outcomes of the segment's picks so far
        self._draws: list[tuple[int, int, int]] = []  # the segment's cards drawn: (group, taken, drawn)
        self._pending: list[int] | None = None
        self._kind = ""
        self._queue: list[tuple[int, int]] = []  # cards taken, to be drawn: (group, taken)
        self._queue_groups: Groups | None = None  # the groups as the draws of the queue leave them
        self._state = None
        self._groups = Groups()  # the groups of `_state`
        # The match's shuffles (each pile as the seeded generator would have left it, the draws
        # of later segments folded in) and picks up to `_state`: the seeded match it is, for `resample`.
        self._events: tuple = ()
        self.history: list[int] = []  # decisions and chance outcomes, in order
        self._advance()

    # ------------------------------------------------------------ replay
    def _run(self):
        """Run the segment with its outcomes; the state reached (or stopped in), its groups, the
        chance wanted where it stopped and the generator (with the run's events)."""
        groups = self._base_groups.copy()
        earlier = self._base_groups.count  # groups made before the segment: drawn at its start
        for k, taken, drawn in self._draws:
            if k < earlier:
                groups.resolve(k, taken, drawn)
        rng = ScriptedRng(self._script, groups, self._draws)
        if self._base is None:
            try:
                return self._cls(*self._args, rng=rng), groups, None, rng
            except NeedChance as need:
                return rng.state, groups, need, rng
        state = self._base.clone()
        for k, taken, drawn in self._draws:
            if k < earlier:
                _swap(state, taken, drawn)
        state.rng = rng
        rng.bind(state)
        try:
            state.apply(self._action)
        except NeedChance as need:
            return state, groups, need, rng
        return state, groups, None, rng

    def _advance(self) -> None:
        state, groups, need, rng = self._run()
        taken = _taken(state, groups)
        if taken:  # cards taken before the run stopped (or ended): draw them first
            # Only those of the oldest group: the rules may read a drawn card and go another way,
            # where a later group is not made, or made of other cards.  The run is replayed with
            # them drawn before the next group's cards are drawn.
            oldest = min(k for k, _card in taken)
            self._queue, self._queue_groups = [(k, card) for k, card in taken if k == oldest], groups
            self._next_card()
        elif need is not None:
            self._pending, self._kind = need.outcomes, "seat"
        else:
            earlier = [draw for draw in self._draws if draw[0] < self._base_groups.count]
            self._events = _with_draws(self._events, earlier) + tuple(rng.events)
            self._pending, self._state, self._groups = None, state, groups
            self._script, self._draws = [], []
            return
        if self._state is None:  # a state to look at before the first decision
            self._state = self._cls(*self._args, run=False, rng=ScriptedRng([], Groups(), [], dry=True))

    def _next_card(self) -> None:
        k, _taken = self._queue[0]
        self._pending, self._kind = sorted(self._queue_groups.slots[k]), "card"

    # ------------------------------------------------------------ chance API
    def is_chance_node(self) -> bool:
        return self._pending is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability): card ids for a card drawn, seat numbers for a random seat."""
        if self._pending is None:
            return []
        p = 1.0 / len(self._pending)
        return [(outcome, p) for outcome in self._pending]

    @property
    def chance_kind(self) -> str:
        """'card' or 'seat' at a chance node, '' elsewhere."""
        return self._kind if self._pending is not None else ""

    @property
    def chance_slot(self) -> tuple[int, int] | None:
        """At a card's chance node: (which shuffle of the game, the card's index in the pile just
        after it).  The seeded generator's card there is the one the seeded game plays."""
        if self._pending is None or self._kind != "card":
            return None
        k, taken = self._queue[0]
        return k, self._queue_groups.slots[k][taken]

    # ------------------------------------------------------------ engine API
    @property
    def current_player(self) -> int:
        return CHANCE_PLAYER if self._pending is not None else self._state.cur

    def legal_actions(self) -> list[int]:
        if self._pending is not None:
            return list(self._pending)
        return self._state.legal_actions()

    def apply(self, action: int) -> None:
        if type(action) is bool or not isinstance(action, int):
            raise IllegalAction(f"{action!r} is not a legal action here")
        if self._pending is not None:
            if action not in self._pending:
                raise IllegalAction(f"{action!r} is not an outcome of this chance node")
            self.history.append(action)
            if self._kind == "seat":
                self._script = self._script + [action]
                self._advance()
                return
            (k, taken), rest = self._queue[0], self._queue[1:]
            groups = self._queue_groups.copy()
            groups.resolve(k, taken, action)
            self._draws = self._draws + [(k, taken, action)]
            # `taken` now stands where `action` was: if that card was taken too, it is `taken` now.
            rest = [(g, taken if card == action else card) for g, card in rest]
            rest = [(g, card) for g, card in rest if g in groups.slots and card in groups.slots[g]]
            self._queue, self._queue_groups = rest, groups
            if rest:
                self._next_card()
            else:
                self._advance()
            return
        if self._state.done or action not in self._state.legal:
            raise IllegalAction(f"{action!r} is not a legal action here")
        self._base, self._base_groups, self._action = self._state, self._groups, action
        self._script, self._draws = [], []
        self.history.append(action)
        self._advance()

    def is_terminal(self) -> bool:
        return self._pending is None and self._state.done

    def resample(self, seat: int, rng: random.Random) -> "ExplicitState":
        """A world `seat` cannot tell from this state, its hidden cards dealt again (see `resample`).

        The world is a state of explicit chance at the same decision point: the cards it deals
        again are fixed in it (a pile shuffled before and not dealt from yet is in an order drawn
        for the world), and the shuffles after it are chance nodes.  Its `history` holds its
        decisions only: the chance outcomes that would lead to it are not known."""
        return self.resample_with_points(seat, rng)[0]

    def resample_with_points(self, seat: int, rng: random.Random) -> tuple:
        """(`resample(seat, rng)`, the world's game states before each of its decisions so far).

        Before the last decision those are the real states with the hidden cards renamed: a
        variable hidden from `seat` keeps there the value the real cards gave it."""
        if self._pending is not None:
            raise BadArgument("an explicit state is resampled at a decision point, not at a chance node")
        from . import resample as _resample  # it reads this module's helpers: imported when used

        world, events, shuffles, before = _resample.resample_explicit(self._state, seat, rng, self._events)
        c = self.clone()
        c._state, c._base, c._groups, c._base_groups = world, world, Groups(), Groups()
        c._groups.count = c._base_groups.count = shuffles
        c._action, c._script, c._draws, c._queue, c._queue_groups = None, [], [], [], None
        c._events, c.history = events, list(world.history)
        return c, before

    def clone(self) -> "ExplicitState":
        c = object.__new__(ExplicitState)
        c.__dict__.update(self.__dict__)
        c.history = list(self.history)  # the rest is replaced, never changed in place
        return c

    def __deepcopy__(self, memo) -> "ExplicitState":
        return self.clone()  # the states it holds are never changed: sharing them is a copy

    def action_str(self, action: int) -> str:
        if self._pending is not None:
            return f"deal {self._state._CARD_TEXT[action]}" if self._kind == "card" else f"seat {action}"
        return self._state.action_str(action)

    def __getattr__(self, name):
        # Everything else (returns, observation, observation_tensor, n, RULES tables...) is the
        # state's at the last decision point.
        if name.startswith("__") or name in ("_state", "_cls", "_args"):
            raise AttributeError(name)
        return getattr(self._state, name)

    def __repr__(self) -> str:
        where = "a chance node" if self._pending is not None else f"player {self.current_player} to act"
        return f"<{self._state._GAME} state, explicit chance: {where}>"


def _with_draws(events: tuple, draws: list[tuple[int, int, int]]) -> tuple:
    """`events` with each draw (group, taken, drawn) of a later segment made in its shuffle's pile."""
    if not draws:
        return events
    out, k = [], 0
    for event in events:
        if event[0] == "shuffle":
            pile = list(event[2])
            for group, taken, drawn in draws:
                if group == k:
                    i, j = pile.index(taken), pile.index(drawn)
                    pile[i], pile[j] = drawn, taken
            event, k = ("shuffle", k, tuple(pile)), k + 1
        out.append(event)
    return tuple(out)


def explicit_game(cls, players: int, seed: int, readings: dict | None, chance: str):
    """`new_game` in the chance mode asked for ('seeded' or 'explicit')."""
    if chance == "seeded":
        return cls(players, seed, readings)
    if chance != "explicit":
        raise BadArgument(f"chance is 'seeded' or 'explicit', not {chance!r}")
    return ExplicitState(cls, players, seed, readings)
