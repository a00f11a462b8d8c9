"""The second line of defence: a generated module runs only if its syntax tree stays on an allow-list.

`escape` is meant to make hostile text harmless; this walk checks the result instead of the
intent.  A module may import only from `dsl.runtime`, call only a few plain builtins, the
functions and classes it defines itself, lambda parameters, public runtime functions (`_rt.x`)
and methods from a fixed list, and never touch a name or attribute with `__` in it.
Anything else is a located problem, and a module with problems is never executed.
"""

from __future__ import annotations

import ast
import builtins
import functools
import inspect
from dataclasses import dataclass

from ..runtime import engine as runtime_engine

RUNTIME_ALIAS = "_rt"
SAFE_BUILTINS = frozenset(
    {"len", "range", "list", "tuple", "min", "max", "sorted", "sum", "any", "all", "enumerate", "bool", "abs"}
    | {"isinstance", "int"}  # a native engine's `apply` takes only a real int (Cython: one C test)
)
# Methods of lists, dicts, the random generator, the state and the scoring solvers (and of the
# engine's frozenset of twinned cards, `isdisjoint`: a test on every decision of a game with twins;
# `count`: `count players q where flag of q` is `s.v_flag.count(True)`, and `index`: `first of
# players q where flag of q` is `s.v_flag.index(True)`, both reads of a list; `pop`: `draw 1` takes
# the top card of a pile that is not empty; `intersection`: counting a pattern's cards in C).
SAFE_METHODS = frozenset(
    {
        "isdisjoint",
        "count",
        "index",
        "pop",
        "intersection",
        "append",
        "extend",
        "clear",
        "remove",
        "get",
        "shuffle",
        "randrange",
        "best",
        "best_of",
        "_setup",
        "_run",
        "_decide",
        "_finish",
        "_copy_base_into",
        "_clone_base",
        "_endless",
        "_init_fields",  # a native engine's `__init__` sets the fields in this typed method
        "from_json",
    }
)
# Attributes without underscores that still lead from an object to frames, code or globals.
INTROSPECTION = frozenset(
    {"gi_frame", "gi_code", "cr_frame", "cr_code", "ag_frame", "ag_code", "f_globals", "f_locals", "f_builtins"}
    | {"f_back", "f_code", "tb_frame", "tb_next", "co_code", "mro", "format", "format_map"}
)
REFUSED_NODES = {
    ast.Import: "an import of anything but dsl.runtime",
    ast.Global: "a `global` statement",
    ast.Nonlocal: "a `nonlocal` statement",
    ast.Yield: "a `yield`",
    ast.YieldFrom: "a `yield from`",
    ast.Await: "an `await`",
    ast.AsyncFunctionDef: "an async function",
    ast.AsyncFor: "an async loop",
    ast.AsyncWith: "an async `with`",
    ast.With: "a `with` statement",
    ast.Delete: "a `del` statement",
    ast.NamedExpr: "an assignment expression",
}
if hasattr(ast, "TryStar"):  # Python 3.11's `except*`
    REFUSED_NODES[ast.TryStar] = "a `try` statement with `except*`"
SPECIAL_METHODS = frozenset({"__init__"})  # the only method with underscores a class may define


@dataclass(frozen=True)
class Problem:
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


