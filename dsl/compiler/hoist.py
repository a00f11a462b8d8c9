"""State reads taken out of a loop over cards.

A legality test or a winner rule's `where` is run once per card of a hand or of the table, and
each run reads the same state attributes again (`SUIT[c] == s.led`): nothing in the loop can
change them. Bound to Python locals once before the loop (`_s_led = s.led`), they cost one read
each instead of one per card.
"""

from __future__ import annotations

import ast
import re

STATE = "s"
# `s.rng` is a property that builds the generator on first use: read only where the rules draw.
KEPT = frozenset({"rng"})


class _Reads(ast.NodeTransformer):
    def __init__(self):
        self.names: list[str] = []

    def visit_Attribute(self, node: ast.Attribute):
        self.generic_visit(node)
        if isinstance(node.value, ast.Name) and node.value.id == STATE and node.attr not in KEPT:
            if isinstance(node.ctx, ast.Load):
                if node.attr not in self.names:
                    self.names.append(node.attr)
                return ast.copy_location(ast.Name(id=local(node.attr), ctx=ast.Load()), node)
        return node


def local(attr: str) -> str:
    return f"_s_{attr}"


def hoist(tests: list[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """(bindings, tests): every state attribute the tests read, as `(local, "s.attr")` pairs to
    bind before the loop, and the tests reading those locals instead."""
    reads = _Reads()
    rewritten = []
    for test in tests:
        before = ast.dump(ast.parse(test, mode="eval"))
        tree = reads.visit(ast.parse(test, mode="eval"))
        changed = ast.dump(tree) != before
        # In parentheses: a conditional expression is a comprehension's `if` only inside them.
        rewritten.append(f"({ast.unparse(tree)})" if changed else test)
    return [(local(name), f"{STATE}.{name}") for name in reads.names], rewritten


def loop_local(var: str, local: str | None, skip: str | None, body: str):
    """A rule's loop name (`for each player q`) kept in the loop's Python variable instead of the
    state: `(before, skip, body, after)`, where the body and its skip test read `var`, and the
    state's field gets the value it would have had, once, after the loop (`before` keeps the old
    one if the loop runs no round). None when the body could read the field some other way: a
    trigger it calls, a loop of its own that rebinds the name, or a `return` out of the loop."""
    if local is None:
        return None
    field = f"{STATE}.{local}"
    if "_trigger_" in body or "return" in body or re.search(rf"\b{re.escape(field)} =", body):
        return None
    read = re.compile(rf"\b{re.escape(field)}\b")
    skip = read.sub(var, skip) if skip is not None else None
    return f"{var} = {field}", skip, read.sub(var, body), f"{field} = {var}"


_SOLVER = re.compile(r"\b(_solver_\w+)\(s\)")


def solvers(body: str) -> tuple[list[str], str]:
    """A scoring's solver, looked up once before a loop whose body scores (`_solver_x(s)` reads
    only the readings, which a match never changes): (binding lines, the body reading them)."""
    names = sorted(set(_SOLVER.findall(body)))
    if not names:
        return [], body
    lines = _SOLVER.sub(r"\1_", body).split("\n")
    rebound = {f"{name}_ = {name}_" for name in names}  # an inner loop's own binding, now outer
    return [f"{name}_ = {name}(s)" for name in names], "\n".join(ln for ln in lines if ln.strip() not in rebound)


def loop_head(iterable: str) -> str:
    """`iterable` as the formatter writes it after `for x in`: without a pair of parentheses
    around the whole of it (a conditional expression needs none there), unless it is a
    generator, which does."""
    if not (iterable.startswith("(") and iterable.endswith(")")) or " for " in iterable:
        return iterable
    depth = 0
    for i, char in enumerate(iterable):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and i < len(iterable) - 1:
            return iterable  # `(a) + (b)`: the first pair closes before the end
    return iterable[1:-1]
