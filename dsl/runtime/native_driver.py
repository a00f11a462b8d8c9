"""The driver of an engine compiled to native code (`dsl.native`), the base of its `State`.

A native engine is the same generated module built as a C extension, with the state's fields
declared in a typed base class (`_Fields`, a C struct) and its blocks typed functions. Python
code cannot reach such fields through `vars()` or copy them with the instance dictionary, and
the blocks are dispatched by the module's own `_Fields._drive` (a C switch) instead of a lookup
in `_BLOCKS` per step; `_Fields` also brings `apply`, `legal_actions` and `is_terminal` in C.
What differs from `BaseState` is here, and nothing else: the rules, their
order of execution and every value they compute are those of the Python module.
"""

from __future__ import annotations

from .engine import STEP_LIMIT, BaseState
from .errors import RuleGap
from .faults import API_ERRORS, FAULTS, rule_fault, rule_line_of_function


class NativeState(BaseState):
    """`BaseState` for a class whose fields live in a typed base (`_Fields`, generated)."""

    _STEP_LIMIT = STEP_LIMIT  # what `_drive` is given: blocks between two decisions

    def _drive_from(self, pc: int) -> None:
        try:
            pc = self._drive(pc, self._STEP_LIMIT)
        except API_ERRORS:
            raise
        except FAULTS as exc:
            raise rule_fault(exc) from exc
        if pc >= 0:
            self._endless(pc)

    def _endless(self, pc: int):
        """The steps ran out with no decision or end: `pc` is the block that ran last."""
        block = self._BLOCKS[pc]
        raise RuleGap("non-termination", rule_line_of_function(block), "the rules ran without a decision or an end")

    def _run(self):
        self._drive_from(self.pc)

    def _clone_base(self) -> BaseState:
        cls = type(self)
        c = cls.__new__(cls)  # a typed base refuses object.__new__
        self._copy_fields(c)
        c.__dict__.update(self.__dict__)
        c.readings, c.legal = dict(self.readings), list(self.legal)
        c.history, c.hits = list(self.history), list(self.hits)
        self._share_rng_with(c)
        if self.recorder is not None:
            c.recorder = self.recorder.copy()
        return c

    def _set_readings(self, fields: dict) -> None:
        for name, number in fields.items():  # the readings are typed fields, outside the dictionary
            setattr(self, name, number)

    def _field_values(self) -> dict:
        values = self._typed_fields()
        values.update(vars(self))
        return values
