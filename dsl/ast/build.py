"""Lark parse tree -> AST, declared rule by rule.

Each grammar rule (or alias) is mapped in exactly one place: a small function registered with
`@rule("name")` that receives the rule's children already built and returns either a node or a
`Part`.  A `Part` is a clause of a block (`lead ...` in a trick, `seen by ...` in a zone): the
fields it sets on the node of its block and the lists it extends.  The block's own rule builds
its node and lets `Kids.fill` apply its parts, which is also where a clause that a block takes
once, given twice, is reported (`duplicate-clause`) instead of overwriting the first.

Lark's `ast_utils.create_transformer` does not fit this grammar: it builds each class from the
rule's children positionally, while most rules here mix optional clauses, citations and tokens
that need decoding, and the limits walk of `dsl.syntax.bounds` depends on today's rule names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from lark import Token, Transformer

from ..report.diagnostics import NOWHERE, Diagnostic, Span, error
from . import nodes as n
from .literals import decode_string

DUPLICATE_CODE = "duplicate-clause"


@dataclass
class Part:
    """What one clause contributes to the node of its block.

    A clause with a `word` may appear once per block; one without (a part the grammar already
    allows only once, like a deck line's `2x`, or an item of a list) is applied as it comes."""

    word: str | None = None
    sets: dict[str, object] = field(default_factory=dict)
    adds: dict[str, list] = field(default_factory=dict)
    span: Span = NOWHERE


class Kids:
    """A rule's built children, sorted: citations, clauses (`Part`s) and the rest in order."""

    __slots__ = ("rest", "parts", "cites", "span", "_builder")

    def __init__(self, builder: "AstBuilder", meta, children: list):
        self._builder = builder
        self.span = Span.of(meta)
        self.rest: list = []
        self.parts: list[Part] = []
        self.cites: list[n.Cite] = []
        for child in children:
            if isinstance(child, n.Cite):
                self.cites.append(child)
            elif isinstance(child, Part):
                self.parts.append(child)
            elif not (isinstance(child, Token) and child.type == "ARROW"):
                self.rest.append(child)

    @property
    def file(self) -> str:
        return self._builder.file

    def part(self, word: str | None = None, adds: dict[str, list] | None = None, **sets) -> Part:
        """A clause of the enclosing block, located at this rule."""
        return Part(word, sets, adds or {}, self.span)

    def fill(self, node, block: str):
        """The node with its clauses applied in order; a worded clause given twice is reported
        at its second occurrence and the first is kept."""
        first: dict[str, Span] = {}
        for part in self.parts:
            if part.word is not None:
                if part.word in first:
                    self._builder.duplicate(part, block, first[part.word])
                    continue
                first[part.word] = part.span
            for name, value in part.sets.items():
                setattr(node, name, value)
            for name, values in part.adds.items():
                getattr(node, name).extend(values)
        return node


RuleFn = Callable[[Kids], object]
RULES: dict[str, RuleFn] = {}


def rule(*names: str) -> Callable[[RuleFn], RuleFn]:
    def register(fn: RuleFn) -> RuleFn:
        for name in names:
            assert name not in RULES, f"rule {name} is mapped twice"
            RULES[name] = fn
        return fn

    return register


class AstBuilder(Transformer):
    """Builds a `Game` from a parse tree; `diagnostics` holds what the building found wrong."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file
        self.diagnostics: list[Diagnostic] = []

    def __default__(self, data, children, meta):
        return RULES[data](Kids(self, meta, children))

    def duplicate(self, part: Part, block: str, first: Span) -> None:
        where = f"line {first.line}" + (f", column {first.column}" if first.line == part.span.line else "")
        self.diagnostics.append(
            error(
                DUPLICATE_CODE,
                f"'{part.word}' is given twice in this {block}",
                part.span,
                file=self.file,
                notes=[f"the first '{part.word}' is on {where}"],
                hint=f"keep the '{part.word}' you mean and remove the other: each {block} takes one",
            )
        )


def _string(tok: Token) -> str:
    # The parser has already rejected escapes the language does not define.
    return decode_string(str(tok))


def _optional(items: list):
    return items[0] if items else None


# ------------------------------------------------------------------ file
@rule("start")
def _start(k: Kids):
    return k.fill(n.Game(name="", file=k.file, span=k.span), "file")


@rule("game_header")
def _game_header(k: Kids):
    header = k.part(name=_string(k.rest[0]))
    for variant in k.parts:
        header.sets.update(variant.sets)
    return header


@rule("variant_of")
def _variant_of(k: Kids):
    return k.part(variant_of=_string(k.rest[0]), variant_span=Span.of(k.rest[0]))


@rule("source_decl")
def _source_decl(k: Kids):
    title = _string(k.rest[2]) if len(k.rest) > 2 else None
    return k.part(adds={"sources": [n.Source(str(k.rest[0]), _string(k.rest[1]), title, span=k.span)]})


@rule("cite")
def _cite(k: Kids):
    quote = _string(k.rest[2]) if len(k.rest) > 2 else None
    return n.Cite(str(k.rest[0]), int(k.rest[1]), quote, span=k.span)


@rule("players_decl")
def _players_decl(k: Kids):
    return k.part("players", players=n.Players(k.rest[0], cites=k.cites, span=k.span))


@rule("player_range")
def _player_range(k: Kids):
    return list(range(int(k.rest[0]), int(k.rest[1]) + 1))


@rule("player_list")
def _player_list(k: Kids):
    return [int(c) for c in k.rest]


# ------------------------------------------------------------------ cards
@rule("cards_decl")
def _cards_decl(k: Kids):
    lines: dict[str, list] = {"decks": [], "orders": [], "values": [], "suits": [], "ranks": [], "suits_in_play": []}
    for part in k.parts:
        for name, values in part.adds.items():
            lines[name].extend(values)
    return k.part(adds=lines)


@rule("deck_line")
def _deck_line(k: Kids):
    return k.part(adds={"decks": [k.fill(n.DeckLine(cites=k.cites, span=k.span), "deck line")]})


@rule("deck_copies")
def _deck_copies(k: Kids):
    return k.part(copies=int(k.rest[0]))


@rule("deck_jokers")
def _deck_jokers(k: Kids):
    return k.part(jokers=int(k.rest[0]))


@rule("deck_when")
def _deck_when(k: Kids):
    return k.part(when=k.rest[0])


@rule("deck_without")
def _deck_without(k: Kids):
    return k.part(without=list(k.rest))


@rule("suits_line")
def _suits_line(k: Kids):
    return k.part(adds={"suits": [n.SuitsLine([str(t) for t in k.rest], cites=k.cites, span=k.span)]})


@rule("ranks_line")
def _ranks_line(k: Kids):
    return k.part(adds={"ranks": [n.RanksLine(list(k.rest), cites=k.cites, span=k.span)]})


@rule("suit_in_play_line")
def _suit_in_play_line(k: Kids):
    return k.part(adds={"suits_in_play": [n.SuitInPlay(k.rest[0], cites=k.cites, span=k.span)]})


@rule("named_suit")
def _named_suit(k: Kids):
    return Token("SUIT", str(k.rest[0]))


@rule("order_line")
def _order_line(k: Kids):
    rest = list(k.rest)
    name = str(rest.pop(0)) if rest and isinstance(rest[0], Token) and rest[0].type == "NAME" else None
    return k.part(adds={"orders": [n.OrderLine(name, [str(r) for r in rest], cites=k.cites, span=k.span)]})


@rule("rank_word")
def _rank_word(k: Kids):
    return str(k.rest[0])


@rule("value_line")
def _value_line(k: Kids):
    table = n.ValueTable(str(k.rest[0]), k.rest[1:], cites=k.cites, span=k.span)
    return k.part(adds={"values": [table]})


@rule("value_entry")
def _value_entry(k: Kids):
    return n.ValueEntry(k.rest[0], k.rest[1], span=k.span)


@rule("value_number")
def _value_number(k: Kids):
    return int(k.rest[0])


@rule("value_face")
def _value_face(k: Kids):
    return "face"


@rule("value_none")
def _value_none(k: Kids):
    return None


@rule("card_pattern")
def _card_pattern(k: Kids):
    pattern = k.fill(n.CardPattern(span=k.span), "card pattern")
    for tok in k.rest:
        if tok.type == "COLOR":
            pattern.color = str(tok)
        elif tok.type == "SUIT":
            pattern.suit = str(tok)
    return pattern


@rule("rank_span")
def _rank_span(k: Kids):
    return k.part(rank_lo=k.rest[0], rank_hi=_optional(k.rest[1:]))


# ------------------------------------------------------------------ zones and variables
@rule("zone_decl")
def _zone_decl(k: Kids):
    name, per_player = k.rest
    return k.part(adds={"zones": [k.fill(n.Zone(str(name), per_player, cites=k.cites, span=k.span), "zone")]})


@rule("per_player")
def _per_player(k: Kids):
    return True


@rule("shared")
def _shared(k: Kids):
    return False


@rule("zone_visibility")
def _zone_visibility(k: Kids):
    return k.part("seen by", visibility=str(k.rest[0]))


@rule("zone_grouped")
def _zone_grouped(k: Kids):
    return k.part("grouped", grouped=True)


@rule("var_decl")
def _var_decl(k: Kids):
    name, type_name, *init = k.rest
    var = n.Var(str(name), str(type_name), init=_optional(init), cites=k.cites, span=k.span)
    return k.part(adds={"vars": [k.fill(var, "variable")]})


@rule("per_player_flag")
def _per_player_flag(k: Kids):
    return k.part("per player", per_player=True)


@rule("var_visibility")
def _var_visibility(k: Kids):
    return k.part("seen by", visibility=str(k.rest[0]))


# ------------------------------------------------------------------ ambiguities
@rule("ambiguity_decl")
def _ambiguity_decl(k: Kids):
    name, question, *readings = k.rest
    amb = n.Ambiguity(str(name), _string(question), readings, cites=k.cites, span=k.span)
    return k.part(adds={"ambiguities": [k.fill(amb, "ambiguity")]})


@rule("reading_decl")
def _reading_decl(k: Kids):
    description = _string(k.rest[1]) if len(k.rest) > 1 else None
    return n.Reading(str(k.rest[0]), description, cites=k.cites, span=k.span)


@rule("default_decl")
def _default_decl(k: Kids):
    return k.part("default", default=str(k.rest[0]), default_span=Span.of(k.rest[0]))


# ------------------------------------------------------------------ scoring
@rule("scoring_decl")
def _scoring_decl(k: Kids):
    name, *patterns = k.rest
    scoring = n.Scoring(str(name), patterns=patterns, cites=k.cites, span=k.span)
    return k.part(adds={"scorings": [k.fill(scoring, "scoring")]})


@rule("pattern_decl")
def _pattern_decl(k: Kids):
    name, *where, score = k.rest
    pattern = n.Pattern(str(name), "", where=_optional(where), score=score, cites=k.cites, span=k.span)
    return k.fill(pattern, "pattern")


@rule("shape_same_rank")
def _shape_same_rank(k: Kids):
    return k.part(shape="same_rank", size=int(k.rest[0]))


@rule("shape_sequence")
def _shape_sequence(k: Kids):
    order = str(k.rest[1]) if len(k.rest) > 1 else None
    return k.part(shape="sequence", size=int(k.rest[0]), order=order, one_suit=bool(k.parts))


@rule("one_suit")
def _one_suit(k: Kids):
    return k.part()


@rule("shape_sum")
def _shape_sum(k: Kids):
    return k.part(shape="sum", table=str(k.rest[0]), target=int(k.rest[1]))


@rule("shape_ranks")
def _shape_ranks(k: Kids):
    return k.part(shape="ranks", ranks=list(k.rest))


# The citations of these three lines are not kept: the scoring's own citations cover them.
@rule("leftover_decl")
def _leftover_decl(k: Kids):
    return k.part("leftover", leftover=k.rest[0])


@rule("reusable_decl")
def _reusable_decl(k: Kids):
    # Kept apart from the scoring's own: a cited `reusable` states the solver's reuse policy.
    return k.part("reusable", reusable=k.rest[0], reusable_cites=k.cites)


@rule("groups_fixed", "split_fixed")
def _policy_fixed(k: Kids):
    kind = "groups" if k.rest[0].type == "GROUPING" else "split"
    policy = n.ScoringPolicy(kind, value=str(k.rest[0]), cites=k.cites, span=k.span)
    return k.part(kind, **{kind: policy})


@rule("groups_by_reading", "split_by_reading")
def _policy_by_reading(k: Kids):
    ambiguity, *cases = k.rest
    kind = "groups" if cases[0][2] == "GROUPING" else "split"
    policy = n.ScoringPolicy(
        kind, ambiguity=str(ambiguity), cases=[(r, v) for r, v, _ in cases], cites=k.cites, span=k.span
    )
    return k.part(kind, **{kind: policy})


@rule("groups_case", "split_case")
def _policy_case(k: Kids):
    return (str(k.rest[0]), str(k.rest[1]), k.rest[1].type)


@rule("lowest_decl")
def _lowest_decl(k: Kids):
    return k.part("lowest wins", lowest=True)


# ------------------------------------------------------------------ triggers, examples, result
@rule("define_decl")
def _define_decl(k: Kids):
    name, *rest = k.rest
    params = rest[0] if len(rest) == 2 else []
    define = n.Define(str(name), params, rest[-1], cites=k.cites, span=k.span)
    return k.part(adds={"defines": [define]})


@rule("define_params")
def _define_params(k: Kids):
    return [str(name) for name in k.rest]


@rule("trigger_decl")
def _trigger_decl(k: Kids):
    card_var, zone, player_var, *cond, body = k.rest
    trigger = n.Trigger(str(card_var), str(zone), str(player_var), _optional(cond), body, cites=k.cites, span=k.span)
    return k.part(adds={"triggers": [trigger]})


@rule("example_decl")
def _example_decl(k: Kids):
    title, *lines = k.rest
    example = n.Example(_string(title), cites=k.cites, span=k.span)
    example.expects = [line for line in lines if isinstance(line, n.ExampleExpect)]
    example.stmts = [line for line in lines if not isinstance(line, n.ExampleExpect)]
    return k.part(adds={"examples": [k.fill(example, "example")]})


@rule("example_players")
def _example_players(k: Kids):
    return k.part("players", players=int(k.rest[0]), players_span=Span.of(k.rest[0]))


@rule("example_setup")
def _example_setup(k: Kids):
    return k.part("after setup", after_setup=True)


@rule("example_expect")
def _example_expect(k: Kids):
    return n.ExampleExpect(k.rest[0], cites=k.cites, span=k.span)


@rule("result_decl")
def _result_decl(k: Kids):
    return k.part("result", result=k.rest[0], result_cites=k.cites)


@rule("individual_decl")
def _individual_decl(k: Kids):
    return k.part("individual play", individual=n.Individual(cites=k.cites, span=k.span))


@rule("winners_decl")
def _winners_decl(k: Kids):
    part = k.part("winners", winners=str(k.rest[0]), winners_cites=k.cites)
    for ties in k.parts:  # `, ties share`
        part.sets.update(ties.sets)
    return part


# ------------------------------------------------------------------ statements
@rule("flow_decl")
def _flow_decl(k: Kids):
    return k.part("flow", flow=k.rest[0])


@rule("block")
def _block(k: Kids):
    return n.Block(list(k.rest), span=k.span)


@rule("stmt")
def _stmt(k: Kids):
    # The statement keeps the span of its own text; the citations after it are not part of it.
    node = k.rest[0]
    node.cites = k.cites
    return node


@rule("zone_ref")
def _zone_ref(k: Kids):
    return n.ZoneRef(str(k.rest[0]), _optional(k.rest[1:]), span=k.span)


@rule("shuffle_stmt")
def _shuffle_stmt(k: Kids):
    return n.Shuffle(k.rest[0], span=k.span)


@rule("move_stmt")
def _move_stmt(k: Kids):
    source, dest = k.rest
    return k.fill(n.Move("", None, source, dest, span=k.span), "move")


@rule("amount_all")
def _amount_all(k: Kids):
    return k.part(amount="all", arg=None)


def _amount(kind: str) -> RuleFn:
    def build(k: Kids):
        return k.part(amount=kind, arg=k.rest[0])

    return build


for _kind in ("top", "middle", "where", "card"):
    rule(f"amount_{_kind}")(_amount(_kind))


def _place(where: str) -> RuleFn:
    def build(k: Kids):
        return k.part(place=where)

    return build


for _where in ("bottom", "random", "shuffled"):
    rule(f"place_{_where}")(_place(_where))


@rule("as_group")
def _as_group(k: Kids):
    return k.part(as_group=True)


@rule("deal_each")
def _deal_each(k: Kids):
    count, source, zone = k.rest
    return k.fill(n.DealEach(count, source, str(zone), span=k.span), "deal")


@rule("player_order")
def _player_order(k: Kids):
    return k.part(start=k.rest[0])


@rule("deal_evenly")
def _deal_evenly(k: Kids):
    source, zone, *rest = k.rest
    return k.fill(n.DealEvenly(source, str(zone), _optional(rest), span=k.span), "deal")


@rule("rest_to")
def _rest_to(k: Kids):
    return k.rest[0]


@rule("draw_stmt")
def _draw_stmt(k: Kids):
    return n.Draw(*k.rest, span=k.span)


@rule("gather_stmt")
def _gather_stmt(k: Kids):
    return n.Gather(k.rest[0], span=k.span)


@rule("assign_stmt")
def _assign_stmt(k: Kids):
    target, op, value = k.rest
    return n.Assign(target, str(op), value, span=k.span)


@rule("if_stmt")
def _if_stmt(k: Kids):
    cond, body = k.rest
    return k.fill(n.If([(cond, body)], span=k.span), "if")


@rule("elif_clause")
def _elif_clause(k: Kids):
    return k.part(adds={"branches": [tuple(k.rest)]})


@rule("else_clause")
def _else_clause(k: Kids):
    return k.part(otherwise=k.rest[0])


@rule("repeat_stmt")
def _repeat_stmt(k: Kids):
    return n.Repeat(k.rest[0], k.rest[1], span=k.span)


@rule("repeat_times_stmt")
def _repeat_times_stmt(k: Kids):
    return n.RepeatTimes(k.rest[0], k.rest[1], span=k.span)


@rule("while_stmt")
def _while_stmt(k: Kids):
    return n.While(k.rest[0], k.rest[1], span=k.span)


@rule("for_players_stmt")
def _for_players_stmt(k: Kids):
    var, *cond, body = k.rest
    return k.fill(n.ForPlayers(str(var), None, _optional(cond), body, span=k.span), "for")


@rule("simultaneously")
def _simultaneously(k: Kids):
    return k.part(simultaneous=True)


@rule("for_each_stmt")
def _for_each_stmt(k: Kids):
    var, iterable, body = k.rest
    return n.ForEach(str(var), iterable, body, span=k.span)


@rule("for_each_range")
def _for_each_range(k: Kids):
    var, low, high, body = k.rest
    return n.ForEach(
        str(var),
        n.Range(low, high, span=Span(low.span.line, low.span.column, high.span.end_line, high.span.end_column)),
        body,
        span=k.span,
    )


@rule("for_each_rank")
def _for_each_rank(k: Kids):
    var, body = k.rest
    return n.ForEach(str(var), n.AllRanks(span=k.span), body, span=k.span)


@rule("for_groups_stmt")
def _for_groups_stmt(k: Kids):
    var, zone, body = k.rest
    return n.ForGroups(str(var), zone, body, span=k.span)


@rule("choose_card_stmt")
def _choose_card_stmt(k: Kids):
    who, var, zone = k.rest
    # Without a `where`, any card of the zone may be chosen.
    return k.fill(n.ChooseCard(who, str(var), zone, [], True, span=k.span), "choice")


@rule("legality")
def _legality(k: Kids):
    return k.part(legality=list(k.rest), else_any=bool(k.parts))


@rule("else_any")
def _else_any(k: Kids):
    return k.part()


@rule("choose_cards_stmt")
def _choose_cards_stmt(k: Kids):
    return n.ChooseCards(*k.rest, span=k.span)


@rule("choose_option_stmt")
def _choose_option_stmt(k: Kids):
    who, *options, target = k.rest
    node = n.ChooseOption(who, [name for name, _, _ in options], target, span=k.span)
    node.suited = [name for name, suited, _ in options if suited]
    node.conds = [(name, cond) for name, _, cond in options if cond is not None]
    return k.fill(node, "choice")


@rule("option_item")
def _option_item(k: Kids):
    cond = k.rest[1] if len(k.rest) > 1 else None
    return (str(k.rest[0]), bool(k.parts), cond)


@rule("option_where")
def _option_where(k: Kids):
    return k.rest[0]


@rule("option_with_suit")
def _option_with_suit(k: Kids):
    return k.part()


@rule("option_suit")
def _option_suit(k: Kids):
    return k.part(suit_target=k.rest[0])


@rule("choose_suit_stmt")
def _choose_suit_stmt(k: Kids):
    return k.fill(n.ChooseSuit(k.rest[0], k.rest[1], span=k.span), "choice")


@rule("suit_where", "value_where")
def _value_where(k: Kids):
    return k.part(cond=k.rest[0])


@rule("value_from")
def _value_from(k: Kids):
    return k.part(zone=k.rest[0])


@rule("choose_player")
def _choose_player(k: Kids):
    return k.fill(n.ChooseValue(k.rest[0], "player", str(k.rest[1]), span=k.span), "choice")


@rule("choose_rank")
def _choose_rank(k: Kids):
    return k.fill(n.ChooseValue(k.rest[0], "rank", str(k.rest[1]), span=k.span), "choice")


@rule("bid_stmt")
def _bid_stmt(k: Kids):
    who, target, low, high, *step = k.rest
    return k.fill(n.Bid(who, target, low, high, _optional(step), span=k.span), "bid")


@rule("bid_except")
def _bid_except(k: Kids):
    return k.part("except", exclude=k.rest[0])


@rule("bid_called")
def _bid_called(k: Kids):
    return k.part(adds={"called": [(int(k.rest[0]), _string(k.rest[1]))]})


@rule("or_pass")
def _or_pass(k: Kids):
    return k.part(can_pass=True)


@rule("trick_stmt")
def _trick_stmt(k: Kids):
    return k.fill(n.Trick(span=k.span), "trick")


def _clause(k: Kids, word: str, **sets) -> Part:
    return k.part(word, adds={"clause_cites": k.cites}, **sets)


@rule("trick_lead")
def _trick_lead(k: Kids):
    return _clause(k, "lead", lead=k.rest[0])


@rule("trick_lead_where")
def _trick_lead_where(k: Kids):
    return _clause(k, "lead where", lead_where=list(k.rest), lead_else_any=bool(k.parts))


@rule("trick_turn")
def _trick_turn(k: Kids):
    who, body = k.rest
    return k.part(adds={"turns": [n.TrickTurn(who, body, cites=k.cites, span=k.span)]})


@rule("trick_proxy")
def _trick_proxy(k: Kids):
    who, zone, by = k.rest
    return _clause(k, "play for", proxy=n.TrickProxy(who, str(zone), by))


@rule("trick_players")
def _trick_players(k: Kids):
    return _clause(k, "among", among=(str(k.rest[0]), k.rest[1]))


@rule("trick_play")
def _trick_play(k: Kids):
    return _clause(k, "play", play_from=str(k.rest[0]), play_to=str(k.rest[1]))


@rule("trick_follow")
def _trick_follow(k: Kids):
    return _clause(k, "follow", follow=list(k.rest), follow_else_any=bool(k.parts))


@rule("trick_winner")
def _trick_winner(k: Kids):
    return k.part("winner", winner_rules=list(k.rest))


@rule("win_rule")
def _win_rule(k: Kids):
    return k.fill(n.WinRule(None, None, cites=k.cites, span=k.span), "winner rule")


@rule("win_if")
def _win_if(k: Kids):
    return k.part(cond=k.rest[0])


@rule("win_where")
def _win_where(k: Kids):
    return k.part(where=k.rest[0])


@rule("win_by")
def _win_by(k: Kids):
    return k.part(order=str(k.rest[0]))


@rule("tie_fixed")
def _tie_fixed(k: Kids):
    return _clause(k, "tie", tie=str(k.rest[0]))


@rule("tie_by_reading")
def _tie_by_reading(k: Kids):
    ambiguity, *cases = k.rest
    return _clause(k, "tie", tie=n.TieByReading(str(ambiguity), cases, span=k.span))


@rule("tie_case")
def _tie_case(k: Kids):
    return (str(k.rest[0]), str(k.rest[1]))


@rule("trick_take")
def _trick_take(k: Kids):
    return _clause(k, "take", take_into=str(k.rest[0]), take_as_group=bool(k.parts))


@rule("end_stmt")
def _end_stmt(k: Kids):
    return n.EndGame(span=k.span)


@rule("gap_stmt")
def _gap_stmt(k: Kids):
    return n.Gap(_string(k.rest[0]), span=k.span)


# ------------------------------------------------------------------ expressions
@rule("if_expr")
def _if_expr(k: Kids):
    return n.IfExpr(*k.rest, span=k.span)


def _bool_op(op: str) -> RuleFn:
    def build(k: Kids):
        return n.BoolOp(op, list(k.rest), span=k.span)

    return build


rule("or_expr")(_bool_op("or"))
rule("and_expr")(_bool_op("and"))


@rule("not_op")
def _not_op(k: Kids):
    return n.Not(k.rest[0], span=k.span)


@rule("comparison")
def _comparison(k: Kids):
    left, op, right = k.rest
    return n.BinOp(str(op), left, right, span=k.span)


@rule("sum_expr", "product")
def _binary_chain(k: Kids):
    # `a + b - c` is one tree; each nested operation keeps the span of the whole chain.
    left = k.rest[0]
    for i in range(1, len(k.rest), 2):
        left = n.BinOp(str(k.rest[i]), left, k.rest[i + 1], span=k.span)
    return left


# A test (`empty`, a card pattern) is built once its subject is known: it is a function of the
# subject and of whether the test is negated.
@rule("test_empty")
def _test_empty(k: Kids):
    return lambda subject, negated, span: n.IsEmpty(subject, negated, span=span)


@rule("test_pattern")
def _test_pattern(k: Kids):
    pattern = k.rest[0]
    return lambda subject, negated, span: n.IsPattern(subject, pattern, negated, span=span)


@rule("is_test")
def _is_test(k: Kids):
    subject, test = k.rest
    return test(subject, False, k.span)


@rule("is_not_test")
def _is_not_test(k: Kids):
    subject, test = k.rest
    return test(subject, True, k.span)


@rule("has_test")
def _has_test(k: Kids):
    return n.Has(k.rest[0], k.rest[1], span=k.span)


@rule("neg")
def _neg(k: Kids):
    sign, operand = k.rest
    return operand if str(sign) == "+" else n.Neg(operand, span=k.span)


def _named(cls) -> RuleFn:
    """`NAME of X` and its kin: a name, then the expression it applies to."""

    def build(k: Kids):
        return cls(str(k.rest[0]), k.rest[1], span=k.span)

    return build


rule("of_op")(_named(n.Of))
rule("value_of")(_named(n.ValueOf))
rule("sum_of")(_named(n.SumOf))
rule("scoring_of")(_named(n.ScoringOf))


@rule("best_of")
def _best_of(k: Kids):
    count, arg, scoring = k.rest
    return n.BestOf(count, arg, str(scoring), span=k.span)


@rule("highest_of")
def _highest_of(k: Kids):
    arg, *order = k.rest
    return n.HighestOf(arg, str(order[0]) if order else None, span=k.span)


@rule("printed_suit")
def _printed_suit(k: Kids):
    return n.Of("printed suit", k.rest[0], span=k.span)


@rule("random_of")
def _random_of(k: Kids):
    return n.RandomOf(k.rest[0], span=k.span)


@rule("count_of")
def _count_of(k: Kids):
    return n.Count(k.rest[0], span=k.span)


def _quantified(quantifier: str) -> RuleFn:
    def build(k: Kids):
        return n.AnyWhere(quantifier, k.rest[0], k.rest[1], span=k.span)

    return build


rule("any_where")(_quantified("any"))
rule("all_where")(_quantified("all"))


@rule("cards_where")
def _cards_where(k: Kids):
    return n.CardsWhere(k.rest[0], k.rest[1], span=k.span)


@rule("players_where")
def _players_where(k: Kids):
    return k.fill(n.PlayersWhere(str(k.rest[0]), None, None, span=k.span), "players filter")


@rule("players_in")
def _players_in(k: Kids):
    return k.part(within=k.rest[0])


@rule("players_cond")
def _players_cond(k: Kids):
    return k.part(cond=k.rest[0])


@rule("extreme")
def _extreme(k: Kids):
    word, key = k.rest
    return k.part(extreme=str(word).split()[-1], key=key)


def _literal(cls, value: Callable[[Kids], object]) -> RuleFn:
    def build(k: Kids):
        return cls(value(k), span=k.span)

    return build


rule("number")(_literal(n.Num, lambda k: int(k.rest[0])))
rule("string")(_literal(n.Str, lambda k: _string(k.rest[0])))
rule("true")(_literal(n.Bool, lambda k: True))
rule("false")(_literal(n.Bool, lambda k: False))
rule("name")(_literal(n.Name, lambda k: str(k.rest[0])))
rule("rank_literal")(_literal(n.RankLit, lambda k: str(k.rest[0])))
rule("suit_literal")(_literal(n.SuitLit, lambda k: str(k.rest[0])))
rule("card_list")(_literal(n.CardList, lambda k: list(k.rest)))
rule("tuple_literal")(_literal(n.TupleLit, lambda k: list(k.rest)))


@rule("none")
def _none(k: Kids):
    return n.NoneLit(span=k.span)


@rule("reading_switch")
def _reading_switch(k: Kids):
    ambiguity, *cases = k.rest
    return n.ReadingSwitch(str(ambiguity), cases, span=k.span)


@rule("reading_case")
def _reading_case(k: Kids):
    return (str(k.rest[0]), k.rest[1])


@rule("reading_is")
def _reading_is(k: Kids):
    return n.ReadingIs(str(k.rest[0]), str(k.rest[1]), span=k.span)


@rule("call")
def _call(k: Kids):
    func, *args = k.rest
    return n.Call(str(func), [a for a in args if a is not None], span=k.span)


@rule("sum_call")
def _sum_call(k: Kids):
    # `sum` is also the word of `sum meld of X`, so `sum(x)` has a rule of its own.
    return n.Call("sum", [k.rest[0]], span=k.span)


@rule("card_literal")
def _card_literal(k: Kids):
    return (k.rest[0], str(k.rest[1]) if len(k.rest) > 1 else None)


# ------------------------------------------------------------------ teams, outcomes, knock-outs
@rule("per_team_flag")
def _per_team_flag(k: Kids):
    # One value per team: given with `per player`, the second is reported as a clause given twice.
    return k.part("per player", per_player=True, per_team=True)


@rule("ties_share")
def _ties_share(k: Kids):
    return k.part("ties", ties="share")


@rule("ties_draw")
def _ties_draw(k: Kids):
    return k.part("ties", ties="draw")


@rule("loser_decl")
def _loser_decl(k: Kids):
    return k.part("winners", winners=str(k.rest[0]), outcome="loser", outcome_span=k.span, winners_cites=k.cites)


@rule("winners_against")
def _winners_against(k: Kids):
    return k.part(
        "winners", outcome="house", against=str(k.rest[0]), outcome_span=Span.of(k.rest[0]), winners_cites=k.cites
    )


@rule("winners_still_in")
def _winners_still_in(k: Kids):
    return k.part("winners", outcome="still_in", outcome_span=k.span, winners_cites=k.cites)


@rule("teams_decl")
def _teams_decl(k: Kids):
    names = k.rest[0] if len(k.rest) == 2 else []
    rule_name, seats = k.rest[-1]
    return k.part("teams", teams=n.Teams(rule_name, names, seats, cites=k.cites, span=k.span))


@rule("team_names")
def _team_names(k: Kids):
    return [str(name) for name in k.rest]


@rule("teams_opposite")
def _teams_opposite(k: Kids):
    return ("opposite", [])


@rule("teams_by_seating")
def _teams_by_seating(k: Kids):
    return ("seating", list(k.rest))


@rule("teams_in_play")
def _teams_in_play(k: Kids):
    return ("in_play", [])


@rule("team_seats")
def _team_seats(k: Kids):
    return [int(seat) for seat in k.rest]


@rule("house_decl")
def _house_decl(k: Kids):
    return k.part("house", house=n.House(str(k.rest[0]), cites=k.cites, span=k.span))


@rule("join_team")
def _join_team(k: Kids):
    return n.Standing("join", k.rest[0], k.rest[1], span=k.span)


@rule("knock_out")
def _knock_out(k: Kids):
    return n.Standing("out", k.rest[0], span=k.span)


@rule("end_in_draw")
def _end_in_draw(k: Kids):
    return n.Standing("draw", span=k.span)


@rule("for_each_team")
def _for_each_team(k: Kids):
    return n.ForEach(str(k.rest[0]), n.AllTeams(span=k.span), k.rest[1], span=k.span)


@rule("test_out")
def _test_out(k: Kids):
    return lambda subject, negated, span: n.IsOut(subject, negated, span=span)


# A rule named like one of the transformer's own attributes would never reach `__default__`.
assert not set(RULES) & set(dir(AstBuilder)), "a rule name shadows an attribute of the builder"


def build(tree, file: str) -> tuple[n.Game, list[Diagnostic]]:
    """The game a parse tree describes, and the clauses found given twice."""
    builder = AstBuilder(file)
    return builder.transform(tree), builder.diagnostics
