"""empty-draw: a draw, deal or `move top` from a pile that can be empty at that point.

Two findings, both conservative:
- certain: following the flow (`dsl.checks.piles`) shows fewer cards than the statement takes,
  at some player count (e.g. `deal 10 ... each` to 6 players from 54 cards);
- possible: the statement is inside a `while`/`repeat` loop, yet neither the loop's condition
  nor any `if` around the statement looks at that pile, and nothing in the loop puts cards back
  into it.  Then the loop can outlast the pile, and the text must say what happens then.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ast import nodes as n
from ..ast.visitor import StmtVisitor
from ..ast.walk import child_blocks, open_loop, walk_nodes
from ..report.diagnostics import Diagnostic, warning
from .bounds import counted_passes, most_taken
from .effects import loop_condition, placed_statements, reads, refills, writes
from .evaluate import Evaluator, describe_readings, reading_fields
from .facts import AtLeast, NonEmpty, facts_before
from .piles import follow_all


def _takes_one(stmt) -> bool:
    if isinstance(stmt, n.Move):
        return stmt.amount == "top"
    count = getattr(stmt, "count", None)
    return isinstance(stmt, n.Draw) and isinstance(count, n.Num) and count.value == 1


def loop_reads(model, loop) -> set[str]:
    """What a loop's test looks at, following the variables it reads to what sets them in the loop."""
    seen = reads(model, loop_condition(loop))
    frontier = {r for r in seen if r.startswith("var:")}
    while frontier:
        name = frontier.pop()[len("var:") :]
        for placed in placed_statements_in(model, loop):
            stmt = placed.stmt
            if isinstance(stmt, n.Assign) and _assigned(stmt) == name:
                more = reads(model, stmt.value).union(*(reads(model, g) for g in placed.guards))
                frontier |= {r for r in more - seen if r.startswith("var:")}
                seen |= more
    return seen


def _assigned(stmt) -> str | None:
    target = stmt.target
    return target.id if isinstance(target, n.Name) else target.name if isinstance(target, n.Of) else None


def placed_statements_in(model, loop):
    return [p for p in placed_statements(model) if any(outer is loop for outer in p.loops)]


@dataclass(frozen=True)
class Taking:
    source: n.ZoneRef  # the pile the cards come from
    what: str  # the statement, as the messages name it


class StmtTakes(StmtVisitor["Taking | None"]):
    """The pile a statement takes counted cards from the top of, or None."""

    def _none(self, stmt):
        return None

    def visit_Draw(self, stmt):
        return Taking(stmt.source, "draw")

    def visit_DealEach(self, stmt):
        return Taking(stmt.source, "deal")

    def visit_Move(self, stmt):
        return Taking(stmt.source, f"move {stmt.amount}") if stmt.amount in ("top", "middle") else None

    def visit_DealEvenly(self, stmt):
        return self._none(stmt)

    def visit_ChooseCards(self, stmt):
        return self._none(stmt)

    def visit_Shuffle(self, stmt):
        return self._none(stmt)

    def visit_Gather(self, stmt):
        return self._none(stmt)

    def visit_Assign(self, stmt):
        return self._none(stmt)

    def visit_If(self, stmt):
        return self._none(stmt)

    def visit_Repeat(self, stmt):
        return self._none(stmt)

    def visit_While(self, stmt):
        return self._none(stmt)

    def visit_ForPlayers(self, stmt):
        return self._none(stmt)

    def visit_ForEach(self, stmt):
        return self._none(stmt)

    def visit_RepeatTimes(self, stmt):
        return self._none(stmt)

    def visit_ChooseValue(self, stmt):
        return self._none(stmt)

    def visit_ForGroups(self, stmt):
        return self._none(stmt)

    def visit_ChooseCard(self, stmt):
        return self._none(stmt)

    def visit_ChooseOption(self, stmt):
        return self._none(stmt)

    def visit_ChooseSuit(self, stmt):
        return self._none(stmt)

    def visit_Bid(self, stmt):
        return self._none(stmt)

    def visit_Trick(self, stmt):
        return self._none(stmt)

    def visit_EndGame(self, stmt):
        return self._none(stmt)

    def visit_Gap(self, stmt):
        return self._none(stmt)

    def visit_Standing(self, stmt):
        return self._none(stmt)


_TAKES = StmtTakes()


def _under(model, readings) -> str:
    described = describe_readings(model, readings)
    return "" if described == "the default readings" else f" (under {described})"


