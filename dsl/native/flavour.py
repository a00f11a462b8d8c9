"""The native flavour of a generated engine module: its source for Cython, and the typed
declarations (`.pxd`) that make the state a C struct and the blocks C functions.

Input is the Python source of an engine that passed the gate; nothing else. The flavour adds a
fixed amount of code and moves none of the rules:

- `class _Fields`, the typed base of `State`: every field the module's code reads or writes on
  the state (`s.x`, `c.x`, `self.x`) and the fields every engine has, declared in the `.pxd`
  (zones, per-player variables and the driver's lists as `list`, the readings, loop positions,
  block number and counters as C integers, everything else as a Python object); `_drive`, the
  loop that runs blocks until a decision, through `_step`, a switch on the block number;
  `apply` (its checks, the choice, the history, the count and the blocks),
  `legal_actions` and `is_terminal`; and
  `_copy_fields` and `_typed_fields`, what `clone` and `to_json` need of fields outside `vars`.
- `State` derives from `_Fields` and `NativeState` (`dsl.runtime.native_driver`) instead of
  `BaseState`.
- `State.clone` moves into `_Fields`, where the state and its copy are typed, and so does the
  setting up of the fields in `State.__init__` (`_init_fields`).
- The functions of the rules take the state as a typed `_Fields` (a function holding a closure,
  which Cython cannot make a C function, gets it by the annotation `s: "_Fields"`), and their
  locals that only ever hold a card, a seat or a count are C integers (`int_locals`).
- A few forms of code run on every decision are rewritten for C types, each line kept where it
  is: an index into a list of the state, a card taken from a hand, the legal cards of a game
  with twins, a follow rule's loop over the hand, an `and`/`or` chain that is a branch of a
  conditional expression (`helpers`), a loop over the seats that keeps its last seat
  (`seat_loops`).
- `_RULE_LINES`, the table that locates a fault at its rule line, is written again for the new
  line numbers.

Every name put into the `.pxd` or the added code is an identifier of the gated module or of the
runtime, and the whole native source goes through the gate again before it is built.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass

from ..runtime import engine as runtime_engine
from ..runtime.faults import TABLE_NAME, rule_line_table
from ..runtime.native_driver import NativeState
from .helpers import Helpers, branch_values, card_removals, cards_where, distinct_kinds_calls, int_indexes
from .int_locals import int_locals
from .seat_loops import typed_seat_loops

STATE_OBJECTS = ("s", "c", "self")  # the names the generated code gives a state
INIT_FIELDS = "    def _init_fields(self, players):"
DRIVER_IMPORTS = (
    "from dsl.runtime.faults import API_ERRORS, FAULTS, rule_fault",
    "from dsl.runtime.native_driver import NativeState",
)
# C integers: the block number, the choice and the counters of the driver, the readings, the seat
# count, a trick's turn.
_INT_FIELDS = frozenset({"pc", "decisions", "n", "choice", "t_i", "tricks", "deals"})
_INT_PREFIXES = ("r_", "loop_index")
_BOOL_FIELDS = frozenset({"done"})
_LIST_FIELDS = frozenset({"legal", "history", "hits", "t_order", "t_cards"})
_LIST_PREFIXES = ("loop_items",)
_EXCEPT = "except? -99"  # a block returns a block number or -1: -99 means "look for an exception"


@dataclass(frozen=True)
class Flavour:
    source: str  # the module for Cython (and, unbuilt, still a working Python module)
    declarations: str  # the `.pxd` next to it


class NotAnEngine(ValueError):
    """The source is not a generated engine module (no `State` on `BaseState`)."""


def native_flavour(source: str) -> Flavour:
    tree = ast.parse(source)
    state = _state_class(tree)
    blocks = _class_tuple(state, "_BLOCKS")
    fields = _fields(tree, state)
    lines = source.split("\n")
    table = _assignment(tree, TABLE_NAME)
    body = lines[: table.lineno - 1] if table is not None else lines
    header = state.lineno - 1
    list_fields = {name for name, kind in fields.items() if kind == "list"}
    card_zones = _card_zones(state)
    # Rewrites of the rules' code for C types, each reading the lines the one before it wrote.
    # They keep every line where it is, so the blocks below are still found at their lines.
    rewrites = (
        lambda lines: int_indexes(lines, list_fields, card_zones),
        lambda lines: card_removals(lines, card_zones),
        cards_where,
        branch_values,
        lambda lines: Helpers(typed_seat_loops(lines), [], []),
        lambda lines: Helpers(_state_annotated(lines, set(blocks)), [], []),
    )
    code, added_declarations = [], []
    for rewrite in rewrites:
        done = rewrite(body)
        body, code, added_declarations = done.lines, code + done.code, added_declarations + done.declarations
    rewritten = ast.parse("\n".join(body))  # the functions as they will be typed
    clone = _method(state, "clone")
    moved = body[clone.lineno - 1 : clone.end_lineno] + [""] if clone is not None else []
    if clone is not None:  # `clone` moves into _Fields, where the state and its copy are typed
        body = body[: clone.lineno - 1] + body[clone.end_lineno :]
    setup = _field_setup(state)
    if setup is not None:  # so does the setting up of the fields in `__init__` (it comes before `clone`)
        first, last = setup
        moved = [INIT_FIELDS, "        s = self"] + body[first - 1 : last] + [""] + moved
        body = body[: first - 1] + ["        self._init_fields(players)"] + body[last:]
    helpers = distinct_kinds_calls(body)
    body = helpers.lines
    added = code + helpers.code + _step_function(blocks) + _fields_class(fields) + moved
    body = body[:header] + added + ["", "class State(_Fields, NativeState):"] + body[header + 1 :]
    at = _import_line(tree)
    body[at:at] = DRIVER_IMPORTS
    text = "\n".join(body).rstrip("\n") + "\n"
    text += f"{TABLE_NAME} = {rule_line_table(text)!r}\n"
    typed_methods = (["clone"] if clone is not None else []) + (["_init_fields"] if setup is not None else [])
    declarations = _declarations(rewritten, fields, blocks, typed_methods, card_zones)
    added_declarations += helpers.declarations
    return Flavour(text, declarations + "".join(line + "\n" for line in added_declarations))


def _state_class(tree: ast.Module) -> ast.ClassDef:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "State":
            bases = [ast.unparse(base) for base in node.bases]
            if bases == ["_rt.BaseState"]:
                return node
    raise NotAnEngine("no `class State(_rt.BaseState)` in this module")


def _class_tuple(state: ast.ClassDef, name: str) -> list[str]:
    node = _assignment(state, name)
    if node is None or not isinstance(node.value, ast.Tuple):
        raise NotAnEngine(f"State has no tuple {name}")
    return [element.id for element in node.value.elts if isinstance(element, ast.Name)]


def _assignment(scope: ast.Module | ast.ClassDef, name: str) -> ast.Assign | None:
    for node in scope.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return node
    return None


def _method(state: ast.ClassDef, name: str) -> ast.FunctionDef | None:
    found = [node for node in state.body if isinstance(node, ast.FunctionDef) and node.name == name]
    return found[0] if found else None


def _field_setup(state: ast.ClassDef) -> tuple[int, int] | None:
    """The first and last line of what `__init__` does between `self._setup(...)` and `if run:`:
    the fields' first values, set from the player count alone."""
    init = _method(state, "__init__")
    if init is None:
        return None
    starts = [i for i, node in enumerate(init.body) if ast.unparse(node).startswith("self._setup(")]
    ends = [i for i, node in enumerate(init.body) if isinstance(node, ast.If) and ast.unparse(node.test) == "run"]
    if len(starts) != 1 or len(ends) != 1 or ends[0] <= starts[0] + 1:
        return None
    between = init.body[starts[0] + 1 : ends[0]]
    read = {node.id for stmt in between for node in ast.walk(stmt) if isinstance(node, ast.Name)}
    if read & {"seed", "readings", "run", "blank", "rng"}:
        return None  # they stay where the other arguments are
    return between[0].lineno, between[-1].end_lineno


