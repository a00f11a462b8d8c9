"""Text -> AST, with syntax errors that say what was being read, what was expected and an
example of valid text.  The parser recovers after an error so one run reports several."""

from __future__ import annotations

import functools
import re
from importlib import resources

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .ast.build import AstBuilder
from .ast.nodes import Game
from .diagnostics import Diagnostic, Span, error

MAX_SYNTAX_ERRORS = 10


@functools.lru_cache(maxsize=1)
def grammar_text() -> str:
    return resources.files("dsl").joinpath("grammar/cardrules.lark").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        start=["start", "items"],
    )


# What a construct looks like when written correctly, keyed by the word that opens it.
EXAMPLES = {
    "game": 'game "Thirteens"',
    "source": 'source ru = "003_fb5af2f8794c5634.txt"',
    "players": "players 3..6",
    "cards": "cards {\n  deck standard + 2 jokers\n  order 2 3 4 5 6 7 8 9 10 J Q K A\n}",
    "deck": "deck 2 x standard + 4 jokers when player_count == 4",
    "order": "order 2 3 4 5 6 7 8 9 10 J Q K A",
    "value": "value meld: A=1 J=2 Q=3 K=4 2..10=face Joker=none",
    "zone": "zone hand per player seen by owner",
    "var": "var total: int per player = 0",
    "ambiguity": 'ambiguity name "question?" @ru:14 {\n  reading one "first reading"\n  reading two "second reading"\n  default one\n}',
    "reading": 'reading one "what this reading means"',
    "scoring": "scoring tricks {\n  pattern pair: 2 of a rank => 1\n}",
    "pattern": "pattern pair: 2 of a rank => 1",
    "when": "when card c is drawn into hand of p where c is red A {\n  total of p += 1\n}",
    "example": 'example "4 sevens score 28" @ru:23 {\n  expect scoring combos of [7 7 7 7] == 28\n}',
    "flow": "flow {\n  shuffle deck\n  deal evenly from deck to hand rest to stock\n}",
    "shuffle": "shuffle deck",
    "move": "move top 1 from stock to turned",
    "deal": "deal evenly from deck to hand rest to stock",
    "draw": "draw 1 from reserve to hand of p",
    "gather": "gather all into deck",
    "if": "if hand of p is empty {\n  points of p -= 3\n} else {\n  points of p += 1\n}",
    "repeat": "repeat {\n  ...\n} until max(total) >= 50",
    "while": "while not hand of leader is empty {\n  ...\n}",
    "for": "for each player p from left of dealer {\n  ...\n}",
    "trick": "trick {\n  lead leader\n  play from hand to table\n  follow suit == led else any\n  winner {\n    highest where suit == led\n  }\n  take into taken as group\n}",
    "chooses": "p chooses card c from hand of p where suit == led else any",
    "bids": "p bids bid from 10 to 500 step 10 or pass",
    "result": "result total",
    "winners": "winners highest",
}

# Readable names for terminals in "expected ..." lists.
TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a number",
    "SIGNED_INT": "a number",
    "STRING": 'a "quoted text"',
    "RANK": "a rank (A K Q J Joker)",
    "SUIT": "a suit (♠ ♥ ♦ ♣)",
    "COLOR": "a colour (red, black)",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "COLON": "':'",
    "COMMA": "','",
    "EQUAL": "'='",
    "ARROW": "'=>'",
    "AT": "'@'",
    "ASSIGN_OP": "'=', '+=' or '-='",
    "COMP_OP": "a comparison (==, <, ...)",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/' or '%'",
    "VISIBILITY": "owner, everyone or nobody",
    "WHICH": "highest or lowest",
    "TIE_RULE": "first, last or gap",
    "EXTREME": "'with highest' or 'with lowest'",
    "$END": "the end of the file",
}

_OPENERS = re.compile(r"\b(" + "|".join(sorted(EXAMPLES, key=len, reverse=True)) + r")\b")


