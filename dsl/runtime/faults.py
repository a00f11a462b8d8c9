"""Python faults inside generated rule code, turned into located `RuleGap`s.

A generated module carries a `# <file>:<line>: <rule>` comment before the code of every rule
statement.  The code generator appends `_RULE_LINES`, a table of (generated line, rule line)
pairs read from those comments, to the end of the module, so no earlier line moves.  Nothing is
looked up while the rules run: only when a fault escapes does the runtime find the innermost
frame of generated code in the traceback and the rule line in effect at its line.
"""

from __future__ import annotations

import bisect
import functools
import re

from .errors import BadArgument, IllegalAction, RuleGap

# What a slip in the rules can make Python raise (an index past the table, a `none` used as a
# seat or a card, a division by zero, `highest` of nothing...).  Anything else is not ours to hide.
FAULTS = (LookupError, TypeError, AttributeError, ValueError, ArithmeticError)
# Errors that already speak the engine API and pass through unchanged.
API_ERRORS = (RuleGap, IllegalAction, BadArgument)

TABLE_NAME = "_RULE_LINES"

_RULE_COMMENT = re.compile(r"^\s*# [^:\n]*:(\d+):(?: |$)")
_EXPECTATION = re.compile(r"^\s+(?:_rt\.expectation)?\((\d+), ['\"]")
_SCOPE_START = re.compile(r"^\s*(?:def|class) ")


def rule_line_table(source: str) -> tuple[tuple[int, int], ...]:
    """(first generated line, rule line) wherever the rule line in effect changes.

    A rule comment sets the rule line for the code below it; an example's `expect` line names
    its own rule line; a new `def` or `class` starts with none (0) until its first comment."""
    table: list[tuple[int, int]] = []
    current, in_example = 0, False
    for number, text in enumerate(source.split("\n"), start=1):
        scope = _SCOPE_START.match(text)
        if scope:
            in_example = text.startswith("def _example_")
        match = _RULE_COMMENT.match(text) or (in_example and _EXPECTATION.match(text))
        line = int(match.group(1)) if match else 0 if scope else None
        if line is not None and line != current:
            table.append((number, line))
            current = line
    return tuple(table)


def rule_line_of(exc: BaseException) -> int:
    """The rule line of the innermost generated frame the exception went through, or 0."""
    found = 0
    tb = exc.__traceback__
    while tb is not None:
        table = tb.tb_frame.f_globals.get(TABLE_NAME)
        if table:
            index = bisect.bisect_right(table, (tb.tb_lineno, float("inf"))) - 1
            found = table[index][1] if index >= 0 else 0
        tb = tb.tb_next
    return found


def rule_line_of_function(function) -> int:
    """The rule line of the first statement of a generated function (a block of the engine), or 0."""
    table = function.__globals__.get(TABLE_NAME)
    if not table:
        return 0
    index = bisect.bisect_right(table, (function.__code__.co_firstlineno, float("inf")))
    return table[index][1] if index < len(table) else 0


def _classify(exc: BaseException) -> tuple[str, str]:
    text = str(exc)
    if isinstance(exc, IndexError):
        return "no-such-seat", "a seat or place beyond the table is used (the game has fewer players or places)"
    if isinstance(exc, (TypeError, AttributeError)) and "NoneType" in text:
        return "unset-value", "a card, seat or variable is used while it is still none"
    if isinstance(exc, ZeroDivisionError):
        return "division-by-zero", "a division or remainder by zero"
    first_line = (text.splitlines() or [""])[0][:200]
    return "internal-error", f"the rule could not be carried out ({type(exc).__name__}: {first_line})"


def rule_fault(exc: BaseException) -> RuleGap:
    """The `RuleGap` to raise instead of `exc`, located at the rule that ran into it."""
    code, message = _classify(exc)
    return RuleGap(code, rule_line_of(exc), message)


def guarded(run):
    """`run`, with rule faults raised as located `RuleGap`s (for `__init__`, examples...)."""

    @functools.wraps(run)
    def run_guarded(*args, **kwargs):
        try:
            return run(*args, **kwargs)
        except API_ERRORS:
            raise
        except FAULTS as exc:
            raise rule_fault(exc) from exc

    return run_guarded


def guard_examples(examples: tuple) -> tuple:
    """A generated module's EXAMPLES, each run guarded like the driver."""
    return tuple((title, line, guarded(run)) for title, line, run in examples)
