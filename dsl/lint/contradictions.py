"""contradiction: two rules (or a rule and its source) prescribing different things for one
situation.

- a worked example that holds under no reading: the text's own illustration contradicts the
  rules however the doubtful sentences are read (two readings citing different sources is
  not a contradiction by itself: that is what an ambiguity records);
- two `deck` lines that apply to the same player count (the engine takes the first);
- a player count the `players` line allows but no deck line covers, or whose deck cannot give
  every player one card;
- a value table whose later entry overrides part of an earlier one without being narrower
  (`J=3 2..A=1`: the jack's 3 is lost); a narrower later entry (`2..A=1 J=3`) is an exception;
- two patterns of one scoring with the same shape and different scores.
(A rank listed twice in one `order` is reported while the orders are built, in `symbols`.)
"""

from __future__ import annotations

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, warning
from .effects import same_meaning_key
from .evaluate import Evaluator, Probe, deck_for, describe_readings, reading_fields, reading_variants
from .examples import ACCOUNT, example_results, expect_span, mismatch
from ..semantics.symbols import pattern_matches


def check_contradictions(model, engine) -> list[Diagnostic]:
    return (
        _examples(model, engine)
        + _deck_lines(model, engine)
        + _players_and_decks(model, engine)
        + _value_tables(model)
        + _duplicate_patterns(model)
    )


def _examples(model, engine) -> list[Diagnostic]:
    """One finding per example that holds under no reading, carrying the example's own account
    (the values of both sides, the source lines) under `example-mismatch:` in its notes."""
    out = []
    defaults = {a: model.default_reading(a) for a in model.ambiguities}
    for result in example_results(model, engine):
        if result.outcomes and not result.holds:
            cites = [f"{c.source}:{c.line}" for c in result.example.cites] or ["the example"]
            message, notes = mismatch(result, defaults, engine)
            out.append(
                warning(
                    "contradiction",
                    f"the worked example '{result.title}' contradicts the rules under every reading",
                    expect_span(result),
                    notes=[
                        f"{', '.join(cites)} says one thing and the encoded rules another, whichever way the "
                        "ambiguities are read",
                        "either the source's example is wrong or a rule is missing",
                        ACCOUNT + message,
                        *notes,
                    ],
                )
            )
    return out


def _deck_lines(model, engine) -> list[Diagnostic]:
    if len(model.game.decks) < 2:
        return []
    evaluator = Evaluator(model, engine)
    clashes: dict[tuple[int, int], list[str]] = {}
    for players in model.players:
        for readings in reading_variants(model):
            probe = Probe({"n": players, **reading_fields(model, readings)})
            applying, fallbacks = [], []
            for deck in model.game.decks:
                if deck.when is None:
                    fallbacks.append(deck)
                elif evaluator.maybe(deck.when, probe) is True:
                    applying.append(deck)
            pairs = list(zip(applying, applying[1:], strict=False)) + list(zip(fallbacks, fallbacks[1:], strict=False))
            pairs += [(f, a) for f in fallbacks for a in applying if f.span.line < a.span.line]
            for first, second in pairs:
                clashes.setdefault((first.span.line, second.span.line), [])
                under = describe_readings(model, readings)
                text = f"{players} players" + ("" if under == "the default readings" else f" ({under})")
                if text not in clashes[(first.span.line, second.span.line)]:
                    clashes[(first.span.line, second.span.line)].append(text)
    out = []
    by_line = {d.span.line: d for d in model.game.decks}
    for (first, second), counts in sorted(clashes.items()):
        out.append(
            warning(
                "contradiction",
                f"this deck line and the one on line {first} both apply to {', '.join(counts[:4])}",
                by_line[second].span,
                notes=[f"the engine uses the first, on line {first}; this one is never used then"],
                hint="give the deck lines 'when' conditions that do not overlap",
            )
        )
    return out


def _players_and_decks(model, engine) -> list[Diagnostic]:
    players_decl = model.game.players
    if players_decl is None:
        return []
    missing, too_small = [], []
    for players in model.players:
        deck = deck_for(engine, players, reading_variants(model)[0])
        if deck is None:
            missing.append(players)
        elif len(deck) < players:
            too_small.append(f"{players} players but {len(deck)} cards")
    out = []
    if missing:
        out.append(
            warning(
                "contradiction",
                f"the game allows {', '.join(map(str, missing))} players, but no deck line applies to that many",
                players_decl.span,
                hint="add a deck line for it (or one without 'when'), or narrow 'players'",
            )
        )
    if too_small:
        out.append(
            warning("contradiction", "the deck cannot give every player one card", players_decl.span, notes=too_small)
        )
    return out


def _value_tables(model) -> list[Diagnostic]:
    out = []
    for table in model.game.values:
        clashes = []
        # Each entry's cards once, not once per pair of entries it is compared with.
        cards_of = [
            {c.id for c in model.cards if pattern_matches(entry.pattern, c, model.rank_index)}
            for entry in table.entries
        ]
        for i, early in enumerate(table.entries):
            for j, late in enumerate(table.entries[i + 1 :], start=i + 1):
                if early.amount == late.amount:
                    continue
                early_cards, late_cards = cards_of[i], cards_of[j]
                # A later, narrower entry is the usual way to write "1 each, but a jack 3":
                # only a later entry that is as wide or wider, or overlaps partly, is a clash.
                if late_cards < early_cards:
                    continue
                shared = [model.cards[i] for i in sorted(early_cards & late_cards)]
                if shared:
                    clashes.append(
                        f"{shared[0].text()} is {_amount(early.amount)} by '{early.pattern.text()}' and "
                        f"{_amount(late.amount)} by '{late.pattern.text()}'"
                    )
        if clashes:
            out.append(
                warning(
                    "contradiction",
                    f"value table '{table.name}' gives a card two values",
                    table.span,
                    notes=clashes[:3] + ["the engine uses the later entry"],
                )
            )
    return out


def _amount(amount) -> str:
    if isinstance(amount, int):
        return str(amount)
    return {None: "none", "face": "its face value"}.get(amount, str(amount))


def _shape(p: n.Pattern):
    """What a pattern matches: two patterns with one shape take the same groups of cards. A run of
    one suit is a narrower shape than a run (a straight flush is also a straight), not the same."""
    return (p.shape, p.size, p.order, p.one_suit, p.table, p.target, tuple(r.text() for r in p.ranks))


def _duplicate_patterns(model) -> list[Diagnostic]:
    out = []
    for scoring in model.game.scorings:
        seen: dict = {}
        for pattern in scoring.patterns:
            if pattern.where is not None:
                continue
            first = seen.setdefault(_shape(pattern), pattern)
            if first is not pattern and same_meaning_key(first.score) != same_meaning_key(pattern.score):
                out.append(
                    warning(
                        "contradiction",
                        f"patterns '{first.name}' and '{pattern.name}' match the same cards but score them differently",
                        pattern.span,
                        notes=[
                            f"'{first.name}' is on line {first.span.line}; the solver will use whichever scores better"
                        ],
                    )
                )
    return out