def _import_line(tree: ast.Module) -> int:
    """The index of the line after the module's last top-level import."""
    last = max(node.end_lineno for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)))
    return last


def _base_fields() -> set[str]:
    """The fields `BaseState._setup` gives every state."""
    tree = ast.parse(inspect.getsource(runtime_engine.BaseState._setup).strip().replace("\n    ", "\n"))
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"
        if isinstance(node.ctx, ast.Store)
    }


def _fields(tree: ast.Module, state: ast.ClassDef) -> dict[str, str]:
    """Each field of `_Fields` and its declared type."""
    used = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in STATE_OBJECTS
    }
    class_level = {
        t.id for node in state.body if isinstance(node, ast.Assign) for t in node.targets if isinstance(t, ast.Name)
    }
    inherited = set(dir(NativeState))  # methods, properties (`rng`) and class attributes stay where they are
    names = sorted(n for n in used | _base_fields() if not n.startswith("_") and n not in class_level | inherited)
    lists = {entry[0] for entry in _class_rows(state, "_ZONES")}
    lists |= {entry[0] for entry in _class_rows(state, "_VARS") if entry[2] is True}
    return {name: _field_type(name, lists) for name in names}


def _card_zones(state: ast.ClassDef) -> dict[str, bool]:
    """The state attribute of each zone that holds cards (not groups), and whether it is per player."""
    rows = _class_rows(state, "_ZONES")
    return {attr: per_player for attr, _name, per_player, _visibility, grouped in rows if not grouped}


