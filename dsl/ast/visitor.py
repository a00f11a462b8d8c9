"""Typed visitors over statements and expressions: one `visit_<Kind>` method per node class.

Every stage that dispatches on the kind of a node (type checking, lowering, the rule checks, the
tools) subclasses `StmtVisitor` or `ExprVisitor` and writes one method per kind.  There is no
default: a kind a stage does not handle raises `MissingVisit` the first time it is met, and
`tests/test_visitors.py` fails before that, because it checks every registered stage visitor
against every node class in `dsl.ast.nodes`.  Adding a statement kind therefore tells you, by
name, each stage that still has to learn it (see docs/ARCHITECTURE.md).

A visitor that is only a base for other visitors (it leaves methods to its subclasses) says so
with `class Base(StmtVisitor, partial=True)`; it is not checked itself, its subclasses are.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from . import nodes as n

Result = TypeVar("Result")


def concrete_kinds(base: type) -> tuple[type, ...]:
    """Every class of `dsl.ast.nodes` that derives from `base` and is instantiated by the builder
    (the abstract bases `Stmt` and `Expr` themselves are not)."""
    found = []
    for value in vars(n).values():
        if isinstance(value, type) and issubclass(value, base) and value is not base and value.__module__ == n.__name__:
            found.append(value)
    return tuple(sorted(found, key=lambda cls: cls.__name__))


class MissingVisit(NotImplementedError):
    """A stage met a node kind it has no method for: a bug of cardrules, never of a rule file."""


class _Visitor(Generic[Result]):
    #: the node base class this visitor dispatches on
    node_base: ClassVar[type]
    #: every complete stage visitor, filled in as subclasses are defined
    registry: ClassVar[list[type]]
    _methods: ClassVar[dict[type, str]]

    def __init_subclass__(cls, partial: bool = False, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._methods = {}
        if not partial and "node_base" not in cls.__dict__:
            cls.registry.append(cls)

    def _dispatch(self, node):
        kind = type(node)
        name = self._methods.get(kind)
        if name is None:
            name = "visit_" + kind.__name__
            if not callable(getattr(type(self), name, None)):
                raise MissingVisit(f"{type(self).__qualname__} has no method {name} for a {kind.__name__} node")
            self._methods[kind] = name
        return getattr(self, name)(node)

    @classmethod
    def missing_methods(cls) -> list[str]:
        """The `visit_<Kind>` methods this visitor lacks, for the exhaustiveness test."""
        return [
            "visit_" + kind.__name__
            for kind in concrete_kinds(cls.node_base)
            if not callable(getattr(cls, "visit_" + kind.__name__, None))
        ]


class StmtVisitor(_Visitor[Result], partial=True):
    """Dispatch on the kind of a statement: `visit(stmt)` calls `visit_<Kind>(stmt)`."""

    node_base = n.Stmt
    registry: ClassVar[list[type]] = []

    def visit(self, stmt: n.Stmt) -> Result:
        return self._dispatch(stmt)

    def visit_block(self, block: n.Block | None) -> list[Result]:
        return [] if block is None else [self._dispatch(stmt) for stmt in block.stmts]


class ExprVisitor(_Visitor[Result], partial=True):
    """Dispatch on the kind of an expression: `visit(expr)` calls `visit_<Kind>(expr)`."""

    node_base = n.Expr
    registry: ClassVar[list[type]] = []

    def visit(self, expr: n.Expr) -> Result:
        return self._dispatch(expr)
