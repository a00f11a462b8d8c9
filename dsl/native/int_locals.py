"""Which locals of a rule function the native engine may hold as C integers.

Cython keeps an untyped local as a Python object: every card compared, looked up in a table or
used as an index is then a call into the interpreter. A local declared `Py_ssize_t` is a C
integer, and converting a value that is not an int to it raises (a located rule fault), so a name
is declared only where the module's own code shows that it never holds anything else: every
value stored in it is one of these, each of them an int by construction of the engine:

- a card of a zone of cards (a zone that is not `grouped`): the target of `for x in ZONE` or
  `for i, x in enumerate(ZONE)` (also `list(ZONE)`, and a per-player zone's `ZONE[i]`), or
  `x = ZONE.pop() if ZONE else ...`; the count `i` of such an `enumerate`;
- the card just chosen, `s.choice` (a C integer field already); a whole number written out;
- a count of a loop over `range(...)` (a seat of `for each player`, see `seat_loops`);
- a seat of the trick's order, `s.t_order[i]`;
- the locals the lowering of tricks always gives an int (`_INT_LOCALS`): the turn, a card's rank
  in an order, the best rank so far and the positions of its first and last holder.
"""

from __future__ import annotations

import ast

_INT_LOCALS = frozenset({"_t_i", "_rank", "_best", "_first", "_last", "_i"})


def int_locals(function: ast.FunctionDef, card_zones: dict[str, bool]) -> set[str]:
    """`card_zones`: the state attribute of each zone of cards, and whether it is per player."""
    stored: dict[str, list[bool]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.For):
            for name, is_int in _loop_targets(node, card_zones):
                stored.setdefault(name, []).append(is_int)
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                for name, value in _pairs(target, node.value):
                    stored.setdefault(name, []).append(_is_int_value(value, card_zones))
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)) and isinstance(node.target, ast.Name):
            stored.setdefault(node.target.id, []).append(False)
        elif isinstance(node, ast.comprehension):
            for name in _names(node.target):  # a comprehension's own scope: never typed from here
                stored.setdefault(name, []).append(False)
    typed = {name for name, kinds in stored.items() if all(kinds)}
    return typed | (_stored_names(function) & _INT_LOCALS)


def _loop_targets(loop: ast.For, card_zones: dict[str, bool]):
    """(name, holds an int) of each name a loop stores: `for c in ZONE`, `for i, c in enumerate(ZONE)`."""
    target, source = loop.target, loop.iter
    if isinstance(target, ast.Name):
        yield target.id, is_card_zone(source, card_zones) or _is_call_of(source, "range")
        return
    counted = (
        _is_call_of(source, "enumerate")
        and len(source.args) == 1
        and isinstance(target, ast.Tuple)
        and len(target.elts) == 2
        and all(isinstance(element, ast.Name) for element in target.elts)
    )
    if counted:
        yield target.elts[0].id, True
        yield target.elts[1].id, is_card_zone(source.args[0], card_zones)
        return
    for name in _names(target):
        yield name, False


def _is_call_of(node: ast.expr, builtin: str) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == builtin and not node.keywords
    )


def _names(target: ast.expr) -> list[str]:
    return [node.id for node in ast.walk(target) if isinstance(node, ast.Name)]


def _stored_names(function: ast.FunctionDef) -> set[str]:
    return {node.id for node in ast.walk(function) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}


def _pairs(target: ast.expr, value: ast.expr):
    """(name, the value stored in it) of an assignment; a name unpacked from something other than
    a tuple of the same length is paired with None (not known to be an int)."""
    if isinstance(target, ast.Name):
        yield target.id, value
    elif isinstance(target, (ast.Tuple, ast.List)):
        values = value.elts if isinstance(value, ast.Tuple) and len(value.elts) == len(target.elts) else None
        for i, element in enumerate(target.elts):
            yield from _pairs(element, values[i] if values is not None else None)
    else:  # an attribute or an item of something: no local is stored
        return


def _is_int_value(value: ast.expr | None, card_zones: dict[str, bool]) -> bool:
    if value is None:
        return False
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
        value = value.operand
    if isinstance(value, ast.Constant) and type(value.value) is int:
        return True
    if _is_state_field(value, "choice"):
        return True
    if isinstance(value, ast.Subscript) and _is_state_field(value.value, "t_order"):
        return True
    if isinstance(value, ast.IfExp):  # `ZONE.pop() if ZONE else _rt.take_one(ZONE, line)`: the else raises
        call = value.body
        return (
            isinstance(call, ast.Call)
            and not call.args
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "pop"
            and is_card_zone(call.func.value, card_zones)
            and ast.dump(call.func.value) == ast.dump(value.test)
        )
    return False


def state_field(node: ast.expr) -> str | None:
    """The field of `s.<field>`, else None (the one reading of the state every rewrite looks for)."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "s":
        return node.attr
    return None


def _is_state_field(node: ast.expr, field: str) -> bool:
    return state_field(node) == field


def is_card_zone(node: ast.expr, card_zones: dict[str, bool]) -> bool:
    """A zone of cards: `s.z_table`, a player's `s.z_hand[i]`, either of them in `list(...)`, or
    one of two such chosen by a test."""
    if isinstance(node, ast.IfExp):
        return is_card_zone(node.body, card_zones) and is_card_zone(node.orelse, card_zones)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "list" and node.args:
        node = node.args[0]
    per_player = isinstance(node, ast.Subscript)  # one player's part of a per-player zone
    if per_player:
        node = node.value
    field = state_field(node)
    return field is not None and card_zones.get(field) is per_player
