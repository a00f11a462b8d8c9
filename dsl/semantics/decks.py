"""Decks of any kind: which cards a deck line holds, and what the game calls its suits.

A deck line takes the standard 52 cards (`N x` copies of them, jokers added) and may leave some
out (`deck standard without 2..8` is the 24-card Euchre deck, `without 8..10` the 40-card
Italian one).  A `suits` line names the suits, in the order of the symbols ♠ ♥ ♦ ♣, and may
name fewer than four: the deck then holds only the suits it names.  The names are what card
texts, observations and actions show, and what rules write (`7 of coins`, `suit == cups`).
A `ranks` line does the same for the ranks, lowest first (`ranks asso 2 3 4 5 6 7 fante cavallo
re`): the deck then holds those ranks only, in the places of 2, 3, 4 ..., and the line is also
the default order.
"""

from __future__ import annotations

import dataclasses

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, error
from .model import JOKER, RANK_INDEX, SUIT_INDEX, SUIT_WORDS, SUITS, Card

MAX_SUITS = len(SUITS)


def suit_names(game: n.Game, reserved: frozenset[str], diags: list[Diagnostic]) -> tuple[str, ...]:
    """The names of the suits (empty: the standard symbols), checked."""
    if not game.suits:
        return ()
    line = game.suits[0]
    for extra in game.suits[1:]:
        diags.append(
            error(
                "duplicate-name",
                "the suits are named twice",
                extra.span,
                file=game.file,
                notes=[f"first named on line {line.span.line}"],
                hint="name the suits on one 'suits' line",
            )
        )
    names: list[str] = []
    for name in line.names:
        problem = None
        if name in names:
            problem = f"the suit '{name}' is named twice"
        elif name in reserved or name in SUIT_WORDS:
            problem = f"'{name}' is a word of the language and cannot name a suit"
        if problem:
            diags.append(
                error("duplicate-name" if name in names else "reserved-name", problem, line.span, file=game.file)
            )
            continue
        names.append(name)
    if len(names) > MAX_SUITS:
        diags.append(
            error(
                "limit-exceeded",
                f"a deck has at most {MAX_SUITS} suits, and this line names {len(names)}",
                line.span,
                file=game.file,
                hint="the suits take the places of ♠ ♥ ♦ ♣, in that order",
            )
        )
        names = names[:MAX_SUITS]
    return tuple(names)


def rank_names(game: n.Game, reserved: frozenset[str], diags: list[Diagnostic]) -> tuple[str, ...]:
    """The deck's own rank names, lowest first (empty: the standard 2..A), checked."""
    if not game.ranks:
        return ()
    line = game.ranks[0]
    for extra in game.ranks[1:]:
        diags.append(
            error(
                "duplicate-name",
                "the ranks are named twice",
                extra.span,
                file=game.file,
                notes=[f"first named on line {line.span.line}"],
                hint="name the ranks on one 'ranks' line",
            )
        )
    names: list[str] = []
    for name in line.names:
        problem = None
        if name in names:
            problem = f"the rank '{name}' is named twice"
        elif name == "Joker" or (name not in RANK_INDEX and (name in reserved or name in SUIT_WORDS)):
            problem = f"'{name}' is a word of the language and cannot name a rank"
        if problem:
            diags.append(
                error("duplicate-name" if name in names else "reserved-name", problem, line.span, file=game.file)
            )
            continue
        names.append(name)
    if len(names) > JOKER:
        diags.append(
            error(
                "limit-exceeded",
                f"a deck has at most {JOKER} ranks, and this line names {len(names)}",
                line.span,
                file=game.file,
                hint="the ranks take the places of 2 3 4 ... A, in that order (the joker is apart)",
            )
        )
        names = names[:JOKER]
    return tuple(names)


def suit_number(text: str, names: tuple[str, ...]) -> int | None:
    """The suit a symbol, a suit word or a declared name stands for; None if it names none."""
    if text in names:
        return names.index(text)
    if text in SUIT_INDEX:
        return SUIT_INDEX[text]
    return SUIT_WORDS.get(text)


def universe(max_copies: int, max_jokers: int, names: tuple[str, ...], ranks: tuple[str, ...] = ()) -> list[Card]:
    """Every card any deck line of the game may hold: the suits it has, each rank, each copy."""
    n_suits = len(names) or MAX_SUITS
    cards: list[Card] = []
    for copy in range(max_copies):
        for suit in range(n_suits):
            for rank in range(len(ranks) or JOKER):
                rank_name = ranks[rank] if ranks else ""
                cards.append(Card(len(cards), rank, suit, copy, names[suit] if names else "", rank_name))
    for j in range(max_jokers):
        cards.append(Card(len(cards), 13, -1, j))
    return cards


def in_some_deck(cards: list[Card], lines: list[n.DeckLine], matches) -> list[Card]:
    """The cards some deck line holds, numbered again from 0: a card no deck has gets no card id,
    so no action, no plane of the observation tensor and no text (the tensor follows the deck)."""
    kept = set()
    for line in lines:
        kept.update(deck_ids(line, cards, matches))
    return [dataclasses.replace(card, id=i) for i, card in enumerate(c for c in cards if c.id in kept)]


def deck_ids(line: n.DeckLine, cards: list[Card], matches) -> tuple[int, ...]:
    """The cards of one deck line: its copies and jokers, less the cards `without` names."""
    return tuple(
        c.id
        for c in cards
        if ((c.suit >= 0 and c.copy < line.copies) or (c.suit < 0 and c.copy < line.jokers))
        and not any(matches(p, c) for p in line.without)
    )
