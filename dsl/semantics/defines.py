"""Named expressions: `define soft_total(Z) = ...` is expanded at each use, before type checking.

Each use is replaced by a copy of the body with the parameters replaced by copies of the
arguments, so every use is type-checked (and compiled) on its own terms.  A definition may use
the definitions before or after it, but never itself, directly or through others.
"""

from __future__ import annotations

import copy
import dataclasses

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, error
from ..syntax.reserved import RESERVED_WORDS, reserved_hint, reserved_message

# A definition named like a built-in function would silently replace it everywhere.
BUILTIN_FUNCTIONS = frozenset({"max", "min", "sum", "abs", "random_player"})


class _Expander:
    def __init__(self, game: n.Game):
        self.game = game
        self.defines: dict[str, n.Define] = {}
        self.expanded: dict[str, n.Expr | None] = {}
        self.diags: list[Diagnostic] = []
        self.stack: list[str] = []

    def err(self, code: str, message: str, node: n.Node, **kw) -> None:
        self.diags.append(error(code, message, node.span, file=self.game.file, **kw))

    def declare(self) -> None:
        taken = {z.name for z in self.game.zones} | {v.name for v in self.game.vars}
        for define in self.game.defines:
            if define.name in RESERVED_WORDS or define.name in BUILTIN_FUNCTIONS:
                self.err(
                    "reserved-name",
                    reserved_message(define.name, "a definition"),
                    define,
                    hint=reserved_hint(define.name),
                )
            elif define.name in self.defines or define.name in taken:
                self.err("duplicate-name", f"'{define.name}' is already defined", define)
            elif len(set(define.params)) != len(define.params):
                self.err("duplicate-name", f"'{define.name}' names a parameter twice", define)
            else:
                self.defines[define.name] = define

    def body(self, name: str, use: n.Node) -> n.Expr | None:
        """The body of `name` with every definition it uses expanded, or None after an error."""
        if name in self.expanded:
            return self.expanded[name]
        if name in self.stack:
            cycle = " -> ".join(self.stack[self.stack.index(name) :] + [name])
            self.err(
                "type-mismatch",
                f"'{name}' is defined through itself ({cycle})",
                self.defines[name],
                hint="a definition is expanded where it is used, so it cannot be recursive",
            )
            self.expanded[name] = None
            return None
        self.stack.append(name)
        define = self.defines[name]
        self.expanded[name] = self.sub(define.body, shadowed=set(define.params))
        self.stack.pop()
        return self.expanded[name]

    def use(self, name: str, args: list[n.Expr], node: n.Expr) -> n.Expr | None:
        define = self.defines[name]
        if len(args) != len(define.params):
            wanted = f"{len(define.params)} argument" + ("" if len(define.params) == 1 else "s")
            self.err(
                "type-mismatch",
                f"'{name}' takes {wanted}, not {len(args)}",
                node,
                hint=f"define {name}({', '.join(define.params)}) is on line {define.span.line}",
            )
            return None
        body = self.body(name, node)
        if body is None:
            return None
        bound = dict(zip(define.params, args, strict=True))
        # The copy stands where it is used: a fault or a type error in it is located at the use
        # (the arguments, put in after, keep their own places).
        return _replace_params(_placed_at(copy.deepcopy(body), node.span), bound)

    def sub(self, value, shadowed: frozenset[str] | set[str] = frozenset()):
        """`value` with every use of a definition replaced (names in `shadowed` are parameters)."""
        if isinstance(value, list):
            return [self.sub(v, shadowed) for v in value]
        if isinstance(value, tuple):
            return tuple(self.sub(v, shadowed) for v in value)
        if isinstance(value, n.Call) and value.func in self.defines:
            args = [self.sub(a, shadowed) for a in value.args]
            return self.use(value.func, args, value) or value
        if isinstance(value, n.Name) and value.id in self.defines and value.id not in shadowed:
            return self.use(value.id, [], value) or value
        if isinstance(value, n.Node) and dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                if f.name not in ("span", "type", "cites"):
                    setattr(value, f.name, self.sub(getattr(value, f.name), shadowed))
        return value


def _placed_at(value, span):
    """`value` with every node in it given `span`."""
    if isinstance(value, (list, tuple)):
        for v in value:
            _placed_at(v, span)
    elif isinstance(value, n.Node) and dataclasses.is_dataclass(value):
        value.span = span
        for f in dataclasses.fields(value):
            if f.name not in ("span", "type", "cites"):
                _placed_at(getattr(value, f.name), span)
    return value


def _replace_params(value, bound: dict[str, n.Expr]):
    if isinstance(value, list):
        return [_replace_params(v, bound) for v in value]
    if isinstance(value, tuple):
        return tuple(_replace_params(v, bound) for v in value)
    if isinstance(value, n.Name) and value.id in bound:
        return copy.deepcopy(bound[value.id])
    if isinstance(value, n.Node) and dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            if f.name not in ("span", "type", "cites"):
                setattr(value, f.name, _replace_params(getattr(value, f.name), bound))
    return value


def expand_defines(game: n.Game) -> list[Diagnostic]:
    """Replace, in place, every use of a definition of `game` by its expansion."""
    if not game.defines:
        return []
    expander = _Expander(game)
    expander.declare()
    for name in expander.defines:
        expander.body(name, expander.defines[name])
    for f in dataclasses.fields(game):
        if f.name not in ("defines", "span"):
            setattr(game, f.name, expander.sub(getattr(game, f.name)))
    return expander.diags
