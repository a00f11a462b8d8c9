"""Bracketed code laid out the way `ruff format` lays it out, so generated engines come out of
`cardrules compile` already formatted, whatever formatter (if any) is installed.

Only the few shapes the generator writes are covered: a collection (one item per line with a
trailing comma once it does not fit on its line) and a call (its arguments on one indented line
if they fit there, else one per line)."""

from __future__ import annotations

import re
import unicodedata

from . import parens

# The line length of generated engines, as `generated/ruff.toml` sets it for `ruff format`.
LINE_LENGTH = 400
INDENT = "    "


def width(text: str) -> int:
    """The columns `text` takes as ruff counts them: two for a wide East Asian character, none
    for a combining mark or a zero-width one."""
    if text.isascii():
        return len(text)  # the common case, quickly
    return sum(_char_width(ch) for ch in text)


def _char_width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf") or ch == "\u200b":
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _fits(*parts: str, trail: int = 0) -> bool:
    return sum(width(part) for part in parts) + trail <= LINE_LENGTH


def indent_of(lead: str) -> str:
    return lead[: len(lead) - len(lead.lstrip(" "))]


def collection(
    items: list[str], lead: str, brackets: str = "()", trail: int = 0, tuple_: bool = False, reprs: bool = False
) -> str:
    """`items` (code, each on one line) in `brackets` after `lead`, the text before it on its line;
    `reprs` says the items are `repr`s of plain data, which never hold a parenthesis to drop."""
    opening, closing = brackets
    if not reprs:
        items = [parens.drop_in_argument(item) for item in items]
    if tuple_ and len(items) == 1:
        flat = f"{opening}{items[0]},{closing}"
    else:
        flat = f"{opening}{', '.join(items)}{closing}"
    if not items or _fits(lead, flat, trail=trail):
        return flat
    return _one_per_line(items, indent_of(lead), brackets)


def call(function: str, args: list[str], lead: str, trail: int = 0) -> str:
    """`function(args)` after `lead`."""
    args = [parens.drop_in_argument(arg) for arg in args]
    flat = f"{function}({', '.join(args)})"
    if not args or _fits(lead, flat, trail=trail):
        return flat
    inner = indent_of(lead) + INDENT
    hugged = ", ".join(args)
    if _fits(inner, hugged):
        return f"{function}(\n{inner}{hugged}\n{indent_of(lead)})"
    return function + _one_per_line(args, indent_of(lead), "()")


# An argument `name=lambda params: body`; the parameters of generated lambdas are plain names.
LAMBDA_ARGUMENT = re.compile(r"((?:\w+=)?lambda [\w, ]*: )(.*)", re.DOTALL)


def _one_per_line(items: list[str], indent: str, brackets: str) -> str:
    inner = indent + INDENT
    lines = []
    for item in items:
        found = LAMBDA_ARGUMENT.fullmatch(item)
        if found and "\n" not in item and not _fits(inner, item, trail=1):
            # A lambda too long for its line: its body goes between parentheses of its own.
            item = f"{found.group(1)}(\n{inner}{INDENT}{found.group(2)}\n{inner})"
        lines.append(f"{inner}{item},\n")
    return f"{brackets[0]}\n{''.join(lines)}{indent}{brackets[1]}"


SKIP = "  # fmt: skip"


def skip_overlong(source: str) -> str:
    """Mark each statement line wider than the line length `# fmt: skip`: a lowered expression
    stays one expression on one line (a condition as long as a rule makes it), and ruff would
    otherwise split it over many.  The line numbers do not change."""
    lines = source.split("\n")
    for i, line in enumerate(lines):
        if width(line) > LINE_LENGTH and not line.lstrip().startswith("#"):
            lines[i] = line + SKIP
    return "\n".join(lines)
