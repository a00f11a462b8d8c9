"""The grammar of the language and the one LALR parser built from it (built once, when first needed).

Both the parser and the syntax-error messages (which name the fixed text of each terminal) use it."""

from __future__ import annotations

import functools
from importlib import resources

from lark import Lark


@functools.lru_cache(maxsize=1)
def grammar_text() -> str:
    return resources.files("dsl.syntax").joinpath("grammar/cardrules.lark").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def lark_parser() -> Lark:
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        start=["start", "items"],
    )
