"""String literals: the escapes the language defines, and what a string may not contain.

A string is written between double quotes on one line.  Its escapes are `\\"` (a quote),
`\\\\` (a backslash), `\\n` (a new line) and `\\t` (a tab); any other backslash, and any control
character written as such (NUL, carriage return, ...), is a mistake the checker reports where it
stands.  The tab itself is allowed, as it is in the rest of a file."""

from __future__ import annotations

from ..ast.literals import ESCAPES


def _is_control(ch: str) -> bool:
    code = ord(ch)
    return (code < 32 and ch != "\t") or 0x7F <= code < 0xA0


def string_problems(literal: str) -> list[tuple[int, str, str]]:
    """(offset in the literal, message, hint) for each mistake in a quoted literal."""
    problems = []
    i, end = 1, len(literal) - 1
    while i < end:
        ch = literal[i]
        if ch == "\\":
            nxt = literal[i + 1] if i + 1 < end else ""
            if nxt not in ESCAPES:
                shown = f"\\{nxt}" if nxt and not _is_control(nxt) else "\\"
                problems.append(
                    (i, f"'{shown}' is not an escape of the language", 'a string may use \\" \\\\ \\n and \\t')
                )
            i += 2
            continue
        if _is_control(ch):
            problems.append(
                (
                    i,
                    f"a string cannot hold the control character U+{ord(ch):04X}",
                    "write it as \\n or \\t, or leave it out",
                )
            )
        i += 1
    return problems
