"""Lowering of the `trick` construct: each player in turn plays a legal card, then the winner
rules pick the card that takes the trick, and its player takes the cards.

State used across the suspension points: the trick's seats in the order they play (`t_order`) and
the position of the seat to play in it (`t_i`); the i-th card played is the i-th seat's. Where the
rules ask `player of c`, the cards in play order (`t_cards`) too; both stay after the trick is
taken, so `player of c` can still say who played a card of the last trick.  `t_hooked` marks
that the `at turn of` statements of the current turn have run.  `led` is the suit in play of the
first suited card played; `winner` the seat that took the trick.  A decision of the trick resumes
at the turn, which first plays the chosen card (`s.choice`, -1 once it is played) and then goes on
to the next seat's turn.
"""

from __future__ import annotations

import re

from typing import TYPE_CHECKING

from ..ast import nodes as n
from ..ast.walk import walk_nodes
from . import escape
from .hoist import hoist
from .seats import seat_order
from .templating import macros

if TYPE_CHECKING:
    from .lower import MachineLowering


def lower_trick(low: "MachineLowering", s: n.Trick) -> None:
    out, x, prog = low.out, low.x, low.program
    t = macros("trick")
    prog.fields.update({"t_order": "list", "t_i": "int"})
    keeps_cards = asks_who_played(low.model.game)  # (no rule asks: no list of the trick's cards to keep)
    if keeps_cards:
        prog.fields["t_cards"] = "list"
    if s.turns:
        prog.fields["t_hooked"] = "int"
    table = f"s.{escape.name('z_', s.play_to)}"
    hand = f"s.{escape.name('z_', s.play_from)}[_p]"
    chooser = "_p"
    hand_name = escape.literal(s.play_from)  # the zone the card leaves, as its events name it
    if s.proxy is not None:  # that seat's cards come from another zone and another seat chooses
        proxied = f"_p == {x.compile(s.proxy.who)}"
        hand = f"(s.{escape.name('z_', s.proxy.zone)}[_p] if {proxied} else {hand})"
        chooser = f"({x.compile(s.proxy.by)} if {proxied} else _p)"
        hand_name = f"({escape.literal(s.proxy.zone)} if {proxied} else {hand_name})"
    ev = macros("events")
    line = s.span.line

    # (a decision of the trick resumes at its turn, which plays the chosen card first: no block of its own)
    turn, resolve = (low.new_block(s, "trick", part) for part in ("turn", "resolve"))
    played = turn
    # round the seats still in; kept in the state as a list
    order = seat_order(low.model, x.compile(s.lead), stored=s.among is None)
    if s.among is not None:
        var = x.fresh("q")
        cond = x.with_binders({s.among[0]: var}, s.among[1])
        everyone = x.every_seat(var, cond)  # (`among q where not hand of q is empty`: usually all)
        listed = f"[{var} for {var} in {order} if {cond}]"
        order = f"(list({order}) if {everyone} else {listed})" if everyone else listed
    out.code(t.start(order=order, turn=turn, jump=low.jump, hooks=bool(s.turns), cards=keeps_cards))

    # One player's turn: first the statements of `at turn of` for that seat, then the cards the
    # lead or follow rules allow, then suspend.
    out.goto(turn)
    then = prog.block_names[played]
    record = ev.play(line=line, src=hand_name, dst=escape.literal(s.play_to))
    out.code(
        t.played(hand=hand, table=table, led=x.suit_of("_c"), hooks=bool(s.turns), cards=keeps_cards, record=record)
    )
    out.code(t.turn_start(resolve=resolve, jump=low.jump))
    if s.turns:
        _lower_turn_hooks(low, s, turn)
    if s.among is not None:  # the `among` name is the player about to play in lead and follow rules
        x.binders.append({s.among[0]: "_p"})
    # Lead rules bind the leader, follow rules the players after him.
    out.code(t.lead_test())
    out.indent += 1
    lead_legal = low.distinct(hand)
    if s.lead_where:  # no card meets a rule and no `else any`: the leader has no legal lead
        lead_legal = low.legal_cards(hand, s.lead_where, s.lead_else_any)
    out.code(t.lead(who=chooser, lead_legal=lead_legal, played=played, line=line, then=then))
    out.indent -= 1
    legal = low.legal_cards(hand, s.follow, s.follow_else_any or not s.follow)
    if s.among is not None:
        x.binders.pop()
    out.code(t.follow(who=chooser, legal=legal, played=played, line=line, then=then))

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
        where, reads = x.with_binders({"card": var}, rule.where) if rule.where is not None else None, []
        if where is not None:  # the state `where` reads, once before the loop over the table
            reads, (where,) = hoist([where])
        suit_test = re.fullmatch(rf"\(?SUIT\[{var}\] == (?P<value>_s_\w+)\)?", where or "")
        if any(card.suit is None for card in low.model.cards):  # (then a card could equal none)
            suit_test = None
        hit = prog.hit(rule.span.line, "winner rule")
        out.code(
            t.winner_rule(
                guard=guard,
                card=var,
                order=x.tables.card_order(rule.order),
                where=where,
                table=table,
                hit=hit,
                tie=tie,
                line=rule.span.line,
                reads=reads,
                unless_none=suit_test["value"] if suit_test else None,
            )
        )
    take = f"s.{escape.name('z_', s.take_into)}[_winner]"
    grouped = low.model.zones[s.take_into].grouped if s.take_into in low.model.zones else False
    record = ev.trick_end(line=line, table=escape.literal(s.play_to), take=escape.literal(s.take_into), cards=table)
    out.code(t.take(line=line, take=take, table=table, grouped=grouped, as_group=s.take_as_group, record=record))


def asks_who_played(game: n.Game) -> bool:
    """Whether a rule reads `player of c`, the one expression that looks back at a trick's cards."""
    return any(isinstance(node, n.Of) and node.name == "player" for node in walk_nodes(game))


def _lower_turn_hooks(low: "MachineLowering", s: n.Trick, turn: int) -> None:
    """`at turn of P { ... }`: run once per turn, before the seat plays; the body may decide, so it
    is lowered into blocks of its own that jump back to the turn (which then skips them)."""
    out, x, t = low.out, low.x, macros("trick")
    for i, hook in enumerate(s.turns):
        body = low.new_block(s, "trick", f"at_turn{i}")
        out.code(t.turn_hook(who=x.compile(hook.who), body=body, jump=low.jump, index=i + 1))
        here = out.lines, out.indent
        out.goto(body)
        low.comment(hook.span)
        low.count_hit(hook.span.line, "turn rule")
        low.block(hook.body)
        out.code(t.turn_hook_done(turn=turn, jump=low.jump, index=i + 1))
        out.lines, out.indent = here
