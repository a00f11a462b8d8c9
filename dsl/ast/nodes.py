"""The abstract syntax tree: dataclasses (see `node_class`), every node carrying the span it came from.

Expressions get a `type` filled in by the checker (`dsl.checks.resolve`); nothing else in the
tree is mutated after parsing.
"""

from __future__ import annotations

from dataclasses import field
from typing import Optional

from ..report.diagnostics import NOWHERE, Span
from .node_class import node


@node
class Node:
    span: Span = field(default=NOWHERE, kw_only=True)


@node
class Cite(Node):
    source: str
    line: int
    quote: Optional[str] = None


@node
class Cited(Node):
    """A node that may carry citations of the source text."""

    cites: list[Cite] = field(default_factory=list, kw_only=True)


# ------------------------------------------------------------------ expressions


@node
class Expr(Node):
    type: Optional[str] = field(default=None, kw_only=True, compare=False)


@node
class Num(Expr):
    value: int


@node
class Str(Expr):
    value: str


@node
class Bool(Expr):
    value: bool


@node
class NoneLit(Expr):
    pass


@node
class Name(Expr):
    id: str


@node
class RankLit(Expr):
    rank: str


@node
class SuitLit(Expr):
    suit: str


@node
class CardPattern(Node):
    """`red A`, `J`, `2..10`, `♠`, `Joker`: a test on one card's colour, rank and suit."""

    color: Optional[str] = None
    rank_lo: Optional[str] = None
    rank_hi: Optional[str] = None
    suit: Optional[str] = None

    def text(self) -> str:
        parts = [self.color] if self.color else []
        if self.rank_lo:
            parts.append(self.rank_lo + (f"..{self.rank_hi}" if self.rank_hi else ""))
        if self.suit:
            parts.append(self.suit)
        return " ".join(parts)


@node
class CardList(Expr):
    cards: list[tuple[str, Optional[str]]]


@node
class TupleLit(Expr):
    items: list[Expr]


@node
class BinOp(Expr):
    op: str
    left: Expr
    right: Expr


@node
class BoolOp(Expr):
    op: str  # "and" | "or"
    operands: list[Expr]


@node
class Not(Expr):
    operand: Expr


@node
class Neg(Expr):
    operand: Expr


@node
class IfExpr(Expr):
    cond: Expr
    then: Expr
    otherwise: Expr


@node
class IsEmpty(Expr):
    subject: Expr
    negated: bool = False


@node
class IsPattern(Expr):
    subject: Expr
    pattern: CardPattern
    negated: bool = False


@node
class IsOut(Expr):
    """`p is out`: the player has been knocked out of the game (`eliminate p`)."""

    subject: Expr
    negated: bool = False


@node
class Has(Expr):
    subject: Expr
    pattern: CardPattern


@node
class Of(Expr):
    """`NAME of X`: a per-player zone or variable of a player, or a card/player attribute."""

    name: str
    arg: Expr


@node
class ValueOf(Expr):
    table: str
    arg: Expr


@node
class SumOf(Expr):
    table: str
    arg: Expr


@node
class ScoringOf(Expr):
    scoring: str
    arg: Expr


@node
class BestOf(Expr):
    """`best K of CARDS by SCORING`: keep the best K cards, score them by optimal partition."""

    count: Expr
    arg: Expr
    scoring: str


@node
class HighestOf(Expr):
    arg: Expr
    order: Optional[str] = None


@node
class Count(Expr):
    arg: Expr


@node
class RandomOf(Expr):
    """One of the players or cards of `arg`, picked with the state's random generator."""

    arg: Expr


@node
class Range(Expr):
    """The numbers from `low` to `high`, both included (`for each n in 1..N`)."""

    low: Expr
    high: Expr


@node
class AllRanks(Expr):
    """The ranks of the game's cards, lowest first in the default order (`for each rank r`)."""


@node
class AllTeams(Expr):
    """The teams that have members now, in seat order of their first member (`for each team t`)."""


@node
class AnyWhere(Expr):
    quantifier: str  # "any" | "all"
    collection: Expr
    cond: Expr


@node
class CardsWhere(Expr):
    collection: Expr
    cond: Expr


