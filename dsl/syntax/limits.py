"""The limits of the language: every bound a rule file must stay within, in one place.

They keep each command's work and memory bounded on any input (a hostile file included), and
keep generated engines inside what Python's own parser accepts.  A file over a limit gets one
`limit-exceeded` diagnostic at the text at fault, with a hint naming the limit."""

from __future__ import annotations

from ..report.files import MAX_FILE_CHARS  # noqa: F401 - the reader enforces it, below this package

MAX_PLAYERS = 16  # player counts are 1..MAX_PLAYERS
MAX_DECK_COPIES = 8  # `deck N x standard`
MAX_JOKERS = 16  # `+ N jokers`
MAX_CARDS = MAX_DECK_COPIES * 52 + MAX_JOKERS  # cards of one deck line
MAX_ORDER_LENGTH = 32  # ranks on one `order` line (there are 14 ranks)
MAX_BLOCK_DEPTH = 24  # blocks `{ ... }` nested inside one another (generated code indents each)
MAX_LOOP_DEPTH = 16  # loops nested inside one another (Python nests at most 20 loop blocks)
MAX_EXPRESSION_DEPTH = 64  # operators nested inside one expression
MAX_STATEMENTS = 5_000  # statements in one file
MAX_INTEGER = 10**9  # magnitude of an integer literal
MAX_INTEGER_DIGITS = 10  # digits read before a literal is judged too long (no huge int() calls)
MAX_CARD_LITERAL = MAX_CARDS  # cards in one `[...]` literal
MAX_VARIANT_DEPTH = 16  # `variant of` links followed from one file (each base is read and parsed)

LIMIT_CODE = "limit-exceeded"
