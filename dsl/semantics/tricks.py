"""The checks of lead rules, turns inside a trick, simultaneous choices and a suit in play.

Kept apart from the statement checker so that each construct's rules read in one place: what
each condition is typed as, and which scope it sees (`card` and its bare `suit`, `rank`,
`color`; the `among` name as the player about to play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ast import nodes as n
from ..ast.walk import walk_stmts
from .types import Type

if TYPE_CHECKING:
    from .typecheck import TypeChecker


def check_lead_rules(checker: "TypeChecker", trick: n.Trick, scope: dict) -> None:
    """`lead where C else where D else any`, then each `at turn of P { ... }` of the trick."""
    for cond in trick.lead_where:
        checker.with_scope(scope, checker.expect, cond, Type.BOOL, what="a lead rule")
    for turn in trick.turns:
        checker.expect(turn.who, Type.PLAYER, what="whose turn it is")
        checker.visit_block(turn.body)
        for inner in walk_stmts(turn.body):
            if isinstance(inner, n.Trick):  # one trick at a time: its seats and cards are the state's
                checker.err(
                    "type-mismatch",
                    "a trick cannot be played at a turn of another trick",
                    inner,
                    hint="play the second trick after the first one",
                )


def check_simultaneous(checker: "TypeChecker", loop: n.ForPlayers) -> None:
    """A simultaneous loop holds back the cards its card choices move: it needs one."""
    if not any(isinstance(stmt, n.ChooseCards) for stmt in walk_stmts(loop.body)):
        checker.err(
            "type-mismatch",
            "'simultaneously' holds back the cards a 'chooses N cards' moves, and this loop has none",
            loop,
            hint="for each player p simultaneously { p chooses 3 cards from hand of p to hand of left of p }",
        )


def check_suit_in_play(checker: "TypeChecker", game: n.Game) -> None:
    """`suit in play = ...` is a suit computed from the card (bare `suit` is the printed one)."""
    for extra in game.suits_in_play[1:]:
        checker.err(
            "duplicate-clause",
            "'suit in play' is given twice",
            extra,
            notes=[f"the first is on line {game.suits_in_play[0].span.line}"],
            hint="keep one rule: it decides the suit of every card",
        )
    for rule in game.suits_in_play[:1]:
        checker.with_scope({"card": Type.CARD}, checker.expect, rule.expr, Type.SUIT, what="the suit in play")