@node
class PlayersWhere(Expr):
    var: str
    within: Optional[Expr]
    cond: Optional[Expr]
    extreme: Optional[str] = None  # "highest" | "lowest"
    key: Optional[Expr] = None


@node
class ReadingSwitch(Expr):
    ambiguity: str
    cases: list[tuple[str, Expr]]


@node
class ReadingIs(Expr):
    ambiguity: str
    reading: str


@node
class Call(Expr):
    func: str
    args: list[Expr]


# ------------------------------------------------------------------ statements


@node
class ZoneRef(Node):
    name: str
    owner: Optional[Expr] = None


@node
class Stmt(Cited):
    pass


@node
class Block(Node):
    stmts: list[Stmt]


@node
class Shuffle(Stmt):
    zone: ZoneRef


@node
class Move(Stmt):
    amount: str  # "all" | "top" | "middle" | "where" | "card"
    arg: Optional[Expr]
    source: ZoneRef
    dest: ZoneRef
    as_group: bool = False
    place: str = "top"  # where the cards go in `dest`: "top", "bottom", "random" (each), "shuffled"


@node
class DealEach(Stmt):
    count: Expr
    source: ZoneRef
    zone: str
    start: Optional[Expr] = None


@node
class DealEvenly(Stmt):
    source: ZoneRef
    zone: str
    rest: Optional[ZoneRef] = None
    start: Optional[Expr] = None  # who is dealt first; seat 0 when not said


@node
class Draw(Stmt):
    count: Expr
    source: ZoneRef
    dest: ZoneRef


@node
class Gather(Stmt):
    dest: ZoneRef


@node
class Assign(Stmt):
    target: Expr
    op: str
    value: Expr


@node
class If(Stmt):
    branches: list[tuple[Expr, Block]]
    otherwise: Optional[Block] = None


@node
class Repeat(Stmt):
    body: Block
    until: Expr


@node
class RepeatTimes(Stmt):
    count: Expr
    body: Block


@node
class While(Stmt):
    cond: Expr
    body: Block


@node
class ForPlayers(Stmt):
    var: str
    start: Optional[Expr]
    cond: Optional[Expr]
    body: Block
    # `simultaneously`: the cards its `chooses N cards` statements move arrive when the loop ends
    simultaneous: bool = False


@node
class ForEach(Stmt):
    var: str
    iterable: Expr
    body: Block


@node
class ForGroups(Stmt):
    var: str
    zone: ZoneRef
    body: Block


@node
class ChooseCard(Stmt):
    who: Expr
    var: str
    zone: ZoneRef
    legality: list[Expr] = field(default_factory=list)
    else_any: bool = False


@node
class ChooseCards(Stmt):
    who: Expr
    count: Expr
    source: ZoneRef
    dest: ZoneRef


@node
class ChooseOption(Stmt):
    who: Expr
    options: list[str]
    target: Expr
    suited: list[str] = field(default_factory=list)  # the options chosen together with a suit
    suit_target: Optional[Expr] = None  # where that suit goes (`none` for the other options)
    # (option, condition): offered only when the condition holds (for a suited one, `suit` is
    # the suit offered with it)
    conds: list[tuple[str, Expr]] = field(default_factory=list)


@node
class ChooseSuit(Stmt):
    who: Expr
    target: Expr
    cond: Optional[Expr] = None  # which suits may be chosen: `suit` is the suit tried


@node
class ChooseValue(Stmt):
    """`p chooses player q where C` or `p chooses rank r from Z where C`: a new variable `var`."""

    who: Expr
    kind: str  # "player" | "rank"
    var: str
    zone: Optional[ZoneRef] = None  # the ranks offered are those of the cards there
    cond: Optional[Expr] = None


@node
class Bid(Stmt):
    who: Expr
    target: Expr
    low: Expr
    high: Expr
    step: Optional[Expr] = None
    can_pass: bool = False
    exclude: Optional[Expr] = None  # a value that may not be bid (`except 13 - sum(bid)`)
    called: list[tuple[int, str]] = field(default_factory=list)  # named values: (0, "nil")


@node
class WinRule(Cited):
    cond: Optional[Expr]
    where: Optional[Expr]
    order: Optional[str] = None


