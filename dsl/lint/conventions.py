"""The questions every card game's rules must settle, and how a rule file answers each of them.

Rule books leave much unsaid that a game cannot leave open: who deals first and who leads each
later stage, whether four play as partners, how many decks at which player count, whether a card
may count in two combinations, what becomes of the cards nobody was dealt.  An encoding always
settles them, often without a word, or with a citation of a line that does not say so.  A
translator needs each such question shown, with what answers it:

- `citation`: the rule that settles it cites the text, with a quoted phrase that is in the
  cited line (a citation without a quote, or whose quote is not in its line, is shown as such:
  the line is not shown to hold the answer);
- `ambiguity`: a declared ambiguity settles it, one reading at a time (the text is doubtful
  and says so), whether or not the rule that reads it cites the text;
- `encoding`: the rule file settles it alone, by an uncited rule or by the language's default
  (the line that decides, or none for a default).

`CATALOGUE` is the list of questions; `answer_conventions(model)` answers those that apply to
a rule file (`cardrules validate --assumptions` prints them after the assumptions, and in its
JSON).  A question with several places (one per trick, per deal) takes the weakest answer of
them: one uncited place leaves the question to the encoding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ast import nodes as n
from ..ast.walk import target_name, walk_nodes
from ..report.diagnostics import NOWHERE, Span
from .citations import holds, normalise
from .source_files import load_source

CITATION, AMBIGUITY, ENCODING = "citation", "ambiguity", "encoding"
ANSWERS = (CITATION, AMBIGUITY, ENCODING)  # strongest first


@dataclass(frozen=True)
class Question:
    key: str
    text: str


CATALOGUE = (
    Question("players", "how many players may play"),
    Question("decks", "which deck, with how many copies, at each player count"),
    Question("deal_order", "who is dealt first, and round which way the deal goes"),
    Question("deal_remainder", "what becomes of the cards that do not divide evenly"),
    Question("dealer_rotation", "who deals the next deal"),
    Question("leftovers", "what becomes of the cards left undealt: what a pile is made of after the deal"),
    Question("turn_order", "in which order the players take their turns"),
    Question("first_leader", "who leads each trick: the first of a deal, and each later one"),
    Question("follow", "what a player must play to a trick: follow suit, trump, overtrump"),
    Question("trick_ties", "who wins a trick when two cards rank equal"),
    Question("partners", "whether the players play alone or as partners"),
    Question("card_reuse", "whether one card may count in two combinations"),
    Question("split", "which combinations a player's cards are counted as"),
    Question("run_suits", "whether the cards of a run must be of one suit"),
    Question("twins", "whether two identical cards (of several decks) may combine"),
    Question("end_of_deal", "when a deal ends"),
    Question("end_of_match", "when the match ends"),
    Question("winner", "what decides who wins"),
    Question("final_ties", "how equal final results end"),
)


@dataclass(frozen=True)
class Place:
    """One rule (or default) that settles a question."""

    how: str  # one of ANSWERS
    what: str  # the rule, as a reader names it
    span: Span = NOWHERE
    cite: n.Cite | None = None
    ambiguity: str | None = None
    quote_problem: str | None = None  # why the citation does not show the answer, if it does not

    def to_json(self) -> dict:
        return {
            "how": self.how,
            "what": self.what,
            "line": self.span.line if self.span is not NOWHERE else None,
            "cite": f"{self.cite.source}:{self.cite.line}" if self.cite else None,
            "quote": self.cite.quote if self.cite else None,
            "ambiguity": self.ambiguity,
            "quote_problem": self.quote_problem,
        }


@dataclass
class Answer:
    question: Question
    places: list[Place] = field(default_factory=list)

    @property
    def how(self) -> str:
        """The weakest answer of its places (encoding, then ambiguity, then citation)."""
        return max((p.how for p in self.places), key=ANSWERS.index, default=ENCODING)

    def to_json(self) -> dict:
        return {
            "question": self.question.key,
            "text": self.question.text,
            "answer": self.how,
            "places": [p.to_json() for p in self.places],
        }


# --- how one rule answers ------------------------------------------------------------------------


class _Quotes:
    """Whether a citation's quote is in its line, for the sources that can be read."""

    def __init__(self, game: n.Game):
        self.lines: dict[str, list[str] | None] = {}
        for source in game.sources:
            found = load_source(source.file, source.span.file or game.file)
            self.lines[source.name] = None if found.text is None else found.text.splitlines()

    def problem(self, cite: n.Cite) -> str | None:
        if not cite.quote:
            return "cited without a quote: the line is not shown to hold the answer"
        lines = self.lines.get(cite.source)
        if lines is None:
            return None  # the source was not found: nothing to check against
        if not 1 <= cite.line <= len(lines) or not holds(lines[cite.line - 1], normalise(cite.quote)):
            return f'the quote "{cite.quote}" is not in {cite.source}:{cite.line}'
        return None


