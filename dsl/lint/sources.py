"""contradiction between sources: two translations that prescribe different things for one
situation.

An ambiguity records the question; when its readings split along the sources (one reading cited
only from the Russian text, another only from the French), the doubt is not the encoder's: the
two texts say different things, which is what a translator needs to hear about.
"""

from __future__ import annotations

from ..report.diagnostics import Diagnostic, Span, warning


def _sources(node) -> set[str]:
    return {cite.source for cite in node.cites}


def check_source_disagreements(model, engine) -> list[Diagnostic]:
    if len(model.sources) < 2:
        return []
    out = []
    for amb in model.ambiguities.values():
        backed = [(reading, _sources(reading)) for reading in amb.readings if _sources(reading)]
        sides = [(a, b) for i, (a, sa) in enumerate(backed) for b, sb in backed[i + 1 :] if sa.isdisjoint(sb)]
        if not sides:
            continue
        notes = []
        for reading, sources in backed:
            cites = ", ".join(f"{c.source}:{c.line}" for c in reading.cites)
            notes.append(f"reading '{reading.name}' follows {' and '.join(sorted(sources))} ({cites})")
        first, second = sides[0]
        says = [f"{'/'.join(sorted(_sources(r)))} reads it as '{r.name}'" for r in (first, second)]
        end = amb.span.column + len("ambiguity ") + len(amb.name) - 1  # underline the name only
        out.append(
            warning(
                "contradiction",
                f"the sources disagree on '{amb.name}': {says[0]}, {says[1]}",
                Span(amb.span.line, amb.span.column, amb.span.line, end),
                notes=notes + [f"default: {model.default_reading(amb.name)}"],
            )
        )
    return out
