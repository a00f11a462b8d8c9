"""Assumptions: what the encoding decides that no source says.

Every rule, declaration or ambiguity default with no citation is an editorial choice of the
encoder; so are the policies the language applies without a word in the rule file (how the
combination solver splits cards, who leads the next trick, individual play).  A translator reads
this list to see what the encoding adds to the text.

`list_assumptions(model)` is the one entry point (for `cardrules validate --assumptions`, and
for a section of the generated game page); `assumptions_report` renders the grouped text.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ast import nodes as n
from ..ast.walk import child_blocks, target_name, walk_nodes, walk_stmts
from ..report.diagnostics import NOWHERE, Span

DEAL = "deal"
SEATING = "seating and who leads or deals next"
SCORING = "scoring"
END = "end of match"
OTHER = "other"
GROUPS = (DEAL, SEATING, SCORING, END, OTHER)

_SEAT_WORDS = ("dealer", "leader", "lead", "turn", "first", "seat", "starter", "next")
_SCORE_WORDS = ("point", "score", "total", "bonus", "penalt")


@dataclass(frozen=True)
class Assumption:
    group: str  # one of GROUPS
    what: str  # the rule, as a reader names it
    span: Span = NOWHERE
    policy: bool = False  # a choice the language makes implicitly, not a line of the rule file

    def to_json(self) -> dict:
        return {
            "group": self.group,
            "what": self.what,
            "line": self.span.line if self.span is not NOWHERE else None,
            "file": self.span.file,
            "policy": self.policy,
        }


def list_assumptions(model) -> list[Assumption]:
    """Every uncited rule, declaration and default, and the implicit policies, in file order
    within each group (groups in the order of GROUPS)."""
    found = _declarations(model) + _statements(model) + _policies(model)
    rank = {group: i for i, group in enumerate(GROUPS)}
    return sorted(found, key=lambda a: (rank[a.group], a.policy, a.span.line, a.span.column))


def _score_names(model) -> set[str]:
    result = model.game.result
    names = {result.id} if isinstance(result, n.Name) else set()
    return names | {name for name in model.vars if any(word in name for word in _SCORE_WORDS)}


def _declarations(model) -> list[Assumption]:
    game, out = model.game, []
    if game.players is not None and not game.players.cites:
        out.append(Assumption(SEATING, "the number of players", game.players.span))
    out += [Assumption(DEAL, "a deck line", d.span) for d in game.decks if not d.cites]
    out += [Assumption(OTHER, f"rank order '{o.name or 'default'}'", o.span) for o in game.orders if not o.cites]
    out += [Assumption(SCORING, f"value table '{v.name}'", v.span) for v in game.values if not v.cites]
    out += [Assumption(DEAL, f"zone '{z.name}'", z.span) for z in game.zones if not z.cites]
    scores = _score_names(model)
    for var in game.vars:
        if var.cites or var.init is None or _neutral(var.init):
            continue  # no start value, or the neutral one of its type (0, false, none): bookkeeping
        group = SEATING if _is_seat_name(var.name) else SCORING if var.name in scores else OTHER
        if any(word in var.name for word in ("target", "goal", "limit", "round")):
            group = END
        out.append(Assumption(group, f"the start value of '{var.name}'", var.span))
    for amb in game.ambiguities:
        # The text is doubtful by definition: whichever reading is the default, the encoder chose it.
        default = amb.default or amb.readings[0].name
        span = amb.default_span if amb.default is not None else amb.span
        out.append(Assumption(OTHER, f"the default reading of '{amb.name}' ({default})", span))
    if game.individual is not None and not game.individual.cites:
        out.append(Assumption(SEATING, "individual play", game.individual.span))
    for scoring in game.scorings:
        if not scoring.cites:
            out.append(Assumption(SCORING, f"scoring '{scoring.name}'", scoring.span))
        out += [
            Assumption(SCORING, f"pattern '{p.name}' of scoring '{scoring.name}'", p.span)
            for p in scoring.patterns
            if not p.cites
        ]
        for policy in (scoring.groups, scoring.split):
            if policy is not None and not policy.cites:
                out.append(Assumption(SCORING, f"'{policy.kind}' policy of scoring '{scoring.name}'", policy.span))
        if scoring.reusable is not None and not scoring.reusable_cites:
            out.append(Assumption(SCORING, f"the reusable cards of scoring '{scoring.name}'", scoring.span))
    if game.result is not None and not game.result_cites:
        out.append(Assumption(END, "what decides the winner (result)", game.result.span))
    if game.result is not None and not game.winners_cites:
        stated = _stated_outcome(game)
        if stated is not None:
            out.append(Assumption(END, stated, game.outcome_span or game.result.span))
    return out


def _stated_outcome(game) -> str | None:
    """How the file says equal results end, or who wins, in words; None when it leaves it to the
    language (plain `winners highest|lowest`, an implicit policy)."""
    if game.outcome == "best":
        return f"how equal best results end ('ties {game.ties}')" if game.ties is not None else None
    return {
        "loser": f"who loses ('loser {game.winners}')",
        "house": f"who wins ('winners against {game.against}')",
        "still_in": "who wins ('winners still in')",
    }.get(game.outcome)


def _neutral(expr) -> bool:
    return isinstance(expr, n.NoneLit) or (isinstance(expr, (n.Num, n.Bool)) and not expr.value)


def _is_seat_name(name: str) -> bool:
    return any(word in name for word in _SEAT_WORDS)


def _statements(model) -> list[Assumption]:
    """Uncited statements.  A statement inside a cited one is supported by that citation; a
    compound statement (a condition, a loop) that holds a cited rule is the scaffolding of that
    rule, and counts only when nothing inside it is cited."""
    out = []
    scores = _score_names(model)
    for trig in model.game.triggers:
        if not trig.cites and not _cites_inside(trig.body):
            out.append(Assumption(_group_of_block(trig.body, scores), "a trigger", trig.span))
    for body in [model.game.flow] + [t.body for t in model.game.triggers]:
        out += _uncited_in(body, scores)
    return out


def _uncited_in(block, scores: set[str]) -> list[Assumption]:
    out = []
    for stmt in block.stmts if block else []:
        if stmt.cites or isinstance(stmt, n.Gap):
            continue  # supported, and so is everything inside it
        blocks = child_blocks(stmt)
        if not blocks or not any(_cites_inside(b) for b in blocks):
            out.append(Assumption(_group_of(stmt, scores), _name_of(stmt), stmt.span))
        for inner in blocks:
            out += _uncited_in(inner, scores)
    return out


def _cites_inside(block) -> bool:
    return any(stmt.cites for stmt in walk_stmts(block)) if block else False


def _group_of_block(block, scores: set[str]) -> str:
    groups = [_group_of(stmt, scores) for stmt in walk_stmts(block)] if block else []
    return next((g for g in groups if g != OTHER), OTHER)


def _group_of(stmt, scores: set[str]) -> str:
    if isinstance(stmt, (n.Shuffle, n.DealEach, n.DealEvenly, n.Gather, n.Draw)):
        return DEAL
    if isinstance(stmt, n.EndGame):
        return END
    if isinstance(stmt, n.Trick):
        return SEATING
    if isinstance(stmt, (n.Assign, n.Bid, n.ChooseOption, n.ChooseSuit)):
        name = target_name(stmt.target) or ""
        if _is_seat_name(name):
            return SEATING
        if name in scores:
            return SCORING
    if isinstance(stmt, (n.While, n.Repeat)):
        test = stmt.cond if isinstance(stmt, n.While) else stmt.until
        read = {target_name(x) for x in walk_nodes(test) if isinstance(x, (n.Name, n.Of))}
        if read & scores:
            return END
    if isinstance(stmt, n.ForPlayers) and stmt.start is not None:
        return SEATING
    return OTHER


def _name_of(stmt) -> str:
    kind = type(stmt).__name__
    words = {
        "Shuffle": "a shuffle",
        "DealEach": "a deal",
        "DealEvenly": "an even deal",
        "Draw": "a draw",
        "Gather": "a gathering of the cards",
        "Move": "a move of cards",
        "Assign": "an assignment",
        "If": "a condition",
        "Repeat": "a repeat loop",
        "While": "a while loop",
        "ForPlayers": "a turn around the table",
        "ForEach": "a loop",
        "ForGroups": "a loop over groups",
        "ChooseCard": "a choice of a card",
        "ChooseCards": "a choice of cards",
        "ChooseOption": "a choice of an option",
        "ChooseSuit": "a choice of a suit",
        "Bid": "a bid",
        "Trick": "a trick",
        "EndGame": "the end of the game",
    }
    what = words.get(kind, kind)
    if isinstance(stmt, n.ForEach):
        what = "a loop over " + _loop_over(stmt.iterable)
    if isinstance(stmt, (n.Assign, n.Bid, n.ChooseOption, n.ChooseSuit)) and target_name(stmt.target):
        what += f" of '{target_name(stmt.target)}'"
    return what


def _loop_over(iterable) -> str:
    """What a `for each` goes through, by the type the checker gave it (a range is numbers)."""
    if isinstance(iterable, n.Range):
        return "numbers"
    kind = str(getattr(iterable, "type", "") or "")
    return {"players": "players", "ranks": "ranks", "teams": "teams", "list": "numbers"}.get(kind, "cards")


def _policies(model) -> list[Assumption]:
    """Choices the language makes for every game, listed only where the rule file does not state
    them: a stated policy, cited or not, is a rule of the file (see `_declarations`)."""
    game, out = model.game, []
    nodes = [x for body in [game.flow] + [t.body for t in game.triggers] if body for x in walk_nodes(body)]
    if any(isinstance(x, (n.ScoringOf, n.BestOf)) for x in nodes):
        for scoring in game.scorings:
            out += _solver_policies(scoring)
    for trick in (x for x in nodes if isinstance(x, n.Trick)):
        if isinstance(trick.lead, n.Name) and trick.lead.id == "winner" and not trick.clause_cites:
            out.append(Assumption(SEATING, "the winner of the last trick leads the next one", trick.span, policy=True))
    out += [
        Assumption(SEATING, "this deal goes round from player 0 (no 'from' seat)", x.span, policy=True)
        for x in nodes
        if isinstance(x, (n.DealEach, n.DealEvenly)) and x.start is None
    ]
    # A game that declares teams states its partnerships; one that says `individual play` the opposite.
    if game.individual is None and not getattr(game, "teams", None):
        out.append(Assumption(OTHER, "every player plays for himself: there are no partnerships", policy=True))
    # Equal best results are shared only where the file says nothing of them: `ties share|draw`,
    # a loser, a house or the players still in state how the match ends.
    if game.result is not None and game.outcome == "best" and game.ties is None:
        out.append(
            Assumption(END, f"'winners {game.winners}' names every player who shares the best result", policy=True)
        )
    return out


def _solver_policies(scoring) -> list[Assumption]:
    """The combination solver's policies that the scoring leaves unsaid.  A `reusable` line
    states the reuse policy as well as `groups` does: the other cards count once."""
    out = []
    if scoring.groups is None and scoring.reusable is None:
        out.append(
            Assumption(
                SCORING,
                f"scoring '{scoring.name}' counts each card in one group at most: no card is used twice "
                "('groups disjoint')",
                scoring.span,
                policy=True,
            )
        )
    if scoring.split is None:
        best = "lowest" if scoring.lowest else "best"
        out.append(
            Assumption(
                SCORING,
                f"scoring '{scoring.name}' takes the split that scores {best} for the player, whatever "
                "the order of its patterns ('split best')",
                scoring.span,
                policy=True,
            )
        )
    return out


def assumptions_report(found: list[tuple[str, list[Assumption]]], more: dict[str, list[str]] | None = None) -> str:
    """The text `cardrules validate --assumptions` prints: per file, per group, one line each,
    then the file's lines of `more` (its conventions)."""
    lines: list[str] = []
    for file, items in found:
        policies = sum(a.policy for a in items)
        lines.append(f"{file}: {len(items) - policies} uncited rules and defaults, {policies} implicit policies")
        for group in GROUPS:
            mine = [a for a in items if a.group == group]
            if not mine:
                continue
            lines.append(f"  {group} ({len(mine)})")
            for a in mine:
                where = (
                    f"{a.span.file + ':' if a.span.file else ''}{a.span.line}" if a.span is not NOWHERE else "language"
                )
                tag = " [policy]" if a.policy else ""
                lines.append(f"    {where}: {a.what}{tag}")
        lines += (more or {}).get(file, [])
        lines.append("")
    total = sum(len(items) for _, items in found)
    lines.append(f"{total} assumption{'s' if total != 1 else ''} in {len(found)} file{'s' if len(found) != 1 else ''}")
    return "\n".join(lines) + "\n"
