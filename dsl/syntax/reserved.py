"""The reserved words: the words the parser reads as keywords wherever a name could stand, the
values `true`, `false`, `none`, the suit words and the built-in names.

A rule file may not use one as the name of a zone, a variable, a loop or decision variable or an
option: the parser would read it as the keyword (`best = 3` does not parse) or the name would
hide the built-in meaning (an option `spades` would stop being a suit).  Other words of the
grammar (`deck`, `hand`, `from`...) are keywords only where a name cannot stand, so they stay
free; `tests/test_language_bugs.py` checks this list against the grammar.
"""

from __future__ import annotations

KEYWORDS = frozenset(
    "all any best cards count deal draw eliminate end for gap gather highest if move not players printed random "
    "reading repeat scoring shuffle sum trick value while".split()
)
VALUES = frozenset({"true", "false", "none"})
SUIT_NAMES = frozenset({"spades", "hearts", "diamonds", "clubs"})
BUILTIN_VALUES = frozenset({"led", "winner", "player_count"})
RESERVED_WORDS = KEYWORDS | VALUES | SUIT_NAMES | BUILTIN_VALUES


def reserved_message(name: str, kind: str) -> str:
    return f"'{name}' is a reserved word of the language and cannot name {kind}"


def reserved_hint(name: str) -> str:
    return f"choose another name, e.g. '{name}_'; the language reference lists the reserved words"
