"""unspecified-tie: a comparison that can tie with no rule saying who wins.

- A trick without a `tie` clause whose winner rule can find two cards of the same rank: two
  copies of one card (a deck line with 2 decks) when the rule keeps one suit (`where suit ==
  led`), or two cards of one rank in different suits when it keeps several, or two jokers.
- A game whose `result` can be equal for several players while `winners highest|lowest` is all
  that decides, and nothing in the flow looks for a shared lead (e.g. counting the players
  with the highest total).  A game that says how ties end (`winners highest, ties share` or
  `ties draw`) or that names a loser or plays against a house has decided: nothing to report.

  Nor is there anything to report when the rules themselves prove that one player alone leads
  at the end; each proof is a fact about every way the match can end:
  - the match ends only where a loop does, and that loop ends only when the two results differ
    (`until min(R) != max(R)`, `while R of 0 == R of 1`), in a game for two without teams;
  - a race to a target (`repeat ... until max(R) >= N`) in which each pass changes R for one
    player at most, or each change is followed by `if R of him >= N { end game }`: only the
    player who just scored can have reached N;
  - a prize given to one player just before each `end game`, with the flow unable to end
    otherwise (`won of p = 1` then `end game`, in a loop that never ends by itself).
  Where none of them holds the warning says so: `--simulate` then shows whether ties happen.
"""

from __future__ import annotations

from collections import Counter

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, warning
from ..semantics.model import JOKER, RANKS
from ..ast.walk import child_blocks, walk_nodes, walk_stmts
from .effects import reads, same_meaning_key, writes
from .evaluate import deck_for, reading_variants


def _conjuncts(expr):
    if isinstance(expr, n.BoolOp) and expr.op == "and":
        for operand in expr.operands:
            yield from _conjuncts(operand)
    elif expr is not None:
        yield expr


def _is_card_attr(expr, attr: str) -> bool:
    if isinstance(expr, n.Name):
        return expr.id == attr
    return isinstance(expr, n.Of) and expr.name == attr and isinstance(expr.arg, n.Name) and expr.arg.id == "card"


def _narrowing(where) -> str:
    """'card' when the rule admits one card, 'suit' when one suit, '' when any."""
    kind = ""
    for part in _conjuncts(where):
        if isinstance(part, n.BinOp) and part.op == "==":
            sides = (part.left, part.right)
            if any(isinstance(s, n.Name) and s.id == "card" for s in sides):
                return "card"
            # `printed suit of card` keeps one suit too (the right bower: `card is J and printed suit ...`)
            suited = any(_is_card_attr(s, "suit") or _is_card_attr(s, "printed suit") for s in sides)
            if suited or any(isinstance(s, n.SuitLit) for s in sides):
                kind = "suit"
        elif isinstance(part, (n.IsPattern,)) and part.pattern.suit and not part.negated:
            kind = "suit"
    return kind


def _tie_example(model, decks: list[list[int]], order: tuple, narrowing: str) -> str | None:
    """Two cards the rule could rank equal, as text, or None if no deck has such a pair."""
    if narrowing == "card":
        return None
    for deck in decks:
        cards = [model.cards[c] for c in deck if order[model.cards[c].rank] >= 0]
        if narrowing == "suit":
            same = Counter((c.rank, c.suit) for c in cards if c.suit >= 0)
        else:
            same = Counter(c.rank for c in cards)
        for key, count in same.items():
            if count >= 2:
                rank = key[0] if narrowing == "suit" else key
                example = next(c for c in cards if c.rank == rank and (narrowing != "suit" or c.suit == key[1]))
                if narrowing == "suit":
                    return f"two {example.text()} (the deck has {count} copies)"
                if rank == JOKER:
                    return f"two jokers ({count} in the deck)"
                return f"two cards of rank {example.rank_name or RANKS[rank]} in different suits"
    return None


