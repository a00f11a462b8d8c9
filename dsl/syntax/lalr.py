"""The grammar of the language and the one LALR parser for it, loaded from `tables` when first needed.

Both the parser and the syntax-error messages (which name the fixed text of each terminal) use it."""

from __future__ import annotations

import functools

from lark import Lark

from . import tables


@functools.lru_cache(maxsize=1)
def grammar_text() -> str:
    return tables.grammar_text()


@functools.lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """LALR, contextual lexer, positions kept; start symbols `start` and `items` (error recovery)."""
    return tables.parser("check")
