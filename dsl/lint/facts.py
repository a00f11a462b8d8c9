"""Facts that hold on the way to a statement: what the guards and assignments before it establish.

The checks for decisions that can offer nothing (`no-legal-move`) and for draws from a pile that
can be empty (`empty-draw`) are conservative; a statement a guard has made safe must not be
reported.  This walks each block in order and records, for every statement, the facts known
when it runs:

- `NonEmpty(pile)`: inside `while not pile is empty` and `if not pile is empty`, and after
  `if pile is empty { ... end game }`, until something takes cards from that pile;
- `AtLeast(pile, k)`: the same for `size of pile >= k` (or `> k - 1`), and after
  `if size of pile < k { ... end game }`: a draw of up to k cards finds them;
- `Holds(zone, owner, cond)`: the zone (of that owner) has a card meeting `cond`: inside
  `if any zone of p where cond`, and after `for each player q where zone of q has P { x = q }`
  for `x`, as long as only assignments to other names come between.

- `Implies(x, facts)`: when the boolean variable `x` is true, the facts hold: after
  `x = COND` (what COND tells when true), and after `x = true` (what was known there) on one
  path where the other paths leave `x` false (`IsFalse(x)`, after `x = false`).  A test of `x`
  then brings the facts: `can_beat = false`, `if any hand of p where C { can_beat = true }`,
  `if can_beat { p chooses card c from hand of p where C }` offers a card.

Facts never flow into a loop body from outside it (the body runs again after itself), except
the loop's own test.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ast import nodes as n
from ..ast.walk import child_blocks, walk_nodes
from .effects import same_meaning_key


@dataclass(frozen=True)
class NonEmpty:
    pile: str


@dataclass(frozen=True)
class Holds:
    zone: str
    owner: object  # same_meaning_key of the owner expression (None for a shared zone)
    cond: object  # same_meaning_key of the condition on `card`


@dataclass(frozen=True)
class AtLeast:
    pile: str
    count: int


@dataclass(frozen=True)
class Implies:
    var: str
    facts: frozenset  # of NonEmpty | Holds


@dataclass(frozen=True)
class IsFalse:
    var: str


Fact = NonEmpty | AtLeast | Holds | Implies | IsFalse


def _plain(facts) -> frozenset:
    """The facts about cards, without those about variables."""
    return frozenset(f for f in facts if isinstance(f, (NonEmpty, AtLeast, Holds)))


def _about(fact, name: str) -> bool:
    return isinstance(fact, (Implies, IsFalse)) and fact.var == name


def zone_of(expr) -> tuple[str, object] | None:
    """(zone name, owner key) for `hand of p`, a shared zone's name, or a zone reference."""
    if isinstance(expr, n.ZoneRef):
        return expr.name, same_meaning_key(expr.owner) if expr.owner is not None else None
    if isinstance(expr, n.Of):
        return expr.name, same_meaning_key(expr.arg)
    if isinstance(expr, n.Name):
        return expr.id, None
    return None


def card_is(pattern: n.CardPattern) -> object:
    """The key of the condition `card is PATTERN`, as a `where` clause writes it."""
    return same_meaning_key(n.IsPattern(n.Name("card"), pattern))


def facts_of_test(cond, truth: bool, known=frozenset()) -> set[Fact]:
    """What a condition tells when it has the value `truth` (conjunctions split when true);
    `known` are the facts before the test, for what a true flag implies."""
    out: set[Fact] = set()
    if isinstance(cond, n.Not):
        return facts_of_test(cond.operand, not truth, known)
    if isinstance(cond, n.Name) and truth:
        return {f for fact in known if isinstance(fact, Implies) and fact.var == cond.id for f in fact.facts}
    if isinstance(cond, n.BoolOp) and cond.op == "and" and truth:
        for operand in cond.operands:
            out |= facts_of_test(operand, True, known)
    elif isinstance(cond, n.BinOp) and (least := _least_size(cond, truth)) is not None:
        out.add(AtLeast(*least))
        out.add(NonEmpty(least[0]))
    elif isinstance(cond, n.IsEmpty) and (cond.negated == truth):
        zone = zone_of(cond.subject)
        if zone is not None:
            out.add(NonEmpty(zone[0]))
    elif isinstance(cond, n.AnyWhere) and cond.quantifier == "any" and truth:
        zone = zone_of(cond.collection)
        if zone is not None:
            out.add(Holds(zone[0], zone[1], same_meaning_key(cond.cond)))
            out.add(NonEmpty(zone[0]))
    elif isinstance(cond, n.Has) and truth:
        zone = zone_of(cond.subject)
        if zone is not None:
            out.add(Holds(zone[0], zone[1], card_is(cond.pattern)))
            out.add(NonEmpty(zone[0]))
    return out


