"""Observation tensors of a seat, derived from the zone and variable tables of a generated engine.

The layout is fixed by the rule file and the number of players (see docs/OBSERVATIONS.md):
seats are counted from the observer (0 = the observer, 1 = the next seat...), a zone the seat
may see is a presence plane of the deck size, a zone it may not see is one count, and each
variable it may see is a one-hot or a plain number.  Nothing hidden from the seat is read, so
permuting the hidden cards leaves its tensor unchanged.  Plain lists of floats: no numpy.

A game with teams, a house, knocked-out seats or simultaneous passes says so in
`State._OBSERVED` (written by the compiler, which computes `RULES`' shapes from the same
description): the house's entry follows the seats' in every per-player zone and variable, and
the teams, the seats out and the seat's own held-back picks follow the led suit.  A game
without them keeps the layout it always had.
"""

from __future__ import annotations

N_SUITS = 4
HOUSE = "house"  # the label of the house's entry in a per-player slot


class Extras:
    """What the observation shows beyond zones and variables (`State._OBSERVED`, all optional)."""

    __slots__ = ("teams", "house", "out", "held")

    def __init__(self, described: dict | None):
        described = described or {}
        self.teams: int = described.get("teams", 0)  # the number of teams; 0: no teams
        self.house: bool = described.get("house", False)
        self.out: bool = described.get("out", False)  # whether seats can be knocked out
        self.held: tuple = tuple(described.get("held", ()))  # fields of the held-back picks


def extras_of(state) -> Extras:
    return Extras(state._OBSERVED)


def _owners(per_player: bool, n_players: int, house: bool) -> list:
    """The entries of a slot: None for a shared one, else the relative seats, then the house."""
    if not per_player:
        return [None]
    return list(range(n_players)) + ([HOUSE] if house else [])


def _label(name: str, owner) -> str:
    if owner is None:
        return name
    return f"{name}[{owner}]" if owner == HOUSE else f"{name}[+{owner}]"


def _sees(visibility: str, per_player: bool, owner) -> bool:
    """Whether the observer sees a slot: a public one, or its own (relative 0) `seen by owner`
    one.  No seat owns the house's entry: of that, it sees the public zones and variables only."""
    return visibility == "everyone" or (visibility == "owner" and per_player and owner == 0)


def _var_width(type_: str, n_players: int, n_cards: int, n_options: int, house: bool = False) -> int:
    """Floats a single value takes: a one-hot with a last slot for `none`, or one number.  A
    player value of a game with a house may name the house: a slot of its own, before `none`."""
    if type_ == "player":
        return n_players + 1 + int(house)
    if type_ == "suit":
        return N_SUITS + 1
    if type_ == "card":
        return n_cards + 1
    if type_ == "option":
        return n_options + 1
    return 1  # int, bool


def layout(
    zones: tuple, vars_: tuple, n_cards: int, n_options: int, n_players: int, described: dict | None = None
) -> list[tuple[str, int]]:
    """(name of the slice, its width), in tensor order."""
    ex = Extras(described)
    parts: list[tuple[str, int]] = []
    for _attr, name, per_player, visibility, _grouped in zones:
        for owner in _owners(per_player, n_players, ex.house):
            if _sees(visibility, per_player, owner):
                parts.append((f"{_label(name, owner)} cards", n_cards))
            else:
                parts.append((f"{_label(name, owner)} count", 1))
    for _attr, name, per_player, type_, _visibility in vars_:
        width = _var_width(type_, n_players, n_cards, n_options, ex.house)
        for owner in _owners(per_player, n_players, ex.house):
            parts.append((_label(name, owner), width))
    parts.append(("current player", n_players + 1))
    parts.append(("led suit", N_SUITS + 1))
    if ex.teams:
        parts.extend((f"team[+{k}]", ex.teams) for k in range(n_players))
    if ex.out:
        parts.append(("out", n_players))
    if ex.held:
        parts.append(("held back[+0] cards", n_cards))
        parts.extend((f"held back[+{k}] count", 1) for k in range(1, n_players))
    return parts


