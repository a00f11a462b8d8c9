"""Syntax error messages: what was being read, what was expected, an example of valid text,
and the keyword a misspelt word probably meant.

The parser (`dsl.parser`) finds the error; this module reads the text around it."""

from __future__ import annotations

import difflib
import functools
import re

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..report.diagnostics import Diagnostic, Fix, Span, error
from .reserved import RESERVED_WORDS, reserved_hint
from .lalr import lark_parser
from .words import (
    BLOCK_WORDS,
    CLAUSE_WORDS,
    EXAMPLES,
    STATEMENT_BLOCKS,
    STATEMENT_WORDS,
    SUGGEST_CUTOFF,
    TERMINAL_WORDS,
    TOP_LEVEL_WORDS,
    WORD_CHOICES,
)


@functools.lru_cache(maxsize=1)
def _literals() -> dict[str, str]:
    """Terminal name -> the fixed text it stands for ('LBRACE' -> '{', 'DECK' -> 'deck')."""
    return {t.name: t.pattern.value for t in lark_parser().terminals if t.pattern.type == "str"}


@functools.lru_cache(maxsize=1)
def _keywords() -> frozenset[str]:
    return frozenset(v for v in _literals().values() if v.isidentifier())


def _describe(word: str | None) -> str:
    if not word:
        return "the file"
    if word in BLOCK_WORDS:
        kind = "block"
    elif word in TOP_LEVEL_WORDS:
        kind = "declaration"
    elif word in CLAUSE_WORDS:
        kind = "line"
    elif word in STATEMENT_WORDS or word == "else":
        kind = "statement"
    else:
        return f"the statement '{word} ...'"
    return f"the '{word}' {kind}"


def _expected_words(expected) -> list[str]:
    literals = _literals()
    words = set()
    for term in expected:
        if term in TERMINAL_WORDS:
            words.add(TERMINAL_WORDS[term])
        elif term in literals:
            words.add(f"'{literals[term]}'")
    return sorted(words)


def _expected_note(expected) -> list[str]:
    words = _expected_words(expected)
    if not words:
        return []
    more = f" (or {len(words) - 8} more)" if len(words) > 8 else ""
    return ["expected " + ", ".join(words[:8]) + more]


def _example_hint(word: str | None) -> str | None:
    if word not in EXAMPLES:
        return None
    return "for example:\n    " + EXAMPLES[word].replace("\n", "\n    ")


# ------------------------------------------------------------ reading the text around an error
# `x = 1`, `x += 1`, `x -= 1`, but not `x == 1`, `x <= 1` or `x != 1`
_ASSIGNMENT = re.compile(r"(?<![=<>!+-])(\+=|-=|=)(?!=)")


def code_of(line: str) -> str:
    """A line without its comment and with the inside of strings blanked, so that braces and
    '#' in quoted text do not count."""
    out, in_string, escaped = [], False, False
    for ch in line:
        if in_string:
            out.append('"' if ch == '"' and not escaped else " ")
            in_string = escaped or ch != '"'
            escaped = not escaped and ch == "\\"
        elif ch == "#":
            break
        else:
            out.append(ch)
            in_string = ch == '"'
    return "".join(out)


def first_word(code: str) -> str | None:
    match = re.match(r"[\s}]*([A-Za-z_]\w*)", code)
    return match.group(1) if match else None


def statement_word(code: str) -> str | None:
    """The keyword naming the statement on this line: its first word, or for a decision
    (`p chooses ...`, `p bids ...`), which begins with a player, the verb."""
    word = first_word(code)
    if word is not None and word not in EXAMPLES:
        verbs = [w for w in re.findall(r"[A-Za-z_]\w*", code) if w in ("chooses", "bids")]
        return verbs[0] if verbs else word
    return word


