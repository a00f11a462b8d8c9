"""`cardrules doc`: a Markdown page for one rule file, written from the checked model.

It lists what a reader of the rules needs beside the file itself: sources, players, cards,
zones, the ambiguities with their readings and defaults, and the worked examples with the
readings under which each holds.  Findings come from the same checks `validate` runs.

Everything taken from the rule file is escaped for Markdown and HTML (`_text`, `_code`): a game
name or a question can hold `<script>` or `[a](javascript:...)`, and the page must show it as text.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from ..ast import nodes as n
from ..report.diagnostics import NOWHERE, Diagnostic
from ..compiler.escape import LINE_BREAKS
from ..compiler.sources import SourceLines
from ..lint.assumptions import GROUPS, list_assumptions
from ..lint.examples import example_account
from ..semantics.model import Model
from .text import node_text

HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
MARKDOWN = set("\\`*_[]|~")
BLOCK_START = re.compile(r"^(\s*)([#>+=-]|\d+(?=[.)]))")


def _text(text) -> str:
    """Rule-file text as inline Markdown that shows exactly that text: HTML and Markdown
    punctuation escaped, line breaks made spaces (so it also fits a table cell)."""
    out = []
    for ch in "" if text is None else str(text):
        if ch in LINE_BREAKS:
            out.append(" ")
        elif ch in HTML:
            out.append(HTML[ch])
        elif ch in MARKDOWN:
            out.append("\\" + ch)
        else:
            out.append(ch)
    # A leading `#`, `>`, `-` or `1.` would start a heading, a quote or a list.
    return BLOCK_START.sub(
        lambda m: m.group(1) + ("\\" + m.group(2) if not m.group(2).isdigit() else m.group(2) + "\\"), "".join(out)
    )


def _code(text) -> str:
    """Rule-file text as a Markdown code span, fenced by more backticks than it holds."""
    flat = "".join(" " if ch in LINE_BREAKS else ch for ch in str(text)).replace("|", "\\|")
    longest = max((len(run) for run in re.findall("`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest or flat.startswith(" ") or flat.endswith(" ") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def _cites(node) -> str:
    return ", ".join(f"{_text(c.source)}:{c.line}" for c in getattr(node, "cites", [])) or "-"


def render_markdown(model: Model, diagnostics: list[Diagnostic], text: str) -> str:
    """The page; `text` is the rule file's, to quote its conditions in its own words."""
    game = model.game
    lines = SourceLines(game.file, text)
    out = [f"# {_text(game.name)}", ""]
    if game.variant_of:
        out += [f"A variant of {_code(game.variant_of)}.", ""]
    if game.sources:
        out += ["Sources:", ""]
        for source in game.sources:
            title = f"{_text(source.title)} ({_text(source.file)})" if source.title else _text(source.file)
            out.append(f"- {_code(source.name)}: {title}")
        out.append("")
    counts = list(model.players)
    players = (
        f"{counts[0]}-{counts[-1]}" if counts == list(range(counts[0], counts[-1] + 1)) else ", ".join(map(str, counts))
    )
    out += [f"Players: {players}.", ""]

    out += ["## Cards", ""]
    for deck, config in zip(game.decks or [n.DeckLine()], model.decks, strict=False):
        jokers = f" and {deck.jokers} jokers" if deck.jokers else ""
        when = f" when {_code(node_text(lines, deck.when))}" if deck.when is not None else ""
        kind = "of 52"
        if deck.without:  # a part of the standard deck: say what is left out and what remains
            left_out = ", ".join(_text(p.text()) for p in deck.without)
            kind = f"without {left_out} ({len(config.cards)} cards in all)"
        out.append(f"- {deck.copies} standard deck(s) {kind}{jokers}{when} ({_cites(deck)})")
    for line in game.suits[:1]:
        out.append(f"- suits, for ♠ ♥ ♦ ♣: {' '.join(_text(name) for name in line.names)} ({_cites(line)})")
    for line in game.ranks[:1]:
        out.append(f"- ranks, lowest first: {' '.join(_text(name) for name in line.names)} ({_cites(line)})")
    for rule in game.suits_in_play[:1]:
        out.append(f"- suit in play: {_code(node_text(lines, rule.expr))} ({_cites(rule)})")
    for name, positions in model.orders.items():
        ranked = [model.rank_text(r) for _, r in sorted((p, r) for r, p in enumerate(positions) if p >= 0)]
        out.append(f"- order {_text(name) or '(default)'}: {' '.join(ranked)}")
    for table in game.values:
        entries = " ".join(
            f"{_text(e.pattern.text())}={'none' if e.amount is None else e.amount}" for e in table.entries
        )
        out.append(f"- value {_text(table.name)}: {entries} ({_cites(table)})")
    out.append("")

    out += ["## Zones", "", "| zone | owner | seen by | grouped | source |", "| --- | --- | --- | --- | --- |"]
    for zone in model.zones.values():
        owner = "each player" if zone.per_player else "shared"
        grouped = "yes" if zone.grouped else ""
        out.append(f"| {_text(zone.name)} | {owner} | {_text(zone.visibility)} | {grouped} | {_cites(zone)} |")
    out.append("")

    out += ["## Ambiguities", ""]
    if not model.ambiguities:
        out += ["None declared.", ""]
    for amb in model.ambiguities.values():
        out += [f"### {_code(amb.name)} (line {amb.span.line}, {_cites(amb)})", "", _text(amb.question), ""]
        out += ["| reading | meaning | source |", "| --- | --- | --- |"]
        for reading in amb.readings:
            mark = " (default)" if reading.name == model.default_reading(amb.name) else ""
            out.append(f"| {_text(reading.name)}{mark} | {_text(reading.description)} | {_cites(reading)} |")
        out.append("")

    out += ["## Worked examples", ""]
    problems = _example_accounts(diagnostics)
    if not game.examples:
        out += ["None declared.", ""]
    for ex in game.examples:
        failing = [problems[e.span.line] for e in ex.expects if e.span.line in problems]
        verdict = "holds under every reading" if not failing else _text(failing[0][0].split("' ", 1)[-1])
        notes = _text("; ".join(failing[0][1][:2])) if failing else ""
        out.append(
            f"- **{_text(ex.title)}** (line {ex.span.line}, {_cites(ex)}): {verdict}" + (f" ({notes})" if notes else "")
        )
    out.append("")

    out += _assumptions_section(model)

    findings = [d for d in diagnostics if d.code not in ("ambiguity", "example-mismatch")]
    out += ["## Other findings", ""]
    if not findings:
        out += ["None.", ""]
    for d in findings:
        out.append(f"- line {d.span.line}, {d.severity.value} `{d.code}`: {_text(d.message)}")
    out.append("")
    return "\n".join(out)


