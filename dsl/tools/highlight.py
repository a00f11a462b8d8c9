"""Syntax highlighting of rule files for Pygments (`pygmentize -l cardrules`), with the keywords
taken from the grammar itself so the highlighter never falls behind the language."""

from __future__ import annotations

import functools
import re

from pygments.lexer import RegexLexer, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text

from ..syntax.lalr import grammar_text

# Words the grammar spells inside regular-expression terminals (VISIBILITY, WHICH, TIE_RULE,
# EXTREME, COLOR, RANK) rather than as quoted literals.
_TERMINAL_WORDS = re.compile(r"/\(\?:?([a-z|]+)\)/|/([a-z]+)\[")


@functools.lru_cache(maxsize=1)
def grammar_keywords() -> tuple[str, ...]:
    """Every fixed word of the language, sorted: the quoted literals of the Lark grammar and the
    lower-case alternatives of its word terminals."""
    text = grammar_text()
    found = set(re.findall(r'"([a-z_]+)"i?', text))
    for group in re.findall(r"/\(\??:?([a-z|]+)\)", text):
        found |= set(group.split("|"))
    found |= set(re.findall(r"/([a-z]+)\[", text))
    return tuple(sorted(found))


RANKS = ("Joker", "A", "K", "Q", "J")


class CardrulesLexer(RegexLexer):
    """A lexer for `.cardrules` rule files."""

    name = "cardrules"
    aliases = ["cardrules"]
    filenames = ["*.cardrules"]

    tokens = {
        "root": [
            (r"\s+", Text),
            (r"#.*?$", Comment.Single),
            (r'"([^"\\\n]|\\.)*"', String.Double),
            (r"@[A-Za-z_]\w*:\d+", Name.Decorator),
            (r"[♠♥♦♣]", Name.Constant),
            (words(RANKS, suffix=r"\b"), Name.Constant),
            (words(grammar_keywords(), suffix=r"\b"), Keyword),
            (r"\d+", Number.Integer),
            (r"[A-Za-z_]\w*", Name),
            (r"==|!=|<=|>=|\+=|-=|=>|\.\.|[-+*/%<>=]", Operator),
            (r"[{}()\[\],:]", Punctuation),
            (r".", Text),
        ]
    }


def textmate_grammar() -> dict:
    """The TextMate grammar of the VS Code extension (`editors/vscode/syntaxes/`), with the same
    keywords: `python -m dsl.tools.highlight > editors/vscode/syntaxes/cardrules.tmLanguage.json`."""
    keywords = "|".join(grammar_keywords())
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "cardrules",
        "scopeName": "source.cardrules",
        "fileTypes": ["cardrules"],
        "patterns": [
            {"name": "comment.line.number-sign.cardrules", "match": "#.*$"},
            {
                "name": "string.quoted.double.cardrules",
                "begin": '"',
                "end": '"|$',
                "patterns": [{"name": "constant.character.escape.cardrules", "match": r"\\."}],
            },
            {"name": "entity.name.tag.citation.cardrules", "match": r"@[A-Za-z_]\w*:\d+"},
            {"name": "constant.language.card.cardrules", "match": r"\b(?:Joker|A|K|Q|J)\b|[♠♥♦♣]"},
            {"name": "keyword.control.cardrules", "match": rf"\b(?:{keywords})\b"},
            {"name": "constant.numeric.cardrules", "match": r"\b\d+\b"},
            {"name": "keyword.operator.cardrules", "match": r"==|!=|<=|>=|\+=|-=|=>|\.\.|[-+*/%<>=]"},
        ],
    }


if __name__ == "__main__":
    import json
    import sys

    sys.stdout.write(json.dumps(textmate_grammar(), indent=2, ensure_ascii=False) + "\n")
