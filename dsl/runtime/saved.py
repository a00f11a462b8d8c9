"""What each field of a saved state may hold, checked before `from_json` restores it.

A saved state is data from anywhere: a field of the wrong type or range would load, then break
`to_json`, `observation` or play with a bare Python error. Each engine declares the shape of
every field the compiler gave it (`State._FIELD_SHAPES`, one short text per field); the fields
every engine has are declared here. A shape reads left to right:

- `?` first: the value may be `None` (at that level);
- `[players]`, `[owners]` (the seats, and a house after them), `[hits]` (the engine's counters):
  a list of exactly that many entries; `[]`: a list of any length; each entry of the shape that
  follows;
- then one kind: `int`, `count` (0 or more), `bool`, `card` (an id of the game's cards), `seat`,
  `suit`, `rank`, `color`, `option`, `team`, `block` (a block of the state machine), `turn` (a
  seat, or -1 for nobody), `held` (a card held back in a simultaneous pass: card, owner, chooser)
  or `data` (numbers, booleans, none and lists of them, as the lowering's own bookkeeping holds).

The cards of the zones (and those held back) must be cards of the deck the state was dealt, each
in one place only: every card of a deck is one physical card, even a twin of another deck's.
"""

from __future__ import annotations

from .errors import LOOP_GUARD, BadArgument

# The integers a JSON reader carries exactly: far beyond any count or score of a real match.
INT_BOUND = 2**53
# How deep the lowering's own lists go (a loop over groups of cards: a list of lists of cards).
DATA_DEPTH = 4

# The fields every engine has, besides those set from the player count, seed and readings.
BASE_SHAPES = {
    "pc": "block",
    "cur": "turn",
    "legal": "[]count",
    "choice": "int",
    "decisions": "count",
    "done": "bool",
    "history": "[]count",
    "hits": "[hits]count",
    "led": "?suit",
    "winner": "?seat",
    "tricks": "count",
    "deals": "count",
    "asked_at": "count",
}
# Fields a fresh state is built from (the readings may name only some ambiguities: the others
# take their default), and the deck it deals, which the player count chooses.
SET_UP_FIELDS = ("n", "seed", "readings", "cards")
COMPARED_FIELDS = ("n", "seed", "cards")


class _Refusal(Exception):
    """Why a value does not fit its shape (turned into a `BadArgument` naming the field)."""


def refuse(name: str, why: str) -> BadArgument:
    return BadArgument(f"field '{name}' of this saved state {why}")


def check_set_up(cls, fields: dict) -> None:
    """The player count, seed and readings, checked before a fresh state is built from them."""
    players = fields.get("n")
    if not _is_int(players) or players not in cls._PLAYERS:
        counts = ", ".join(map(str, cls._PLAYERS))
        raise refuse("n", f"should be a player count of this game ({counts}), not {_shown(players)}")
    seed = fields.get("seed")
    if seed is not None and (not _is_int(seed) or abs(seed) > INT_BOUND):
        raise refuse("seed", f"should be a whole number or none, not {_shown(seed)}")
    readings = fields.get("readings")
    if readings is not None and (
        not isinstance(readings, dict)
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in readings.items())
    ):
        raise refuse("readings", f"should map each ambiguity's name to a reading, not {_shown(readings)}")


def check_fields(state, fields: dict) -> None:
    """Refuse (`BadArgument`) the first field that does not hold what its shape says."""
    cls = type(state)
    shapes = shapes_of(cls)
    for name in COMPARED_FIELDS + tuple(name for name in fields if name.startswith("r_")):
        if name in fields and fields[name] != getattr(state, name):
            raise refuse(name, "does not match the player count, seed and readings it was saved with")
    limits = _Limits(state)
    for name, value in fields.items():
        if name in SET_UP_FIELDS or name.startswith("r_") or name == "rng":
            continue
        shape = shapes.get(name)
        if shape is None:
            raise refuse(name, "is not a field this engine declares (compile the engine again)")
        try:
            _check(value, shape, limits, DATA_DEPTH)
        except _Refusal as why:
            raise refuse(name, str(why)) from None
    _check_cards_once(cls, fields, set(state.cards))
    _check_decision(cls, fields)


def _check_decision(cls, fields: dict) -> None:
    """A match still going waits for a seat with something to choose; an ended one for nobody."""
    done, cur, legal = fields.get("done"), fields.get("cur"), fields.get("legal")
    if done and (cur != -1 or legal):
        raise refuse("done", "says the match ended, yet a seat is to move or has actions to choose")
    if not done and cur == -1:
        raise refuse(
            "cur",
            "names nobody to move in a match that has not ended (a state saved at a chance node comes back"
            " with serialize and deserialize, not from_json)",
        )
    if not done and not legal:
        raise refuse("legal", "offers nothing to choose to the seat to move: a match going on always does")
    if legal is not None and len(set(legal)) != len(legal):
        raise refuse("legal", "offers the same action twice")
    if legal and cls._N_ACTIONS is not None and max(legal) >= cls._N_ACTIONS:
        raise refuse("legal", f"offers action {max(legal)}, beyond the game's {cls._N_ACTIONS} actions")