def check_empty_draws(model, engine) -> list[Diagnostic]:
    out, certain = [], set()
    short: dict[int, tuple[n.Stmt, dict[int, tuple[int, int, dict]]]] = {}
    for run in follow_all(model, engine):
        for rec in run.records:
            if (
                _TAKES.visit(rec.stmt) is not None
                and rec.available is not None
                and rec.needed is not None
                and rec.needed > rec.available
            ):
                per_count = short.setdefault(id(rec.stmt), (rec.stmt, {}))[1]
                per_count.setdefault(rec.players, (rec.available, rec.needed, rec.readings))
    for stmt, per_count in short.values():
        certain.add(id(stmt))
        taking = _TAKES.visit(stmt)
        source = taking.source
        notes = [
            f"at {p} players: {need} card(s) needed, {have} in '{source.name}'" + _under(model, r)
            for p, (have, need, r) in sorted(per_count.items())
        ]
        counts = ", ".join(map(str, sorted(per_count)))
        out.append(
            warning(
                "empty-draw",
                f"this {taking.what} takes more cards than '{source.name}' holds at {counts} players",
                stmt.span,
                notes=notes,
            )
        )

    known = facts_before(model)
    for placed in placed_statements(model):
        stmt, taking = placed.stmt, _TAKES.visit(placed.stmt)
        if taking is None or id(stmt) in certain or not placed.loops:
            continue
        source, what = taking.source, taking.what
        pile = "zone:" + source.name
        if any(pile in reads(model, g) for g in placed.guards):
            continue
        if _takes_one(stmt) and NonEmpty(source.name) in known.get(id(stmt), ()):
            continue  # a guard on the way here (`if pile is empty { end game }`) keeps a card there
        if _guarded_for_count(stmt, source.name, known.get(id(stmt), ())):
            continue  # `if size of pile < k { ... end game }` keeps k cards there
        # Any loop around that stops on the pile (its test read directly or through a variable
        # the loop sets by looking at the pile) stops before the draw finds it empty.
        if any(pile in loop_reads(model, loop) for loop in placed.loops):
            continue
        for loop in placed.loops:
            if source.name in refills(model, loop.body):
                continue
            if _run_fits(model, engine, stmt, loop, source.name):
                break  # the whole run of the loop takes fewer cards than the pile holds
            kind = "repeat" if open_loop(loop).ends_when else "while"
            message = (
                f"this {what} from '{source.name}' can find it empty: the '{kind}' loop on "
                f"line {loop.span.line} goes on without looking at '{source.name}'"
            )
            notes = [
                f"nothing in the loop puts cards back into '{source.name}', and neither the loop's "
                f"condition nor an 'if' around this {what} tests it",
                "could not bound the cards the loop takes over its whole run (a counter that ends it after "
                "a known number of passes, and static counts in each pass) below what the pile holds",
                "this is a static estimate: the loop may always end first; --simulate shows whether it does",
            ]
            hint = (
                f"end the loop when the pile runs out (e.g. 'and not {source.name} is empty'), or say "
                "what happens then; if the text is silent, make it an ambiguity"
            )
            out.append(warning("empty-draw", message, stmt.span, notes=notes, hint=hint))
            break
    return out


def _guarded_for_count(stmt, pile: str, known) -> bool:
    count = getattr(stmt, "count", None) if isinstance(stmt, n.Draw) else None
    if not isinstance(count, n.Num):
        return False
    return any(isinstance(f, AtLeast) and f.pile == pile and f.count >= count.value for f in known)


def _run_fits(model, engine, stmt, loop, pile: str) -> bool:
    """Whether the whole run of `loop` takes no more cards from `pile` than it held when `stmt`
    first ran, at every player count and reading, and every entry into the loop finds the pile
    as the first did (each statement around the loop runs once, or gathers the pile whole
    first).  See `bounds.py`."""
    if not _entered_alike(model.game.flow, loop, pile) or any(
        "zone:" + pile in writes(model, t.body) for t in model.game.triggers if t.body
    ):
        return False
    evaluator = Evaluator(model, engine)
    for run in follow_all(model, engine):
        first = next((rec for rec in run.records if rec.stmt is stmt), None)
        if first is None or first.available is None:
            return False
        fields = {"n": run.players, **reading_fields(model, run.readings)}
        passes = counted_passes(model, loop, evaluator, fields)
        per_pass = most_taken(model, loop.body, pile, evaluator, fields)
        if passes is None or per_pass is None or passes * per_pass > first.available:
            return False
    return True


def _entered_alike(block, loop, pile: str) -> bool:
    """Each compound statement around `loop` is an `if`, or gathers every card into `pile` at its
    top level before the part that holds the loop."""
    for stmt in block.stmts if block else []:
        if stmt is loop:
            return True
        for inner in child_blocks(stmt):
            if any(x is loop for x in walk_nodes(inner)):
                if not isinstance(stmt, n.If) and not _gathers_first(inner, loop, pile):
                    return False
                return _entered_alike(inner, loop, pile)
    return False


def _gathers_first(block, loop, pile: str) -> bool:
    for stmt in block.stmts:
        if _holds_or_is(stmt, loop):
            return False
        if isinstance(stmt, n.Gather) and stmt.dest.name == pile and stmt.dest.owner is None:
            return True
    return False


def _holds_or_is(stmt, loop) -> bool:
    return stmt is loop or any(x is loop for x in walk_nodes(stmt))