def check_ties(model, engine) -> list[Diagnostic]:
    if max(model.players, default=1) < 2:
        return []  # a game for one: nothing to share
    decks = [d for p in model.players for r in reading_variants(model)[:1] if (d := deck_for(engine, p, r))]
    out = []
    for node in walk_stmts(model.game.flow):
        if not isinstance(node, n.Trick) or node.tie is not None:
            continue
        for rule in node.winner_rules:
            order = model.orders.get(rule.order or "")
            if order is None:
                continue
            pair = _tie_example(model, decks, order, _narrowing(rule.where))
            if pair:
                out.append(
                    warning(
                        "unspecified-tie",
                        "this winner rule can find two equal cards, and the trick has no tie rule",
                        rule.span,
                        notes=[f"e.g. {pair} both played to one trick"],
                        hint="add 'tie first' (the earlier card wins), 'tie last', or 'tie gap' "
                        "(an unbroken tie is a rule gap); if the text is silent, make it an ambiguity",
                    )
                )
    out += _final_score_ties(model)
    return out


def _final_score_ties(model) -> list[Diagnostic]:
    game = model.game
    if game.result is None or game.ties is not None or game.outcome != "best":
        return []  # no result, or the file says how equal results end
    if _looks_for_shared_lead(model) or _one_prize(model) or _first_to_target(model):
        return []
    if _ends_apart(model) or _prize_before_every_end(model):
        return []
    best = "highest" if game.winners == "highest" else "lowest"
    return [
        warning(
            "unspecified-tie",
            f"several players can end with the same {best} result, and no rule breaks the tie",
            game.result.span,
            notes=[
                f"'winners {best}' then names every player who shares it",
                "could not prove a single leader at the end: no loop that ends the match only when the results "
                "differ (a game for two), no race to a target with one scorer a pass, no prize given to one "
                "player just before every end; --simulate N plays matches and reports ties that happen",
            ],
            hint="if sharing the win is intended, say so with a rule that checks for a shared lead "
            "('winners highest, ties share', or 'ties draw' if nobody wins then); "
            "if the text is silent, make it an ambiguity",
        )
    ]


def _looks_for_shared_lead(model) -> bool:
    """True if some condition in the flow compares players with the best of them."""
    for node in walk_nodes(model.game.flow) if model.game.flow else []:
        if isinstance(node, n.PlayersWhere) and (node.extreme or _mentions_extreme(node.cond)):
            return True
    return False


def _mentions_extreme(expr) -> bool:
    return expr is not None and any(isinstance(x, n.Call) and x.func in ("max", "min") for x in walk_nodes(expr))


def _one_prize(model) -> bool:
    """The result changes once, for one player, by a fixed amount from a start every player shares:
    e.g. `points of first += 1` outside any loop and condition; then at most one player leads."""
    game = model.game
    name = game.result.id if isinstance(game.result, n.Name) else None
    var = model.vars.get(name) if name else None
    if var is None or not isinstance(var.init, n.Num) or game.flow is None:
        return False
    changes = [
        node
        for body in [game.flow] + [t.body for t in game.triggers]
        for node in walk_nodes(body)
        if isinstance(node, n.Stmt) and isinstance(getattr(node, "target", None), n.Of) and node.target.name == name
    ]
    if len(changes) != 1 or not any(stmt is changes[0] for stmt in game.flow.stmts):
        return False  # several changes, or one nested in a loop or a condition
    change = changes[0]
    if not isinstance(change, n.Assign) or not isinstance(change.value, n.Num):
        return False
    step = {"+=": change.value.value, "-=": -change.value.value, "=": change.value.value - var.init.value}
    delta = step.get(change.op, 0)
    return (delta > 0 and game.winners == "highest") or (delta < 0 and game.winners == "lowest")


def _reaches(cond, name: str):
    """(owner, target) when cond is `name of OWNER >= N`, else None."""
    if isinstance(cond, n.BinOp) and cond.op == ">=" and isinstance(cond.right, n.Num):
        left = cond.left
        if isinstance(left, n.Of) and left.name == name:
            return same_meaning_key(left.arg), cond.right.value
    return None


