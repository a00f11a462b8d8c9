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
