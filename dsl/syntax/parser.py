"""Text -> AST, with syntax errors that say what was being read, what was expected and an
example of valid text.

Recovery, so one run reports several mistakes: a file that fails to parse is re-parsed one
top-level item at a time, and inside an item the line at fault is blanked (keeping its braces
balanced) and the item parsed again, as long as each new error lies further on."""

from __future__ import annotations

import re
from lark.exceptions import UnexpectedInput

from ..ast.build import build
from ..ast.nodes import Game
from ..report.diagnostics import Diagnostic
from .bounds import text_limits, tree_limits
from .lalr import lark_parser
from .messages import code_of, first_word, open_blocks, syntax_error
from .words import STATEMENT_BLOCKS, TOP_LEVEL_WORDS

MAX_SYNTAX_ERRORS = 10


# ------------------------------------------------------------ recovery
def _blank(lines: list[str], line: int) -> list[str] | None:
    """The lines with `line` replaced by something neutral that keeps braces balanced."""
    code = code_of(lines[line - 1])
    opens, closes = code.count("{"), code.count("}")
    if opens == closes:
        new = ""
    elif closes > opens:
        new = "}" * (closes - opens)
    else:
        blocks = open_blocks(lines, line, 1)
        if not blocks or blocks[-1][1] not in STATEMENT_BLOCKS:
            return None
        new = "if true { " * (opens - closes)
    return lines[: line - 1] + [new] + lines[line:]


def _item_errors(text: str, path: str, start: str, first_line: int, item_end) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    last = (0, 0)
    while len(out) < MAX_SYNTAX_ERRORS:
        try:
            lark_parser().parse(text, start=start)
            break
        except UnexpectedInput as exc:
            diagnostic, recover = syntax_error(text, path, exc, item_end)
        where = (diagnostic.span.line, diagnostic.span.column)
        if where <= last:
            break  # recovery made no progress: what follows is a consequence of the first error
        out.append(diagnostic)
        last = where
        if recover is None or recover <= first_line:
            break
        lines = _blank(text.split("\n"), recover)
        if lines is None:
            break
        text = "\n".join(lines)
    return out


_TOP_LEVEL = re.compile(r"^(" + "|".join(TOP_LEVEL_WORDS) + r")\b", re.M)


def _chunks(text: str):
    """Split a file at its top-level keywords (written at the start of a line)."""
    starts = [m.start() for m in _TOP_LEVEL.finditer(text)] or [0]
    if starts[0] != 0:
        starts.insert(0, 0)
    for i, begin in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        yield begin, text[begin:end], (end if i + 1 < len(starts) else None)


def parse_tree(text: str, path: str):
    """Returns (tree or None, syntax diagnostics).

    A file that fails to parse is re-parsed one top-level item at a time (positions kept by
    padding), so a mistake in one zone declaration does not hide a mistake in the flow."""
    try:
        return lark_parser().parse(text, start="start"), []
    except UnexpectedInput as exc:
        first_error, _ = syntax_error(text, path, exc)
    diagnostics: list[Diagnostic] = []
    for begin, chunk, end in _chunks(text):
        if not chunk.strip():
            continue
        first_line = text.count("\n", 0, begin) + 1
        padded = "\n" * (first_line - 1) + chunk
        # Leading comments make a chunk of their own, so the header may begin a later chunk.
        start = "start" if first_word(code_of(chunk.lstrip().split("\n", 1)[0])) == "game" else "items"
        item_end = None
        if end is not None:
            item_end = (text.count("\n", 0, end) + 1, first_word(text[end : end + 40]) or "?")
        diagnostics += _item_errors(padded, path, start, first_line, item_end)
        if len(diagnostics) >= MAX_SYNTAX_ERRORS:
            break
    if not diagnostics:
        diagnostics = [first_error]
    diagnostics.sort(key=lambda d: (d.span.line, d.span.column))
    return None, diagnostics[:MAX_SYNTAX_ERRORS]


BOM = "\ufeff"


def parse(text: str, path: str = "<input>") -> tuple[Game | None, list[Diagnostic]]:
    """The file's AST, or None with diagnostics.  A file beyond the language's limits is never
    built: the limits are checked on the text and on the parse tree first."""
    text = text.removeprefix(BOM)
    too_big = text_limits(text, path)
    if too_big:
        return None, too_big
    tree, diagnostics = parse_tree(text, path)
    if tree is None:
        return None, diagnostics
    beyond = tree_limits(tree, path)
    if beyond:
        return None, diagnostics + beyond
    game, problems = build(tree, path)
    return game, diagnostics + problems