def _first_to_target(model) -> bool:
    """A race to a target that stops the moment one player reaches it (Cribbage's 121): the flow
    is one `repeat ... until max(R) >= N`, and every change of R of a player is followed, before
    R changes for anyone else and before that player's name changes, by `if R of him >= N { end
    game }` or by the end of the loop's own body. Then one player alone can reach N, and he leads."""
    game = model.game
    name = game.result.id if isinstance(game.result, n.Name) else None
    var = model.vars.get(name) if name else None
    flow = game.flow
    if var is None or game.winners != "highest" or flow is None or any(t.body for t in game.triggers):
        return False
    loops = [s for s in flow.stmts if isinstance(s, n.Repeat)]
    if len(loops) != 1 or any(f"var:{name}" in writes(model, s) for s in flow.stmts if s is not loops[0]):
        return False
    loop = loops[0]
    targets = {
        part.right.value
        for part in _conjuncts(loop.until)
        if isinstance(part, n.BinOp)
        and part.op == ">="
        and isinstance(part.right, n.Num)
        and isinstance(part.left, n.Call)
        and part.left.func == "max"
        and [getattr(a, "id", None) for a in part.left.args] == [name]
    }
    if len(targets) != 1:
        return False
    target = targets.pop()
    blocks = [b for b in walk_nodes(loop.body) if isinstance(b, n.Block)]
    guard_blocks = {
        id(body)
        for stmt in walk_nodes(loop.body)
        if isinstance(stmt, n.If) and stmt.otherwise is None and len(stmt.branches) == 1
        for cond, body in stmt.branches
        if _is_guard(body) and (_reaches(cond, name) or (None, None))[1] == target
    }
    starts_below = isinstance(var.init, n.Num) and var.init.value < target
    if (
        starts_below
        and _most_changes_per_pass(loop.body, name) == 1
        and not any(isinstance(x, n.EndGame) for x in walk_nodes(loop.body))
    ):
        return True  # one player at most scores in a pass: only he can have reached the target
    guards = 0
    for block in blocks:
        for i, stmt in enumerate(block.stmts):
            if isinstance(stmt, n.EndGame) and id(block) not in guard_blocks:
                return False
            if isinstance(stmt, n.Assign) and isinstance(stmt.target, n.Of) and stmt.target.name == name:
                if not _checked_at_once(model, block, i, name, target, at_loop_end=block is loop.body):
                    return False
                guards += 1
            elif not isinstance(stmt, (n.Assign, n.EndGame)) and f"var:{name}" in writes(model, stmt):
                if not _only_through_blocks(stmt):
                    return False
    return guards > 0


def _only_through_blocks(stmt) -> bool:
    """A compound statement changes R only in its own blocks (looked at one by one)."""
    return isinstance(stmt, (n.If, n.Repeat, n.RepeatTimes, n.While, n.ForPlayers, n.ForEach, n.ForGroups))


def _is_guard(block) -> bool:
    """The block is the body of `if R of P >= N { end game }`: only `end game`."""
    return len(block.stmts) == 1 and isinstance(block.stmts[0], n.EndGame)


def _checked_at_once(model, block, i: int, name: str, target: int, at_loop_end: bool) -> bool:
    owner = same_meaning_key(block.stmts[i].target.arg)
    owner_reads = reads(model, block.stmts[i].target.arg)
    owner_moved = False  # once the owner's name changes, only the loop's until can check him
    for later in block.stmts[i + 1 :]:
        if isinstance(later, n.If) and len(later.branches) == 1 and later.otherwise is None and not owner_moved:
            cond, body = later.branches[0]
            if _reaches(cond, name) == (owner, target) and _is_guard(body):
                return True
        if isinstance(later, n.Assign) and isinstance(later.target, n.Of) and later.target.name == name:
            if owner_moved or same_meaning_key(later.target.arg) != owner:
                return False
            continue
        if f"var:{name}" in writes(model, later):
            return False
        owner_moved = owner_moved or bool(owner_reads & writes(model, later))
    return at_loop_end


def _changes_result(stmt, name: str) -> bool:
    return isinstance(stmt, n.Assign) and isinstance(stmt.target, n.Of) and stmt.target.name == name


def _most_changes_per_pass(block, name: str) -> float:
    """The most changes of R one run of the block can make, on any path through it (the branches
    of an `if` are alternatives); a loop that changes R inside can make any number."""
    total: float = 0
    for stmt in block.stmts if block else []:
        if _changes_result(stmt, name):
            total += 1
        elif isinstance(stmt, n.If):
            branches = [body for _, body in stmt.branches] + ([stmt.otherwise] if stmt.otherwise else [])
            total += max(_most_changes_per_pass(b, name) for b in branches)
        elif any(_changes_result(x, name) for x in walk_nodes(stmt)):
            return float("inf")
    return total


def _result_name(model) -> str | None:
    game = model.game
    name = game.result.id if isinstance(game.result, n.Name) else None
    return name if name in model.vars else None