def open_blocks(lines: list[str], line: int, column: int) -> list[tuple[int, str]]:
    """The '{' still open at (line, column): (line it opened on, word of the construct)."""
    stack: list[tuple[int, str]] = []
    for number, raw in enumerate(lines[:line], start=1):
        code = code_of(raw)
        if number == line:
            code = code[: column - 1]
        segment_start = 0
        for i, ch in enumerate(code):
            if ch == "{":
                stack.append((number, first_word(code[segment_start:i]) or "{"))
            elif ch == "}" and stack:
                stack.pop()
            if ch in "{}":
                segment_start = i + 1
    return stack


def _previous_code_line(lines: list[str], line: int) -> int | None:
    for number in range(line - 1, 0, -1):
        if code_of(lines[number - 1]).strip():
            return number
    return None


def _close_keyword(word: str, candidates) -> str | None:
    if word in _keywords():
        return None
    close = difflib.get_close_matches(word, sorted(candidates), n=1, cutoff=SUGGEST_CUTOFF)
    return close[0] if close else None


def _misspelt_word(code: str, construct: str | None) -> tuple[str, str] | None:
    """A word of this line that is not a keyword but is close to one that `construct` uses
    (its example shows the vocabulary), or to a statement keyword when it opens the line."""
    vocabulary = set(re.findall(r"[A-Za-z_]\w*", EXAMPLES.get(construct or "", ""))) & _keywords()
    words = re.findall(r"[A-Za-z_]\w*", code)
    for index, word in enumerate(words):
        pool = vocabulary | (set(STATEMENT_WORDS) | set(TOP_LEVEL_WORDS) if index == 0 else set())
        close = _close_keyword(word, pool - {word})
        if close and close not in words:
            return word, close
    return None


