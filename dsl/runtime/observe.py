"""Observation tensors of a seat, derived from the zone and variable tables of a generated engine.

The layout is fixed by the rule file and the number of players (see docs/OBSERVATIONS.md):
seats are counted from the observer (0 = the observer, 1 = the next seat...), a zone the seat
may see is a presence plane of the deck size, a zone it may not see is one count, and each
variable it may see is a one-hot or a plain number.  Nothing hidden from the seat is read, so
permuting the hidden cards leaves its tensor unchanged.  Plain lists of floats: no numpy.
"""

from __future__ import annotations

N_SUITS = 4


def _sees_zone(visibility: str, per_player: bool, relative_owner: int) -> bool:
    return visibility == "everyone" or (visibility == "owner" and per_player and relative_owner == 0)


def _var_width(type_: str, n_players: int, n_cards: int, n_options: int) -> int:
    """Floats a single value takes: a one-hot with a last slot for `none`, or one number."""
    if type_ == "player":
        return n_players + 1
    if type_ == "suit":
        return N_SUITS + 1
    if type_ == "card":
        return n_cards + 1
    if type_ == "option":
        return n_options + 1
    return 1  # int, bool


def layout(zones: tuple, vars_: tuple, n_cards: int, n_options: int, n_players: int) -> list[tuple[str, int]]:
    """(name of the slice, its width), in tensor order."""
    parts: list[tuple[str, int]] = []
    for _attr, name, per_player, visibility, _grouped in zones:
        owners = range(n_players) if per_player else [None]
        for owner in owners:
            label = name if owner is None else f"{name}[+{owner}]"
            if _sees_zone(visibility, per_player, owner or 0):
                parts.append((f"{label} cards", n_cards))
            else:
                parts.append((f"{label} count", 1))
    for _attr, name, per_player, type_, _visibility in vars_:
        width = _var_width(type_, n_players, n_cards, n_options)
        for owner in range(n_players) if per_player else [None]:
            parts.append((name if owner is None else f"{name}[+{owner}]", width))
    parts.append(("current player", n_players + 1))
    parts.append(("led suit", N_SUITS + 1))
    return parts


def tensor_size(zones: tuple, vars_: tuple, n_cards: int, n_options: int, n_players: int) -> int:
    return sum(width for _name, width in layout(zones, vars_, n_cards, n_options, n_players))


def _flat_cards(cards) -> list[int]:
    return [c for g in cards for c in g] if cards and isinstance(cards[0], list) else list(cards)


def _one_hot(out: list, index, width: int) -> None:
    """`index` None (or out of range) marks the last slot, the `none` of the value."""
    block = [0.0] * width
    block[index if index is not None and 0 <= index < width - 1 else width - 1] = 1.0
    out.extend(block)


def _value(out: list, type_: str, value, seat: int, n: int, width: int) -> None:
    if type_ == "player":
        _one_hot(out, None if value is None else (value - seat) % n, width)
    elif type_ in ("suit", "card", "option"):
        _one_hot(out, value, width)
    elif value is None:
        out.append(0.0)
    else:
        out.append(float(value))


def observation_tensor(state, seat: int) -> list[float]:
    """The tensor of what `seat` may know of `state`, laid out as `layout` says."""
    n, n_cards, n_options = state.n, state._N_CARDS, len(state._OPTIONS)
    out: list[float] = []
    for attr, _name, per_player, visibility, _grouped in state._ZONES:
        value = getattr(state, attr)
        piles = [(k, value[(seat + k) % n]) for k in range(n)] if per_player else [(0, value)]
        for relative, cards in piles:
            flat = _flat_cards(cards)
            if _sees_zone(visibility, per_player, relative):
                plane = [0.0] * n_cards
                for c in flat:
                    plane[c] = 1.0
                out.extend(plane)
            else:
                out.append(float(len(flat)))
    for attr, _name, per_player, type_, visibility in state._VARS:
        width = _var_width(type_, n, n_cards, n_options)
        value = getattr(state, attr)
        entries = [(k, value[(seat + k) % n]) for k in range(n)] if per_player else [(0, value)]
        for relative, v in entries:
            visible = visibility == "everyone" or (visibility == "owner" and per_player and relative == 0)
            if visible:
                _value(out, type_, v, seat, n, width)
            else:
                out.extend([0.0] * width)
    _one_hot(out, None if state.cur < 0 else (state.cur - seat) % n, n + 1)
    _one_hot(out, state.led, N_SUITS + 1)
    return out


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
    n, seen = state.n, set()
    for attr, _name, per_player, visibility, _grouped in state._ZONES:
        value = getattr(state, attr)
        piles = [(k, value[(seat + k) % n]) for k in range(n)] if per_player else [(0, value)]
        for relative, cards in piles:
            if _sees_zone(visibility, per_player, relative):
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
