"""Every stage visitor handles every node kind: adding a statement or expression class to
`dsl.ast.nodes` fails here, naming each stage that has not learnt it yet."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import dsl
from dsl.ast import nodes as n
from dsl.ast.visitor import ExprVisitor, MissingVisit, StmtVisitor, concrete_kinds


def _import_every_module() -> None:
    for info in pkgutil.walk_packages(dsl.__path__, "dsl."):
        importlib.import_module(info.name)


_import_every_module()
VISITORS = StmtVisitor.registry + ExprVisitor.registry


@pytest.mark.parametrize("visitor", VISITORS, ids=[v.__qualname__ for v in VISITORS])
def test_stage_visitor_handles_every_kind(visitor):
    assert visitor.missing_methods() == [], f"{visitor.__module__}.{visitor.__qualname__} lacks these methods"


def test_the_node_kinds_are_found():
    assert n.Trick in concrete_kinds(n.Stmt) and n.Stmt not in concrete_kinds(n.Stmt)
    assert n.BinOp in concrete_kinds(n.Expr) and n.Expr not in concrete_kinds(n.Expr)


def test_a_kind_without_a_method_raises_instead_of_defaulting():
    class OnlyShuffles(StmtVisitor[str], partial=True):
        def visit_Shuffle(self, stmt):
            return "shuffled"

    assert OnlyShuffles().visit(n.Shuffle(n.ZoneRef("stock"))) == "shuffled"
    with pytest.raises(MissingVisit, match="visit_EndGame"):
        OnlyShuffles().visit(n.EndGame())
    assert OnlyShuffles not in StmtVisitor.registry


# The stages of the rule checks and the tools that must dispatch through a visitor, by module.
# Replacing one by an isinstance chain or a getattr fallback again fails here.
CHECK_AND_TOOL_VISITORS = {
    "dsl.ast.walk": ["StatementShapes"],
    "dsl.lint.effects": ["ExprReads", "StmtWrites", "StmtRefills", "StmtPlacer"],
    "dsl.lint.loops": ["StmtSteps"],
    "dsl.lint.draws": ["StmtTakes"],
    "dsl.lint.moves": ["NoLegalMove"],
    "dsl.lint.piles": ["PileTracker"],
    "dsl.tools.graph": ["FlowGraph"],
}
_REQUIRED = [(module, name) for module, names in CHECK_AND_TOOL_VISITORS.items() for name in names]


@pytest.mark.parametrize(("module", "name"), _REQUIRED, ids=[f"{m}.{c}" for m, c in _REQUIRED])
def test_check_and_tool_stages_are_registered_visitors(module, name):
    visitor = getattr(importlib.import_module(module), name, None)
    assert visitor is not None, f"{module} no longer defines the visitor {name}"
    assert visitor in VISITORS, f"{module}.{name} is not a registered (complete) stage visitor"
    assert visitor.__module__ == module
    assert visitor.missing_methods() == [], f"{module}.{name} lacks these methods"


def test_the_walker_finds_nested_statements_decisions_and_open_loops():
    from dsl.ast.walk import has_decision, open_loop, walk_stmts

    bid = n.Bid(n.Name("p"), n.Name("x"), n.Num(1), n.Num(5))
    inner = n.While(n.Bool(True), n.Block([n.Shuffle(n.ZoneRef("stock"))]))
    loop = n.ForPlayers("p", None, None, n.Block([n.If([(n.Bool(True), n.Block([bid]))], n.Block([inner]))]))
    flow = n.Block([loop, n.EndGame()])

    kinds = [type(stmt).__name__ for stmt in walk_stmts(flow)]
    assert kinds == ["ForPlayers", "If", "Bid", "While", "Shuffle", "EndGame"]
    assert has_decision(loop) and not has_decision(inner)
    assert open_loop(inner).test is inner.cond and open_loop(loop) is None
    assert open_loop(n.Repeat(n.Block([]), n.Bool(False))).ends_when