def _readings_in(decides) -> list[str]:
    """The ambiguities whose readings an expression, a policy or a list of them depends on."""
    found: list[str] = []
    nodes = decides if isinstance(decides, list) else [decides] if decides is not None else []
    for x in (x for node in nodes for x in walk_nodes(node)):
        name = getattr(x, "ambiguity", None) if isinstance(x, (n.ReadingSwitch, n.ReadingIs, n.TieByReading)) else None
        if isinstance(x, n.ScoringPolicy) and x.ambiguity:
            name = x.ambiguity
        if name and name not in found:
            found.append(name)
    return found


class _Answerer:
    def __init__(self, model):
        self.model, self.game = model, model.game
        self.quotes = _Quotes(model.game)

    def place(self, what: str, span: Span, cites=(), decides=None) -> Place:
        """How a rule with these citations, deciding through `decides`, answers."""
        cites = list(cites or ())
        best = next((c for c in cites if self.quotes.problem(c) is None), cites[0]) if cites else None
        problem = self.quotes.problem(best) if best is not None else None
        # A rule that reads an ambiguity leaves the question to the reading, cited or not.
        if readings := _readings_in(decides):
            return Place(AMBIGUITY, what, span, best, ", ".join(readings), problem)
        if best is not None:
            return Place(CITATION, what, span, best, quote_problem=problem)
        return Place(ENCODING, what, span)

    def default(self, what: str, span: Span = NOWHERE) -> Place:
        return Place(ENCODING, what + " (the language's default)", span)

    def stmts(self, *kinds):
        bodies = [self.game.flow] + [t.body for t in self.game.triggers]
        return [x for body in bodies if body for x in walk_nodes(body) if isinstance(x, kinds)]


def _clause_cites(trick: n.Trick, expr) -> list[n.Cite]:
    """The citations written at the end of the line of one clause of a trick."""
    line = getattr(getattr(expr, "span", None), "line", None)
    return [c for c in trick.clause_cites if line and c.span.line == line] or list(trick.cites)


def _in_loop(flow, stmt) -> bool:
    return any(
        isinstance(loop, (n.While, n.Repeat, n.RepeatTimes, n.ForEach))
        and any(x is stmt for x in walk_nodes(loop.body))
        for loop in walk_nodes(flow)
    )


# --- the questions -------------------------------------------------------------------------------


def answer_conventions(model) -> list[Answer]:
    """An answer for each question of `CATALOGUE` that applies to the rule file, in catalogue order."""
    a = _Answerer(model)
    game = model.game
    found: dict[str, list[Place]] = {}

    def add(key: str, place: Place) -> None:
        found.setdefault(key, []).append(place)

    if game.players is not None:
        add("players", a.place("the players line", game.players.span, game.players.cites))
    for deck in game.decks:
        add("decks", a.place("a deck line", deck.span, deck.cites, deck.when))
    if not game.decks:
        add("decks", a.default("one standard deck"))

    deals = a.stmts(n.DealEach, n.DealEvenly)
    for deal in deals:
        if deal.start is None:
            add("deal_order", a.default("this deal goes round from seat 0", deal.span))
        else:
            add("deal_order", a.place("the deal's first seat", deal.span, deal.cites, deal.start))
        if isinstance(deal, n.DealEvenly):
            if deal.rest is None:
                add("deal_remainder", a.default("the cards that do not divide stay in the pile", deal.span))
            else:
                add("deal_remainder", a.place("the deal's 'rest to'", deal.span, deal.cites))
    _dealers(a, deals, add)
    _leftovers(a, deals, add)

    for turn in a.stmts(n.ForPlayers):
        if any(
            isinstance(x, (n.ChooseCard, n.ChooseCards, n.ChooseOption, n.ChooseSuit, n.Bid)) for x in walk_nodes(turn)
        ):
            if turn.start is None:
                add("turn_order", a.default("the turns go round from seat 0", turn.span))
            else:
                add("turn_order", a.place("the first seat of the turns", turn.span, turn.cites, turn.start))
    _tricks(a, add)
    _partners(a, add)
    _combinations(a, add)
    _ends(a, add)
    return [Answer(q, found[q.key]) for q in CATALOGUE if q.key in found]


