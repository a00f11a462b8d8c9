"""The lowered program: basic blocks of Python lines, helper functions and extra state fields.

Lowering writes into a `Program`; templates render it.  Keeping this container separate lets the
statement lowering and the control-flow lowering live in their own modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import escape


@dataclass
class Function:
    name: str
    params: str
    lines: list[str]


@dataclass
class Program:
    blocks: list[list[str]] = field(default_factory=list)
    # The function name of each block, after the statement it belongs to (`_trick_104_turn`).
    block_names: list[str] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)
    # Extra state fields the lowering needs (loop positions, trick bookkeeping): name -> kind,
    # kind being "int", "list" or "card-list"; they are initialised, cloned and serialised.
    fields: dict[str, str] = field(default_factory=dict)
    hits: list[tuple[int, str]] = field(default_factory=list)  # (line, what) per counter
    # The fields holding the cards picked in a simultaneous loop until everyone has picked: what
    # the observation shows each picker of its own picks (see `observed`).
    held_fields: list[str] = field(default_factory=list)
    # What each loop waiting at a decision keeps in its list of items (`loop_items<k>`): the shape
    # of that list in a saved state ("[]seat", "[]card", "[][]card", "[]pass").
    item_shapes: dict[str, str] = field(default_factory=dict)

    def new_block(self, name: str) -> int:
        """A new empty block called `name` (or `name_2`, ... when two statements share a line)."""
        unique, number = name, 1
        while unique in self.block_names:
            number += 1
            unique = f"{name}_{number}"
        self.blocks.append([])
        self.block_names.append(escape.name("", unique))
        return len(self.blocks) - 1

    def jump(self, block: int) -> str:
        """The statement that goes on at `block`: its number, with its name for the reader."""
        return f"return {block}  # to {self.block_names[block]}"

    def hit(self, line: int, what: str) -> int:
        self.hits.append((line, what))
        return len(self.hits) - 1

    def reading_hit(self, line: int, what: str) -> int:
        """The counter of a reading's value: one per line and reading, however often it is written."""
        if (line, what) in self.hits:
            return self.hits.index((line, what))
        return self.hit(line, what)


class Emitter:
    """Writes indented lines into one block or function at a time."""

    def __init__(self, program: Program):
        self.program = program
        self.lines: list[str] = []
        self.indent = 1
        self._counter = 0

    def goto(self, block: int) -> None:
        self.lines = self.program.blocks[block]
        self.indent = 1

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.indent + line)

    def code(self, text: str) -> None:
        """Emit the lines a template rendered, each at the current indentation."""
        for line in text.split("\n"):
            if line.strip():
                self.emit(line)

    def fresh(self, base: str) -> str:
        self._counter += 1
        return f"{base}{self._counter}"

    def field(self, base: str, kind: str) -> str:
        name = self.fresh(base)
        self.program.fields[name] = kind
        return name