def tensor_size(
    zones: tuple, vars_: tuple, n_cards: int, n_options: int, n_players: int, described: dict | None = None
) -> int:
    return sum(width for _name, width in layout(zones, vars_, n_cards, n_options, n_players, described))


def _flat_cards(cards) -> list[int]:
    return [c for g in cards for c in g] if cards and isinstance(cards[0], list) else list(cards)


def _one_hot(out: list, index, width: int) -> None:
    """`index` None (or out of range) marks the last slot, the `none` of the value."""
    block = [0.0] * width
    block[index if index is not None and 0 <= index < width - 1 else width - 1] = 1.0
    out.extend(block)


def _value(out: list, type_: str, value, seat: int, n: int, width: int) -> None:
    if type_ == "player":
        # The house is seat number n in the rules' code: its own slot, after the seats'.
        relative = None if value is None else n if value == n else (value - seat) % n
        _one_hot(out, relative, width)
    elif type_ in ("suit", "card", "option"):
        _one_hot(out, value, width)
    elif value is None:
        out.append(0.0)
    else:
        out.append(float(value))


def _entries(value, per_player: bool, seat: int, n: int, house: bool) -> list:
    """(owner as `_owners` names it, the entry's value): relative seats, then the house."""
    if not per_player:
        return [(None, value)]
    entries = [(k, value[(seat + k) % n]) for k in range(n)]
    return entries + [(HOUSE, value[n])] if house else entries


def held_back(state, chooser: int, ex: Extras | None = None) -> list[int]:
    """The cards `chooser` picked in the simultaneous pass in progress, not delivered yet."""
    ex = ex or extras_of(state)
    return [card for attr in ex.held for card, _dest, by in getattr(state, attr) if by == chooser]


class _Plan:
    """The slots of one engine's tensor for one seat at one player count, worked out once: per
    zone and variable, the index of each entry in its list (None: a shared one) and whether the
    seat sees it.  The tensor is read often (every decision of a learning run)."""

    __slots__ = ("extras", "zones", "vars")

    def __init__(self, cls, n: int, seat: int):
        ex = self.extras = Extras(cls._OBSERVED)

        def entries(per_player: bool, visibility: str) -> list[tuple]:
            return [
                (
                    None if owner is None else n if owner == HOUSE else (seat + owner) % n,
                    _sees(visibility, per_player, owner),
                )
                for owner in _owners(per_player, n, ex.house)
            ]

        self.zones = [(attr, entries(per_player, vis)) for attr, _name, per_player, vis, _grouped in cls._ZONES]
        n_cards, n_options = cls._N_CARDS, len(cls._OPTIONS)
        self.vars = [
            (attr, type_, _var_width(type_, n, n_cards, n_options, ex.house), entries(per_player, vis))
            for attr, _name, per_player, type_, vis in cls._VARS
        ]


_PLANS: dict = {}


def _plan_of(state, seat: int) -> _Plan:
    key = (type(state), state.n, seat)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _Plan(type(state), state.n, seat)
    return plan


def observation_tensor(state, seat: int) -> list[float]:
    """The tensor of what `seat` may know of `state`, laid out as `layout` says."""
    n, n_cards = state.n, state._N_CARDS
    plan = _plan_of(state, seat)
    out: list[float] = []
    for attr, entries in plan.zones:
        value = getattr(state, attr)
        for index, visible in entries:
            flat = _flat_cards(value if index is None else value[index])
            if visible:
                plane = [0.0] * n_cards
                for c in flat:
                    plane[c] = 1.0
                out.extend(plane)
            else:
                out.append(float(len(flat)))
    for attr, type_, width, entries in plan.vars:
        value = getattr(state, attr)
        for index, visible in entries:
            if visible:
                _value(out, type_, value if index is None else value[index], seat, n, width)
            else:
                out.extend([0.0] * width)
    _one_hot(out, None if state.cur < 0 else (state.cur - seat) % n, n + 1)
    _one_hot(out, state.led, N_SUITS + 1)
    _extras_tensor(out, state, seat, plan.extras)
    return out