def _dealers(a: _Answerer, deals, add) -> None:
    game = a.game
    if not any(_in_loop(game.flow, d) for d in deals):
        return  # one deal: nobody deals next
    changes = [s for s in a.stmts(n.Assign) if "dealer" in (target_name(s.target) or "")]
    for change in changes:
        add(
            "dealer_rotation",
            a.place(f"the change of '{target_name(change.target)}'", change.span, change.cites, change),
        )
    if not changes:
        add("dealer_rotation", a.default("every deal starts from the same seat"))


def _leftovers(a: _Answerer, deals, add) -> None:
    if not deals:
        return
    sources = {d.source.name for d in deals}
    moves = [s for s in a.stmts(n.Move, n.Gather) if isinstance(s, n.Move) and s.source.name in sources]
    for move in moves:
        add("leftovers", a.place(f"the move from '{move.source.name}'", move.span, move.cites, move))
    if not moves:
        names = ", ".join(f"'{s}'" for s in sorted(sources))
        add("leftovers", a.default(f"the cards not dealt stay in {names}"))


def _tricks(a: _Answerer, add) -> None:
    for trick in a.stmts(n.Trick):
        if trick.lead is None:
            add("first_leader", a.default("the trick is led by seat 0", trick.span))
        else:
            add("first_leader", a.place("the trick's 'lead'", trick.span, _clause_cites(trick, trick.lead), trick.lead))
        if trick.follow:
            cites = _clause_cites(trick, trick.follow[-1])
            add("follow", a.place("the trick's 'follow'", trick.span, cites, list(trick.follow)))
        else:
            add("follow", a.default("any card may be played to the trick", trick.span))
        if isinstance(trick.tie, n.TieByReading):
            add("trick_ties", a.place("the trick's 'tie'", trick.span, (), trick.tie))
        elif trick.tie is not None:
            add("trick_ties", a.place(f"the trick's 'tie {trick.tie}'", trick.span, _tie_cites(trick)))
        else:
            add("trick_ties", a.default("an unbroken tie is a rule gap", trick.span))


def _tie_cites(trick: n.Trick) -> list[n.Cite]:
    taken = {c.span.line for rule in trick.winner_rules for c in trick.clause_cites if c.span.line == rule.span.line}
    return [c for c in trick.clause_cites if c.span.line not in taken and c.span.line > trick.span.line] or list(
        trick.cites
    )


def _partners(a: _Answerer, add) -> None:
    game = a.game
    if game.teams is not None:
        add("partners", a.place("the teams line", game.teams.span, game.teams.cites))
    elif game.individual is not None:
        add("partners", a.place("'individual play'", game.individual.span, game.individual.cites))
    elif max(a.model.players, default=1) >= 4:
        add("partners", a.default("every player plays for himself"))


def _combinations(a: _Answerer, add) -> None:
    game = a.game
    if not a.stmts(n.ScoringOf, n.BestOf) and not any(
        isinstance(x, (n.ScoringOf, n.BestOf)) for ex in game.examples for x in walk_nodes(ex)
    ):
        return
    copies = max((d.copies for d in game.decks), default=1)
    for scoring in game.scorings:
        name = f"scoring '{scoring.name}'"
        if scoring.groups is not None:
            add(
                "card_reuse",
                a.place(f"the groups policy of {name}", scoring.groups.span, scoring.groups.cites, scoring.groups),
            )
        elif scoring.reusable is not None:
            add("card_reuse", a.place(f"the reusable cards of {name}", scoring.span, scoring.reusable_cites))
        else:
            add("card_reuse", a.default(f"{name} counts a card in one group at most", scoring.span))
        if scoring.split is not None:
            add("split", a.place(f"the split policy of {name}", scoring.split.span, scoring.split.cites, scoring.split))
        else:
            add("split", a.default(f"{name} takes the split that scores best", scoring.span))
        for pattern in scoring.patterns:
            kind = "of one suit" if pattern.one_suit else "of any suits"
            if pattern.shape == "sequence":
                add("run_suits", a.place(f"pattern '{pattern.name}' ({kind})", pattern.span, pattern.cites, pattern))
            if pattern.shape == "same_rank" and copies > 1:
                add("twins", a.place(f"pattern '{pattern.name}'", pattern.span, pattern.cites, pattern))


