"""Lowering of the `trick` construct: each player in turn plays a legal card, then the winner
rules pick the card that takes the trick, and its player takes the cards.

State used across the suspension points: the seats still to play (`t_order`), the position in
that list (`t_i`), and the seat that played each table card (`t_seats`, parallel to the table).
`led` is the suit of the first suited card played; `winner` the seat that took the trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ast import nodes as n
from . import escape

if TYPE_CHECKING:
    from .lower import MachineLowering


def lower_trick(low: "MachineLowering", s: n.Trick) -> None:
    out, x, prog = low.out, low.x, low.program
    prog.fields.update({"t_order": "list", "t_i": "int", "t_seats": "list"})
    table = f"s.{escape.name('z_', s.play_to)}"
    hand = f"s.{escape.name('z_', s.play_from)}[_p]"
    line = s.span.line

    turn, played, resolve = (low.new_block(s, "trick", part) for part in ("turn", "played", "resolve"))
    order = f"_rt.seats_from({x.compile(s.lead)}, s.n)"
    if s.among is not None:
        var = x.fresh("q")
        cond = x.with_binders({s.among[0]: var}, s.among[1])
        order = f"[{var} for {var} in {order} if {cond}]"
    out.emit(f"s.t_order = {order}")
    out.emit("s.t_i = 0")
    out.emit("s.t_seats = []")
    out.emit("s.led = None")
    out.emit(f"{low.jump(turn)}")

    # One player's turn: compute the cards the follow rules allow, then suspend.
    out.goto(turn)
    out.emit("if s.t_i >= len(s.t_order):")
    out.emit(f"    {low.jump(resolve)}")
    out.emit("_p = s.t_order[s.t_i]")
    if s.among is not None:  # the `among` name is the player about to play in follow rules
        x.binders.append({s.among[0]: "_p"})
    # Follow rules bind the players after the leader; the leader may lead any card.
    out.emit("if s.t_i == 0:")
    out.emit(f"    return s._decide(_p, {low.distinct(hand)}, {played}, {line})  # then {prog.block_names[played]}")
    legal = low.legal_cards(hand, s.follow, s.follow_else_any or not s.follow)
    if s.among is not None:
        x.binders.pop()
    out.emit(f"return s._decide(_p, {legal}, {played}, {line})  # then {prog.block_names[played]}")

    out.goto(played)
    out.emit("_p = s.t_order[s.t_i]")
    out.emit(f"{hand}.remove(s.choice)  # a legal card, so it is in the hand")
    out.emit(f"{table}.append(s.choice)")
    out.emit("s.t_seats.append(_p)")
    out.emit("if s.led is None and SUIT[s.choice] >= 0:")
    out.emit("    s.led = SUIT[s.choice]")
    out.emit("s.t_i += 1")
    out.emit(f"{low.jump(turn)}")

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
    out.emit("_winner = None")
    for rule in s.winner_rules:
        low.comment(rule.span)
        guard = x.compile(rule.cond) if rule.cond is not None else None
        var = x.fresh("c")
        where = x.with_binders({"card": var}, rule.where) if rule.where is not None else None
        order_table = x.tables.order(rule.order)
        indent = ""
        if guard:
            out.emit(f"if _winner is None and {guard}:")
        else:
            out.emit("if _winner is None:")
        indent = "    "
        test = f" and {where}" if where else ""
        ranked = f"{order_table}[RANK[{var}]] >= 0"
        out.emit(f"{indent}_cands = [(_i, {var}) for _i, {var} in enumerate({table}) if {ranked}{test}]")
        out.emit(f"{indent}if _cands:")
        hit = prog.hit(rule.span.line, "winner rule")
        out.emit(f"{indent}    s.hits[{hit}] += 1")
        out.emit(f"{indent}    _best = max({order_table}[RANK[_c]] for _i, _c in _cands)")
        out.emit(f"{indent}    _top = [(_i, _c) for _i, _c in _cands if {order_table}[RANK[_c]] == _best]")
        out.emit(f"{indent}    _winner = s.t_seats[_rt.tie_break(_top, {tie}, {rule.span.line})]")
    out.emit("if _winner is None:")
    out.emit(f"    _rt.gap('no-winner', {line}, 'no winner rule applies to this trick')")
    out.emit("s.winner = _winner")
    take = f"s.{escape.name('z_', s.take_into)}[_winner]"
    grouped = low.model.zones[s.take_into].grouped if s.take_into in low.model.zones else False
    if grouped and s.take_as_group:
        out.emit(f"{take}.append({table}[:])")
    elif grouped:
        out.emit(f"{take}.extend([_c] for _c in {table})")
    else:
        out.emit(f"{take}.extend({table})")
    out.emit(f"{table}.clear()")
    out.emit("s.t_seats = []")
