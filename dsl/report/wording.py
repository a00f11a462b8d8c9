"""The grammar of messages: one place that knows articles and plurals.

Type names are nouns (`int`, `option`) or already plural (`ints`, `cards`); a message says
"an int", "an option", "ints" and "1 player" / "2 players" through these helpers.
"""

from __future__ import annotations

# Type names that already name many things: they take no article.
_PLURAL_NOUNS = frozenset({"ints", "cards", "groups", "players", "ranks"})
_PHRASES = {"list": "a list of numbers", "per-player": "a per-player value", "none": "none"}


def a(noun: str) -> str:
    """`noun` with its indefinite article: "an int", "a card", "cards" (a plural takes none)."""
    noun = str(noun)
    if noun in _PHRASES:
        return _PHRASES[noun]
    if noun in _PLURAL_NOUNS:
        return noun
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def either(*nouns: str) -> str:
    """Alternatives with their articles: "an int or a list of numbers"."""
    return " or ".join(a(noun) for noun in nouns)


def count(number: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun agreeing: "1 player", "3 players"."""
    return f"{number} {noun if number == 1 else (plural or noun + 's')}"
