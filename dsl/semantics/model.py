"""The checked game: the AST plus everything resolved about it (card universe, symbol tables).

The checker builds a `Model`; the compiler and the rule checks read it and never re-resolve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ..ast import nodes as n

# The card universe is fixed: four suits and thirteen ranks plus the joker.  Games choose which
# of these cards exist (decks, jokers) and in which orders they rank.
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Joker")
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
JOKER = RANK_INDEX["Joker"]
FACE_VALUE = {i: (int(r) if r.isdigit() else None) for i, r in enumerate(RANKS)}
SUITS = ("♠", "♥", "♦", "♣")
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
SUIT_WORDS = {"spades": 0, "hearts": 1, "diamonds": 2, "clubs": 3}
COLORS = ("black", "red")
SUIT_COLOR = (0, 1, 1, 0)
STANDARD_ORDER = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class Card:
    id: int
    rank: int
    suit: int  # -1 for a joker
    copy: int  # which deck it comes from

    @property
    def kind(self) -> int:
        return self.rank * 5 + (self.suit + 1)

    def text(self) -> str:
        if self.rank == JOKER:
            return "Joker"
        return RANKS[self.rank] + SUITS[self.suit]


@dataclass
class DeckConfig:
    when: Optional[n.Expr]
    cards: tuple[int, ...]
    line: int


@dataclass
class LocalVar:
    name: str
    type: str
    line: int


@dataclass
class Model:
    game: n.Game
    players: list[int]
    cards: list[Card]
    decks: list[DeckConfig]
    orders: dict[str, tuple[int, ...]]  # name ("" = default) -> position of each rank, -1 if unranked
    values: dict[str, tuple]  # table name -> value per card id (None = no value)
    zones: dict[str, n.Zone]
    vars: dict[str, n.Var]
    locals: dict[str, LocalVar] = field(default_factory=dict)
    ambiguities: dict[str, n.Ambiguity] = field(default_factory=dict)
    scorings: dict[str, n.Scoring] = field(default_factory=dict)
    options: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    def reading_index(self, ambiguity: str, reading: str) -> int:
        return [r.name for r in self.ambiguities[ambiguity].readings].index(reading)

    def default_reading(self, ambiguity: str) -> str:
        amb = self.ambiguities[ambiguity]
        return amb.default or amb.readings[0].name
