"""A loop over the seats whose variable the rules keep, written so that its variable is a C integer.

`for each player q { ... }` leaves q at the last seat, for the rules after it, so the compiler
writes the loop with its variable saved in the state's field for q:

    _p8 = s.l_q
    for _p8 in range(s.n):
        ...
    s.l_q = _p8

The first line stores the field's value in the loop variable, and that value may be `none`: Cython
must then keep the variable as a Python object, and builds and iterates a `range` object for the
loop. The native flavour writes the first and last lines instead as

    _p8 = -1
    for _p8 in range(s.n):
        ...
    if _p8 >= 0: s.l_q = _p8

which does the same (a `range` of one argument gives no negative seat, so `_p8 >= 0` exactly when
the loop ran), and every value stored in `_p8` is then an int (`int_locals`).
"""

from __future__ import annotations

import ast

from .int_locals import state_field


def typed_seat_loops(lines: list[str]) -> list[str]:
    """`lines` (a module's) with every such loop written as above."""
    out = list(lines)
    for node in ast.walk(ast.parse("\n".join(lines))):
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(node, field, None)
            if isinstance(statements, list):
                for save, loop, keep in zip(statements, statements[1:], statements[2:], strict=False):
                    _rewrite(out, save, loop, keep)
    return out


def _rewrite(lines: list[str], save: ast.stmt, loop: ast.stmt, keep: ast.stmt) -> None:
    found = _saved_loop(save, loop, keep)
    if found is None:
        return
    name, field = found
    first, last = lines[save.lineno - 1], lines[keep.lineno - 1]
    if first.strip() != f"{name} = s.{field}" or last.strip() != f"s.{field} = {name}":
        return  # not written on lines of their own as expected: left as it is
    lines[save.lineno - 1] = first.replace(f"{name} = s.{field}", f"{name} = -1")
    lines[keep.lineno - 1] = last.replace(f"s.{field} = {name}", f"if {name} >= 0: s.{field} = {name}")


def _saved_loop(save: ast.stmt, loop: ast.stmt, keep: ast.stmt) -> tuple[str, str] | None:
    """(loop variable, field) of `name = s.field; for name in range(x): ...; s.field = name`."""
    if not (isinstance(save, ast.Assign) and isinstance(loop, ast.For) and isinstance(keep, ast.Assign)):
        return None
    if len(save.targets) != 1 or len(keep.targets) != 1 or loop.orelse:
        return None
    name, field = save.targets[0], save.value
    if not (isinstance(name, ast.Name) and state_field(field) is not None):
        return None
    iterates = loop.iter
    counted = (
        isinstance(iterates, ast.Call)
        and isinstance(iterates.func, ast.Name)
        and iterates.func.id == "range"
        and len(iterates.args) == 1
        and not iterates.keywords
    )
    if not (counted and isinstance(loop.target, ast.Name) and loop.target.id == name.id):
        return None
    stored, value = keep.targets[0], keep.value
    if not (state_field(stored) == field.attr and isinstance(value, ast.Name) and value.id == name.id):
        return None
    return name.id, field.attr
