"""Declarations -> symbol tables and the card universe, with diagnostics for bad declarations."""

from __future__ import annotations

import dataclasses

from ..ast import nodes as n
from ..syntax.limits import LIMIT_CODE
from ..syntax.reserved import RESERVED_WORDS, reserved_hint, reserved_message
from ..report.diagnostics import Diagnostic, error, warning
from ..report.wording import count
from .model import (
    COLORS,
    RANK_INDEX,
    RANKS,
    STANDARD_ORDER,
    SUIT_COLOR,
    SUIT_INDEX,
    Card,
    DeckConfig,
    Model,
    face_value,
    rank_index,
    rank_texts,
)
from . import decks as decks_of
from .types import DECLARABLE


def pattern_ranks(pattern: n.CardPattern, index: dict[str, int] = RANK_INDEX) -> set[int] | None:
    """Rank indices a pattern admits, None for "any rank" (`index`: the game's rank words)."""
    if not pattern.rank_lo:
        return None
    lo = index[pattern.rank_lo]
    hi = index[pattern.rank_hi] if pattern.rank_hi else lo
    return set(range(min(lo, hi), max(lo, hi) + 1))


def pattern_matches(pattern: n.CardPattern, card: Card, index: dict[str, int] = RANK_INDEX) -> bool:
    ranks = pattern_ranks(pattern, index)
    if ranks is not None and card.rank not in ranks:
        return False
    if pattern.suit and card.suit != SUIT_INDEX.get(pattern.suit, -1) and pattern.suit != card.suit_text:
        return False
    if pattern.color:
        if card.suit < 0 or COLORS[SUIT_COLOR[card.suit]] != pattern.color:
            return False
    return True


def ranks_hint(ranks: tuple[str, ...]) -> str:
    if ranks:
        return "this deck's ranks are " + " ".join(ranks) + " (and Joker)"
    return "ranks are 2..10, J, Q, K, A and Joker"


def check_pattern(
    pattern: n.CardPattern, file: str, suits: tuple[str, ...] = (), ranks: tuple[str, ...] = ()
) -> list[Diagnostic]:
    out = []
    if pattern.suit and pattern.suit not in SUIT_INDEX and pattern.suit not in suits:
        named = ", ".join(suits) if suits else "none: this game's suits are ♠ ♥ ♦ ♣"
        out.append(
            error(
                "undefined-name",
                f"'{pattern.suit}' is not a suit of this game",
                pattern.span,
                file=file,
                hint=f"suits named: {named}",
            )
        )
    index = rank_index(ranks)
    for rank in (pattern.rank_lo, pattern.rank_hi):
        if rank is not None and rank not in index:
            out.append(
                error(
                    "undefined-name",
                    f"'{rank}' is not a rank of this game",
                    pattern.span,
                    file=file,
                    hint=ranks_hint(ranks),
                )
            )
    lo, hi = pattern.rank_lo, pattern.rank_hi
    if lo in index and hi in index and index[lo] > index[hi]:
        # A range follows the deck's ranks, whatever the game's `order`: `A..K` would hold K and A.
        listed = sorted((r for r in index if r != "Joker"), key=index.get)
        between = [r for r in sorted(index, key=index.get) if index[hi] <= index[r] <= index[lo]]
        out.append(
            error(
                "type-mismatch",
                f"the rank range {lo}..{hi} runs downwards: this deck's ranks run {' '.join(listed)}",
                pattern.span,
                file=file,
                hint=f"{hi}..{lo} holds {' '.join(between)}; {listed[0]}..{listed[-1]} holds every rank (a game's "
                "`order` does not change which ranks a range holds)",
            )
        )
    return out


def _example_players(game: n.Game, players: list[int]) -> list[Diagnostic]:
    out = []
    for example in game.examples:
        if example.players is not None and example.players not in players:
            out.append(
                error(
                    LIMIT_CODE,
                    f"the example is played by {count(example.players, 'player')}, a count this game does not take",
                    example.players_span or example.span,
                    file=game.file,
                    hint=f"the game takes {', '.join(map(str, players))} player{'' if players == [1] else 's'}",
                )
            )
    return out