@node
class TieByReading(Node):
    """`tie reading trick_tie { first_played => first  last_played => last }`"""

    ambiguity: str
    cases: list[tuple[str, str]]


@node
class Trick(Stmt):
    lead: Optional[Expr] = None
    among: Optional[tuple[str, Expr]] = None
    play_from: Optional[str] = None
    play_to: Optional[str] = None
    follow: list[Expr] = field(default_factory=list)
    follow_else_any: bool = False
    winner_rules: list[WinRule] = field(default_factory=list)
    tie: Optional[str | TieByReading] = None
    take_into: Optional[str] = None
    take_as_group: bool = False
    clause_cites: list[Cite] = field(default_factory=list)
    # Lead rules: the first condition some card of the leader's hand meets decides what he may lead.
    lead_where: list[Expr] = field(default_factory=list)
    lead_else_any: bool = False
    turns: list["TrickTurn"] = field(default_factory=list)
    # `play for dummy from board by declarer`: that seat's cards come from another zone of his,
    # and another seat chooses them.
    proxy: Optional["TrickProxy"] = None


# ---------------------------------------------------------------- lead rules and turns in a trick


@node
class TrickProxy(Node):
    """`play for WHO from ZONE by BY`: when WHO's turn comes, BY chooses his card from ZONE of WHO."""

    who: Expr
    zone: str
    by: Expr


@node
class TrickTurn(Cited):
    """`at turn of dealer { ... }`: statements run when that seat's turn in the trick comes,
    before it plays."""

    who: Expr
    body: Block


@node
class EndGame(Stmt):
    pass


@node
class Gap(Stmt):
    message: str


# ------------------------------------------------------------------ teams, outcomes, knock-outs


@node
class Standing(Stmt):
    """A change of a player's standing: `p joins bidders` (a team formed in play), `eliminate p`,
    `end game in a draw` (no player wins: `player` is None)."""

    kind: str  # "join" | "out" | "draw"
    player: Optional[Expr] = None
    team: Optional[Expr] = None


@node
class Teams(Cited):
    """`teams partners opposite`, `teams a, b by seating: 0 2 / 1 3`, `teams a, b formed in play`."""

    rule: str  # "opposite" | "seating" | "in_play"
    names: list[str] = field(default_factory=list)
    seats: list[list[int]] = field(default_factory=list)  # by seating: the seats of each team


@node
class House(Cited):
    """`house dealer`: a participant that follows the rules written for it and is no seat."""

    name: str


# ------------------------------------------------------------------ declarations


@node
class Source(Node):
    name: str
    file: str
    title: Optional[str] = None  # what the text calls itself, for people (`doc`)


@node
class Players(Cited):
    counts: list[int]


@node
class Individual(Cited):
    """`individual play`: every player plays for himself (no partnerships), stated and cited."""


@node
class DeckLine(Cited):
    copies: int = 1
    jokers: int = 0
    when: Optional[Expr] = None
    without: list[CardPattern] = field(default_factory=list)  # `deck standard without 2..8`


# ---------------------------------------------------------------- decks of any kind


@node
class SuitsLine(Cited):
    """`suits coins cups swords batons`: the suits' names, in the order of ♠ ♥ ♦ ♣."""

    names: list[str]


@node
class RanksLine(Cited):
    """`ranks asso 2 3 4 5 6 7 fante cavallo re`: the deck's own ranks, lowest first."""

    names: list[str]


@node
class SuitInPlay(Cited):
    """`suit in play = ...`: the suit a card follows and wins in (bare `suit` is its printed one)."""

    expr: Expr


@node
class OrderLine(Cited):
    name: Optional[str]
    ranks: list[str]


@node
class ValueEntry(Node):
    pattern: CardPattern
    amount: object  # int | "face" | None


@node
class ValueTable(Cited):
    name: str
    entries: list[ValueEntry]


@node
class Zone(Cited):
    name: str
    per_player: bool
    visibility: str = "everyone"
    grouped: bool = False


@node
class Var(Cited):
    name: str
    type_name: str
    per_player: bool = False
    init: Optional[Expr] = None
    visibility: str = "everyone"  # who may read it in an observation: everyone, owner, nobody
    per_team: bool = False  # one value per team, shared by its members (`per team`)


