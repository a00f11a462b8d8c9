"""The text side of the language server: a tokenizer tolerant of files that do not parse."""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(
    r"(?P<comment>#.*)"
    r'|(?P<string>"(?:[^"\\\n]|\\.)*"?)'
    r"|(?P<citation>@[A-Za-z_]\w*(?::\d+)?)"
    r"|(?P<number>\d+)"
    r"|(?P<word>[A-Za-z_]\w*)"
)


@dataclass(frozen=True)
class Token:
    line: int  # 0-based
    column: int  # 0-based, in characters
    text: str
    kind: str  # comment, string, citation, number, word

    @property
    def end(self) -> int:
        return self.column + len(self.text)


def tokenize(text: str) -> list[Token]:
    out = []
    for number, line in enumerate(text.split("\n")):
        for match in _TOKEN.finditer(line):
            out.append(Token(number, match.start(), match.group(), match.lastgroup or "word"))
    return out


def line_of(lines: list[str], number: int) -> str:
    return lines[number] if 0 <= number < len(lines) else ""