def _example_accounts(diagnostics) -> dict[int, tuple[str, list[str]]]:
    """By line, the message and notes of each failing expectation (see `example_account`)."""
    return {d.span.line: found for d in diagnostics if (found := example_account(d)) is not None}


def _assumptions_section(model: Model) -> list[str]:
    """What the encoding decides that no source says, grouped as `validate --assumptions`
    groups it: uncited rules and defaults, then the policies the language applies unstated."""
    found = list_assumptions(model)
    policies = sum(a.policy for a in found)
    out = ["## Assumptions", ""]
    if not found:
        return out + ["Every rule cites its source and every policy is stated.", ""]
    out += [f"{len(found) - policies} uncited rules and defaults, {policies} implicit policies.", ""]
    for group in GROUPS:
        mine = [a for a in found if a.group == group]
        if not mine:
            continue
        out += [f"### {group.capitalize()} ({len(mine)})", ""]
        for a in mine:
            if a.span is not NOWHERE:
                # a variant's assumption may stand in its base file: named by file name, not path
                where = f"line {a.span.line}" + (f" of {_code(PurePath(a.span.file).name)}" if a.span.file else "")
            else:
                where = "the language"
            tag = " (implicit policy)" if a.policy else ""
            out.append(f"- {where}: {_text(a.what)}{tag}")
        out.append("")
    return out