@node
class Reading(Cited):
    name: str
    description: Optional[str] = None


@node
class Ambiguity(Cited):
    name: str
    question: str
    readings: list[Reading]
    default: Optional[str] = None
    default_span: Span = NOWHERE


@node
class Pattern(Cited):
    name: str
    shape: str  # "same_rank" | "sequence" | "sum" | "ranks"
    size: int = 0
    order: Optional[str] = None
    one_suit: bool = False  # a sequence whose cards share one suit (`3 in sequence of a suit`)
    table: Optional[str] = None
    target: int = 0
    ranks: list[CardPattern] = field(default_factory=list)
    where: Optional[Expr] = None
    score: Expr = None  # type: ignore[assignment]


@node
class ScoringPolicy(Cited):
    """`groups disjoint`, `split greedy`, or one per reading: `groups reading R { a => overlapping }`.

    `value` is set for a fixed policy, `ambiguity` and `cases` (reading -> value) for one chosen
    by reading."""

    kind: str  # "groups" | "split"
    value: Optional[str] = None
    ambiguity: Optional[str] = None
    cases: list[tuple[str, str]] = field(default_factory=list)

    def values(self) -> list[str]:
        return [self.value] if self.value is not None else [value for _, value in self.cases]


@node
class Scoring(Cited):
    name: str
    patterns: list[Pattern] = field(default_factory=list)
    leftover: Optional[Expr] = None
    reusable: Optional[CardPattern] = None
    reusable_cites: list[Cite] = field(default_factory=list)
    lowest: bool = False
    # Unstated (None), the solver counts each card in one group at most and takes the split
    # that scores best for the player: `groups disjoint`, `split best`.
    groups: Optional[ScoringPolicy] = None
    split: Optional[ScoringPolicy] = None


@node
class Define(Cited):
    """`define soft_total(Z) = ...`: a named expression, expanded at each use."""

    name: str
    params: list[str]
    body: Expr


@node
class Trigger(Cited):
    card_var: str
    zone: str
    player_var: str
    cond: Optional[Expr]
    body: Block


@node
class ExampleExpect(Cited):
    expr: Expr


@node
class Example(Cited):
    title: str
    players: Optional[int] = None
    players_span: Optional[Span] = None
    after_setup: bool = False
    stmts: list[Stmt] = field(default_factory=list)
    expects: list[ExampleExpect] = field(default_factory=list)


@node
class Game(Node):
    name: str
    file: str = "<input>"
    variant_of: Optional[str] = None
    variant_span: Optional[Span] = None  # where the base file is named
    sources: list[Source] = field(default_factory=list)
    players: Optional[Players] = None
    individual: Optional[Individual] = None
    decks: list[DeckLine] = field(default_factory=list)
    suits: list[SuitsLine] = field(default_factory=list)
    ranks: list[RanksLine] = field(default_factory=list)
    suits_in_play: list[SuitInPlay] = field(default_factory=list)
    orders: list[OrderLine] = field(default_factory=list)
    values: list[ValueTable] = field(default_factory=list)
    zones: list[Zone] = field(default_factory=list)
    vars: list[Var] = field(default_factory=list)
    ambiguities: list[Ambiguity] = field(default_factory=list)
    scorings: list[Scoring] = field(default_factory=list)
    triggers: list[Trigger] = field(default_factory=list)
    defines: list[Define] = field(default_factory=list)
    examples: list[Example] = field(default_factory=list)
    flow: Optional[Block] = None
    result: Optional[Expr] = None
    result_cites: list[Cite] = field(default_factory=list)
    winners: str = "highest"
    # outcomes: how equal best results end ("share" | "draw", None when the file does not say),
    # "best" (winners highest|lowest), "loser" (loser highest|lowest), "house" (winners against)
    # or "still_in" (the players not knocked out)
    ties: Optional[str] = None
    outcome: str = "best"
    outcome_span: Optional[Span] = None
    against: Optional[str] = None  # the house named by `winners against`
    teams: Optional[Teams] = None
    house: Optional[House] = None
    winners_cites: list[Cite] = field(default_factory=list)  # of the `winners`/`loser` line
