"""What a string literal means: the escapes of the language, decoded.

The parser (`syntax.strings.string_problems`) reports a literal that breaks the rules before the
AST builder decodes it here."""

from __future__ import annotations

ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}


def decode_string(literal: str) -> str:
    """The text of a quoted literal already found free of problems by `string_problems`."""
    out, i, end = [], 1, len(literal) - 1
    while i < end:
        ch = literal[i]
        if ch == "\\" and i + 1 < end:
            out.append(ESCAPES.get(literal[i + 1], literal[i + 1]))
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)
