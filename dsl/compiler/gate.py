"""The second line of defence: a generated module runs only if its syntax tree stays on an allow-list.

`escape` is meant to make hostile text harmless; this walk checks the result instead of the
intent, and it is the only check a module read back from the compile cache gets before it runs.
Every rule below allows what the compiler's templates, its lowering and the native flavour
(`dsl.native`) write, and nothing more:

- the syntax: only the kinds of statement and expression engines are made of (`ALLOWED_NODES`);
- imports: only the lines engines start with (`IMPORTS`), at the top of the module, each name
  bound once under the name the compiler gives it. The runtime module itself is bound once, as
  `_rt`, and used only as `_rt.NAME(...)` (or `_rt.BaseState` as a class base) for the runtime
  functions engines call (`RUNTIME_NAMES`): never as a value, so no other name can hold it and
  nothing can reach its other attributes (its own imports, such as the `random` module);
- every other imported name only where engines use it: called, caught, raised or derived from;
  never as a value, subscripted or with an attribute;
- calls: of a few plain builtins, of the functions and classes the module defines, of runtime
  functions, and of methods from a fixed list; a builtin takes no keyword argument but the `key`
  of `sorted`, `min` and `max`, a lambda or a function of the module; no `**` or `*` argument;
- names: no name with `__`, no builtin outside the list, and none of these names (builtins,
  imports, the module's functions and classes) bound again, by any assignment, loop, parameter
  or handler: a name that is called is always the thing the module's text says it is;
- attributes: none with `__`, none leading to frames, code or formatting of arbitrary fields,
  and one leading underscore only for the engine's own methods called on its state (`s`, `c`,
  `self`): the runtime driver's methods (`DRIVER_METHODS`) and those the module's classes
  define; a method of the fixed list is called, never taken as a value;
- a lambda only as a keyword argument, without defaults; a function's defaults only constants,
  its annotations only strings; no decorators, no class keywords, no function inside a function;
- `try` in one shape only (every handler raises again, see `_Walker.visit_Try`).

Anything else is a located problem, and a module with problems is never executed.
"""

from __future__ import annotations

import ast
import builtins
import functools
from dataclasses import dataclass