def _extras_tensor(out: list, state, seat: int, ex: Extras) -> None:
    """The teams of the seats (every join is a statement of the rules, seen by all), the seats
    knocked out, and the seat's own held-back picks with how many each other seat holds back."""
    n, n_cards = state.n, state._N_CARDS
    relative_seats = [(seat + k) % n for k in range(n)]
    if ex.teams:
        for other in relative_seats:  # every seat is in a team: no `none` slot
            block = [0.0] * ex.teams
            block[state.team[other]] = 1.0
            out.extend(block)
    if ex.out:
        out.extend(1.0 if state.out[other] else 0.0 for other in relative_seats)
    if ex.held:
        plane = [0.0] * n_cards
        for card in held_back(state, seat, ex):
            plane[card] = 1.0
        out.extend(plane)
        out.extend(float(len(held_back(state, other, ex))) for other in relative_seats[1:])


def observed_facts(state, seat: int) -> dict:
    """The entries of `state.observation(seat)` beyond zones and variables, for the games that
    have them: the teams now, the seats out, the cards held back (the seat's own as cards, the
    others' as counts)."""
    ex = extras_of(state)
    facts: dict = {}
    if ex.teams:
        facts["teams"] = state.teams()
    if ex.out:
        facts["out"] = [other for other in range(state.n) if state.out[other]]
    if ex.held:
        facts["held_back"] = [
            state._cards_text(held_back(state, other, ex))
            if other == seat
            else {"hidden": True, "count": len(held_back(state, other, ex))}
            for other in range(state.n)
        ]
    return facts


# ------------------------------------------------------------ information state
# A seat's information state is its observation history, which has no fixed length; the tensor
# keeps a fixed-size summary of it: the observation now, then per seat (relative, `+0` first) a
# presence plane of the cards that seat was seen to play, then the counts of the seat's own
# actions.  Every part only grows along a game: what the seat saw stays set.


def information_state_size(tensor: int, n_cards: int, n_actions: int, n_players: int) -> int:
    """The length of the information-state tensor, given the observation tensor's length."""
    return tensor + n_players * n_cards + n_actions


def visible_cards(state, seat: int) -> set[int]:
    """The cards in the zones `seat` may see (the same zones as its observation tensor)."""
    n, house, seen = state.n, extras_of(state).house, set()
    for attr, _name, per_player, visibility, _grouped in state._ZONES:
        for owner, cards in _entries(getattr(state, attr), per_player, seat, n, house):
            if _sees(visibility, per_player, owner):
                seen.update(_flat_cards(cards))
    return seen


def information_state_tensor(points, current, seat: int, n_actions: int, seen=visible_cards) -> list[float]:
    """The information-state tensor of `seat`.

    `points` lists the decisions so far as (state before it, seat that acted, action); `current` is
    the state now.  A card a seat chose is "seen played" by `seat` if it is its own, or if the card
    lies in a zone `seat` may see at the next decision point.  `seen(state, seat)` gives that set
    (a caller may cache it per state)."""
    n, n_cards = current.n, current._N_CARDS
    out = observation_tensor(current, seat)
    planes = [0.0] * (n * n_cards)
    counts = [0.0] * n_actions
    for i, (_before, actor, action) in enumerate(points):
        relative = (actor - seat) % n
        if relative == 0:
            counts[action] += 1.0
        if action < n_cards:
            after = points[i + 1][0] if i + 1 < len(points) else current
            if relative == 0 or action in seen(after, seat):
                planes[relative * n_cards + action] = 1.0
    out.extend(planes)
    out.extend(counts)
    return out
