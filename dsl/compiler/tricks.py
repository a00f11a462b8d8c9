"""Lowering of the `trick` construct: each player in turn plays a legal card, then the winner
rules pick the card that takes the trick, and its player takes the cards.

State used across the suspension points: the seats still to play (`t_order`), the position in
that list (`t_i`), and the seat that played each table card (`t_seats`, parallel to the table).
`led` is the suit of the first suited card played; `winner` the seat that took the trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ast import nodes as n
from . import escape, standings
from .templating import macros

if TYPE_CHECKING:
    from .lower import MachineLowering


def lower_trick(low: "MachineLowering", s: n.Trick) -> None:
    out, x, prog = low.out, low.x, low.program
    t = macros("trick")
    prog.fields.update({"t_order": "list", "t_i": "int", "t_seats": "list"})
    table = f"s.{escape.name('z_', s.play_to)}"
    hand = f"s.{escape.name('z_', s.play_from)}[_p]"
    line = s.span.line

    turn, played, resolve = (low.new_block(s, "trick", part) for part in ("turn", "played", "resolve"))
    order = standings.seat_order(low.model, x.compile(s.lead))  # round the seats still in
    if s.among is not None:
        var = x.fresh("q")
        cond = x.with_binders({s.among[0]: var}, s.among[1])
        order = f"[{var} for {var} in {order} if {cond}]"
    out.code(t.start(order=order, turn=turn, jump=low.jump))

    # One player's turn: compute the cards the follow rules allow, then suspend.
    out.goto(turn)
    then = prog.block_names[played]
    out.code(t.turn(resolve=resolve, lead_legal=low.distinct(hand), played=played, line=line, then=then, jump=low.jump))
    if s.among is not None:  # the `among` name is the player about to play in follow rules
        x.binders.append({s.among[0]: "_p"})
    # Follow rules bind the players after the leader; the leader may lead any card.
    legal = low.legal_cards(hand, s.follow, s.follow_else_any or not s.follow)
    if s.among is not None:
        x.binders.pop()
    out.code(t.follow(legal=legal, played=played, line=line, then=then))

    out.goto(played)
    out.code(t.played(hand=hand, table=table, turn=turn, jump=low.jump))

    # The winner rules, first that finds a card wins; equal ranks go to the tie rule.
    out.goto(resolve)
    if not isinstance(s.tie, n.TieByReading):
        tie = escape.literal(s.tie)
    else:  # the tie rule is a reading: pick it at run time
        index = f"s.{escape.name('r_', s.tie.ambiguity)}"
        cases = [(x.tables.reading(s.tie.ambiguity, name), rule) for name, rule in s.tie.cases]
        tie = escape.literal(cases[-1][1])
        for idx, rule in reversed(cases[:-1]):
            tie = f"{escape.literal(rule)} if {index} == {idx} else {tie}"
        tie = f"({tie})"
    out.code(t.no_winner_yet())
    for rule in s.winner_rules:
        low.comment(rule.span)
        guard = x.compile(rule.cond) if rule.cond is not None else None
        var = x.fresh("c")
        where = x.with_binders({"card": var}, rule.where) if rule.where is not None else None
        hit = prog.hit(rule.span.line, "winner rule")
        out.code(
            t.winner_rule(
                guard=guard,
                card=var,
                order=x.tables.order(rule.order),
                where=where,
                table=table,
                hit=hit,
                tie=tie,
                line=rule.span.line,
            )
        )
    take = f"s.{escape.name('z_', s.take_into)}[_winner]"
    grouped = low.model.zones[s.take_into].grouped if s.take_into in low.model.zones else False
    out.code(t.take(line=line, take=take, table=table, grouped=grouped, as_group=s.take_as_group))
