"""Drop the parentheses `ruff format` drops, so a generated engine is formatted as it comes out.

The expression compiler parenthesizes every operation, which keeps precedence right without
thinking; the formatter then removes two kinds of pair that say nothing:

- a pair right inside another pair around the same expression: `not ((x))` is `not (x)`;
- the pair around the whole expression of a statement head, of an assignment's right-hand side
  or of a lambda's body: `if (a and b):` is `if a and b:`, `s.v_x = (a == b)` is
  `s.v_x = a == b`, `lambda g: (x + 1)` is `lambda g: x + 1`.

A tuple (the empty one too), a generator or a `yield` keeps its pair.  The pass works on tokens and checks that the
module's syntax tree is unchanged, so it can change the layout of an engine, never its meaning.
"""

from __future__ import annotations

import ast
import io
import keyword
import tokenize

from . import pytokens, sametree

HEADS = frozenset({"if", "elif", "while", "return"})
ASSIGNMENTS = frozenset({"=", "+=", "-=", "*=", "//=", "%=", "|=", "&="})
OPENING = {"(": ")", "[": "]", "{": "}"}


def _tokens(source: str) -> list:
    """The tokens but NL, INDENT and DEDENT (each with its type, text and start)."""
    fast = pytokens.tokens(source)
    if fast is not None:
        return fast
    return [
        tok
        for tok in tokenize.generate_tokens(io.StringIO(source).readline)
        if tok.type not in (tokenize.NL, tokenize.INDENT, tokenize.DEDENT)
    ]


def _matches(tokens) -> dict[int, int]:
    """Index of each opening bracket -> index of its closing one."""
    stack, pairs = [], {}
    for i, tok in enumerate(tokens):
        if tok.type == tokenize.OP and tok.string in OPENING:
            stack.append(i)
        elif tok.type == tokenize.OP and tok.string in (")", "]", "}"):
            pairs[stack.pop()] = i
    return pairs


def _holds_bare_tuple_or_generator(tokens, start: int, end: int, pairs: dict[int, int]) -> bool:
    """Whether the tokens strictly between `start` and `end` have a comma, a `for` or a `yield` at
    their own bracket depth (so the pair around them is a tuple's or a generator's own)."""
    i = start + 1
    while i < end:
        tok = tokens[i]
        if i in pairs:
            i = pairs[i] + 1
            continue
        if (tok.type == tokenize.OP and tok.string in (",", ":=")) or tok.string in ("for", "yield", "async"):
            return True
        i += 1
    return False


def _statement_starts(tokens) -> set[int]:
    starts, fresh = set(), True
    for i, tok in enumerate(tokens):
        if fresh and tok.type != tokenize.COMMENT:
            starts.add(i)
            fresh = False
        if tok.type == tokenize.NEWLINE or (tok.type == tokenize.OP and tok.string == ";"):
            fresh = True
    return starts


def _ends_expression(tokens, index: int, closer: str | None) -> bool:
    """Whether the token after `index` ends the statement part that began at its pair."""
    after = tokens[index + 1]
    if closer is not None:
        return after.type == tokenize.OP and after.string == closer
    return after.type in (tokenize.NEWLINE, tokenize.COMMENT, tokenize.ENDMARKER)


def _lambda_bodies(tokens, pairs: dict[int, int]) -> set[int]:
    """Indices of the tokens that open a lambda's body."""
    bodies = set()
    for i, tok in enumerate(tokens):
        if tok.type != tokenize.NAME or tok.string != "lambda":
            continue
        j = i + 1
        while j < len(tokens) and not (tokens[j].type == tokenize.OP and tokens[j].string == ":"):
            j = pairs.get(j, j) + 1
        bodies.add(j + 1)
    return bodies


def _ends_lambda(tok: tokenize.TokenInfo) -> bool:
    return tok.type in (tokenize.NEWLINE, tokenize.COMMENT, tokenize.ENDMARKER) or (
        tok.type == tokenize.OP and tok.string in (",", ")", "]", "}")
    )


def _redundant(tokens) -> set[int]:
    """Indices of the bracket tokens to remove."""
    pairs = _matches(tokens)
    drop: set[int] = set()
    starts = _statement_starts(tokens)
    bodies = _lambda_bodies(tokens, pairs)
    for i, tok in enumerate(tokens):
        if tok.string != "(" or i not in pairs:
            continue
        close = pairs[i]
        # A pair over several lines is the layout's own (a body too long for its line).
        if tokens[close].start[0] != tok.start[0]:
            continue
        if close == i + 1 or _holds_bare_tuple_or_generator(tokens, i, close, pairs):
            continue
        before = tokens[i - 1] if i else None
        # `((x))`: this pair is the only content of an outer one that is not a call's.
        outer = i - 1
        if (
            before is not None
            and before.string == "("
            and pairs.get(outer) == close + 1
            and outer - 1 >= 0
            and not _is_call_or_subscript(tokens[outer - 1])
        ):
            drop.update((i, close))
            continue
        if before is None:
            continue
        head = before.type == tokenize.NAME and before.string in HEADS and (i - 1) in starts
        assigned = before.type == tokenize.OP and before.string in ASSIGNMENTS
        if head and before.string == "return":
            head = _ends_expression(tokens, close, None)
        elif head:
            head = _ends_expression(tokens, close, ":")
        if assigned:
            assigned = _ends_expression(tokens, close, None)
        body = i in bodies and _ends_lambda(tokens[close + 1])
        if head or assigned or body:
            drop.update((i, close))
    return drop


def _is_call_or_subscript(tok: tokenize.TokenInfo) -> bool:
    """Whether a bracket right after `tok` calls or indexes something (a name, a string, a bracket)."""
    if tok.type == tokenize.NAME:
        return not keyword.iskeyword(tok.string)
    return tok.type == tokenize.STRING or (tok.type == tokenize.OP and tok.string in (")", "]", "}"))


def drop_redundant(source: str) -> str:
    """`source` without the parentheses the formatter would remove; the syntax tree is unchanged."""
    return _drop(source, source)


def drop_in_argument(text: str) -> str:
    """The same for one argument or item of a call or a collection (`size=2`, `lambda g: (x)`)."""
    if "(" not in text:
        return text  # most items are a name, a number or a string: nothing to drop, nothing to read
    return _drop(text, f"_({text})")


def _drop(source: str, as_parsed: str) -> str:
    try:
        before = ast.parse(as_parsed)
        tokens = _tokens(source)
    except (SyntaxError, tokenize.TokenError):
        return source  # not Python: left as it is, for the gate to refuse
    drop = _redundant(tokens)
    if not drop:
        return source
    lines = source.splitlines(keepends=True)
    # Remove from the right so earlier columns stay valid.
    for index in sorted(drop, key=lambda k: tokens[k].start, reverse=True):
        row, col = tokens[index].start
        line = lines[row - 1]
        lines[row - 1] = line[:col] + line[col + 1 :]
    result = "".join(lines)
    # The module's own statements are compared where they changed; an item, or a statement that
    # does not parse alone, as the whole tree.
    same = sametree.changed_lines_same(source, result, tokens, drop) if source is as_parsed else None
    if same is None:
        same = sametree.same_tree(ast.parse(as_parsed.replace(source, result, 1)), before)
    if not same:
        raise ValueError("dropping parentheses changed the meaning of the generated code")
    return result