def _class_rows(state: ast.ClassDef, name: str) -> list[tuple]:
    node = _assignment(state, name)
    return [] if node is None else list(ast.literal_eval(node.value))


def _field_type(name: str, lists: set[str]) -> str:
    if name in lists or name in _LIST_FIELDS or name.startswith(_LIST_PREFIXES):
        return "list"
    if name in _INT_FIELDS or name.startswith(_INT_PREFIXES):
        return "Py_ssize_t"
    if name in _BOOL_FIELDS:
        return "bint"
    return "object"


def _step_function(blocks: list[str]) -> list[str]:
    out = ["def _step(s, pc):", "    # block number `pc` of State._BLOCKS (a switch in C)"]
    for number, name in enumerate(blocks):
        out += [f"    {'if' if number == 0 else 'elif'} pc == {number}:", f"        return {name}(s)"]
    out += ["    return _rt.gap('unreachable', 0, 'there is no such block')", "", ""]
    return out


def _fields_class(fields: dict[str, str]) -> list[str]:
    out = [
        "class _Fields:",
        "    # the fields of State, typed in the declarations next to this module",
        "    def _drive(self, pc, limit):",
        "        last = pc",
        "        for _ in range(limit):",
        "            last = pc",
        "            pc = _step(self, pc)",
        "            if pc < 0:",
        "                return pc",
        "        return last  # the block that ran last, for the located gap",
        "",
        "    def apply(self, action):",
        "        # BaseState.apply with its driver loop, in C",
        "        if action not in self.legal or not isinstance(action, int) or action is True or action is False:",
        "            raise IllegalAction(f'{action!r} is not a legal action here')",
        "        if self.done:",
        "            raise IllegalAction(f'{action!r} is not a legal action here')",
        "        try:",
        "            self.choice = action",
        "            self.history.append(action)",
        "            self.decisions += 1",
        "            pc = last = self.pc",
        f"            for step in range({runtime_engine.STEP_LIMIT}):",
        "                last = pc",
        "                pc = _step(self, pc)",
        "                if pc < 0:",
        "                    return",
        "        except API_ERRORS:",
        "            raise",
        "        except FAULTS as exc:",
        "            raise rule_fault(exc) from exc",
        "        self._endless(last)",
        "",
        "    def legal_actions(self):",
        "        return list(self.legal)",
        "",
        "    def is_terminal(self):",
        "        return self.done",
        "",
        "    def _copy_fields(self, c):",
    ]
    out += [f"        c.{name} = self.{name}" for name in fields] or ["        pass"]
    out += ["", "    def _typed_fields(self):", "        return {"]
    out += [f"            {name!r}: self.{name}," for name in fields]
    out += ["        }", ""]
    return out


