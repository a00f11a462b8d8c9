"""Rule texts drawn from the project's own grammar with hypothesis' `from_lark`.

`from_lark` knows nothing of lexers: it joins tokens and inserts ignored text (whitespace,
comments) only now and then, so `game` followed by a string may come out as one word.  Every
terminal is therefore given an explicit strategy that ends it with a separator, and the
terminals it would draw badly (names that are all keywords, integers with thousands of digits,
strings and comments of random unicode) get strategies biased towards the realistic and the
hostile."""

from __future__ import annotations

import functools
import re

from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from dsl.syntax.lalr import grammar_text

from .hostile import HUGE_NUMBERS, LINE_BREAKS, PYTHON_NAMES, hostile_strings

START_SYMBOLS = ("start", "items")

REALISTIC_NAMES = ["hand", "deck", "pile", "table", "trick", "p", "q", "c", "g", "score", "points", "ru", "rank", "x"]


@functools.lru_cache(maxsize=1)
def lark_grammar() -> Lark:
    """The same grammar, parser and start symbols as the project's parser (positions are not
    needed to generate)."""
    return Lark(grammar_text(), parser="lalr", lexer="contextual", start=list(START_SYMBOLS))


def _separated(strategy: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(strategy, st.sampled_from([" ", " ", " ", "\n", "\t", "  "])).map("".join)


def _names(hostile: bool) -> st.SearchStrategy[str]:
    tame = [st.sampled_from(REALISTIC_NAMES), st.from_regex(r"[a-z][a-z0-9]{0,8}", fullmatch=True)]
    if not hostile:
        return st.one_of(tame)
    return st.one_of(
        *tame, st.sampled_from(PYTHON_NAMES), st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True)
    )


def _ints(hostile: bool) -> st.SearchStrategy[str]:
    tame = [st.integers(0, 13).map(str), st.integers(0, 60).map(str)]
    return st.one_of(*tame, st.sampled_from(HUGE_NUMBERS)) if hostile else st.one_of(tame)


def _strings(hostile: bool) -> st.SearchStrategy[str]:
    tame = st.sampled_from(["", "x", "hand", "a.txt", "thirteens.cardrules", "a b c"])
    if hostile:
        inner = st.one_of(
            tame, st.sampled_from(hostile_strings()), st.from_regex(r'([^"\\\n]|\\.){0,20}', fullmatch=True)
        )
    else:
        inner = st.one_of(tame, st.from_regex(r"[a-z0-9 .]{0,20}", fullmatch=True))
    return inner.map(lambda s: f'"{s}"')


def _comments(hostile: bool) -> st.SearchStrategy[str]:
    if not hostile:
        return st.just("# a comment\n")
    tails = [f"{b}x = 1" for b in LINE_BREAKS if "\n" not in b] + hostile_strings()
    return st.one_of(st.just("# a comment\n"), st.sampled_from(tails).map(lambda t: f"# c{t}\n"))


def explicit_strategies(grammar: Lark, start: str, hostile: bool) -> dict[str, st.SearchStrategy[str]]:
    terminals, _, _ = grammar.grammar.compile([start], ())
    special = {
        "NAME": _names(hostile),
        "INT": _ints(hostile),
        "SIGNED_INT": st.one_of(_ints(hostile), _ints(hostile).map(lambda s: "-" + s)),
        "STRING": _strings(hostile),
        "WS": st.sampled_from([" ", "\n", "\t", "\r\n", "\x0c"] if hostile else [" ", "\n"]),
        "COMMENT": _comments(hostile),
    }
    out = {}
    for terminal in terminals:
        if terminal.name in special:
            base = special[terminal.name]
        elif terminal.pattern.type == "str":
            base = st.just(terminal.pattern.value)
        else:
            base = st.from_regex(re.compile(terminal.pattern.to_regexp()), fullmatch=True)
        out[terminal.name] = base if terminal.name in ("WS", "COMMENT") else _separated(base)
    return out


@functools.lru_cache(maxsize=4)
def rule_texts(start: str = "start", hostile: bool = True) -> st.SearchStrategy[str]:
    """Texts the grammar derives from `start` (`start`: a whole file; `items`: declarations
    without a header, what the parser's recovery re-parses).  `hostile` mixes in Python names,
    huge integers, and payloads behind line breaks in strings and comments; without it the
    terminals are plain, so a failure is the structure's."""
    grammar = lark_grammar()
    return from_lark(grammar, start=start, explicit=explicit_strategies(grammar, start, hostile))
