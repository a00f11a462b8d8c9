"""Worked examples from the source text, evaluated under every combination of readings."""

from __future__ import annotations

import itertools

from ..diagnostics import Diagnostic, Span, warning
from ..runtime.errors import RuleGap

MAX_COMBINATIONS = 256


def reading_combinations(model) -> list[dict[str, str]]:
    """Every combination of readings, or (when there are too many) each reading alone."""
    names = list(model.ambiguities)
    choices = [[r.name for r in model.ambiguities[a].readings] for a in names]
    total = 1
    for c in choices:
        total *= len(c)
    defaults = {a: model.default_reading(a) for a in names}
    if total <= MAX_COMBINATIONS:
        return [dict(zip(names, combo)) for combo in itertools.product(*choices)]
    combos = [defaults]
    for a, options in zip(names, choices):
        combos += [{**defaults, a: r} for r in options if r != defaults[a]]
    return combos


def _describe(readings: dict[str, str], defaults: dict[str, str]) -> str:
    changed = [f"{k}={v}" for k, v in readings.items() if defaults.get(k) != v]
    return ", ".join(changed) if changed else "the defaults"


def check_examples(model, engine) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    defaults = {a: model.default_reading(a) for a in model.ambiguities}
    combos = reading_combinations(model)
    for (title, line, run), example in zip(engine.EXAMPLES, model.game.examples):
        results: dict[int, list[tuple[dict, bool, str | None]]] = {}
        for readings in combos:
            try:
                outcomes = run(readings)
            except RuleGap as gap:
                for expect in example.expects:
                    results.setdefault(expect.span.line, []).append((readings, False, f"rule gap: {gap.message}"))
                continue
            for expect_line, _text, ok in outcomes:
                results.setdefault(expect_line, []).append((readings, ok, None))
        for expect in example.expects:
            runs = results.get(expect.span.line, [])
            holds = [r for r, ok, _ in runs if ok]
            fails = [(r, why) for r, ok, why in runs if not ok]
            if not fails:
                continue
            default_ok = any(r == defaults for r in holds)
            if holds:
                where = "; ".join(_describe(r, defaults) for r in holds[:6])
                more = f" (and {len(holds) - 6} more)" if len(holds) > 6 else ""
                verdict = f"holds only under: {where}{more}"
            else:
                verdict = "holds under no reading"
            notes = [verdict]
            reasons = {why for _, why in fails if why}
            notes += sorted(reasons)[:3]
            notes += [f"source: {c.source}:{c.line}" + (f' "{c.quote}"' if c.quote else "") for c in example.cites]
            span = expect.span if expect.span.line else Span(line, 1, line, 1)
            status = "holds under the default readings but not under all" if default_ok else "does not hold"
            out.append(warning("example-mismatch", f"example '{title}' {status}", span, notes=notes))
    return out
