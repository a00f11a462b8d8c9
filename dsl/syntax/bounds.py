"""The limits of `dsl.limits`, checked on the parse tree before anything is built from it.

The walk is iterative: a tree too deep for the builder's recursion is found without recursing.
Each kind of excess is reported once, at the first place it happens, so a hostile file costs a
few diagnostics rather than thousands."""

from __future__ import annotations

from lark import Token, Tree

from . import limits as L
from ..report.diagnostics import Diagnostic, Span, error
from .strings import string_problems

# Rules that are expressions with operands (the leaves, names and numbers, add no depth).
_EXPRESSION_RULES = frozenset(
    """if_expr or_expr and_expr not_op comparison is_test is_not_test has_test sum_expr product
    neg of_op value_of sum_of scoring_of best_of highest_of count_of any_where all_where
    cards_where players_where players_in players_cond extreme reading_switch reading_case
    reading_is call card_list tuple_literal zone_ref""".split()
)
# Statements the generated engine writes as Python loops, which Python nests at most 20 deep.
_LOOPS = frozenset({"while_stmt", "repeat_stmt", "for_players_stmt", "for_each_stmt", "for_groups_stmt"})
# Chains the builder turns into one nested node per operator.
_CHAINS = frozenset({"sum_expr", "product"})


def _token_span(tok: Token) -> Span:
    return Span.of(tok)


def _tree_span(tree: Tree) -> Span:
    return Span.of(tree.meta)


class _Findings:
    def __init__(self, path: str):
        self.path = path
        self.out: list[Diagnostic] = []
        self.seen: set[str] = set()

    def limit(self, kind: str, message: str, span: Span, hint: str, once: bool = True) -> None:
        if once and kind in self.seen:
            return
        self.seen.add(kind)
        self.out.append(error(L.LIMIT_CODE, message, span, file=self.path, hint=hint))

    def syntax(self, message: str, span: Span, hint: str) -> None:
        self.out.append(error("syntax-error", message, span, file=self.path, hint=hint))


def integer_value(tok: Token) -> int | None:
    """The literal's value, or None when it is beyond MAX_INTEGER (never converting a huge one)."""
    digits = str(tok).lstrip("-").lstrip("0")
    if len(digits) > L.MAX_INTEGER_DIGITS:
        return None
    value = int(str(tok))
    return value if abs(value) <= L.MAX_INTEGER else None


def _check_token(tok: Token, found: _Findings) -> None:
    if tok.type in ("INT", "SIGNED_INT"):
        if integer_value(tok) is None:
            shown = str(tok) if len(str(tok)) <= 20 else str(tok)[:12] + "..."
            found.limit(
                f"integer {tok.line}:{tok.column}",
                f"the number {shown} is too large",
                _token_span(tok),
                f"numbers are at most {L.MAX_INTEGER:,} in size",
                once=False,
            )
    elif tok.type == "STRING":
        for offset, message, hint in string_problems(str(tok))[:3]:
            column = tok.column + offset
            found.syntax(message, Span(tok.line, column, tok.line, column), hint)


def _small_int(tok) -> int | None:
    return integer_value(tok) if isinstance(tok, Token) else None


def _check_rule(tree: Tree, found: _Findings) -> None:
    data = tree.data
    if data in ("player_range", "player_list", "example_players"):
        for tok in tree.children:
            value = _small_int(tok)
            if value is not None and value > L.MAX_PLAYERS:
                found.limit(
                    f"players {tok.line}:{tok.column}",
                    f"{value} players is more than a game may have",
                    _token_span(tok),
                    f"player counts are 1..{L.MAX_PLAYERS}",
                    once=False,
                )
    elif data == "deck_copies":
        _bounded(tree.children[0], L.MAX_DECK_COPIES, "copies of the deck", found)
    elif data == "deck_jokers":
        _bounded(tree.children[0], L.MAX_JOKERS, "jokers", found)
    elif data == "order_line":
        ranks = [c for c in tree.children if isinstance(c, Tree) and c.data == "rank_word"]
        if len(ranks) > L.MAX_ORDER_LENGTH:
            found.limit(
                f"order {tree.meta.line}",
                f"this order lists {len(ranks)} ranks",
                _tree_span(ranks[L.MAX_ORDER_LENGTH]),
                f"an order lists at most {L.MAX_ORDER_LENGTH} ranks (there are 14 ranks)",
                once=False,
            )
    elif data == "card_list" and len(tree.children) > L.MAX_CARD_LITERAL:
        found.limit(
            "card list",
            f"this list of cards has {len(tree.children)} cards",
            _tree_span(tree.children[L.MAX_CARD_LITERAL]),
            f"a list of cards holds at most {L.MAX_CARD_LITERAL} cards",
        )


