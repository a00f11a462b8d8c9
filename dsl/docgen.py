"""`cardrules doc`: a Markdown page for one rule file, written from the checked model.

It lists what a reader of the rules needs beside the file itself: sources, players, cards,
zones, the ambiguities with their readings and defaults, and the worked examples with the
readings under which each holds.  Findings come from the same checks `validate` runs.
"""

from __future__ import annotations

from .ast import nodes as n
from .diagnostics import Diagnostic
from .model import RANKS, Model


def _cites(node) -> str:
    return ", ".join(f"{c.source}:{c.line}" for c in getattr(node, "cites", [])) or "-"


def _cell(text: str | None) -> str:
    return (text or "").replace("|", "\\|").replace("\n", " ")


def render_markdown(model: Model, diagnostics: list[Diagnostic]) -> str:
    game = model.game
    out = [f"# {game.name}", ""]
    if game.variant_of:
        out += [f"A variant of `{game.variant_of}`.", ""]
    if model.sources:
        out += ["Sources: " + ", ".join(f"`{name}` = {file}" for name, file in model.sources.items()) + ".", ""]
    counts = model.players
    players = (
        f"{counts[0]}-{counts[-1]}" if counts == list(range(counts[0], counts[-1] + 1)) else ", ".join(map(str, counts))
    )
    out += [f"Players: {players}.", ""]

    out += ["## Cards", ""]
    for deck in game.decks or [n.DeckLine()]:
        jokers = f" and {deck.jokers} jokers" if deck.jokers else ""
        when = " when the condition of line %d holds" % deck.span.line if deck.when is not None else ""
        out.append(f"- {deck.copies} standard deck(s) of 52{jokers}{when} ({_cites(deck)})")
    for name, positions in model.orders.items():
        ranked = [RANKS[r] for _, r in sorted((p, r) for r, p in enumerate(positions) if p >= 0)]
        out.append(f"- order {name or '(default)'}: {' '.join(ranked)}")
    for table in game.values:
        entries = " ".join(f"{e.pattern.text()}={'none' if e.amount is None else e.amount}" for e in table.entries)
        out.append(f"- value {table.name}: {entries} ({_cites(table)})")
    out.append("")

    out += ["## Zones", "", "| zone | owner | seen by | grouped | source |", "| --- | --- | --- | --- | --- |"]
    for zone in model.zones.values():
        owner = "each player" if zone.per_player else "shared"
        out.append(f"| {zone.name} | {owner} | {zone.visibility} | {'yes' if zone.grouped else ''} | {_cites(zone)} |")
    out.append("")

    out += ["## Ambiguities", ""]
    if not model.ambiguities:
        out += ["None declared.", ""]
    for amb in model.ambiguities.values():
        out += [f"### `{amb.name}` (line {amb.span.line}, {_cites(amb)})", "", _cell(amb.question), ""]
        out += ["| reading | meaning | source |", "| --- | --- | --- |"]
        for reading in amb.readings:
            mark = " (default)" if reading.name == model.default_reading(amb.name) else ""
            out.append(f"| {reading.name}{mark} | {_cell(reading.description)} | {_cites(reading)} |")
        out.append("")

    out += ["## Worked examples", ""]
    problems = {d.span.line: d for d in diagnostics if d.code == "example-mismatch"}
    if not game.examples:
        out += ["None declared.", ""]
    for ex in game.examples:
        failing = [problems[e.span.line] for e in ex.expects if e.span.line in problems]
        verdict = "holds under every reading" if not failing else failing[0].message.split("' ", 1)[-1]
        notes = "; ".join(failing[0].notes[:2]) if failing else ""
        out.append(
            f"- **{_cell(ex.title)}** (line {ex.span.line}, {_cites(ex)}): {verdict}" + (f" ({notes})" if notes else "")
        )
    out.append("")

    findings = [d for d in diagnostics if d.code not in ("ambiguity", "example-mismatch")]
    out += ["## Other findings", ""]
    if not findings:
        out += ["None.", ""]
    for d in findings:
        out.append(f"- line {d.span.line}, {d.severity.value} `{d.code}`: {_cell(d.message)}")
    out.append("")
    return "\n".join(out)
