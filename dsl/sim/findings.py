"""Findings from play: N random matches per allowed player count and per reading (the defaults,
then each non-default reading alone), with `dsl.simulate.run_matches`.

- every run-time rule gap becomes a diagnostic at the `.cardrules` line that ran into it, with
  how often it happened, where, and the command that replays the first match it happened in;
- matches that reach the step cap become `non-termination` at the outermost loop;
- winner rules, `if` branches and triggers that never fired in any match become `never-fires`.
"""

from __future__ import annotations

import shlex

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, Severity, Span, error, info, warning
from .matches import SimulationInterrupted, run_matches
from .progress import progress_bar
from ..lint.effects import walk
from ..lint.evaluate import describe_readings, reading_variants

ENGINE_FAILURES = ("internal-error", "illegal-action", "agent-error")  # the engine, not the rules, is broken
SEED = 0


class _HitRecorder:
    """Looks like the engine module to `run_matches`, and keeps the states it hands out so the
    rule-hit counters (`state.hits`) can be added up afterwards."""

    def __init__(self, engine):
        self.engine = engine
        self.RULES = engine.RULES
        self.totals = [0] * len(engine.RULES.get("branches", []))
        self.states = []

    def new_game(self, players, seed=0, readings=None):
        state = self.engine.new_game(players, seed, readings)
        self.states.append(state)
        return state

    def collect(self):
        for state in self.states:
            for i, count in enumerate(getattr(state, "hits", [])[: len(self.totals)]):
                self.totals[i] += count
        self.states = []


class FindingsInterrupted(KeyboardInterrupt):
    """Ctrl-C during the simulated matches: `findings` are those of the `played` matches that
    finished (of `requested`)."""

    def __init__(self, findings: list[Diagnostic], played: int, requested: int):
        super().__init__(f"simulation interrupted after {played} of {requested} matches")
        self.findings = findings
        self.played = played
        self.requested = requested


def simulated_findings(model, engine, matches: int, progress: bool = False) -> list[Diagnostic]:
    if matches <= 0:
        return []
    recorder = _HitRecorder(engine)
    gaps: dict[tuple[str, int], dict] = {}
    settings = [(players, readings) for players in model.players for readings in reading_variants(model)]
    played = 0

    def add_gaps(summary: dict, players: int, readings: dict) -> None:
        for gap in summary["rule_gaps"]:
            entry = gaps.setdefault((gap["code"], gap["line"]), {"message": gap["message"], "seen": []})
            entry["seen"].append((gap["count"], players, readings, gap["example_seed"]))

    def findings() -> list[Diagnostic]:
        out = [_gap_diagnostic(model, code, line, entry, matches) for (code, line), entry in gaps.items()]
        return out + _never_fired(model, engine, recorder.totals, played)

    with progress_bar(matches * len(settings), enabled=progress) as advance:
        for players, readings in settings:
            try:
                summary = run_matches(recorder, players, matches, SEED, readings=readings, progress=False)
            except SimulationInterrupted as exc:
                # Findings of the matches that finished; the one cut short counts for nothing.
                recorder.states = recorder.states[: exc.finished]
                recorder.collect()
                played += exc.finished
                add_gaps(exc.summary, players, readings)
                raise FindingsInterrupted(findings(), played, matches * len(settings)) from None
            advance(matches)
            recorder.collect()
            played += matches
            add_gaps(summary, players, readings)
    return findings()


def _command(model, players: int, readings: dict, seed: int) -> str:
    parts = ["cardrules simulate", shlex.quote(model.game.file), f"--players {players}"]
    parts += [f"--reading {shlex.quote(f'{k}={v}')}" for k, v in readings.items() if model.default_reading(k) != v]
    return " ".join(parts + [f"--seed {seed}", "--games 1"])