RUNTIME_ALIAS = "_rt"
# `from MODULE import NAME as ALIAS` lines an engine may hold, and where the bound name may stand:
# "call" (called), "except" (caught), "raise" (raised as it is), "base" (a class derives from it).
# The runtime module itself is the one import used otherwise: only as `_rt.NAME`.
IMPORTS = {
    ("dsl.runtime", "engine"): (RUNTIME_ALIAS, frozenset()),
    ("dsl.runtime.combos", "Pattern"): ("_Pattern", frozenset({"call"})),
    ("dsl.runtime.combos", "Scoring"): ("_Scoring", frozenset({"call"})),
    ("dsl.runtime.errors", "IllegalAction"): ("IllegalAction", frozenset({"call", "except", "raise", "base"})),
    ("dsl.runtime.errors", "RuleGap"): ("RuleGap", frozenset({"call", "except", "raise", "base"})),
    # the native flavour's `apply` and its state class
    ("dsl.runtime.faults", "API_ERRORS"): ("API_ERRORS", frozenset({"except"})),
    ("dsl.runtime.faults", "FAULTS"): ("FAULTS", frozenset({"except"})),
    ("dsl.runtime.faults", "rule_fault"): ("rule_fault", frozenset({"call"})),
    ("dsl.runtime.native_driver", "NativeState"): ("NativeState", frozenset({"base"})),
}
# Each `_rt.NAME` the templates, the lowering (`exprs`, `standings`, `lower`, `codegen`) and the
# native flavour write (some as `_rt.{helper}`: `top`, `first`, `share`, `share_team`).
RUNTIME_NAMES = frozenset(
    {
        "BaseState",
        "Snapshot",
        "cards_where",
        "copied",
        "counted",
        "deal_round_robin",
        "deal_sizes",
        "deal_to_seats",
        "deserialize_state",
        "distinct_kinds",
        "expectation",
        "explicit_game",
        "extreme_keyed",
        "first",
        "flat",
        "gap",
        "guard_examples",
        "highest",
        "hold_back",
        "in_play_from",
        "join",
        "next_in_play",
        "partner",
        "place_bottom",
        "place_random",
        "played_by",
        "random_pick",
        "record_deal",
        "record_decision",
        "record_draw",
        "record_gather",
        "record_held",
        "record_move",
        "record_play",
        "record_set",
        "record_shuffle",
        "record_trick_end",
        "repeat_count",
        "seat_orders",
        "seats_from",
        "share",
        "share_team",
        "size",
        "standard_deck",
        "sum_values",
        "table_codes",
        "take_card",
        "take_middle",
        "take_one",
        "take_top",
        "team_numbers",
        "team_value",
        "tied_winner",
        "top",
        "twins",
        "value",
    }
)
IMPORTED_NAMES = frozenset(alias for alias, _uses in IMPORTS.values())
RUNTIME_BASES = frozenset({"BaseState"})  # `class State(_rt.BaseState)`
# Every builtin, none of which a module may bind (`_` is one only in an interactive session).
BUILTIN_NAMES = frozenset(name for name in dir(builtins) if name != "_")
SAFE_BUILTINS = frozenset(
    {"len", "range", "list", "tuple", "min", "max", "sorted", "sum", "any", "all", "enumerate", "bool", "abs"}
    | {"isinstance", "int"}  # a native engine's `apply` takes only a real int (Cython: one C test)
)
KEYED_BUILTINS = frozenset({"sorted", "min", "max"})  # may take `key=`: a lambda or a function of the module
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
        "from_json",
    }
)
# The methods of the runtime's state (`BaseState`) an engine calls on its own state.
DRIVER_METHODS = frozenset(
    {"_setup", "_run", "_decide", "_finish", "_copy_base_into", "_clone_base", "_endless", "_start_recording"}
)
STATE_OBJECTS = frozenset({"s", "c", "self"})  # the names the generated code gives a state
# Attributes without underscores that still lead from an object to frames, code or globals.
INTROSPECTION = frozenset(
    {"gi_frame", "gi_code", "cr_frame", "cr_code", "ag_frame", "ag_code", "f_globals", "f_locals", "f_builtins"}
    | {"f_back", "f_code", "tb_frame", "tb_next", "co_code", "mro", "format", "format_map"}
)
SPECIAL_METHODS = frozenset({"__init__"})  # the only method with underscores a class may define
ALLOWED_NODES = frozenset(
    {
        # statements
        ast.Module,
        ast.ImportFrom,
        ast.alias,
        ast.FunctionDef,
        ast.ClassDef,
        ast.arguments,
        ast.arg,
        ast.Assign,
        ast.AugAssign,
        ast.Expr,
        ast.Return,
        ast.If,
        ast.For,
        ast.While,
        ast.Break,
        ast.Continue,
        ast.Pass,
        ast.Raise,
        ast.Try,
        ast.ExceptHandler,
        # expressions
        ast.BoolOp,
        ast.BinOp,
        ast.UnaryOp,
        ast.Lambda,
        ast.IfExp,
        ast.Dict,
        ast.Set,
        ast.List,
        ast.Tuple,
        ast.ListComp,
        ast.SetComp,
        ast.GeneratorExp,
        ast.comprehension,
        ast.Compare,
        ast.Call,
        ast.keyword,
        ast.JoinedStr,
        ast.FormattedValue,
        ast.Constant,
        ast.Attribute,
        ast.Subscript,
        ast.Slice,
        ast.Name,
        ast.Load,
        ast.Store,
        # operators
        ast.And,
        ast.Or,
        ast.Not,
        ast.USub,
        ast.Add,
        ast.Sub,
        ast.Mult,
        ast.FloorDiv,
        ast.Mod,
        ast.Eq,
        ast.NotEq,
        ast.Lt,
        ast.LtE,
        ast.Gt,
        ast.GtE,
        ast.Is,
        ast.IsNot,
        ast.In,
        ast.NotIn,
    }
)
DESCRIPTIONS = {
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
    ast.Del: "a `del` statement",
    ast.NamedExpr: "an assignment expression",
    ast.AnnAssign: "an annotated assignment",
    ast.Starred: "a `*` unpacking",
    ast.Assert: "an `assert` statement",
    ast.DictComp: "a dict comprehension",
    ast.Pow: "the operator `**`",
}
if hasattr(ast, "TryStar"):  # Python 3.11's `except*`
    DESCRIPTIONS[ast.TryStar] = "a `try` statement with `except*`"
if hasattr(ast, "Match"):
    DESCRIPTIONS[ast.Match] = "a `match` statement"


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


_USES = {"call": "called", "except": "caught", "raise": "raised", "base": "derived from"}


