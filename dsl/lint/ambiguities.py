"""List every declared ambiguity as a finding, so `validate` shows where the text is unclear."""

from __future__ import annotations

from ..report.diagnostics import Diagnostic, info


def list_ambiguities(model, engine) -> list[Diagnostic]:
    out = []
    for amb in model.ambiguities.values():
        readings = ", ".join(
            f"{r.name}{' (default)' if r.name == model.default_reading(amb.name) else ''}" for r in amb.readings
        )
        cites = ", ".join(f"{c.source}:{c.line}" for c in amb.cites)
        notes = [f"readings: {readings}"] + [f"{r.name}: {r.description}" for r in amb.readings if r.description]
        if cites:
            notes.append(f"source: {cites}")
        out.append(info("ambiguity", f"ambiguity '{amb.name}': {amb.question}", amb.span, notes=notes))
    return out
