"""The tokens of Python source as `tokenize` gives them, less its NL, INDENT and DEDENT, read by one
regular expression over the whole text.

`tokenize` reads a generated engine (70 000 characters, 13 000 tokens) in about 20 ms, a fifth of
the compiler's time on a large rule file: it is a generator doing much per token, line by line.
The parentheses pass (`parens`) needs only each token's type, text and start, so this reads them
with `tokenize`'s own patterns (names, numbers, operators, string prefixes) in a tight loop.  Text
it does not know how to read (a character outside every pattern, an unterminated string) gives
None, and the caller falls back on `tokenize`; a test compares both on every Python file of the
project and on every generated engine.
"""

from __future__ import annotations

import re
import tokenize
from typing import NamedTuple


class Token(NamedTuple):
    type: int
    string: str
    start: tuple[int, int]


_STRINGS = [
    # Triple-quoted first: `''` would otherwise read as an empty string.
    r"'''(?:[^'\\]|\\.|'(?!''))*'''",
    r'"""(?:[^"\\]|\\.|"(?!""))*"""',
    r"'(?:[^\n'\\]|\\.)*'",
    r'"(?:[^\n"\\]|\\.)*"',
]
# Each match is the blanks before a token and the token: blanks never make a match of their own.
# Strings come before names (a string's prefix reads as a name), in `tokenize`'s order.
_PATTERN = re.compile(
    r"[ \t\f]*(?:"
    + "|".join(
        [
            r"(?P<continued>\\\r?\n)",
            r"(?P<comment>#[^\r\n]*)",
            r"(?P<newline>\r?\n)",
            # The look-ahead turns a name away at once, before the string prefixes are tried.
            f"(?P<string>(?=[rRbBuUfF]{{0,2}}['\"]){tokenize.StringPrefix}(?:{'|'.join(_STRINGS)}))",
            f"(?P<number>{tokenize.Number})",
            f"(?P<op>{tokenize.Special})",
            r"(?P<name>\w+)",
        ]
    )
    + ")",
    re.DOTALL,
)
_GROUP = _PATTERN.groupindex
_CONTINUED, _COMMENT, _NEWLINE, _STRING, _OP = (
    _GROUP[name] for name in ("continued", "comment", "newline", "string", "op")
)
_KIND = {_GROUP["string"]: tokenize.STRING, _GROUP["number"]: tokenize.NUMBER, _GROUP["name"]: tokenize.NAME}
_DEPTH = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}
_new = tuple.__new__  # what a NamedTuple's constructor calls, without its Python frame


def tokens(source: str) -> list[Token] | None:
    """The tokens `tokenize` gives for `source`, but NL, INDENT and DEDENT; None when the text is
    not one this reader follows exactly."""
    out: list[Token] = []
    append = out.append
    row, line_start, depth, content, position = 1, 0, 0, False, 0
    for found in _PATTERN.finditer(source):
        if found.start() != position:
            return None  # a character no pattern reads was skipped
        group = found.lastindex
        begin, position = found.start(group), found.end()
        text = found.group(group)
        if group == _OP:
            append(_new(Token, (tokenize.OP, text, (row, begin - line_start))))
            content = True
            depth += _DEPTH.get(text, 0)
        elif group == _NEWLINE:
            if depth == 0 and content:  # the end of a statement; any other line break is an NL
                append(_new(Token, (tokenize.NEWLINE, text, (row, begin - line_start))))
                content = False
            row, line_start = row + 1, position
        elif group == _COMMENT:
            append(_new(Token, (tokenize.COMMENT, text, (row, begin - line_start))))
        elif group == _CONTINUED:
            row, line_start = row + 1, position
        else:
            append(_new(Token, (_KIND[group], text, (row, begin - line_start))))
            content = True
            if group == _STRING and "\n" in text:
                row += text.count("\n")
                line_start = begin + text.rindex("\n") + 1
    if depth or source[position:].strip(" \t\f"):
        return None
    # `tokenize` stops at a last line of blanks without a line break, and ends any other last line
    # without one that is not a comment with an empty NEWLINE.
    last_line = source[line_start:]
    if not last_line.strip(" \t\f"):
        append(_new(Token, (tokenize.ENDMARKER, "", (row, 0))))
        return out
    if not last_line.lstrip().startswith("#"):
        append(_new(Token, (tokenize.NEWLINE, "", (row, len(last_line)))))
    append(_new(Token, (tokenize.ENDMARKER, "", (row + 1, 0))))
    return out