def _state_annotated(lines: list[str], blocks: set[str]) -> list[str]:
    """A function holding a closure cannot be a C function, but Cython still types an argument by
    its annotation: `def f(s: "_Fields", ...)`, where the module only ever calls `f` with the state
    `s` or lists it among the blocks the driver runs on the state (a scoring's maker is given a
    snapshot of readings instead)."""
    tree = ast.parse("\n".join(lines))
    given_state: dict[str, bool] = {}
    called = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            called.add(id(node.func))
            first = node.args[0] if node.args else None
            passes = isinstance(first, ast.Name) and first.id == "s"
            given_state[node.func.id] = given_state.get(node.func.id, True) and passes
    named_otherwise = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and id(n) not in called} - blocks
    out = list(lines)
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not _holds_closure(node) or node.name in named_otherwise:
            continue
        if not given_state.get(node.name, node.name in blocks):
            continue
        head = f"def {node.name}(s"
        line = out[node.lineno - 1]
        if line.startswith(head + ",") or line.startswith(head + ")"):
            out[node.lineno - 1] = f'def {node.name}(s: "_Fields"' + line[len(head) :]
    return out


def _holds_closure(function: ast.FunctionDef) -> bool:
    # Cython refuses any closure in a C function, even a generator expression given to any()
    kinds = (ast.Lambda, ast.GeneratorExp, ast.FunctionDef, ast.AsyncFunctionDef, ast.Yield, ast.YieldFrom)
    return any(isinstance(node, kinds) for node in ast.walk(function) if node is not function)


def _declarations(
    tree: ast.Module, fields: dict[str, str], blocks: list[str], typed_methods: list[str], card_zones: dict[str, bool]
) -> str:
    out = ["# Declarations of the native engine: the state's fields and the functions of the rules.", ""]
    out += ["cimport cython", "", "cdef class _Fields:"]
    out += [f"    cdef public {kind} {name}" for name, kind in fields.items()]
    out.append(f"    cpdef Py_ssize_t _drive(self, Py_ssize_t pc, Py_ssize_t limit) {_EXCEPT}")
    out.append("    cpdef _copy_fields(self, _Fields c)")
    out += ["    @cython.locals(pc=Py_ssize_t, last=Py_ssize_t, step=Py_ssize_t)", "    cpdef apply(self, action)"]
    if "clone" in typed_methods:
        out += ["    @cython.locals(s=_Fields, c=_Fields)", "    cpdef clone(self)"]
    if "_init_fields" in typed_methods:
        out += ["    @cython.locals(s=_Fields)", "    cpdef _init_fields(self, players)"]
    out.append("")
    out.append(f"cdef int _step(_Fields s, Py_ssize_t pc) {_EXCEPT}")
    block_names = set(blocks)
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or _holds_closure(node):
            continue
        args = node.args
        if args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg or not args.args or args.args[0].arg != "s":
            continue
        defaults = len(args.defaults)
        params = ["_Fields s"] + [a.arg for a in args.args[1:]]
        for i in range(len(params) - defaults, len(params)):
            params[i] += "=*"
        typed = sorted(int_locals(node, card_zones))
        if typed:
            out.append(f"@cython.locals({', '.join(f'{name}=Py_ssize_t' for name in typed)})")
        if node.name in block_names and len(params) == 1:
            out.append(f"cpdef int {node.name}(_Fields s) {_EXCEPT}")
        else:
            out.append(f"cpdef object {node.name}({', '.join(params)})")
    return "\n".join(out) + "\n"