def _triggers_change(model, name: str) -> bool:
    return any(f"var:{name}" in writes(model, t.body) for t in model.game.triggers if t.body)


def _ends_apart(model) -> bool:
    """A game for two that ends only where a top-level loop ends, and that loop ends only when the
    two results differ; nothing after the loop changes them."""
    game, name = model.game, _result_name(model)
    if name is None or game.flow is None or max(model.players) != 2 or game.teams is not None:
        return False
    if _triggers_change(model, name) or any(isinstance(x, (n.EndGame, n.Standing)) for x in walk_nodes(game.flow)):
        return False
    for i, stmt in enumerate(game.flow.stmts):
        later = game.flow.stmts[i + 1 :]
        if any(f"var:{name}" in writes(model, s) for s in later):
            continue
        if isinstance(stmt, n.Repeat):
            return _proves_apart(stmt.until, True, name)
        if isinstance(stmt, n.While):
            return _proves_apart(stmt.cond, False, name)
        return False
    return False


def _proves_apart(cond, truth: bool, name: str) -> bool:
    """Whether `cond` having the value `truth` means that the two results differ."""
    if isinstance(cond, n.Not):
        return _proves_apart(cond.operand, not truth, name)
    if isinstance(cond, n.BoolOp):
        if (cond.op == "and") == truth:  # all operands have the value: one proof is enough
            return any(_proves_apart(operand, truth, name) for operand in cond.operands)
        return all(_proves_apart(operand, truth, name) for operand in cond.operands)
    if not isinstance(cond, n.BinOp):
        return False
    differ = (truth and cond.op in ("!=", "<", ">")) or (not truth and cond.op == "==")
    return differ and _both_results(cond.left, cond.right, name)


def _both_results(left, right, name: str) -> bool:
    """The two sides are the results of the two players: `min(R)` and `max(R)`, or `R of 0` and `R of 1`."""

    def which(side):
        if isinstance(side, n.Call) and side.func in ("min", "max") and len(side.args) == 1:
            return side.func if isinstance(side.args[0], n.Name) and side.args[0].id == name else None
        if isinstance(side, n.Of) and side.name == name and isinstance(side.arg, n.Num):
            return side.arg.value
        return None

    return {which(left), which(right)} in ({"min", "max"}, {0, 1})


def _prize_before_every_end(model) -> bool:
    """The result moves off its start value, for one player, only right before `end game`, and
    the flow cannot end otherwise: whoever is given the prize leads alone."""
    game, name = model.game, _result_name(model)
    var = model.vars.get(name) if name else None
    if var is None or not isinstance(var.init, n.Num) or game.flow is None or _triggers_change(model, name):
        return False
    if not _never_falls_through(game.flow):
        return False
    changes = ends = 0
    for block in (x for x in walk_nodes(game.flow) if isinstance(x, n.Block)):
        for i, stmt in enumerate(block.stmts):
            if isinstance(stmt, n.EndGame):
                ends += 1
                before = block.stmts[i - 1] if i else None
                if before is None or not _gives_prize(before, name, var.init.value, game.winners):
                    return False
            elif _changes_result(stmt, name):
                changes += 1
                following = block.stmts[i + 1] if i + 1 < len(block.stmts) else None
                if not isinstance(following, n.EndGame):
                    return False
            elif isinstance(stmt, n.Standing) and stmt.kind == "draw":
                return False
            elif not isinstance(stmt, n.Assign) and not child_blocks(stmt) and f"var:{name}" in writes(model, stmt):
                return False
    return ends > 0 and changes == ends


def _gives_prize(stmt, name: str, start: int, winners: str) -> bool:
    if not _changes_result(stmt, name) or not isinstance(stmt.value, n.Num):
        return False
    step = {"+=": stmt.value.value, "-=": -stmt.value.value, "=": stmt.value.value - start}.get(stmt.op, 0)
    return (step > 0 and winners == "highest") or (step < 0 and winners == "lowest")


def _never_falls_through(flow) -> bool:
    """The flow's last statement is a loop that never ends by itself (`while true`, `until false`)."""
    last = flow.stmts[-1] if flow.stmts else None
    if isinstance(last, n.While):
        return isinstance(last.cond, n.Bool) and last.cond.value
    if isinstance(last, n.Repeat):
        return isinstance(last.until, n.Bool) and not last.until.value
    return False