def _least_size(cond: n.BinOp, truth: bool) -> tuple[str, int] | None:
    """(pile, k) when `cond` having the value `truth` means that `size of pile >= k`, k >= 1."""
    left, right = cond.left, cond.right
    if not (isinstance(left, n.Of) and left.name == "size" and isinstance(right, n.Num)):
        return None
    zone = zone_of(left.arg)
    op = cond.op if truth else {"<": ">=", "<=": ">", ">=": "<", ">": "<="}.get(cond.op)
    least = {">=": right.value, ">": right.value + 1}.get(op or "")
    return (zone[0], least) if zone is not None and least is not None and least >= 1 else None


def _ends_game(block: n.Block | None) -> bool:
    return bool(block and block.stmts and isinstance(block.stmts[-1], n.EndGame))


def _mentions_zone(stmt, zone: str) -> bool:
    return any(isinstance(node, n.ZoneRef) and node.name == zone for node in walk_nodes(stmt))


def _assigned_name(stmt) -> str | None:
    if isinstance(stmt, n.Assign) and isinstance(stmt.target, n.Name):
        return stmt.target.id
    return None


def _after(facts: frozenset, stmt) -> frozenset:
    """The facts that hold after a simple statement (one without blocks of its own)."""
    out = set()
    for fact in facts:
        if isinstance(fact, Implies):
            kept = frozenset(f for f in fact.facts if _survives(f, stmt))
            if kept and not _about(fact, _assigned_name(stmt) or ""):
                out.add(Implies(fact.var, kept))
        elif isinstance(fact, IsFalse):
            if fact.var != _assigned_name(stmt):
                out.add(fact)
        elif _survives(fact, stmt):
            out.add(fact)
    name = _assigned_name(stmt)
    if name is not None and stmt.op == "=":
        value = stmt.value
        if isinstance(value, n.Bool):
            if not value.value:
                out.add(IsFalse(name))
            elif implied := _plain(out):  # what is known where the flag is made true
                out.add(Implies(name, implied))
        else:
            implied = _plain(facts_of_test(value, True, facts))
            if implied:
                out.add(Implies(name, implied))
    return frozenset(out)


def _merge(paths: list[frozenset]) -> frozenset:
    """What holds after any of several paths: the facts common to all, and for a flag true on
    some paths and false on the others, what every path that makes it true implies."""
    common = set(paths[0])
    for facts in paths[1:]:
        common &= facts
    flags = {f.var for facts in paths for f in facts if isinstance(f, (Implies, IsFalse))}
    for var in flags:
        implied, all_known = None, True
        for facts in paths:
            about = [f for f in facts if _about(f, var)]
            if not about:
                all_known = False
                break
            for fact in about:
                if isinstance(fact, Implies):
                    implied = fact.facts if implied is None else implied & fact.facts
        common -= {f for f in common if _about(f, var)}
        if all_known and implied:
            common.add(Implies(var, implied))
        elif all_known and implied is None:
            common.add(IsFalse(var))
    return frozenset(common)