def _gap_diagnostic(model, code: str, line: int, entry: dict, matches: int) -> Diagnostic:
    seen = sorted(entry["seen"], key=lambda s: -s[0])
    count, players, readings, seed = seen[0]
    where = f"in {count} of {matches} matches at {players} players under {describe_readings(model, readings)}"
    others = f" (and in {len(seen) - 1} other setting{'s' if len(seen) > 2 else ''})" if len(seen) > 1 else ""
    notes = [f"{c} of {matches} matches at {p} players under {describe_readings(model, r)}" for c, p, r, _ in seen[1:6]]
    notes.append(f"replay the first (seed {seed}): {_command(model, players, readings, seed)}")
    span = span_at_line(model, line) if line > 0 else _outer_loop_span(model)
    message = f"{entry['message']}: {where}{others}"
    if line <= 0 and code == "non-termination":
        message = f"matches did not end: {where}{others}"
        notes.insert(0, entry["message"])
    make = error if code in ENGINE_FAILURES else warning
    reach = _rule_lines(model, line) if line > 0 else (span.line, max(span.line, span.end_line))
    return make(code, message, span, notes=notes, reach=reach)


def _rule_lines(model, line: int) -> tuple[int, int]:
    """The lines of the statement that starts on `line` (the engines report a rule's first line)."""
    last = line
    for root in [model.game.flow] + [t.body for t in model.game.triggers]:
        for node in walk(root) if root else []:
            if isinstance(node, n.Stmt) and node.span.line == line:
                last = max(last, node.span.end_line)
    return line, last


# The static checks whose findings are estimates that play can confirm or fail to see.
CONSERVATIVE = ("empty-draw", "no-legal-move", "unspecified-tie", "non-termination")


def reconcile(diagnostics: list[Diagnostic], matches: int) -> list[Diagnostic]:
    """Let play speak on the conservative static warnings: one that a simulated match ran into
    becomes one finding carrying the reproducing seed; one that no match ran into is kept as an
    info, "not seen in N matches"."""
    simulated = [d for d in diagnostics if d.reach is not None]
    out, absorbed = [], set()
    for d in diagnostics:
        if d.reach is not None or d.code not in CONSERVATIVE or d.severity is not Severity.WARNING:
            out.append(d)
            continue
        seen = [s for s in simulated if s.code == d.code and s.reach[0] <= d.span.line <= s.reach[1]]
        if seen:
            confirmed = seen[0]
            absorbed.add(id(confirmed))
            notes = d.notes + [f"seen in play: {confirmed.message}"] + confirmed.notes
            out.append(Diagnostic(d.code, d.severity, d.message, d.span, d.file, notes, d.hint))
        else:
            message = f"{d.message} (not seen in {matches} matches at each player count and reading)"
            out.append(Diagnostic(d.code, Severity.INFO, message, d.span, d.file, d.notes, d.hint))
    return [d for d in out if id(d) not in absorbed]


def span_at_line(model, line: int) -> Span:
    """The span of the outermost rule written on `line` (engines report lines only)."""
    game = model.game
    roots = [game.flow] + [t for t in game.triggers]
    best = None
    for root in roots:
        for node in walk(root) if root else []:
            span = node.span
            if span.line == line and isinstance(node, (n.Stmt, n.WinRule, n.Expr, n.Trigger, n.Block)):
                if best is None or span.column < best.column:
                    best = span
    if best is None:
        return Span(line, 1, line, 1)
    end = best.end_column if best.end_line == line else best.column
    return Span(line, best.column, line, end, best.file)  # `file`: a rule a variant took from its base


def _outer_loop_span(model) -> Span:
    flow = model.game.flow
    for node in walk(flow) if flow else []:
        if isinstance(node, (n.While, n.Repeat)):
            return node.span
    return flow.span if flow else Span()


def _never_fired(model, engine, totals: list[int], played: int) -> list[Diagnostic]:
    fired: dict[tuple[int, str], int] = {}
    for meta, count in zip(engine.RULES.get("branches", []), totals, strict=False):
        key = (meta["line"], meta["what"])
        fired[key] = fired.get(key, 0) + count
    out = []
    for (line, what), count in sorted(fired.items()):
        if count == 0:
            out.append(
                info(
                    "never-fires",
                    f"this {what} never fired in {played} simulated matches",
                    span_at_line(model, line),
                    notes=["it may need a rare deal, a reading not tried alone, or it may be unreachable"],
                )
            )
    return out