def build_model(game: n.Game) -> tuple[Model, list[Diagnostic]]:
    file = game.file
    diags: list[Diagnostic] = []

    def dup(kind: str, name: str, node: n.Node, seen: dict):
        if name in seen:
            diags.append(
                error(
                    "duplicate-name",
                    f"{kind} '{name}' is declared twice",
                    node.span,
                    file=file,
                    notes=[f"first declared on line {seen[name].span.line}"],
                )
            )
            return True
        return False

    players = game.players.counts if game.players else []
    if not players:
        diags.append(
            error(
                "missing-declaration",
                "the game does not say how many players it takes",
                game.span,
                file=file,
                hint="add a line such as: players 3..6",
            )
        )
        players = [2]
    elif min(players) < 1:
        diags.append(error("type-mismatch", "a game needs at least one player", game.players.span, file=file))

    diags += _example_players(game, players)

    deck_lines = game.decks or [n.DeckLine()]
    max_copies = max(d.copies for d in deck_lines)
    max_jokers = max(d.jokers for d in deck_lines)
    suits = decks_of.suit_names(game, RESERVED_WORDS, diags)
    ranks = decks_of.rank_names(game, RESERVED_WORDS, diags)
    index = rank_index(ranks)

    def matches(pattern: n.CardPattern, card: Card) -> bool:
        return pattern_matches(pattern, card, index)

    def checked(pattern: n.CardPattern) -> list[Diagnostic]:
        return check_pattern(pattern, file, suits, ranks)

    cards = decks_of.universe(max_copies, max_jokers, suits, ranks)
    sound_lines = []
    for line in deck_lines:
        sound = []
        for pattern in line.without:
            found = checked(pattern)
            diags.extend(found)
            if not found:  # a pattern naming a rank or suit the game lacks leaves out no card
                sound.append(pattern)
        sound_lines.append(dataclasses.replace(line, without=sound))
    deck_lines = sound_lines
    cards = decks_of.in_some_deck(cards, deck_lines, matches) or cards
    decks = []
    for line in deck_lines:
        ids = decks_of.deck_ids(line, cards, matches)
        if not ids:
            diags.append(error("type-mismatch", "this deck line leaves out every card", line.span, file=file))
        decks.append(DeckConfig(line.when, ids, line.span.line))
    if game.decks and all(d.when is not None for d in game.decks):
        diags.append(
            warning(
                "no-default-deck",
                "every deck line has a 'when'; some player counts may have no deck",
                game.decks[0].span,
                file=file,
                hint="give one deck line without 'when' as the fallback",
            )
        )

    orders: dict[str, tuple[int, ...]] = {}
    default_order = None
    for line in game.orders:
        name = line.name or ""
        bad = [r for r in line.ranks if r not in index]
        for r in bad:
            diags.append(
                error(
                    "undefined-name",
                    f"'{r}' is not a rank of this game",
                    line.span,
                    file=file,
                    hint=ranks_hint(ranks),
                )
            )
        places_of: dict[str, list[str]] = {}
        for i, r in enumerate(line.ranks):
            places_of.setdefault(r, []).append(str(i + 1))
        for r, places in places_of.items():
            if len(places) < 2:
                continue
            # Two places for one rank is a contradiction in the rules, not a typing error: the
            # engine keeps the last place, and the warning says so.
            diags.append(
                warning(
                    "contradiction",
                    f"rank {r} is listed twice in order '{name or '(default)'}'",
                    line.span,
                    file=file,
                    notes=[f"it stands at places {', '.join(places)}; the engine ranks it at place {places[-1]}"],
                )
            )
        positions = [-1] * len(RANKS)
        for pos, r in enumerate(line.ranks):
            if r in index:
                positions[index[r]] = pos
        if name in orders:
            diags.append(
                error("duplicate-name", f"order '{name or '(default)'}' is declared twice", line.span, file=file)
            )
        orders[name] = tuple(positions)
        if not line.name and default_order is None:
            default_order = name
    if "" not in orders:
        positions = [-1] * len(RANKS)
        for pos, r in enumerate(ranks or STANDARD_ORDER):  # a deck's own ranks are listed lowest first
            positions[index[r]] = pos
        orders[""] = tuple(positions)

    values: dict[str, tuple] = {}
    for table in game.values:
        per_card: list = [None] * len(cards)
        for entry in table.entries:
            diags.extend(checked(entry.pattern))
            if any(r not in index for r in (entry.pattern.rank_lo, entry.pattern.rank_hi) if r):
                continue
            texts = rank_texts(ranks)
            for card in cards:
                if matches(entry.pattern, card):
                    per_card[card.id] = face_value(texts[card.rank]) if entry.amount == "face" else entry.amount
        if table.name in values:
            diags.append(
                error("duplicate-name", f"value table '{table.name}' is declared twice", table.span, file=file)
            )
        values[table.name] = tuple(per_card)

    for kind, decls in (("a zone", game.zones), ("a variable", game.vars)):
        for decl in decls:
            if decl.name in RESERVED_WORDS:
                diags.append(
                    error(
                        "reserved-name",
                        reserved_message(decl.name, kind),
                        decl.span,
                        file=file,
                        hint=reserved_hint(decl.name),
                    )
                )

    zones: dict[str, n.Zone] = {}
    for zone in game.zones:
        if not dup("zone", zone.name, zone, zones):
            zones[zone.name] = zone

    variables: dict[str, n.Var] = {}
    for var in game.vars:
        if var.name in zones:
            diags.append(error("duplicate-name", f"'{var.name}' is both a zone and a variable", var.span, file=file))
        elif not dup("variable", var.name, var, variables):
            variables[var.name] = var
        if var.visibility == "owner" and not var.per_player:
            diags.append(
                error(
                    "type-mismatch",
                    f"'{var.name}' is shared, so it has no owner to be seen by",
                    var.span,
                    file=file,
                    hint="make it 'per player', or 'seen by nobody'",
                )
            )
        if var.type_name not in DECLARABLE:
            diags.append(
                error(
                    "undefined-name",
                    f"unknown type '{var.type_name}'",
                    var.span,
                    file=file,
                    hint="types are: " + ", ".join(sorted(DECLARABLE)),
                )
            )

    ambiguities: dict[str, n.Ambiguity] = {}
    for amb in game.ambiguities:
        if dup("ambiguity", amb.name, amb, ambiguities):
            continue
        ambiguities[amb.name] = amb
        names = [r.name for r in amb.readings]
        for r in amb.readings:
            if names.count(r.name) > 1:
                diags.append(
                    error("duplicate-name", f"reading '{r.name}' appears twice in '{amb.name}'", r.span, file=file)
                )
        if len(amb.readings) < 2:
            diags.append(
                error(
                    "type-mismatch",
                    f"ambiguity '{amb.name}' needs two or more readings",
                    amb.span,
                    file=file,
                    hint="an ambiguity is a choice between readings of the text",
                )
            )
        if amb.default is None:
            diags.append(
                warning(
                    "unresolved-ambiguity",
                    f"ambiguity '{amb.name}' has no default reading",
                    amb.span,
                    file=file,
                    notes=[f"the engine falls back to the first reading, '{names[0]}'"],
                    hint=f"add: default {names[0]}",
                )
            )
        elif amb.default not in names:
            diags.append(
                error(
                    "undefined-name",
                    f"'{amb.default}' is not a reading of '{amb.name}'",
                    amb.default_span,
                    file=file,
                    hint="readings: " + ", ".join(names),
                )
            )

    scorings: dict[str, n.Scoring] = {}
    for scoring in game.scorings:
        if not dup("scoring", scoring.name, scoring, scorings):
            scorings[scoring.name] = scoring
        for pat in scoring.patterns:
            for rp in pat.ranks:
                diags.extend(checked(rp))
            if pat.shape == "sum" and pat.table not in values:
                diags.append(
                    error(
                        "undefined-name",
                        f"no value table named '{pat.table}'",
                        pat.span,
                        file=file,
                        hint=_choices(values),
                    )
                )
            if pat.shape == "sequence" and (pat.order or "") not in orders:
                diags.append(
                    error(
                        "undefined-name",
                        f"no order named '{pat.order}'",
                        pat.span,
                        file=file,
                        hint=_choices({k: 1 for k in orders if k}),
                    )
                )
        if scoring.reusable:
            diags.extend(checked(scoring.reusable))

    sources = {s.name: s.file for s in game.sources}
    model = Model(
        game,
        players,
        cards,
        decks,
        orders,
        values,
        zones,
        variables,
        ambiguities=ambiguities,
        scorings=scorings,
        sources=sources,
        suit_names=suits,
        rank_names=ranks,
    )
    return model, diags


def _choices(table) -> str:
    names = sorted(table)
    return ("declared: " + ", ".join(names)) if names else "none are declared"