def _ends(a: _Answerer, add) -> None:
    game = a.game
    flow = game.flow
    if flow is None:
        return
    loops = [s for s in walk_nodes(flow) if isinstance(s, (n.While, n.Repeat))]
    inner = [
        loop for loop in loops if any(isinstance(x, (n.Trick, n.ChooseCard, n.Bid)) for x in walk_nodes(loop.body))
    ]
    deal_loops = [loop for loop in inner if not any(x is not loop and x in inner for x in walk_nodes(loop.body))]
    for loop in deal_loops:
        test = loop.until if isinstance(loop, n.Repeat) else loop.cond
        add("end_of_deal", a.place(f"the loop on line {loop.span.line}", loop.span, loop.cites, test))
    tops = [s for s in flow.stmts if isinstance(s, (n.While, n.Repeat)) and s not in deal_loops]
    for loop in tops:
        test = loop.until if isinstance(loop, n.Repeat) else loop.cond
        add("end_of_match", a.place(f"the loop on line {loop.span.line}", loop.span, loop.cites, test))
    for end in a.stmts(n.EndGame):
        add("end_of_match", a.place("an 'end game'", end.span, end.cites))
    if not tops and not a.stmts(n.EndGame):
        add("end_of_match", a.default("the match ends with the flow", flow.span))
    if game.result is not None:
        add("winner", a.place("the result", game.result.span, game.result_cites, game.result))
    _final_ties(a, tops, add)


def _final_ties(a: _Answerer, tops, add) -> None:
    game = a.game
    if game.result is None and game.outcome == "best":
        return
    span = game.outcome_span or (game.result.span if game.result is not None else NOWHERE)
    if game.outcome != "best" or game.ties is not None:
        what = f"'ties {game.ties}'" if game.outcome == "best" else f"the outcome '{game.outcome}'"
        add("final_ties", a.place(what, span, game.winners_cites))
        return
    # A reading in the test that ends the match decides whether a shared lead ends it.
    tests = [loop.until if isinstance(loop, n.Repeat) else loop.cond for loop in tops]
    readings = [r for test in tests for r in _readings_in(test)]
    if readings:
        add("final_ties", Place(AMBIGUITY, "the test that ends the match", tops[0].span, ambiguity=", ".join(readings)))
    else:
        add("final_ties", a.default(f"'winners {game.winners}' shares the win among equal best results", span))


# --- the report ----------------------------------------------------------------------------------


def counts(answers: list[Answer]) -> dict[str, int]:
    return {how: sum(answer.how == how for answer in answers) for how in ANSWERS}


def conventions_report(answers: list[Answer]) -> list[str]:
    """The lines `validate --assumptions` prints for one file's conventions."""
    tally = counts(answers)
    lines = [
        f"  conventions ({len(answers)} questions): {tally[CITATION]} answered by citation, "
        f"{tally[AMBIGUITY]} by an ambiguity, {tally[ENCODING]} by the encoding"
    ]
    for answer in answers:
        lines.append(f"    {answer.question.text}: {answer.how}")
        for place in answer.places:
            where = f"line {place.span.line}" if place.span is not NOWHERE else "language"
            said = place.how
            if place.cite is not None:
                said += f" @{place.cite.source}:{place.cite.line}" + (
                    f' "{place.cite.quote}"' if place.cite.quote else ""
                )
            if place.ambiguity:
                said += f" ({place.ambiguity})"
            lines.append(f"      {where}: {place.what}: {said}")
            if place.quote_problem:
                lines.append(f"        ! {place.quote_problem}")
    return lines