def _bounded(tok, most: int, what: str, found: _Findings) -> None:
    value = _small_int(tok)
    if value is not None and value > most:
        found.limit(
            f"{what} {tok.line}:{tok.column}",
            f"{value} {what} is more than a deck may have",
            _token_span(tok),
            f"a deck line takes at most {most} {what}",
            once=False,
        )


def tree_limits(tree: Tree, path: str) -> list[Diagnostic]:
    """Diagnostics for every limit of the language the parsed file goes beyond."""
    found = _Findings(path)
    statements = 0
    # (node, blocks around it, loops around it, expression depth around it)
    stack: list[tuple[object, int, int, int]] = [(tree, 0, 0, 0)]
    while stack:
        node, blocks, loops, depth = stack.pop()
        if isinstance(node, Token):
            _check_token(node, found)
            continue
        if not isinstance(node, Tree):
            continue
        data = node.data
        if data == "block":
            blocks += 1
            if blocks > L.MAX_BLOCK_DEPTH:
                found.limit(
                    "blocks",
                    f"blocks are nested {blocks} deep here",
                    _tree_span(node),
                    f"blocks nest at most {L.MAX_BLOCK_DEPTH} deep; move the inner part into a simpler rule",
                )
                continue
        elif data in _LOOPS:
            loops += 1
            if loops > L.MAX_LOOP_DEPTH:
                found.limit(
                    "loops",
                    f"loops are nested {loops} deep here",
                    _tree_span(node),
                    f"loops (for each, while, repeat) nest at most {L.MAX_LOOP_DEPTH} deep",
                )
                continue
        elif data in ("stmt", "elif_clause"):
            statements += 1
            if statements == L.MAX_STATEMENTS + 1:
                found.limit(
                    "statements",
                    f"the file has more than {L.MAX_STATEMENTS} statements",
                    _tree_span(node),
                    f"a file holds at most {L.MAX_STATEMENTS} statements",
                )
        elif data in _EXPRESSION_RULES:
            depth += 1 + ((len(node.children) - 1) // 2 if data in _CHAINS else 0)
            if depth > L.MAX_EXPRESSION_DEPTH:
                found.limit(
                    "expression",
                    f"this expression nests more than {L.MAX_EXPRESSION_DEPTH} operations",
                    _tree_span(node),
                    f"an expression nests at most {L.MAX_EXPRESSION_DEPTH} operations; "
                    "name a part of it with a variable",
                )
                continue
        _check_rule(node, found)
        stack.extend((child, blocks, loops, depth) for child in reversed(node.children))
    found.out.sort(key=lambda d: (d.span.line, d.span.column))
    return found.out


def text_limits(text: str, path: str) -> list[Diagnostic]:
    """Limits checked on the text itself, before it is parsed."""
    if len(text) <= L.MAX_FILE_CHARS:
        return []
    line = text.count("\n", 0, L.MAX_FILE_CHARS) + 1
    column = L.MAX_FILE_CHARS - (text.rfind("\n", 0, L.MAX_FILE_CHARS) + 1) + 1
    return [
        error(
            L.LIMIT_CODE,
            f"the file is {len(text):,} characters long",
            Span(line, column, line, column),
            file=path,
            hint=f"a rule file holds at most {L.MAX_FILE_CHARS:,} characters; the limit is passed here",
        )
    ]
