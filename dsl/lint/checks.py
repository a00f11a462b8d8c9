"""The rule checks `cardrules validate` runs, in order (see the package's docstring)."""

from __future__ import annotations

from ..report.diagnostics import Diagnostic
from .ambiguities import list_ambiguities
from .citations import check_citations
from .contradictions import check_contradictions
from .deals import check_uneven_deals
from .draws import check_empty_draws
from .examples import check_examples
from .loops import check_loops
from .moves import check_legal_moves
from .sources import check_source_disagreements
from .ties import check_ties
from .weak_examples import check_weak_examples

STATIC_CHECKS = (
    list_ambiguities,
    check_examples,
    check_weak_examples,
    check_uneven_deals,
    check_empty_draws,
    check_ties,
    check_legal_moves,
    check_loops,
    check_contradictions,
    check_source_disagreements,
    check_citations,
)


def run_checks(model, engine) -> list[Diagnostic]:
    diagnostics: list[Diagnostic] = []
    for check in STATIC_CHECKS:
        diagnostics += check(model, engine)
    return diagnostics