def _survives(fact: Fact, stmt) -> bool:
    """Whether a fact still holds after `stmt` ran."""
    if isinstance(stmt, (n.Assign, n.Shuffle)):
        if isinstance(fact, Holds):
            name = _assigned_name(stmt)
            return name is not None and fact.owner != same_meaning_key(n.Name(name))
        return True
    if isinstance(fact, (NonEmpty, AtLeast)):
        return not _mentions_zone(stmt, fact.pile) or _only_adds_to(stmt, fact.pile)
    return False


def _only_adds_to(stmt, pile: str) -> bool:
    if isinstance(stmt, (n.Move, n.Draw)):
        return stmt.dest.name == pile and stmt.source.name != pile
    return False


def _holder_assignment(stmt) -> set[Fact]:
    """`for each player q where ZONE of q has P { x = q }`: afterwards ZONE of x has a card P."""
    if not isinstance(stmt, n.ForPlayers) or not isinstance(stmt.cond, n.Has):
        return set()
    zone = zone_of(stmt.cond.subject)
    if zone is None or zone[1] != same_meaning_key(n.Name(stmt.var)) or len(stmt.body.stmts) != 1:
        return set()
    only = stmt.body.stmts[0]
    if not (isinstance(only, n.Assign) and only.op == "=" and isinstance(only.value, n.Name)):
        return set()
    if only.value.id != stmt.var or _assigned_name(only) is None:
        return set()
    # Exactly one player holds a given card of a single deck; with several copies the last wins,
    # who holds one all the same.
    return {Holds(zone[0], same_meaning_key(only.target), card_is(stmt.cond.pattern))}


class FactWalker:
    def __init__(self):
        self.before: dict[int, frozenset[Fact]] = {}

    def block(self, block: n.Block | None, facts: frozenset[Fact]) -> frozenset[Fact]:
        """Walk a block entered with `facts`; returns the facts that hold after it."""
        for stmt in block.stmts if block else []:
            self.before[id(stmt)] = facts
            facts = self.stmt(stmt, facts)
        return facts

    def stmt(self, stmt, facts: frozenset[Fact]) -> frozenset[Fact]:
        if isinstance(stmt, n.If):
            return self._if(stmt, facts)
        if isinstance(stmt, n.While):
            self.block(stmt.body, frozenset(facts_of_test(stmt.cond, True)))
            return frozenset(facts_of_test(stmt.cond, False))
        if isinstance(stmt, n.Repeat):
            self.block(stmt.body, frozenset())
            return frozenset(facts_of_test(stmt.until, True))
        if isinstance(stmt, (n.ForPlayers, n.ForEach, n.ForGroups)):
            inner = facts_of_test(stmt.cond, True) if isinstance(stmt, n.ForPlayers) and stmt.cond else set()
            self.block(stmt.body, frozenset(inner))
            return frozenset(_holder_assignment(stmt))
        if blocks := child_blocks(stmt):  # a trick, or any kind with blocks of its own
            for block in blocks:
                self.block(block, frozenset())
            return frozenset()
        return _after(facts, stmt)

    def _if(self, stmt: n.If, facts: frozenset[Fact]) -> frozenset[Fact]:
        earlier: set[Fact] = set()
        after: list[frozenset[Fact]] = []
        for cond, body in stmt.branches:
            inside = frozenset(facts | earlier | facts_of_test(cond, True, facts))
            out = self.block(body, inside)
            if not _ends_game(body):
                after.append(out)
            earlier |= facts_of_test(cond, False, facts)
        otherwise = frozenset(facts | earlier)
        if stmt.otherwise is not None:
            out = self.block(stmt.otherwise, otherwise)
            if not _ends_game(stmt.otherwise):
                after.append(out)
        else:
            after.append(otherwise)
        if not after:
            return frozenset()
        return _merge(after)


def facts_before(model) -> dict[int, frozenset[Fact]]:
    """For every statement of the flow and of the triggers (by id), the facts known when it runs."""
    walker = FactWalker()
    walker.block(model.game.flow, frozenset())
    for trig in model.game.triggers:
        walker.block(trig.body, frozenset(facts_of_test(trig.cond, True)) if trig.cond is not None else frozenset())
    return walker.before
