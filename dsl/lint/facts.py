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

- `Member(c, zone, owner)`: inside `for each c in ZONE of p`, c is a card of that zone; a test
  on c then tells `Holds` of the zone (`if rank of c > 9 { can_beat = true }` in such a loop,
  with nothing in it that moves cards, leaves `can_beat` implying a card above 9 in the zone).

A condition on a card compares by `condition_key`: `rank of c` for the loop's card and a bare
`rank` in a `where` are the same test.

Facts never flow into a loop body from outside it (the body runs again after itself), except
the loop's own test, and the flags a loop over cards only sets.
"""

from __future__ import annotations

import dataclasses
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
class Member:
    var: str
    zone: str
    owner: object


@dataclass(frozen=True)
class Implies:
    var: str
    facts: frozenset  # of NonEmpty | Holds


@dataclass(frozen=True)
class IsFalse:
    var: str


Fact = NonEmpty | AtLeast | Holds | Member | Implies | IsFalse


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


_CARD_ATTRIBUTES = ("rank", "suit", "color")
_NO_KEY = object()  # a condition that compares equal to none


def condition_key(cond, var: str = "card") -> object:
    """The key of a condition on one card, named `var` in it: its attributes (`rank of c`) and a
    `where` clause's bare `rank` compare alike.  A condition with a `where` of its own (which
    binds another card) is kept as written when on `card`, and has no key for another name."""
    inner = [x for x in walk_nodes(cond) if x is not cond and getattr(x, "cond", None) is not None]
    if inner:
        return same_meaning_key(cond) if var == "card" else _NO_KEY
    return _card_key(cond, var)


def _card_key(node, var: str):
    if isinstance(node, (list, tuple)):
        return tuple(_card_key(x, var) for x in node)
    if isinstance(node, n.Of) and node.name in _CARD_ATTRIBUTES and isinstance(node.arg, n.Name):
        if node.arg.id in (var, "card"):
            return same_meaning_key(n.Name(node.name))
    if isinstance(node, n.Name) and node.id == var:
        return same_meaning_key(n.Name("card"))
    if not dataclasses.is_dataclass(node):
        return node
    names = [f.name for f in dataclasses.fields(node) if f.name not in ("span", "type", "cites")]
    return (type(node).__name__,) + tuple(_card_key(getattr(node, name), var) for name in names)


def card_is(pattern: n.CardPattern) -> object:
    """The key of the condition `card is PATTERN`, as a `where` clause writes it."""
    return condition_key(n.IsPattern(n.Name("card"), pattern))


def facts_of_test(cond, truth: bool, known=frozenset()) -> set[Fact]:
    """What a condition tells when it has the value `truth` (conjunctions split when true);
    `known` are the facts before the test, for what a true flag implies."""
    out: set[Fact] = set()
    if isinstance(cond, n.Not):
        return facts_of_test(cond.operand, not truth, known)
    if isinstance(cond, n.Name) and truth:
        return {f for fact in known if isinstance(fact, Implies) and fact.var == cond.id for f in fact.facts}
    if truth:  # a test of a card of a zone the loop goes through: the zone holds such a card
        for member in (f for f in known if isinstance(f, Member)):
            key = condition_key(cond, member.var)
            if key is not _NO_KEY and any(isinstance(x, n.Name) and x.id == member.var for x in walk_nodes(cond)):
                out.add(Holds(member.zone, member.owner, key))
                out.add(NonEmpty(member.zone))
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
            out.add(Holds(zone[0], zone[1], condition_key(cond.cond)))
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
        if isinstance(stmt, n.ForEach) and (after := self._flags_of_card_loop(stmt, facts)) is not None:
            return after
        if isinstance(stmt, (n.ForPlayers, n.ForEach, n.ForGroups)):
            inner = facts_of_test(stmt.cond, True) if isinstance(stmt, n.ForPlayers) and stmt.cond else set()
            self.block(stmt.body, frozenset(inner))
            return frozenset(_holder_assignment(stmt))
        if blocks := child_blocks(stmt):  # a trick, or any kind with blocks of its own
            for block in blocks:
                self.block(block, frozenset())
            return frozenset()
        return _after(facts, stmt)

    def _flags_of_card_loop(self, stmt: n.ForEach, facts: frozenset[Fact]) -> frozenset[Fact] | None:
        """`for each c in ZONE { if TEST(c) { flag = true } }`: a loop over the cards of a zone that
        moves no card and only sets flags.  Each pass starts from what the flags were before it;
        afterwards a flag that was false is false or implies what its test proved of the zone."""
        zone = zone_of(stmt.iterable)
        body_stmts = list(walk_nodes(stmt.body))
        if zone is None or not all(
            isinstance(x, (n.If, n.Assign, n.Block)) for x in body_stmts if isinstance(x, n.Stmt)
        ):
            return None
        if any(isinstance(x, n.Assign) and _assigned_name(x) is None for x in body_stmts):
            return None  # it sets more than flags (a per-player value, ...)
        member = Member(stmt.var, zone[0], zone[1])
        flags = frozenset(f for f in facts if isinstance(f, (Implies, IsFalse)))
        for _ in range(3):  # the flags' facts only weaken from pass to pass: a fixed point soon
            out = self.block(stmt.body, flags | {member})
            merged = frozenset(f for f in _merge([flags, out]) if isinstance(f, (Implies, IsFalse)))
            if merged == flags:
                break
            flags = merged
        assigned = {_assigned_name(x) for x in body_stmts if isinstance(x, n.Assign)}
        kept = frozenset(f for f in facts if not isinstance(f, (Implies, IsFalse)) or f.var not in assigned)
        return frozenset(f for f in _merge([kept | flags, kept | out]) if not isinstance(f, Member))

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
