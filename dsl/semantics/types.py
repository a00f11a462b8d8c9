"""The types of the language: what every expression of a rule file is, as the checker finds it.

A `Type` is a `str` enum, so a type still compares equal to its name (`Type.CARD == "card"`) and
reads as its name in messages and in generated code.  `None` stands for "no type": an expression
whose error has already been reported.
"""

from __future__ import annotations

from enum import StrEnum


class Type(StrEnum):
    INT = "int"
    BOOL = "bool"
    PLAYER = "player"
    SUIT = "suit"
    CARD = "card"
    RANK = "rank"
    COLOR = "color"
    OPTION = "option"
    STR = "str"
    NONE = "none"  # the literal `none`, which any nullable type accepts
    # collections
    CARDS = "cards"  # a list of cards (a zone, a filter)
    GROUPS = "groups"  # a grouped zone: a list of groups of cards
    PLAYERS = "players"
    RANKS = "ranks"  # the ranks of the game's cards (`for each rank r`)
    INTS = "ints"  # a per-player number seen whole, e.g. `max(total)`
    LIST = "list"  # a literal tuple of numbers
    PER_PLAYER = "per-player"  # a per-player variable of another type, named without its owner
    TEAM = "team"  # a team of a game that declares teams (`team of p`, a team name)
    TEAMS = "teams"  # the teams that have members (`for each team t`)

    # A type written into generated code must read as the plain name it stands for, so an engine
    # compiled from the same rules is the same text whether its types were enums or strings.
    __repr__ = str.__repr__


#: the types a `var` may be declared with
DECLARABLE = frozenset({Type.INT, Type.BOOL, Type.PLAYER, Type.SUIT, Type.CARD, Type.RANK, Type.OPTION})
#: the types `none` may stand for
NULLABLE = frozenset({Type.SUIT, Type.PLAYER, Type.CARD, Type.RANK, Type.OPTION, Type.TEAM})
#: the collections, which compare only for (in)equality
COLLECTIONS = frozenset({Type.CARDS, Type.GROUPS, Type.PLAYERS, Type.RANKS, Type.INTS, Type.LIST, Type.TEAMS})
#: what `for each x in ...` binds `x` to, by the type of what is gone through
ELEMENT = {
    Type.CARDS: Type.CARD,
    Type.PLAYERS: Type.PLAYER,
    Type.RANKS: Type.RANK,
    Type.LIST: Type.INT,
    Type.TEAMS: Type.TEAM,
}
