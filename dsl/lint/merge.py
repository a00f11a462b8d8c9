"""One diagnostic per problem: findings that describe the same fault at the same place become one.

A worked example that contradicts the rules under every reading is found twice, by the example
check (`example-mismatch`) and by the contradiction check; the reader needs one finding whose
notes carry both accounts, under the stronger code.
"""

from __future__ import annotations

from ..report.diagnostics import Diagnostic

# code kept -> codes it absorbs when they point at the same span
ABSORBS = {"contradiction": ("example-mismatch",)}


def merge_same_problem(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    keepers = {(d.span, d.code): d for d in diagnostics if d.code in ABSORBS}
    out = []
    for d in diagnostics:
        keeper = next((keepers.get((d.span, code)) for code in ABSORBS if d.code in ABSORBS[code]), None)
        if keeper is None:
            out.append(d)
            continue
        keeper.notes.append(f"{d.code}: {d.message}")
        keeper.notes.extend(note for note in d.notes if note not in keeper.notes)
    return out