class UnsafeModule(Exception):
    """A generated module the allow-list refuses; it must not be executed."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(str(p) for p in problems[:3]))
        self.problems = problems


def _runtime_functions() -> frozenset[str]:
    return frozenset(
        name
        for name, value in vars(runtime_engine).items()
        if not name.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__.startswith("dsl.runtime.")
    )


RUNTIME_FUNCTIONS = _runtime_functions()


def _top_level_callables(tree: ast.Module) -> set[str]:
    """Names the module binds with `def`, `class` or a runtime import: the only names it may call
    besides builtins (a plain assignment could bind anything, so it does not count)."""
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
    return names


class _Walker(ast.NodeVisitor):
    def __init__(self, tree: ast.Module):
        self.problems: list[Problem] = []
        self.callables = _top_level_callables(tree)
        self.lambda_scopes: list[set[str]] = []
        self.class_depth = 0

    def refuse(self, node: ast.AST, message: str) -> None:
        self.problems.append(Problem(getattr(node, "lineno", 0), getattr(node, "col_offset", -1) + 1, message))

    def check_params(self, node: ast.AST, params: set[str]) -> None:
        for param in sorted(params):
            if "__" in param or param in self.callables:
                self.refuse(node, f"a parameter named {param!r} is not allowed")

    def generic_visit(self, node: ast.AST) -> None:
        what = REFUSED_NODES.get(type(node))
        if what is not None:
            self.refuse(node, f"{what} is not allowed")
        super().generic_visit(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        runtime = module == "dsl.runtime" or module.startswith("dsl.runtime.")
        if node.level != 0 or not (runtime or module == "__future__"):
            self.refuse(node, f"an import from {'.' * node.level}{module} is not allowed (only dsl.runtime)")
        for alias in node.names:
            if alias.name == "*" or "__" in (alias.asname or "") or (module != "__future__" and "__" in alias.name):
                self.refuse(node, f"importing {alias.name!r} is not allowed")

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        if node.decorator_list:
            self.refuse(node, f"a decorator on {node.name!r} is not allowed")
        if "__" in node.name and not (self.class_depth and node.name in SPECIAL_METHODS):
            self.refuse(node, f"a function named {node.name!r} is not allowed")
        self.check_params(node, {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)})
        saved, self.class_depth = self.class_depth, 0
        self.generic_visit(node)
        self.class_depth = saved

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if node.decorator_list or node.keywords:
            self.refuse(node, f"class {node.name!r} may not have decorators or keywords")
        if "__" in node.name:
            self.refuse(node, f"a class named {node.name!r} is not allowed")
        self.class_depth += 1
        self.generic_visit(node)
        self.class_depth -= 1

    def visit_Try(self, node: ast.Try) -> None:
        # A native engine's `apply` turns a fault of the rules into a located RuleGap, as the
        # runtime's driver does: a `try` whose every handler raises again (bare, or the runtime's
        # translation of the caught exception) can swallow nothing, so that shape alone may pass.
        if node.orelse or node.finalbody or not node.handlers or not all(map(self.raises_again, node.handlers)):
            self.refuse(node, "a `try` statement is not allowed (only one whose every handler raises again)")
        ast.NodeVisitor.generic_visit(self, node)

    def raises_again(self, handler: ast.ExceptHandler) -> bool:
        if handler.name is not None and ("__" in handler.name or handler.name in self.callables):
            return False  # `as NAME` binds a name like an assignment: the same names are refused
        caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if not all(isinstance(t, ast.Name) and t.id in self.callables for t in caught):
            return False
        if len(handler.body) != 1 or not isinstance(handler.body[0], ast.Raise):
            return False
        exc, cause = handler.body[0].exc, handler.body[0].cause
        if exc is None:
            return cause is None
        name = handler.name
        return (
            name is not None
            and isinstance(exc, ast.Call)
            and isinstance(exc.func, ast.Name)
            and exc.func.id in self.callables
            and not exc.keywords
            and [ast.unparse(a) for a in exc.args] == [name]
            and isinstance(cause, ast.Name)
            and cause.id == name
        )

    def visit_Lambda(self, node: ast.Lambda) -> None:
        params = {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
        self.check_params(node, params)
        self.lambda_scopes.append(params)
        self.generic_visit(node)
        self.lambda_scopes.pop()

    def visit_Name(self, node: ast.Name) -> None:
        if not isinstance(node.ctx, ast.Load) and node.id in self.callables:
            self.refuse(node, f"rebinding {node.id!r} is not allowed")
        if "__" in node.id:
            self.refuse(node, f"the name {node.id!r} is not allowed")
        elif hasattr(builtins, node.id) and node.id not in SAFE_BUILTINS and node.id not in self.callables:
            self.refuse(node, f"the builtin {node.id!r} is not allowed")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if "__" in node.attr:
            self.refuse(node, f"the attribute {node.attr!r} is not allowed")
        elif node.attr in INTROSPECTION:
            self.refuse(node, f"the attribute {node.attr!r} is not allowed")
        elif isinstance(node.value, ast.Name) and node.value.id == RUNTIME_ALIAS and node.attr not in RUNTIME_FUNCTIONS:
            self.refuse(node, f"{RUNTIME_ALIAS}.{node.attr} is not a public runtime function")
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name):
            in_lambda = any(func.id in scope for scope in self.lambda_scopes)
            if func.id not in SAFE_BUILTINS and func.id not in self.callables and not in_lambda:
                self.refuse(node, f"a call to {func.id!r} is not allowed")
        elif isinstance(func, ast.Attribute):
            runtime = isinstance(func.value, ast.Name) and func.value.id == RUNTIME_ALIAS
            if not runtime and func.attr not in SAFE_METHODS:
                self.refuse(node, f"a call to the method {func.attr!r} is not allowed")
        else:
            self.refuse(node, "a call to a computed function is not allowed")
        self.generic_visit(node)


def check_module(source: str) -> list[Problem]:
    """The problems of a module's source against the allow-list; empty when it may run."""
    return list(_check(source))


@functools.lru_cache(maxsize=8)  # `generate` and then `module_from_source` check the same text
def _check(source: str) -> tuple[Problem, ...]:
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        return (Problem(exc.lineno or 0, exc.offset or 0, f"not valid Python: {exc.msg}"),)
    walker = _Walker(tree)
    walker.visit(tree)
    problems = tuple(sorted(walker.problems, key=lambda p: (p.line, p.column)))
    if not problems:
        _accepted_tree.clear()
        _accepted_tree[source] = tree
    return problems


# The tree of the last module the walk accepted, for `checked_code` to compile: the module's
# source is then parsed once, not once by the walk and again by `compile`. One tree only (the
# tree of a large module weighs a few megabytes); the problems are memoised for more.
_accepted_tree: dict[str, ast.Module] = {}


def checked_code(source: str, filename: str):
    """The code of a module the gate accepts, compiled from the tree the walk checked when it is
    still held (the same code `compile(source, ...)` gives); raises UnsafeModule if refused."""
    require_safe(source)
    tree = _accepted_tree.pop(source, None)
    return compile(tree if tree is not None else source, filename, "exec")


def require_safe(source: str) -> None:
    problems = check_module(source)
    if problems:
        raise UnsafeModule(problems)