def shapes_of(cls) -> dict:
    """Every field's shape: the base fields' and the engine's own (see the module's text)."""
    return {**BASE_SHAPES, **dict(cls._FIELD_SHAPES)}


class _Limits:
    """The ranges of the kinds for one state: its table, deck and machine."""

    def __init__(self, state):
        cls = type(state)
        n = state.n
        owners = n + 1 if (cls._OBSERVED or {}).get("house") else n
        self.lengths = {"players": n, "owners": owners, "hits": cls._N_HITS}
        teams = (cls._OBSERVED or {}).get("teams", 0)
        # Jokers have no suit, rank or colour (-1): a variable read from one may hold it.
        self.ranges = {
            "card": (0, len(cls._CARD_TEXT) - 1, "a card id"),
            "seat": (0, owners - 1, "a seat"),
            "turn": (-1, n - 1, "a seat or -1"),
            "suit": (-1, len(cls._SUIT_TEXT) - 1, "a suit"),
            "rank": (-1, len(cls._RANK_TEXT) - 1, "a rank"),
            "color": (-1, 1, "a colour"),
            "option": (0, len(cls._OPTIONS) - 1, "an option"),
            "team": (0, teams - 1, "a team"),
            "block": (0, len(cls._BLOCKS) - 1, "a block of the rules"),
            "count": (0, INT_BOUND, "a count"),
            "pass": (0, LOOP_GUARD - 1, "a pass of a counted loop"),
            "int": (-INT_BOUND, INT_BOUND, "a whole number"),
        }


def _check(value, shape: str, limits: _Limits, depth: int) -> None:
    if shape.startswith("?"):
        if value is None:
            return
        shape = shape[1:]
    if shape.startswith("["):
        size, element = shape[1:].split("]", 1)
        if not isinstance(value, list):
            raise _Refusal(f"should be a list, not {_shown(value)}")
        if size and len(value) != limits.lengths[size]:
            raise _Refusal(f"should hold {limits.lengths[size]} entries (one per {size[:-1]}), not {len(value)}")
        for entry in value:
            _check(entry, element, limits, depth)
        return
    if shape == "bool":
        if not isinstance(value, bool):
            raise _Refusal(f"should be true or false, not {_shown(value)}")
    elif shape == "held":
        if not (isinstance(value, list) and len(value) == 3):
            raise _Refusal(f"should hold [card, owner, chooser] for each card held back, not {_shown(value)}")
        _check(value[0], "card", limits, depth)
        _check(value[1], "?seat", limits, depth)
        _check(value[2], "seat", limits, depth)
    elif shape == "data":
        _check_data(value, depth)
    else:
        low, high, what = limits.ranges[shape]
        if not _is_int(value) or not low <= value <= high:
            raise _Refusal(f"holds {_shown(value)} where {what} from {low} to {high} belongs")


def _check_data(value, depth: int) -> None:
    if value is None or isinstance(value, bool):
        return
    if _is_int(value):
        if abs(value) > INT_BOUND:
            raise _Refusal(f"holds {_shown(value)}, a number beyond {INT_BOUND}")
        return
    if isinstance(value, list) and depth > 0:
        for entry in value:
            _check_data(entry, depth - 1)
        return
    raise _Refusal(f"holds {_shown(value)} where numbers, true, false, none or lists of them belong")


def _check_cards_once(cls, fields: dict, deck: set) -> None:
    """Every card of the zones and of the held-back picks is a card of the deck, once."""
    seen: dict = {}
    places = [(attr, _flat(fields[attr])) for attr, *_ in cls._ZONES]
    places += [(attr, [entry[0] for entry in fields[attr]]) for attr in (cls._OBSERVED or {}).get("held", ())]
    for attr, cards in places:
        for card in cards:
            if card not in deck:
                raise refuse(attr, f"holds card {card}, which is not in the deck of this game at this table")
            if card in seen:
                where = "twice" if seen[card] == attr else f"and so does field '{seen[card]}'"
                raise refuse(attr, f"holds card {card} ({cls._CARD_TEXT[card]}) {where}: a card is in one place only")
            seen[card] = attr


def _flat(value) -> list:
    if isinstance(value, list):
        return [card for entry in value for card in _flat(entry)]
    return [value]


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
