"""The one way text reaches a generated engine: as a comment, as a literal, or as a mangled name.

Everything the compiler writes into Python that it did not make up itself passes through here:
rule-file text and file names become comments (never a line break, never a control character),
values become `repr` literals of plain data, and user identifiers become prefixed names that
cannot collide with Python's own (`z_hand`, `v_score`).
"""

from __future__ import annotations

import ast
import re

from . import layout

# Every character Python's tokenizer or `str.splitlines` takes for the end of a line: any of them
# inside a comment would end the comment and start a line of code.
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
REPLACEMENT = "?"
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
PLAIN_TYPES = (str, int, float, bool, type(None))


class UnsafeName(ValueError):
    """A name that cannot be written into generated code as it is."""

    def __init__(self, user_name: str, reason: str):
        super().__init__(f"{user_name!r} {reason}")
        self.user_name = user_name
        self.reason = reason


def comment(text: str) -> str:
    """Text safe to follow `# ` on one line: line breaks and non-printable characters become '?'."""
    return "".join(ch if ch.isprintable() and ch not in LINE_BREAKS else REPLACEMENT for ch in text).rstrip()


def _check_plain(value) -> None:
    if isinstance(value, PLAIN_TYPES):
        return
    if isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            _check_plain(item)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            _check_plain(key)
            _check_plain(item)
        return
    # An object's repr is whatever its class says: only plain data is a literal.
    raise TypeError(f"a {type(value).__name__} cannot be written as a literal")


def literal(value) -> str:
    """A Python literal for plain data (strings, numbers, booleans, None and containers of them)."""
    _check_plain(value)
    return repr(value)


def plain(value):
    """`value` itself, once checked to be plain data that `literal` or `literal_block` can write."""
    _check_plain(value)
    return value


def literal_block(value, lead: str = "") -> str:
    """Like `literal`, laid out the way `ruff format` lays out a literal that follows `lead` (the
    text before it on its line, indentation included): on one line if it fits, else one item per
    line with a trailing comma, each item laid out the same way.  Every piece is still a `repr`.
    (A lone string or number too long for its line is left there: ruff would parenthesize it,
    but the generator only lays out tables, which are containers.)"""
    _check_plain(value)
    return _layout(value, lead, 0)


def _layout(value, lead: str, trail: int) -> str:
    if not isinstance(value, (list, tuple, dict)):
        return repr(value)
    inner = layout.indent_of(lead) + layout.INDENT
    if isinstance(value, dict):
        items = [f"{key!r}: " + _layout(item, f"{inner}{key!r}: ", 1) for key, item in value.items()]
        brackets = "{}"
    else:
        items = [_layout(item, inner, 1) for item in value]
        brackets = "[]" if isinstance(value, list) else "()"
    return layout.collection(items, lead, brackets, trail, tuple_=isinstance(value, tuple), reprs=True)


def name(prefix: str, user_name: str) -> str:
    """The generated name of a user identifier: `prefix` + the identifier, checked to be harmless.

    A name with two underscores in a row could reach Python's special names (`__class__`), so
    neither the user name nor the result may contain one."""
    if not isinstance(user_name, str) or not IDENTIFIER.fullmatch(user_name):
        raise UnsafeName(str(user_name), "is not an identifier")
    mangled = prefix + user_name
    if "__" in mangled:
        raise UnsafeName(user_name, "cannot be a name: two underscores in a row are reserved")
    if not IDENTIFIER.fullmatch(mangled):
        raise UnsafeName(user_name, f"does not make an identifier with the prefix {prefix!r}")
    return mangled


WORD_BREAK = re.compile(r"[^A-Za-z0-9]+")


def constant(prefix: str, *words: str) -> str:
    """An upper-case module constant named after user words: `constant("IS_", "red", "A")` is
    `IS_RED_A`.  Every run of characters a name cannot hold becomes one `_`, so the result never
    has two underscores in a row; a result that would start with a digit gets an `N_` in front."""
    parts = [WORD_BREAK.sub("_", word).strip("_") for word in words]
    body = "_".join(part for part in parts if part).upper() or "X"
    mangled = prefix + body
    if not mangled[0].isalpha() and mangled[0] != "_":
        mangled = "N_" + mangled
    return name("", mangled)


def docstring(lines: list[str]) -> str:
    """A triple-quoted string literal of `lines`, one per line: each line is made safe like a
    comment, and a backslash or a quote is escaped, so no text can close the string early."""
    body = "\n".join(comment(line).replace("\\", "\\\\").replace('"', '\\"') for line in lines)
    text = '"""' + body + '\n"""'
    if ast.literal_eval(text) != "\n".join(comment(line) for line in lines) + "\n":
        raise ValueError("a docstring did not survive escaping")
    return text
