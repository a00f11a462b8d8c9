"""Whether removing brackets from a module left its syntax tree as it was, without parsing the
whole module again where the statements changed can be parsed alone.

The parentheses pass (`parens`) removes pairs that open and close on one line, so the lines of
the module and its logical lines stay where they were, and each statement's subtree depends on
its own tokens only (the block around it does not change how it parses). So comparing, for each
logical line that lost a pair, the tree of that line parsed alone before and after says what
comparing the two whole trees says. A line that does not parse alone (a decorator, an `else`,
a `case`) sends the comparison back to the whole trees.
"""

from __future__ import annotations

import ast
import tokenize

_BODY = "\n pass"  # the body a compound statement's header needs to parse alone


def same_tree(one: ast.AST, other: ast.AST) -> bool:
    """Whether two syntax trees are the same but for the positions of their nodes: what comparing
    their `ast.dump` says, without writing out a tree of thousands of nodes twice."""
    pairs = [(one, other)]
    while pairs:
        a, b = pairs.pop()
        if a.__class__ is not b.__class__:
            return False
        for name in a._fields:
            x, y = getattr(a, name, None), getattr(b, name, None)
            if isinstance(x, list):
                if not isinstance(y, list) or len(x) != len(y):
                    return False
                items = zip(x, y, strict=True)
            else:
                items = ((x, y),)
            for u, v in items:
                if isinstance(u, ast.AST):
                    pairs.append((u, v))
                elif u.__class__ is not v.__class__ or u != v:
                    return False
    return True


def changed_lines_same(before: str, after: str, tokens: list, changed: set[int]) -> bool | None:
    """Whether every logical line holding a token of `changed` (indices into `tokens`, the tokens
    of `before` but NL, INDENT and DEDENT) parses alone to the same tree in `before` and `after`,
    which have the same lines; None when one of them does not parse alone."""
    old_lines, new_lines = before.splitlines(keepends=True), after.splitlines(keepends=True)
    if len(old_lines) != before.count("\n") + (not before.endswith("\n")):
        return None  # a line break only `splitlines` sees: the rows of the tokens are not its lines
    for first, last, header in _logical_lines(tokens, changed):
        old = _alone(old_lines[first - 1 : last], header)
        new = _alone(new_lines[first - 1 : last], header)
        try:
            old_tree, new_tree = ast.parse(old), ast.parse(new)
        except SyntaxError:
            return None
        if not same_tree(old_tree, new_tree):
            return False
    return True


def _alone(lines: list[str], header: bool) -> str:
    text = "".join(lines).lstrip(" \t")  # only the first line's indentation means anything
    if text.startswith("elif"):
        text = "if 0:" + _BODY + "\n" + text
    return text.rstrip("\r\n") + (_BODY if header else "")


def _logical_lines(tokens: list, changed: set[int]):
    """(first row, last row, whether it is a compound statement's header) of each logical line
    with a changed token."""
    seen: set[int] = set()
    for index in sorted(changed):
        start = index
        while start > 0 and tokens[start - 1].type != tokenize.NEWLINE:
            start -= 1
        if start in seen:
            continue
        seen.add(start)
        while tokens[start].type == tokenize.COMMENT:  # a comment line above, indented its own way
            start += 1
        end = index
        while tokens[end].type not in (tokenize.NEWLINE, tokenize.ENDMARKER):
            end += 1
        last = end - 1
        while tokens[last].type == tokenize.COMMENT:
            last -= 1
        header = tokens[last].type == tokenize.OP and tokens[last].string == ":"
        yield tokens[start].start[0], tokens[end].start[0], header
