"""The checked game: the AST plus everything resolved about it (card universe, symbol tables).

Semantics builds a `Model` and hands it on frozen: the compiler and the rule checks read it and
never re-resolve or add to it.  Its tables are read-only mappings and its lists tuples, so a later
stage that tries to change the model fails at once instead of changing what another stage sees.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Optional

from ..ast import nodes as n
from .types import Type

# The card universe is fixed: four suits and thirteen ranks plus the joker.  Games choose which
# of these cards exist (decks, jokers) and in which orders they rank.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Joker")
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
JOKER = RANK_INDEX["Joker"]
SUITS = ("♠", "♥", "♦", "♣")
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
SUIT_WORDS = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}
COLORS = ("black", "red")
SUIT_COLOR = (0, 1, 1, 0)
STANDARD_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def rank_texts(names: tuple[str, ...]) -> tuple[str, ...]:
    """What each rank number is called: the standard words, or a deck's own names (`ranks asso 2
    ... re`) in the places of 2, 3, ... with the joker's place kept (an unused place is "")."""
    if not names:
        return RANKS
    return tuple(names) + ("",) * (JOKER - len(names)) + ("Joker",)


def rank_index(names: tuple[str, ...]) -> dict[str, int]:
    """The rank number each rank word of a game stands for."""
    return RANK_INDEX if not names else {r: i for i, r in enumerate(rank_texts(names)) if r}


def face_value(text: str) -> int | None:
    """A rank named by a number is worth that number (`value points: 2..7=face`)."""
    return int(text) if text.isdigit() else None


@dataclass(frozen=True)
class Card:
    id: int
    rank: int
    suit: int  # -1 for a joker
    copy: int  # which deck it comes from
    suit_text: str = ""  # the suit's name when the game names its suits (`suits coins cups ...`)
    rank_name: str = ""  # the rank's name when the deck declares its ranks (`ranks asso 2 ... re`)

    @property
    def kind(self) -> int:
        return self.rank * 5 + (self.suit + 1)

    def text(self) -> str:
        if self.rank == JOKER:
            return "Joker"
        rank = self.rank_name or RANKS[self.rank]
        if self.suit_text:
            return f"{rank} {self.suit_text}"
        return rank + SUITS[self.suit]


@dataclass(frozen=True)
class DeckConfig:
    when: Optional[n.Expr]
    cards: tuple[int, ...]
    line: int


@dataclass(frozen=True)
class LocalVar:
    name: str
    type: Type
    line: int


_MAPPINGS = ("orders", "values", "zones", "vars", "locals", "ambiguities", "scorings", "sources")
_SEQUENCES = ("players", "cards", "decks", "options", "suit_names", "rank_names")


# slots: no instance `__dict__` to hide state in; weakref: later stages may keep caches keyed on a model.
@dataclass(frozen=True, eq=False, slots=True, weakref_slot=True)
class Model:
    game: n.Game
    players: tuple[int, ...]
    cards: tuple[Card, ...]
    decks: tuple[DeckConfig, ...]
    orders: Mapping[str, tuple[int, ...]]  # name ("" = default) -> position of each rank, -1 if unranked
    values: Mapping[str, tuple]  # table name -> value per card id (None = no value)
    zones: Mapping[str, n.Zone]
    vars: Mapping[str, n.Var]
    locals: Mapping[str, LocalVar] = field(default_factory=dict)  # every name a statement binds, with its type
    ambiguities: Mapping[str, n.Ambiguity] = field(default_factory=dict)
    scorings: Mapping[str, n.Scoring] = field(default_factory=dict)
    # every named option of every choice, in action order (`pass` included when a bid has one)
    options: tuple[str, ...] = ()
    # the bid values with a name (`with 0 called "nil"`), as (value, name) pairs
    bid_names: tuple[tuple[int, str], ...] = ()
    # the options chosen together with a suit (`call with suit`), in order of appearance
    suited_options: tuple[str, ...] = ()
    sources: Mapping[str, str] = field(default_factory=dict)
    # the suits' names (`suits coins cups swords batons`); empty: the symbols ♠ ♥ ♦ ♣
    suit_names: tuple[str, ...] = ()
    # the ranks' names, lowest first (`ranks asso 2 3 4 5 6 7 fante cavallo re`); empty: 2..A
    rank_names: tuple[str, ...] = ()

    def suit_text(self, suit: int) -> str:
        return self.suit_names[suit] if suit < len(self.suit_names) else SUITS[suit]

    def rank_text(self, rank: int) -> str:
        return rank_texts(self.rank_names)[rank]

    @property
    def rank_index(self) -> dict[str, int]:
        return rank_index(self.rank_names)

    def __post_init__(self):
        for name in _MAPPINGS:
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))
        for name in _SEQUENCES:
            object.__setattr__(self, name, tuple(getattr(self, name)))

    def reading_index(self, ambiguity: str, reading: str) -> int:
        return [r.name for r in self.ambiguities[ambiguity].readings].index(reading)

    def default_reading(self, ambiguity: str) -> str:
        amb = self.ambiguities[ambiguity]
        return amb.default or amb.readings[0].name
