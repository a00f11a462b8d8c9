"""Exceptions a generated engine raises; the only error types that cross the engine API."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that is not in `legal_actions()`; the state is left unchanged."""


class RuleGap(RuntimeError):
    """The rules do not say what happens next (empty draw, no legal move, unbroken tie, step cap).

    `code` is a diagnostic code of DESIGN section 7 and `line` the `.cardrules` line whose rule
    ran into the gap, so a simulation can report it as a located finding instead of crashing.
    """

    def __init__(self, code: str, line: int, message: str):
        super().__init__(f"line {line}: {message} [{code}]")
        self.code = code
        self.line = line
        self.message = message