class _Walker(ast.NodeVisitor):
    def __init__(self, tree: ast.Module):
        self.problems: list[Problem] = []
        self.path: list[ast.AST] = []  # the nodes from the module to the one being visited
        # What the module's top level binds by `import`: each bound name and where it may stand.
        self.imported: dict[str, frozenset[str]] = {}
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                for alias in node.names:
                    allowed = IMPORTS.get((node.module or "", alias.name))
                    if allowed is not None and node.level == 0 and alias.asname == _alias_as_written(alias, allowed):
                        self.imported.setdefault(allowed[0], allowed[1])
        self.functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        self.classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
        self.own_methods = {
            item.name
            for node in tree.body
            if isinstance(node, ast.ClassDef)
            for item in node.body
            if isinstance(item, ast.FunctionDef)
        }
        # Names that always mean one thing: never bound but by their own `import`, `def` or `class`.
        self.fixed = BUILTIN_NAMES | IMPORTED_NAMES | self.functions | self.classes
        self.bound_once: set[str] = set()

    # ------------------------------------------------------------------ helpers

    def refuse(self, node: ast.AST, message: str) -> None:
        located = next((n for n in [node, *reversed(self.path)] if hasattr(n, "lineno")), node)
        self.problems.append(Problem(getattr(located, "lineno", 0), getattr(located, "col_offset", -1) + 1, message))

    def place(self) -> tuple[ast.AST | None, str]:
        """(parent, field of the parent) of the node being visited, seen through the tuple of an
        `except (A, B):`."""
        parent, field = self.parent(1)
        if isinstance(parent, ast.Tuple):
            outer, outer_field = self.parent(2)
            if isinstance(outer, ast.ExceptHandler) and outer_field == "type":
                return outer, outer_field
        return parent, field

    def parent(self, up: int) -> tuple[ast.AST | None, str]:
        """(the node `up` levels above the one being visited, the field of it that holds the path)."""
        if len(self.path) <= up:
            return None, ""
        parent, child = self.path[-1 - up], self.path[-up]
        for field, value in ast.iter_fields(parent):
            if value is child or (isinstance(value, list) and any(item is child for item in value)):
                return parent, field
        return parent, ""

    def is_called(self) -> bool:
        parent, field = self.place()
        return isinstance(parent, ast.Call) and field == "func"

    def bind(self, node: ast.AST, name: str, what: str) -> None:
        if "__" in name:
            self.refuse(node, f"{what} named {name!r} is not allowed")
        elif name in self.fixed:
            self.refuse(node, f"rebinding {name!r} ({what}) is not allowed")

    def check_arguments(self, node: ast.FunctionDef | ast.Lambda) -> None:
        args = node.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
            self.refuse(node, "only plain parameters are allowed (no `*`, `**`, keyword-only or positional-only)")
        for arg in args.args:
            self.bind(arg, arg.arg, "a parameter")
            annotation = arg.annotation
            if annotation is not None and not _is_text(annotation):
                self.refuse(annotation, "an annotation other than a string is not allowed")
        if isinstance(node, ast.FunctionDef) and node.returns is not None:
            self.refuse(node.returns, "a return annotation is not allowed")

    # ------------------------------------------------------------------ every node

    def visit(self, node: ast.AST) -> None:
        if type(node) not in ALLOWED_NODES and (not self.path or type(self.path[-1]) in ALLOWED_NODES):
            # (what a refused construct holds is walked for its own problems, not named again)
            what = DESCRIPTIONS.get(type(node), f"the construct `{type(node).__name__}`")
            self.refuse(node, f"{what} is not allowed")
        self.path.append(node)
        super().visit(node)
        self.path.pop()

    # ------------------------------------------------------------------ statements

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = "." * node.level + (node.module or "")
        parent, _ = self.place()
        if not isinstance(parent, ast.Module):
            self.refuse(node, f"an import from {module} inside a function or class is not allowed")
        for alias in node.names:
            allowed = IMPORTS.get((module, alias.name))
            if allowed is None:
                known = any(m == module for m, _ in IMPORTS)
                why = f"importing {alias.name!r} from {module}" if known else f"an import from {module}"
                self.refuse(node, f"{why} is not allowed (only what engines import from dsl.runtime)")
            elif alias.asname != _alias_as_written(alias, allowed):
                self.refuse(node, f"importing {alias.name!r} from {module} as {alias.asname!r} is not allowed")
            else:
                self.once(node, allowed[0])
        self.generic_visit(node)

    def once(self, node: ast.AST, name: str) -> None:
        if name in self.bound_once:
            self.refuse(node, f"binding {name!r} a second time is not allowed")
        self.bound_once.add(name)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        parent, _ = self.place()
        in_class = isinstance(parent, ast.ClassDef)
        if node.decorator_list:
            self.refuse(node, f"a decorator on {node.name!r} is not allowed")
        if not (in_class or isinstance(parent, ast.Module)):
            self.refuse(node, f"the function {node.name!r} inside a function is not allowed")
        if "__" in node.name and not (in_class and node.name in SPECIAL_METHODS):
            self.refuse(node, f"a function named {node.name!r} is not allowed")
        if not in_class:  # a method binds an attribute of its class, not a name of the module
            self.bind_definition(node, "a function")
        for default in node.args.defaults:
            if not isinstance(default, ast.Constant):
                self.refuse(default, "a default value other than a constant is not allowed")
        self.check_arguments(node)
        self.generic_visit(node)

    def bind_definition(self, node: ast.FunctionDef | ast.ClassDef, what: str) -> None:
        if node.name in BUILTIN_NAMES or node.name in IMPORTED_NAMES:
            self.refuse(node, f"{what} named {node.name!r} would hide the one the module uses")
        else:
            self.once(node, node.name)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        parent, _ = self.place()
        if not isinstance(parent, ast.Module):
            self.refuse(node, f"the class {node.name!r} inside a function or class is not allowed")
        if node.decorator_list or node.keywords:
            self.refuse(node, f"class {node.name!r} may not have decorators or keywords")
        if "__" in node.name:
            self.refuse(node, f"a class named {node.name!r} is not allowed")
        self.bind_definition(node, "a class")
        for base in node.bases:
            runtime = _is_runtime(base) and base.attr in RUNTIME_BASES
            if not (runtime or (isinstance(base, ast.Name) and (base.id in self.classes or base.id in self.imported))):
                self.refuse(base, f"class {node.name!r} may derive only from a class of the module or of the runtime")
        for item in node.body:
            if not isinstance(item, (ast.Assign, ast.FunctionDef, ast.Pass)) and not _is_docstring(item):
                self.refuse(item, f"class {node.name!r} may hold only assignments and methods")
        self.generic_visit(node)

    def visit_Try(self, node: ast.Try) -> None:
        # A native engine's `apply` turns a fault of the rules into a located RuleGap, as the
        # runtime's driver does: a `try` whose every handler raises again (bare, or the runtime's
        # translation of the caught exception) can swallow nothing, so that shape alone may pass.
        if node.orelse or node.finalbody or not node.handlers or not all(map(self.raises_again, node.handlers)):
            self.refuse(node, "a `try` statement is not allowed (only one whose every handler raises again)")
        self.generic_visit(node)

    def may_be(self, node: ast.AST, use: str) -> bool:
        """Whether the name `node` is a class or function of the module, or imported to be used so."""
        if not isinstance(node, ast.Name):
            return False
        own = self.classes if use in ("except", "base") else self.functions | self.classes
        return node.id in own or use in self.imported.get(node.id, ())

    def raises_again(self, handler: ast.ExceptHandler) -> bool:
        if handler.name is not None and ("__" in handler.name or handler.name in self.fixed):
            return False  # `as NAME` binds a name like an assignment: the same names are refused
        caught = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if not all(self.may_be(t, "except") for t in caught):
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
            and self.may_be(exc.func, "call")
            and not exc.keywords
            and [ast.unparse(a) for a in exc.args] == [name]
            and isinstance(cause, ast.Name)
            and cause.id == name
        )

    # ------------------------------------------------------------------ expressions

    def visit_Lambda(self, node: ast.Lambda) -> None:
        parent, field = self.place()
        if not (isinstance(parent, ast.keyword) and field == "value"):
            self.refuse(node, "a lambda is allowed only as a keyword argument")
        if node.args.defaults or any(d is not None for d in node.args.kw_defaults):
            self.refuse(node, "a default value of a lambda parameter is not allowed")
        self.check_arguments(node)
        self.generic_visit(node)

    def visit_comprehension(self, node: ast.comprehension) -> None:
        if node.is_async:
            self.refuse(node.target, "an async comprehension is not allowed")
        self.generic_visit(node)

    def visit_Dict(self, node: ast.Dict) -> None:
        if any(key is None for key in node.keys):
            self.refuse(node, "a `**` unpacking in a dict is not allowed")
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        name = node.id
        if "__" in name:
            self.refuse(node, f"the name {name!r} is not allowed")
        elif not isinstance(node.ctx, ast.Load):
            self.bind(node, name, "an assignment")
        elif name in self.imported or name == RUNTIME_ALIAS:
            self.check_imported_use(node)
        elif name in self.functions or name in self.classes:
            return
        elif name in BUILTIN_NAMES:
            if name not in SAFE_BUILTINS:
                self.refuse(node, f"the builtin {name!r} is not allowed")
            elif not (self.is_called() or self.is_isinstance_class(node)):
                self.refuse(node, f"the builtin {name!r} may only be called")

    def check_imported_use(self, node: ast.Name) -> None:
        parent, field = self.place()
        if node.id == RUNTIME_ALIAS:
            if not (isinstance(parent, ast.Attribute) and field == "value"):
                self.refuse(node, f"the runtime module {RUNTIME_ALIAS!r} is used only as {RUNTIME_ALIAS}.NAME")
            return
        uses = self.imported[node.id]
        where = {
            (ast.Call, "func"): "call",
            (ast.ExceptHandler, "type"): "except",
            (ast.Raise, "exc"): "raise",
            (ast.ClassDef, "bases"): "base",
        }.get((type(parent), field))
        if where not in uses:
            allowed = " or ".join(_USES[u] for u in sorted(uses))
            self.refuse(node, f"{node.id!r} (imported) may only be {allowed}")

    def is_isinstance_class(self, node: ast.Name) -> bool:
        """`int` as the class of `isinstance(x, int)`."""
        parent, field = self.place()
        return (
            node.id == "int"
            and isinstance(parent, ast.Call)
            and isinstance(parent.func, ast.Name)
            and parent.func.id == "isinstance"
            and len(parent.args) == 2
            and parent.args[1] is node
        )

    def visit_Attribute(self, node: ast.Attribute) -> None:
        attr, value = node.attr, node.value
        if "__" in attr or attr in INTROSPECTION:
            self.refuse(node, f"the attribute {attr!r} is not allowed")
        elif isinstance(value, ast.Name) and value.id == RUNTIME_ALIAS:
            self.check_runtime_use(node)
        elif attr.startswith("_"):
            on_state = isinstance(value, ast.Name) and value.id in STATE_OBJECTS
            own = attr in DRIVER_METHODS or attr in self.own_methods
            if not (on_state and own and self.is_called()):
                self.refuse(node, f"the attribute {attr!r} is not allowed (only the engine's own methods, called)")
        elif attr in SAFE_METHODS and not self.is_called():
            self.refuse(node, f"the method {attr!r} may only be called")
        self.generic_visit(node)

    def check_runtime_use(self, node: ast.Attribute) -> None:
        parent, field = self.place()
        name = f"{RUNTIME_ALIAS}.{node.attr}"
        if node.attr not in RUNTIME_NAMES:
            self.refuse(node, f"{name} is not a runtime function engines call")
        elif not isinstance(node.ctx, ast.Load):
            self.refuse(node, f"assigning {name} is not allowed")
        elif not (self.is_called() or (isinstance(parent, ast.ClassDef) and field == "bases")):
            self.refuse(node, f"{name} may only be called")

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if isinstance(func, ast.Name):
            builtin = func.id in SAFE_BUILTINS
            if not (builtin or self.may_be(func, "call")):
                self.refuse(node, f"a call to {func.id!r} is not allowed")
            elif builtin:
                self.check_builtin_keywords(node, func.id)
        elif isinstance(func, ast.Attribute):
            runtime = isinstance(func.value, ast.Name) and func.value.id == RUNTIME_ALIAS
            own = func.attr in DRIVER_METHODS or (func.attr.startswith("_") and func.attr in self.own_methods)
            if not (runtime or own or func.attr in SAFE_METHODS):
                self.refuse(node, f"a call to the method {func.attr!r} is not allowed")
        else:
            self.refuse(node, "a call to a computed function is not allowed")
        for keyword in node.keywords:
            if keyword.arg is None:
                self.refuse(keyword, "a `**` argument is not allowed")
        self.generic_visit(node)

    def check_builtin_keywords(self, node: ast.Call, name: str) -> None:
        for keyword in node.keywords:
            if keyword.arg is None:
                continue  # refused as any `**` argument
            value = keyword.value
            own = isinstance(value, ast.Lambda) or (isinstance(value, ast.Name) and value.id in self.functions)
            if not (name in KEYED_BUILTINS and keyword.arg == "key" and own):
                self.refuse(keyword, f"the argument {keyword.arg}= of {name!r} is not allowed")


def _alias_as_written(alias: ast.alias, allowed: tuple[str, frozenset]) -> str | None:
    """The `as` name the compiler writes for this import (None when it binds the name itself)."""
    return None if allowed[0] == alias.name else allowed[0]


def _is_runtime(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == RUNTIME_ALIAS


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _is_docstring(node: ast.AST) -> bool:
    return isinstance(node, ast.Expr) and _is_text(node.value)


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