# ------------------------------------------------------------ one error
def syntax_error(text: str, path: str, exc: UnexpectedInput, item_end: tuple[int, str] | None = None):
    """The diagnostic for one parse failure, and the line to blank to read on (None: stop).

    `item_end` is (line, keyword) of the next top-level item when `text` is one item cut out
    of a file: its end is then not the end of the file."""
    lines = text.split("\n")
    expected = set(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    at_end = isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END")
    if at_end:
        return _end_error(lines, path, expected, item_end), None

    line, column = max(getattr(exc, "line", 1) or 1, 1), max(getattr(exc, "column", 1) or 1, 1)
    code = code_of(lines[line - 1]) if line <= len(lines) else ""
    before = code[: column - 1]
    blocks = open_blocks(lines, line, column)
    enclosing = blocks[-1][1] if blocks else None
    statement = statement_word(before) if before.strip(" }") else None
    notes = _expected_note(expected)

    if isinstance(exc, UnexpectedCharacters):
        ch = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else "?"
        span = Span(line, column, line, column)
        if ch == '"':
            return error(
                "syntax-error",
                "this quoted text is not closed on its line",
                span,
                file=path,
                notes=['a text runs from " to " on one line'],
                hint=_example_hint(statement or enclosing),
            ), line
        if ch in "'‘’“”«»":
            message = f"unexpected {ch!r}: names are written without quotes, texts between straight double quotes"
            return error(
                "syntax-error", message, span, file=path, notes=notes, hint=_example_hint(statement or enclosing)
            ), line
        where = _describe(statement or enclosing)
        return error(
            "syntax-error",
            f"the character {ch!r} has no meaning here, in {where}",
            span,
            file=path,
            notes=notes,
            hint=_example_hint(statement or enclosing),
        ), line

    tok: Token = exc.token
    found = str(tok)
    span = Span(line, column, line, column + max(len(found), 1) - 1)
    literals = _literals()
    starters = {literals.get(t) for t in expected} & (set(TOP_LEVEL_WORDS) | set(STATEMENT_WORDS) | {"}"})
    previous = _previous_code_line(lines, line)

    if expected == {"GAME"}:
        return error(
            "syntax-error",
            "a rule file begins with the name of its game",
            span,
            file=path,
            notes=[f"found {found!r}"],
            hint='for example:\n    game "Thirteens"',
        ), None

    if not before.strip() and not starters and previous is not None:
        # Nothing on this line yet, and what came before cannot stop here: that is unfinished.
        prev_code = code_of(lines[previous - 1])
        construct = statement_word(prev_code) or enclosing
        end_col = len(prev_code.rstrip()) + 1
        notes = [n.replace("expected ", "expected next: ", 1) for n in notes] + [f"found {found!r} on line {line}"]
        misspelt = _misspelt_word(prev_code, construct)
        if misspelt:
            notes.append(f"did you mean '{misspelt[1]}' instead of '{misspelt[0]}'?")
        hint = _example_hint(construct)
        return error(
            "syntax-error",
            f"{_describe(construct)} on line {previous} is unfinished",
            Span(previous, end_col, previous, end_col),
            file=path,
            notes=notes,
            hint=hint,
        ), previous

    construct = statement or enclosing
    candidates = {literals[t] for t in expected if t in literals and literals[t].isidentifier()}
    candidates |= {word for t in expected for word in WORD_CHOICES.get(t, ())}
    if not before.strip(" }"):
        if "}" in starters or starters:
            candidates |= set(STATEMENT_WORDS) if (enclosing in STATEMENT_BLOCKS) else set()
        if not blocks:
            candidates |= set(TOP_LEVEL_WORDS)
    close = _close_keyword(found, candidates) if tok.type == "NAME" or found.isidentifier() else None
    if close:
        message = f"unknown word {found!r} in {_describe(construct)}: did you mean '{close}'?"
        if not blocks and not before.strip():
            message = f"{found!r} does not begin a declaration: did you mean '{close}'?"
            notes = ["a declaration begins with one of: " + ", ".join(TOP_LEVEL_WORDS)]
        return error(
            "syntax-error",
            message,
            span,
            file=path,
            notes=notes,
            hint=_example_hint(close) or _example_hint(construct),
            fix=Fix(span, close, found),
        ), line

    misspelt = _misspelt_word(before, construct)
    if misspelt:
        word, close = misspelt
        col = before.find(word) + 1
        message = f"unknown word {word!r}: did you mean '{close}'?"
        where = Span(line, col, line, col + len(word) - 1)
        return error(
            "syntax-error",
            message,
            where,
            fix=Fix(where, close, word),
            file=path,
            notes=[f"then {found!r} could not be read"] + notes,
            hint=_example_hint(close) or _example_hint(construct),
        ), line

    if statement in RESERVED_WORDS and _ASSIGNMENT.search(code_of(lines[line - 1])):
        return error(
            "syntax-error",
            f"'{statement}' is a reserved word of the language, so it cannot be assigned as a variable",
            span,
            file=path,
            notes=[f"the parser reads '{statement}' as its keyword here"],
            hint=reserved_hint(statement),
        ), line

    where = "at the top level of the file" if not blocks and not statement else f"in {_describe(construct)}"
    return error(
        "syntax-error", f"unexpected {found!r} {where}", span, file=path, notes=notes, hint=_example_hint(construct)
    ), line


def _end_error(lines: list[str], path: str, expected, item_end) -> Diagnostic:
    last = _previous_code_line(lines, len(lines) + 1) or 1
    code = code_of(lines[last - 1]) if lines else ""
    column = len(code.rstrip()) + 1
    blocks = open_blocks(lines, last, column)
    ends = f"the next item, '{item_end[1]}' on line {item_end[0]}, begins" if item_end else "the file ends"
    # Inside an open block nearly anything could come next: the missing '}' is the news.
    notes = [] if blocks and "RBRACE" in expected else _expected_note(expected)
    if blocks:
        open_line, word = blocks[-1]
        message = f"{_describe(word)} that starts on line {open_line} is not closed: {ends} first"
        missing = len(blocks)
        notes.append(f"{missing} closing '}}' {'is' if missing == 1 else 'are'} missing")
    else:
        word = first_word(code)
        message = f"{_describe(word)} on line {last} is unfinished: {ends} first"
    return error(
        "syntax-error", message, Span(last, column, last, column), file=path, notes=notes, hint=_example_hint(word)
    )
