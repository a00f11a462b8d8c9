"""The tables of the standard deck, shared by every engine whose rule file deals it unchanged.

A generated engine names each card by an id and looks its rank, suit, colour and kind up in
tables. For the 52 cards of the standard deck in their usual order (spades, hearts, diamonds,
clubs; 2 up to the ace in each; id = 13 * suit + rank), with or without jokers after them, those
tables are always the same, so the compiler has the engine take them from here instead of
writing them out again. A deck with named suits, cards left out or two packs keeps its own.
"""

from __future__ import annotations

SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "Joker")
JOKER_RANK = 13
SUIT_COLOR = (0, 1, 1, 0)  # black spades and clubs, red hearts and diamonds


def standard_deck(jokers: int) -> tuple[tuple, tuple, tuple, tuple, tuple]:
    """(CARD_TEXT, RANK, SUIT, COLOR, KIND) of the standard deck followed by `jokers` jokers,
    built once per number of jokers and shared. Identical cards share a kind: the jokers do."""
    tables = _BUILT.get(jokers)
    if tables is None:
        tables = _BUILT[jokers] = _build(jokers)
    return tables


_BUILT: dict[int, tuple] = {}


def _build(jokers: int) -> tuple[tuple, tuple, tuple, tuple, tuple]:
    suited = [(rank, suit) for suit in range(4) for rank in range(13)]
    text = tuple(RANK_TEXT[rank] + SUIT_SYMBOLS[suit] for rank, suit in suited) + ("Joker",) * jokers
    rank = tuple(r for r, _ in suited) + (JOKER_RANK,) * jokers
    suit = tuple(s for _, s in suited) + (-1,) * jokers
    color = tuple(SUIT_COLOR[s] for _, s in suited) + (-1,) * jokers
    kind = tuple(r * 5 + s + 1 for r, s in suited) + (JOKER_RANK * 5,) * jokers
    return text, rank, suit, color, kind
