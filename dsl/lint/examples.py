"""Worked examples from the source text, evaluated under every combination of readings.

A failing expectation says under which readings it holds (if any) and, for a comparison, the
values both sides had, so the reader sees at once how far the rules are from the text.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..report.diagnostics import Diagnostic, Span, warning
from ..runtime.errors import RuleGap
from .evaluate import cached

MAX_COMBINATIONS = 256
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")


def reading_combinations(model) -> list[dict[str, str]]:
    """Every combination of readings, or (when there are too many) each reading alone."""
    names = list(model.ambiguities)
    choices = [[r.name for r in model.ambiguities[a].readings] for a in names]
    total = 1
    for c in choices:
        total *= len(c)
    defaults = {a: model.default_reading(a) for a in names}
    if total <= MAX_COMBINATIONS:
        return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*choices)]
    combos = [defaults]
    for a, options in zip(names, choices, strict=True):
        combos += [{**defaults, a: r} for r in options if r != defaults[a]]
    return combos


def _describe(readings: dict[str, str], defaults: dict[str, str]) -> str:
    changed = [f"{k}={v}" for k, v in readings.items() if defaults.get(k) != v]
    return ", ".join(changed) if changed else "the defaults"


@dataclass
class Outcome:
    readings: dict[str, str]
    ok: bool
    why: str | None = None  # the rule gap that stopped the example
    sides: tuple | None = None  # values of both sides of a comparison


@dataclass
class ExpectResult:
    example: object  # n.Example
    expect: object  # n.ExampleExpect
    title: str
    line: int
    outcomes: list[Outcome]

    @property
    def holds(self) -> list[dict]:
        return [o.readings for o in self.outcomes if o.ok]

    @property
    def fails(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.ok]


def example_results(model, engine) -> list[ExpectResult]:
    """Every expectation of every example under every reading combination (computed once)."""
    return cached(model, "examples", lambda: _evaluate(model, engine))


def _evaluate(model, engine) -> list[ExpectResult]:
    results = []
    combos = reading_combinations(model)
    for (title, line, run), example in zip(engine.EXAMPLES, model.game.examples, strict=False):
        by_line: dict[int, list[Outcome]] = {}
        for readings in combos:
            try:
                outcomes = run(readings)
            except RuleGap as gap:
                for expect in example.expects:
                    outcome = Outcome(readings, False, f"rule gap: {gap.message}")
                    by_line.setdefault(expect.span.line, []).append(outcome)
                continue
            for expect_line, _text, ok, *rest in outcomes:
                sides = rest[0] if rest else None
                by_line.setdefault(expect_line, []).append(Outcome(readings, ok, None, sides))
        for expect in example.expects:
            results.append(ExpectResult(example, expect, title, line, by_line.get(expect.span.line, [])))
    return results


def _show(value, type_: str | None, engine) -> str:
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "none"}[value]
    if type_ == "suit" and isinstance(value, int) and 0 <= value < 4:
        return SUIT_SYMBOLS[value]
    if type_ == "player" and isinstance(value, int):
        return f"player {value}"
    if type_ in ("cards", "groups") and isinstance(value, list):
        flat = [c for g in value for c in (g if isinstance(g, list) else [g])]
        return "[" + " ".join(engine.CARD_TEXT[c] for c in flat[:12]) + (" ...]" if len(flat) > 12 else "]")
    if type_ == "card" and isinstance(value, int):
        return engine.CARD_TEXT[value]
    return repr(value)


def _side_notes(result: ExpectResult, defaults: dict, engine) -> list[str]:
    expr = result.expect.expr
    left_type = getattr(getattr(expr, "left", None), "type", None)
    right_type = getattr(getattr(expr, "right", None), "type", None)
    seen, notes = set(), []
    ordered = sorted(result.fails, key=lambda o: o.readings != defaults)
    for outcome in ordered:
        if outcome.sides is None:
            continue
        left, right = (_show(outcome.sides[0], left_type, engine), _show(outcome.sides[1], right_type, engine))
        if (left, right) in seen:
            continue
        seen.add((left, right))
        notes.append(f"left side is {left}, right side is {right} (under {_describe(outcome.readings, defaults)})")
        if len(notes) == 3:
            break
    return notes


def _fails_whenever(fails: list[Outcome], defaults: dict) -> list[str]:
    """The non-default readings every failing combination shares: usually the one to blame."""
    common = None
    for outcome in fails:
        changed = {(k, v) for k, v in outcome.readings.items() if defaults.get(k) != v}
        common = changed if common is None else common & changed
    if not common:
        return []
    return ["fails whenever " + " and ".join(f"{k}={v}" for k, v in sorted(common))]


def mismatch(result: ExpectResult, defaults: dict, engine) -> tuple[str, list[str]]:
    """The message and notes of a failing expectation: under which readings it holds, the values
    both sides had, and the source lines it illustrates."""
    holds, fails = result.holds, result.fails
    default_ok = any(r == defaults for r in holds)
    if holds and len(holds) <= 6:
        verdict = "holds only under: " + "; ".join(_describe(r, defaults) for r in holds)
    elif holds:  # a long list says less than its size; "fails whenever" below names the cause
        among = ", the defaults among them" if default_ok else ""
        verdict = f"holds under {len(holds)} of {len(result.outcomes)} reading settings tried{among}"
    else:
        verdict = "holds under no reading"
    notes = [verdict] + _fails_whenever(fails, defaults) + _side_notes(result, defaults, engine)
    reasons = {o.why for o in fails if o.why}
    notes += sorted(reasons)[:3]
    notes += [f"source: {c.source}:{c.line}" + (f' "{c.quote}"' if c.quote else "") for c in result.example.cites]
    status = "holds under the default readings but not under all" if default_ok else "does not hold"
    return f"example '{result.title}' {status}", notes


def expect_span(result: ExpectResult) -> Span:
    return result.expect.span if result.expect.span.line else Span(result.line, 1, result.line, 1)


ACCOUNT = "example-mismatch: "  # how a contradiction's notes introduce the example's account


def example_account(diagnostic: Diagnostic) -> tuple[str, list[str]] | None:
    """The message and notes of a failing expectation, from the finding that reports it: an
    `example-mismatch`, or the `contradiction` of an example that holds under no reading, which
    carries them in its notes; None for any other finding."""
    if diagnostic.code == "example-mismatch":
        return diagnostic.message, list(diagnostic.notes)
    if diagnostic.code == "contradiction":
        for i, note in enumerate(diagnostic.notes):
            if note.startswith(ACCOUNT):
                return note[len(ACCOUNT) :], list(diagnostic.notes[i + 1 :])
    return None


def check_examples(model, engine) -> list[Diagnostic]:
    """`example-mismatch` for an expectation that holds under some readings but not all; one that
    holds under none is a `contradiction` (`contradictions.py`), which carries these notes."""
    out: list[Diagnostic] = []
    defaults = {a: model.default_reading(a) for a in model.ambiguities}
    for result in example_results(model, engine):
        if not result.fails or not result.holds:
            continue
        message, notes = mismatch(result, defaults, engine)
        out.append(warning("example-mismatch", message, expect_span(result), notes=notes))
    return out
