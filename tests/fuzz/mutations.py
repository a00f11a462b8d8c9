"""Mutations of the project's own rule files: each operator takes a text and a `random.Random`
and returns a new text; `mutate` picks one by name or at random."""

from __future__ import annotations

import pathlib
import random
import re

from .hostile import HUGE_NUMBERS, LINE_BREAKS, PAYLOAD, PYTHON_NAMES, hostile_strings

ROOT = pathlib.Path(__file__).resolve().parents[2]

JUNK_TOKENS = [
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "..",
    "=>",
    "@",
    "@ru:",
    '"',
    "#",
    "=",
    "+=",
    "-",
    "*",
    "/",
    "%",
    ",",
    ":",
    "if",
    "else",
    "flow",
    "game",
    "zone",
    "var",
    "players",
    "cards",
    "deck",
    "move",
    "all",
    "of",
    "where",
    "reading",
    "trick",
    "winner",
    "highest",
    "scoring",
    "pattern",
    "example",
    "expect",
    "variant of",
    "♠",
    "♥",
    "Joker",
    "red",
    "none",
    "true",
    "\x00",
    "\ufeff",
    "\ud800",
    "\u202e",
    "\t",
    "\\",
]
JUNK_CHARS = "\x00\x01\x7f\ufeff\ud800\udfff\u200b\u202e\uffff\U0001f600éß{}()[]\"'#@\\\r\n\t\x0c\u2028\u2029\u0085"
NUMBER = re.compile(r"(?<![A-Za-z_0-9])[0-9]+(?![A-Za-z_0-9])")
DECLARED = re.compile(r"^\s*(?:zone|var|source|scoring|ambiguity|reading|pattern|order|value)\s+([A-Za-z_]\w*)", re.M)
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def seed_files() -> list[pathlib.Path]:
    """Every rule file the project ships as a game or as a diagnostic case."""
    found = sorted((ROOT / "games").glob("*.cardrules")) + sorted((ROOT / "tests/data/diagnostics").glob("*.cardrules"))
    return found + [ROOT / "tests/data/hostile.cardrules"]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def delete_line(text, rng):
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def duplicate_line(text, rng):
    lines = _lines(text)
    i = rng.randrange(len(lines))
    lines.insert(i, lines[i])
    return "\n".join(lines)


def swap_lines(text, rng):
    lines = _lines(text)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def truncate(text, rng):
    return text[: rng.randrange(len(text) + 1)]


def insert_junk(text, rng):
    at = rng.randrange(len(text) + 1)
    if rng.random() < 0.5:
        junk = "".join(rng.choice(JUNK_CHARS) for _ in range(rng.randint(1, 8)))
    else:
        junk = " ".join(rng.choice(JUNK_TOKENS) for _ in range(rng.randint(1, 4)))
        junk = f" {junk} "
    return text[:at] + junk + text[at:]


def huge_numbers(text, rng):
    spots = list(NUMBER.finditer(text))
    if not spots:
        return insert_junk(text, rng)
    chosen = rng.sample(spots, k=min(len(spots), rng.choice([1, 1, 2, 5, len(spots)])))
    value = rng.choice(HUGE_NUMBERS)
    for m in sorted(chosen, key=lambda m: -m.start()):
        text = text[: m.start()] + (value if rng.random() < 0.8 else rng.choice(HUGE_NUMBERS)) + text[m.end() :]
    return text


def deepen_nesting(text, rng):
    """Wrap one flow line in many `if` blocks, or one number in many parentheses."""
    depth = rng.choice([50, 200, 1000, 5000, 20000])
    lines = _lines(text)
    inside = [i for i, line in enumerate(lines) if re.match(r"\s+(shuffle|move|deal|draw|gather|\w+ [+-]?= )", line)]
    if inside and rng.random() < 0.6:
        i = rng.choice(inside)
        lines[i] = "if true { " * depth + lines[i] + " }" * depth
        return "\n".join(lines)
    spots = list(NUMBER.finditer(text))
    if not spots:
        return text + "\nflow {" * depth
    m = rng.choice(spots)
    return text[: m.start()] + "(" * depth + m.group() + ")" * depth + text[m.end() :]


def python_names(text, rng):
    """Rename one declared name, everywhere, to a Python keyword, dunder or generated-code name."""
    declared = sorted(set(DECLARED.findall(text)))
    if not declared:
        return insert_junk(text, rng)
    old, new = rng.choice(declared), rng.choice(PYTHON_NAMES)
    return re.sub(rf"(?<![A-Za-z0-9_]){re.escape(old)}(?![A-Za-z0-9_])", new, text)


def line_breaks_in_literals(text, rng):
    """A payload behind a line break inside a string or a comment."""
    strings = list(STRING.finditer(text))
    if strings and rng.random() < 0.5:
        m = rng.choice(strings)
        return text[: m.end() - 1] + rng.choice(hostile_strings()) + text[m.end() - 1 :]
    lines = _lines(text)
    i = rng.randrange(len(lines))
    brk = rng.choice([b for b in LINE_BREAKS if "\n" not in b])
    lines[i] = f"{lines[i]} # note{brk}{PAYLOAD}"
    return "\n".join(lines)


OPERATORS = {
    f.__name__: f
    for f in (
        delete_line,
        duplicate_line,
        swap_lines,
        truncate,
        insert_junk,
        huge_numbers,
        deepen_nesting,
        python_names,
        line_breaks_in_literals,
    )
}


def mutate(text: str, rng: random.Random, operator: str | None = None) -> tuple[str, str]:
    """(operator name, mutated text); sometimes several mutations in a row."""
    name = operator or rng.choice(sorted(OPERATORS))
    text = OPERATORS[name](text, rng)
    while operator is None and rng.random() < 0.2:
        text = OPERATORS[rng.choice(sorted(OPERATORS))](text, rng)
    return name, text