def _expected_words(expected) -> list[str]:
    words = set()
    for term in expected:
        if term in TERMINAL_WORDS:
            words.add(TERMINAL_WORDS[term])
        elif term.startswith("__ANON"):
            continue
        else:
            words.add(f"'{term.lower()}'")
    return sorted(words)


def _construct(text: str, pos: int) -> str | None:
    """The keyword of the innermost construct being read at `pos`: the last opener on the line,
    or on the nearest earlier line that has one."""
    lines = text[:pos].split("\n")
    for line in reversed(lines[-6:]):
        found = _OPENERS.findall(line.split("#", 1)[0])
        if found:
            return found[-1]
    return None


def _syntax_diagnostic(text: str, path: str, exc: UnexpectedInput) -> Diagnostic:
    line, column = getattr(exc, "line", 1) or 1, getattr(exc, "column", 1) or 1
    pos = getattr(exc, "pos_in_stream", None)
    if pos is None:
        pos = len(text)
    construct = _construct(text, pos)
    where = f" while reading {'a' if construct else 'the file'}{' ' + repr(construct) + ' construct' if construct else ''}"
    if isinstance(exc, UnexpectedToken):
        tok: Token = exc.token
        if tok.type == "$END":
            found, length = "the end of the file", 1
        else:
            found, length = repr(str(tok)), max(1, len(str(tok)))
        expected = _expected_words(exc.expected)
    elif isinstance(exc, UnexpectedCharacters):
        found, length = repr(text[pos]) if pos < len(text) else "the end of the file", 1
        expected = _expected_words(exc.allowed or [])
    else:
        found, length, expected = "the end of the file", 1, _expected_words(getattr(exc, "expected", []) or [])
    message = f"unexpected {found}{where}"
    notes = []
    if expected:
        shown = expected[:8]
        more = f" (or {len(expected) - 8} more)" if len(expected) > 8 else ""
        notes.append("expected " + ", ".join(shown) + more)
    hint = None
    if construct in EXAMPLES:
        hint = "a valid example:\n" + EXAMPLES[construct]
    span = Span(line, column, line, column + length - 1)
    return error("syntax-error", message, span, file=path, notes=notes, hint=hint)


_TOP_LEVEL = re.compile(
    r"^(game|source|players|cards|zone|var|ambiguity|scoring|when|example|flow|result|winners|override)\b",
    re.M,
)


def _chunks(text: str):
    """Split a file at its top-level keywords (written at the start of a line)."""
    starts = [m.start() for m in _TOP_LEVEL.finditer(text)] or [0]
    if starts[0] != 0:
        starts.insert(0, 0)
    for i, begin in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        yield begin, text[begin:end]


def parse_tree(text: str, path: str):
    """Returns (tree or None, syntax diagnostics).

    A file that fails to parse is re-parsed one top-level item at a time (positions kept by
    padding), so a mistake in one zone declaration does not hide a mistake in the flow."""
    try:
        return _lark().parse(text, start="start"), []
    except UnexpectedInput as first:
        first_error = _syntax_diagnostic(text, path, first)
    diagnostics: list[Diagnostic] = []
    for begin, chunk in _chunks(text):
        if not chunk.strip():
            continue
        padded = "\n" * text.count("\n", 0, begin) + chunk
        start = "start" if chunk.lstrip().startswith("game") and begin == 0 else "items"
        try:
            _lark().parse(padded, start=start)
        except UnexpectedInput as exc:
            diagnostics.append(_syntax_diagnostic(padded, path, exc))
        if len(diagnostics) >= MAX_SYNTAX_ERRORS:
            break
    if not any(d.span.line == first_error.span.line for d in diagnostics):
        diagnostics.insert(0, first_error)
    diagnostics.sort(key=lambda d: (d.span.line, d.span.column))
    return None, diagnostics


def parse(text: str, path: str = "<input>") -> tuple[Game | None, list[Diagnostic]]:
    tree, diagnostics = parse_tree(text, path)
    if tree is None:
        return None, diagnostics
    return AstBuilder(path).transform(tree), diagnostics
