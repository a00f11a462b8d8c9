"""Rule checks: independent functions `(model, engine) -> list[Diagnostic]`, run in order.

Name resolution and typing (`symbols`, `typecheck`) run first and stop the pipeline on errors;
the checks listed here look at the rules themselves and never stop it.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic
from .ambiguities import list_ambiguities
from .examples import check_examples

STATIC_CHECKS = (list_ambiguities, check_examples)


def run_checks(model, engine, simulate: int = 0) -> list[Diagnostic]:
    diagnostics: list[Diagnostic] = []
    for check in STATIC_CHECKS:
        diagnostics += check(model, engine)
    return diagnostics
