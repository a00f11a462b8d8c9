"""The canonical layout of a rule file, printed from its parse tree (see `dsl.tools.fmt`).

The printer walks the concrete parse tree (every keyword and punctuation token kept), so the
text it writes is made of exactly the tokens of the input: only the space between them changes.
Each declaration, statement, card line, reading and trick clause gets a line of its own; braces
that hold such lines are broken over lines; a `reading x { ... }` switch inside an expression
stays on its line while it fits in `WIDTH` columns.  Comments are not in the tree: they are read
back from the text and re-attached by position (see `attach_comments`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from lark import Lark, Token, Tree

from ..syntax import tables

WIDTH = 100  # the widest line the printer writes, citations and comments aside
ALIGN_LIMIT = 64  # citations of a block line up at one column, but never further right than this
INDENT = "  "
CONTINUATION = 2  # extra indent levels of a wrapped line

# Rules whose braces hold lines of their own.
_BLOCK_BRACES = {"cards_decl", "ambiguity_decl", "scoring_decl", "example_decl", "trick_stmt", "trick_winner", "block"}
# Rules whose braces stay on the line while it fits.
_INLINE_BRACES = {"reading_switch", "tie_by_reading", "groups_by_reading", "split_by_reading"}
# Rules whose tokens are written without spaces between them (`2..10=face`, `-1`, `3..6`).
_GLUED = {"rank_span", "value_entry", "player_range", "neg"}
_NO_SPACE_BEFORE = {")", "]", ",", ":"}
_NO_SPACE_AFTER = {"(", "["}
# A wrapped line breaks before one of these words where it can.
_BREAK_WORDS = {"and", "or", "where", "then", "else", "from", "to", "=>", "by"}

_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|(#[^\n]*)')


@functools.lru_cache(maxsize=1)
def _full_parser() -> Lark:
    return tables.parser("layout")


def concrete_tree(text: str) -> Tree:
    return _full_parser().parse(text)


@dataclass
class Atom:
    """One token as printed, with whether it sticks to the one before it."""

    text: str
    glue: bool
    line: int
    column: int


@dataclass
class Line:
    indent: int
    code: list[Atom] = field(default_factory=list)
    cites: list[str] = field(default_factory=list)
    comments_before: list[tuple[str, bool]] = field(default_factory=list)  # (comment, blank line above it)
    comment: str | None = None
    group: int = 0  # lines of one group share a citation column
    blank_before: bool = False

    def first(self) -> Atom | None:
        return self.code[0] if self.code else None


def join(atoms: list[Atom]) -> str:
    out = []
    for i, atom in enumerate(atoms):
        if i and not atom.glue:
            out.append(" ")
        out.append(atom.text)
    return "".join(out)


def _token_text(token: Token) -> str:
    if token.type == "EXTREME":
        return " ".join(token.split())
    return str(token)


class Printer:
    def __init__(self, flat: bool = False, comments: tuple[tuple[int, int], ...] = ()) -> None:
        self.flat = flat  # measuring: every brace on the line
        self.comments = comments  # (line, column) of every comment: a switch holding one is broken
        self.lines: list[Line] = []
        self.current: Line | None = None
        self._groups = 0

    # ---------------------------------------------------------------- lines
    def new_line(self, indent: int, group: int) -> None:
        self._flush()
        self.current = Line(indent, group=group)

    def _flush(self) -> None:
        if self.current is not None and (self.current.code or self.current.cites):
            self.lines.append(self.current)
        self.current = None

    def add(self, atom: Atom) -> None:
        line = self.current
        if line.cites:  # citations followed by more code (a header's `{`) are part of the code
            line.code.extend(Atom(c, False, atom.line, atom.column) for c in line.cites)
            line.cites = []
        line.code.append(atom)

    def new_group(self) -> int:
        self._groups += 1
        return self._groups

    # ---------------------------------------------------------------- walking
    def unit(self, tree: Tree | Token, indent: int, group: int) -> None:
        self.new_line(indent, group)
        self.emit(tree, indent, glue_all=False)

    def emit(self, node: Tree | Token | None, indent: int, glue_all: bool) -> None:
        if node is None:  # an optional part left out (`f()`)
            return
        if isinstance(node, Token):
            self._token(node, glue_all)
            return
        rule = node.data
        if rule == "cite":
            self.current.cites.append(_cite_text(node))
            return
        if rule in _BLOCK_BRACES:
            self._braced(node, indent, broken=True)
            return
        if rule in _INLINE_BRACES and self.flat:
            self._braced(node, indent, broken=False)
            return
        if rule in _INLINE_BRACES:
            flat = _flat_text(node)
            room = WIDTH - len(INDENT) * self.current.indent - len(join(self.current.code)) - 1
            self._braced(node, indent, broken=len(flat) > room or self._holds_comment(node))
            return
        if rule in _GLUED:  # `2..10=face`: one word, but never `redK` (a colour is a word of its own)
            tokens = _tokens(node)
            for i, token in enumerate(tokens):
                self._token(token, glue_all if i == 0 else _gluable(tokens[i - 1], token))
            return
        for i, child in enumerate(node.children):
            if rule in ("card_pattern", "card_literal") and isinstance(child, Token) and child.type == "SUIT":
                self._token(child, glue_all=i > 0 and not _is_color(node.children[i - 1]))
            elif rule in ("call", "define_params") and isinstance(child, Token) and child == "(":
                self._token(child, glue_all=True)
            else:
                self.emit(child, indent, glue_all and i == 0)

    def _holds_comment(self, node: Tree) -> bool:
        start, end = (node.meta.line, node.meta.column), (node.meta.end_line, node.meta.end_column)
        return any(start < where < end for where in self.comments)

    def _braced(self, node: Tree, indent: int, broken: bool) -> None:
        children = node.children
        open_at = next(i for i, c in enumerate(children) if isinstance(c, Token) and c == "{")
        close_at = max(i for i, c in enumerate(children) if isinstance(c, Token) and c == "}")
        for child in children[:open_at]:
            self.emit(child, indent, False)
        self._token(children[open_at], False)
        inner = children[open_at + 1 : close_at]
        if broken:
            outer_group = self.current.group
            group = self.new_group()
            for child in inner:
                self.unit(child, indent + 1, group)
            self.new_line(indent, outer_group)
        else:
            for child in inner:
                self.emit(child, indent, False)
        self._token(children[close_at], False)
        for child in children[close_at + 1 :]:
            self.emit(child, indent, False)

    def _token(self, token: Token, glue_all: bool) -> None:
        text = _token_text(token)
        previous = self.current.code[-1].text if self.current.code else None
        glue = glue_all or text in _NO_SPACE_BEFORE or previous in _NO_SPACE_AFTER
        self.add(Atom(text, glue, token.line, token.column))


def _tokens(node: Tree) -> list[Token]:
    return [t for t in node.scan_values(lambda v: isinstance(v, Token))]


def _is_color(node) -> bool:
    return isinstance(node, Token) and node.type == "COLOR"


def _cite_text(node: Tree) -> str:
    parts = [_token_text(t) for t in node.children]
    # "@" NAME ":" INT STRING?
    head = "".join(parts[:4])
    return head + (" " + parts[4] if len(parts) > 4 else "")


def _flat_text(node: Tree) -> str:
    printer = Printer(flat=True)
    printer.current = Line(0)
    printer.emit(node, 0, False)
    line = printer.current
    return join(line.code) + "".join(" " + c for c in line.cites)


def print_tree(tree: Tree, text: str) -> list[Line]:
    printer = Printer(comments=tuple((line, column) for line, column, _, _ in comments_of(text)))
    group = printer.new_group()
    for child in tree.children:
        printer.unit(child, 0, group)
    printer._flush()
    return printer.lines


# -------------------------------------------------------------------- comments
def comments_of(text: str) -> list[tuple[int, int, str, bool]]:
    """(line, column, text, whether it is alone on its line) of every comment, in order."""
    out = []
    for number, raw in enumerate(text.split("\n"), start=1):
        for match in _COMMENT.finditer(raw):
            if match.group(1):
                column = match.start(1) + 1
                out.append((number, column, match.group(1).rstrip(), not raw[: match.start(1)].strip()))
    return out


def attach_comments(lines: list[Line], text: str) -> list[tuple[str, bool]]:
    """Give each comment to a printed line: a comment after code goes to the end of the line that
    printed that code; a comment on a line of its own goes above the next printed line (a `}`
    included, which keeps it inside its block).  Returns the comments after the last line."""
    starts = [(line.first().line, line.first().column) if line.first() else (0, 0) for line in lines]
    source = text.split("\n")
    trailing_left = []
    for number, column, comment, alone in comments_of(text):
        if not alone:
            owner = None
            for i in range(len(lines) - 1, -1, -1):
                if any(a.line == number and a.column < column for a in lines[i].code):
                    owner = lines[i]
                    break
            if owner is not None:
                if owner.comment is not None:
                    owner.comments_before.append((owner.comment, False))
                owner.comment = comment
                continue
        blank = number > 1 and not source[number - 2].strip()
        index = next((i for i, start in enumerate(starts) if start > (number, column)), None)
        if index is None:
            trailing_left.append((comment, blank))
        else:
            lines[index].comments_before.append((comment, blank))
    return trailing_left


def mark_blank_lines(lines: list[Line], text: str) -> None:
    """A line keeps one blank line above it when the input had one (or more) there."""
    source = text.split("\n")
    for line in lines:
        atom = line.first()
        if atom is None or atom.line < 2:
            continue
        raw = source[atom.line - 1]
        starts_line = len(raw) - len(raw.lstrip()) + 1 == atom.column
        line.blank_before = starts_line and not source[atom.line - 2].strip()


# -------------------------------------------------------------------- writing
def _wrap(prefix: str, atoms: list[Atom]) -> list[str]:
    """The code of one line, broken before a word of `_BREAK_WORDS` (or any token) to fit WIDTH."""
    continuation = prefix + INDENT * CONTINUATION
    out, rest, lead = [], atoms, prefix
    while rest:
        text = lead + join(rest)
        if len(text) <= WIDTH:
            out.append(text)
            break
        cut = _cut(lead, rest)
        if cut is None:
            out.append(text)
            break
        out.append(lead + join(rest[:cut]))
        rest = [Atom(rest[cut].text, False, 0, 0), *rest[cut + 1 :]]
        lead = continuation
    return out


def _cut(lead: str, atoms: list[Atom]) -> int | None:
    """Where to break: before a break word outside brackets, else before one inside, else anywhere."""
    outside = inside = anywhere = None
    width, depth = len(lead), 0
    for i, atom in enumerate(atoms):
        width += len(atom.text) + (0 if i == 0 or atom.glue else 1)
        if atom.text in ("(", "["):
            depth += 1
        elif atom.text in (")", "]"):
            depth -= 1
        if i + 1 < len(atoms) and width <= WIDTH and not atoms[i + 1].glue and atoms[i + 1].text != "{":
            anywhere = i + 1
            if atoms[i + 1].text in _BREAK_WORDS or atoms[i + 1].text.startswith("@"):
                inside = i + 1
                if depth == 0:
                    outside = i + 1
    return outside or inside or anywhere


def render(lines: list[Line], tail_comments: list[tuple[str, bool]]) -> str:
    # Citations line up within a paragraph of a block: its lines up to a blank line.
    paragraph: dict[int, int] = {}
    keys = []
    for line in lines:
        if line.blank_before or any(blank for _, blank in line.comments_before):
            paragraph[line.group] = paragraph.get(line.group, 0) + 1
        keys.append((line.group, paragraph.get(line.group, 0)))
    columns: dict[tuple[int, int], int] = {}
    for line, key in zip(lines, keys, strict=True):
        if line.cites or line.comment:
            width = len(INDENT * line.indent + join(line.code))
            if width + 2 <= ALIGN_LIMIT:
                columns[key] = max(columns.get(key, 0), width + 2)
    out: list[str] = []
    previous_opened = True
    for line, key in zip(lines, keys, strict=True):
        prefix = INDENT * line.indent
        closes = bool(line.code) and line.code[0].text == "}"
        for comment, blank in line.comments_before:
            if blank and not previous_opened and out:
                out.append("")
            out.append((prefix + INDENT if closes else prefix) + comment)
            previous_opened = False
        if line.blank_before and not previous_opened and not closes and out:
            out.append("")
        code_lines = _wrap(prefix, line.code)
        last = code_lines[-1]
        tail = [*line.cites, *([line.comment] if line.comment else [])]
        if tail:
            column = columns.get(key, 0)
            last = last.ljust(column) if len(last) + 2 <= column else last + "  "
            last += tail[0]
            for extra in tail[1:]:
                if len(last) + 1 + len(extra) > WIDTH and not extra.startswith("#"):
                    code_lines[-1] = last
                    code_lines.append(" " * column if column > len(prefix) else prefix + INDENT * CONTINUATION)
                    last = code_lines[-1] + extra
                else:
                    last += ("  " if extra.startswith("#") else " ") + extra
        code_lines[-1] = last
        out.extend(code_lines)
        previous_opened = bool(line.code) and line.code[-1].text == "{"
    for comment, blank in tail_comments:
        if blank and out:
            out.append("")
        out.append(comment)
    return "\n".join(out) + "\n"


def _gluable(before: Token, token: Token) -> bool:
    """Whether two tokens of a glued rule may touch: never a colour, nor two words (`3 of cups`)."""
    if "COLOR" in (before.type, token.type):
        return False
    return not (str(before)[-1:].isalnum() and str(token)[:1].isalnum())
