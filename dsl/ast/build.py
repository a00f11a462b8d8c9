"""Lark parse tree -> AST.  One method per grammar rule; positions come from `meta`."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from ..report.diagnostics import Span
from . import nodes as n
from .literals import decode_string


def _span(meta) -> Span:
    return Span.of(meta)


def _tok_span(tok: Token) -> Span:
    return Span.of(tok)


def _string(tok: Token) -> str:
    # The parser has already rejected escapes the language does not define.
    return decode_string(str(tok))


def _split_cites(children):
    cites = [c for c in children if isinstance(c, n.Cite)]
    rest = [c for c in children if not isinstance(c, n.Cite)]
    return rest, cites


def _stmt(cls, meta, *args, **kw):
    node = cls(*args, **kw)
    node.span = _span(meta)
    return node


@v_args(meta=True)
class AstBuilder(Transformer):
    def __init__(self, file: str):
        super().__init__()
        self.file = file

    # ------------------------------------------------------------- file
    def start(self, meta, children):
        header = children[0]
        variant, variant_span = header[1] or (None, None)
        game = n.Game(name=header[0], variant_of=variant, variant_span=variant_span, file=self.file, span=_span(meta))
        for item in children[1:]:
            self._add_item(game, item)
        return game

    def _add_item(self, game: n.Game, item):
        if isinstance(item, n.Source):
            game.sources.append(item)
        elif isinstance(item, n.Players):
            game.players = item
        elif isinstance(item, list):  # a cards block
            for line in item:
                if isinstance(line, n.DeckLine):
                    game.decks.append(line)
                elif isinstance(line, n.OrderLine):
                    game.orders.append(line)
                else:
                    game.values.append(line)
        elif isinstance(item, n.Zone):
            game.zones.append(item)
        elif isinstance(item, n.Var):
            game.vars.append(item)
        elif isinstance(item, n.Ambiguity):
            game.ambiguities.append(item)
        elif isinstance(item, n.Scoring):
            game.scorings.append(item)
        elif isinstance(item, n.Trigger):
            game.triggers.append(item)
        elif isinstance(item, n.Example):
            game.examples.append(item)
        elif isinstance(item, n.Block):
            game.flow = item
        elif isinstance(item, tuple) and item[0] == "result":
            game.result, game.result_cites = item[1], item[2]
        elif isinstance(item, tuple) and item[0] == "winners":
            game.winners = item[1]

    def game_header(self, meta, children):
        return (_string(children[0]), children[1] if len(children) > 1 else None)

    def variant_of(self, meta, children):
        return (_string(children[0]), _tok_span(children[0]))

    def source_decl(self, meta, children):
        return n.Source(str(children[0]), _string(children[1]), span=_span(meta))

    def cite(self, meta, children):
        quote = _string(children[2]) if len(children) > 2 else None
        return n.Cite(str(children[0]), int(children[1]), quote, span=_span(meta))

    def players_decl(self, meta, children):
        rest, cites = _split_cites(children)
        return n.Players(rest[0], cites=cites, span=_span(meta))

    def player_range(self, meta, children):
        lo, hi = int(children[0]), int(children[1])
        return list(range(lo, hi + 1))

    def player_list(self, meta, children):
        return [int(c) for c in children]

    # ------------------------------------------------------------- cards
    def cards_decl(self, meta, children):
        return list(children)

    def deck_line(self, meta, children):
        rest, cites = _split_cites(children)
        line = n.DeckLine(cites=cites, span=_span(meta))
        for part in rest:
            kind, value = part
            setattr(line, kind, value)
        return line

    def deck_copies(self, meta, children):
        return ("copies", int(children[0]))

    def deck_jokers(self, meta, children):
        return ("jokers", int(children[0]))

    def deck_when(self, meta, children):
        return ("when", children[0])

    def order_line(self, meta, children):
        rest, cites = _split_cites(children)
        name = None
        if rest and isinstance(rest[0], Token) and rest[0].type == "NAME":
            name = str(rest.pop(0))
        return n.OrderLine(name, [str(r) for r in rest], cites=cites, span=_span(meta))

    def rank_word(self, meta, children):
        return str(children[0])

    def value_line(self, meta, children):
        rest, cites = _split_cites(children)
        return n.ValueTable(str(rest[0]), rest[1:], cites=cites, span=_span(meta))

    def value_entry(self, meta, children):
        return n.ValueEntry(children[0], children[1], span=_span(meta))

    def value_number(self, meta, children):
        return int(children[0])

    def value_face(self, meta, children):
        return "face"

    def value_none(self, meta, children):
        return None

    def card_pattern(self, meta, children):
        pat = n.CardPattern(span=_span(meta))
        for c in children:
            if isinstance(c, tuple):
                pat.rank_lo, pat.rank_hi = c
            elif c.type == "COLOR":
                pat.color = str(c)
            elif c.type == "SUIT":
                pat.suit = str(c)
        return pat

    def rank_span(self, meta, children):
        return (children[0], children[1] if len(children) > 1 else None)

    # ------------------------------------------------------------- zones, vars
    def zone_decl(self, meta, children):
        rest, cites = _split_cites(children)
        zone = n.Zone(str(rest[0]), rest[1], cites=cites, span=_span(meta))
        for option in rest[2:]:
            if option == "grouped":
                zone.grouped = True
            else:
                zone.visibility = option
        return zone

    def per_player(self, meta, children):
        return True

    def shared(self, meta, children):
        return False

    def zone_visibility(self, meta, children):
        return str(children[0])

    def zone_grouped(self, meta, children):
        return "grouped"

    def var_decl(self, meta, children):
        rest, cites = _split_cites(children)
        var = n.Var(str(rest[0]), str(rest[1]), cites=cites, span=_span(meta))
        for extra in rest[2:]:
            if extra == "per_player":
                var.per_player = True
            elif isinstance(extra, tuple):
                var.visibility = extra[1]
            else:
                var.init = extra
        return var

    def var_visibility(self, meta, children):
        return ("seen", str(children[0]))

    def per_player_flag(self, meta, children):
        return "per_player"

    # ------------------------------------------------------------- ambiguities
    def ambiguity_decl(self, meta, children):
        rest, cites = _split_cites(children)
        amb = n.Ambiguity(str(rest[0]), _string(rest[1]), [], cites=cites, span=_span(meta))
        for part in rest[2:]:
            if isinstance(part, n.Reading):
                amb.readings.append(part)
            else:
                amb.default, amb.default_span = part
        return amb

    def reading_decl(self, meta, children):
        rest, cites = _split_cites(children)
        desc = _string(rest[1]) if len(rest) > 1 else None
        return n.Reading(str(rest[0]), desc, cites=cites, span=_span(meta))

    def default_decl(self, meta, children):
        return (str(children[0]), _tok_span(children[0]))

    # ------------------------------------------------------------- scoring
    def scoring_decl(self, meta, children):
        rest, cites = _split_cites(children)
        scoring = n.Scoring(str(rest[0]), cites=cites, span=_span(meta))
        for item in rest[1:]:
            if isinstance(item, n.Pattern):
                scoring.patterns.append(item)
            elif item[0] == "leftover":
                scoring.leftover = item[1]
            elif item[0] == "reusable":
                scoring.reusable = item[1]
            elif item[0] == "lowest":
                scoring.lowest = True
        return scoring

    def pattern_decl(self, meta, children):
        rest, cites = _split_cites(children)
        rest = [c for c in rest if not (isinstance(c, Token) and c.type == "ARROW")]
        name, shape = str(rest[0]), rest[1]
        where = rest[2] if len(rest) == 4 else None
        pat = n.Pattern(name, shape[0], cites=cites, span=_span(meta), where=where, score=rest[-1])
        for key, value in shape[1].items():
            setattr(pat, key, value)
        return pat

    def shape_same_rank(self, meta, children):
        return ("same_rank", {"size": int(children[0])})

    def shape_sequence(self, meta, children):
        order = str(children[1]) if len(children) > 1 else None
        return ("sequence", {"size": int(children[0]), "order": order})

    def shape_sum(self, meta, children):
        return ("sum", {"table": str(children[0]), "target": int(children[1])})

    def shape_ranks(self, meta, children):
        return ("ranks", {"ranks": list(children)})

    def leftover_decl(self, meta, children):
        rest, _ = _split_cites(children)
        return ("leftover", rest[-1])

    def reusable_decl(self, meta, children):
        return ("reusable", children[0])

    def lowest_decl(self, meta, children):
        return ("lowest", True)

    # ------------------------------------------------------------- triggers, examples, result
    def trigger_decl(self, meta, children):
        rest, cites = _split_cites(children)
        card_var, zone, player_var = str(rest[0]), str(rest[1]), str(rest[2])
        cond = rest[3] if len(rest) == 5 else None
        return n.Trigger(card_var, zone, player_var, cond, rest[-1], cites=cites, span=_span(meta))

    def example_decl(self, meta, children):
        rest, cites = _split_cites(children)
        ex = n.Example(_string(rest[0]), cites=cites, span=_span(meta))
        for item in rest[1:]:
            if isinstance(item, n.ExampleExpect):
                ex.expects.append(item)
            elif isinstance(item, n.Stmt):
                ex.stmts.append(item)
            elif item[0] == "players":
                ex.players, ex.players_span = item[1], item[2]
            elif item[0] == "setup":
                ex.after_setup = True
        return ex

    def example_players(self, meta, children):
        return ("players", int(children[0]), _tok_span(children[0]))

    def example_setup(self, meta, children):
        return ("setup", True)

    def example_expect(self, meta, children):
        rest, cites = _split_cites(children)
        return n.ExampleExpect(rest[0], cites=cites, span=_span(meta))

    def result_decl(self, meta, children):
        rest, cites = _split_cites(children)
        return ("result", rest[0], cites)

    def winners_decl(self, meta, children):
        return ("winners", str(children[0]))

    # ------------------------------------------------------------- statements
    def flow_decl(self, meta, children):
        return children[0]

    def block(self, meta, children):
        return n.Block(list(children), span=_span(meta))

    def stmt(self, meta, children):
        node, cites = children[0], [c for c in children[1:] if isinstance(c, n.Cite)]
        node.cites = cites
        return node

    def zone_ref(self, meta, children):
        return n.ZoneRef(str(children[0]), children[1] if len(children) > 1 else None, span=_span(meta))

    def shuffle_stmt(self, meta, children):
        return _stmt(n.Shuffle, meta, children[0])

    def move_stmt(self, meta, children):
        amount, arg = children[0]
        as_group = len(children) > 3
        return _stmt(n.Move, meta, amount, arg, children[1], children[2], as_group)

    def amount_all(self, meta, children):
        return ("all", None)

    def amount_top(self, meta, children):
        return ("top", children[0])

    def amount_middle(self, meta, children):
        return ("middle", children[0])

    def amount_where(self, meta, children):
        return ("where", children[0])

    def amount_card(self, meta, children):
        return ("card", children[0])

    def as_group(self, meta, children):
        return True

    def deal_each(self, meta, children):
        start = children[3][1] if len(children) > 3 else None
        return _stmt(n.DealEach, meta, children[0], children[1], str(children[2]), start)

    def player_order(self, meta, children):
        return ("from", children[0])

    def deal_evenly(self, meta, children):
        rest = children[2] if len(children) > 2 else None
        return _stmt(n.DealEvenly, meta, children[0], str(children[1]), rest)

    def rest_to(self, meta, children):
        return children[0]

    def draw_stmt(self, meta, children):
        return _stmt(n.Draw, meta, *children)

    def gather_stmt(self, meta, children):
        return _stmt(n.Gather, meta, children[0])

    def assign_stmt(self, meta, children):
        return _stmt(n.Assign, meta, children[0], str(children[1]), children[2])

    def if_stmt(self, meta, children):
        branches = [(children[0], children[1])]
        otherwise = None
        for extra in children[2:]:
            if isinstance(extra, tuple):
                branches.append(extra)
            else:
                otherwise = extra
        return _stmt(n.If, meta, branches, otherwise)

    def elif_clause(self, meta, children):
        return (children[0], children[1])

    def else_clause(self, meta, children):
        return children[0]

    def repeat_stmt(self, meta, children):
        return _stmt(n.Repeat, meta, children[0], children[1])

    def while_stmt(self, meta, children):
        return _stmt(n.While, meta, children[0], children[1])

    def for_players_stmt(self, meta, children):
        var, body = str(children[0]), children[-1]
        start = cond = None
        for extra in children[1:-1]:
            if isinstance(extra, tuple) and extra[0] == "from":
                start = extra[1]
            else:
                cond = extra
        return _stmt(n.ForPlayers, meta, var, start, cond, body)

    def for_each_stmt(self, meta, children):
        return _stmt(n.ForEach, meta, str(children[0]), children[1], children[2])

    def for_groups_stmt(self, meta, children):
        return _stmt(n.ForGroups, meta, str(children[0]), children[1], children[2])

    def choose_card_stmt(self, meta, children):
        who, var, zone = children[0], str(children[1]), children[2]
        legality, else_any = children[3] if len(children) > 3 else ([], True)
        return _stmt(n.ChooseCard, meta, who, var, zone, legality, else_any)

    def legality(self, meta, children):
        else_any = bool(children) and children[-1] == "else_any"
        conds = [c for c in children if c != "else_any"]
        return (conds, else_any)

    def else_any(self, meta, children):
        return "else_any"

    def choose_cards_stmt(self, meta, children):
        return _stmt(n.ChooseCards, meta, *children)

    def choose_option_stmt(self, meta, children):
        who, target = children[0], children[-1]
        return _stmt(n.ChooseOption, meta, who, [str(c) for c in children[1:-1]], target)

    def choose_suit_stmt(self, meta, children):
        return _stmt(n.ChooseSuit, meta, children[0], children[1])

    def bid_stmt(self, meta, children):
        can_pass = children[-1] == "or_pass"
        rest = [c for c in children if c != "or_pass"]
        step = rest[4] if len(rest) > 4 else None
        return _stmt(n.Bid, meta, rest[0], rest[1], rest[2], rest[3], step, can_pass)

    def or_pass(self, meta, children):
        return "or_pass"

    def trick_stmt(self, meta, children):
        trick = _stmt(n.Trick, meta)
        for kind, value, cites in children:
            trick.clause_cites.extend(cites)
            if kind == "lead":
                trick.lead = value
            elif kind == "among":
                trick.among = value
            elif kind == "play":
                trick.play_from, trick.play_to = value
            elif kind == "follow":
                trick.follow, trick.follow_else_any = value
            elif kind == "winner":
                trick.winner_rules = value
            elif kind == "tie":
                trick.tie = value
            elif kind == "take":
                trick.take_into, trick.take_as_group = value
        return trick

    def trick_lead(self, meta, children):
        rest, cites = _split_cites(children)
        return ("lead", rest[0], cites)

    def trick_players(self, meta, children):
        rest, cites = _split_cites(children)
        return ("among", (str(rest[0]), rest[1]), cites)

    def trick_play(self, meta, children):
        rest, cites = _split_cites(children)
        return ("play", (str(rest[0]), str(rest[1])), cites)

    def trick_follow(self, meta, children):
        rest, cites = _split_cites(children)
        else_any = bool(rest) and rest[-1] == "else_any"
        return ("follow", ([c for c in rest if c != "else_any"], else_any), cites)

    def trick_winner(self, meta, children):
        return ("winner", list(children), [])

    def win_rule(self, meta, children):
        rest, cites = _split_cites(children)
        rule = n.WinRule(None, None, cites=cites, span=_span(meta))
        for kind, value in rest:
            setattr(rule, kind, value)
        return rule

    def win_if(self, meta, children):
        return ("cond", children[0])

    def win_where(self, meta, children):
        return ("where", children[0])

    def win_by(self, meta, children):
        return ("order", str(children[0]))

    def tie_fixed(self, meta, children):
        rest, cites = _split_cites(children)
        return ("tie", str(rest[0]), cites)

    def tie_by_reading(self, meta, children):
        rest, cites = _split_cites(children)
        return ("tie", n.TieByReading(str(rest[0]), list(rest[1:]), span=_span(meta)), cites)

    def tie_case(self, meta, children):
        return (str(children[0]), str(children[-1]))

    def trick_take(self, meta, children):
        rest, cites = _split_cites(children)
        return ("take", (str(rest[0]), len(rest) > 1), cites)

    def end_stmt(self, meta, children):
        return _stmt(n.EndGame, meta)

    def gap_stmt(self, meta, children):
        return _stmt(n.Gap, meta, _string(children[0]))

    # ------------------------------------------------------------- expressions
    def _expr(self, cls, meta, *args):
        node = cls(*args)
        node.span = _span(meta)
        return node

    def if_expr(self, meta, c):
        return self._expr(n.IfExpr, meta, c[0], c[1], c[2])

    def or_expr(self, meta, c):
        return self._expr(n.BoolOp, meta, "or", list(c))

    def and_expr(self, meta, c):
        return self._expr(n.BoolOp, meta, "and", list(c))

    def not_op(self, meta, c):
        return self._expr(n.Not, meta, c[0])

    def comparison(self, meta, c):
        return self._expr(n.BinOp, meta, str(c[1]), c[0], c[2])

    def _binary_chain(self, meta, c):
        left = c[0]
        for i in range(1, len(c), 2):
            left = self._expr(n.BinOp, meta, str(c[i]), left, c[i + 1])
        return left

    sum_expr = _binary_chain
    product = _binary_chain

    def is_test(self, meta, c):
        return self._is(meta, c, False)

    def is_not_test(self, meta, c):
        return self._is(meta, c, True)

    def _is(self, meta, c, negated):
        subject, test = c
        if test == "empty":
            return self._expr(n.IsEmpty, meta, subject, negated)
        return self._expr(n.IsPattern, meta, subject, test, negated)

    def test_empty(self, meta, c):
        return "empty"

    def test_pattern(self, meta, c):
        return c[0]

    def has_test(self, meta, c):
        return self._expr(n.Has, meta, c[0], c[1])

    def neg(self, meta, c):
        sign, operand = c
        return operand if str(sign) == "+" else self._expr(n.Neg, meta, operand)

    def of_op(self, meta, c):
        return self._expr(n.Of, meta, str(c[0]), c[1])

    def value_of(self, meta, c):
        return self._expr(n.ValueOf, meta, str(c[0]), c[1])

    def sum_of(self, meta, c):
        return self._expr(n.SumOf, meta, str(c[0]), c[1])

    def scoring_of(self, meta, c):
        return self._expr(n.ScoringOf, meta, str(c[0]), c[1])

    def best_of(self, meta, c):
        return self._expr(n.BestOf, meta, c[0], c[1], str(c[2]))

    def highest_of(self, meta, c):
        return self._expr(n.HighestOf, meta, c[0], str(c[1]) if len(c) > 1 else None)

    def count_of(self, meta, c):
        return self._expr(n.Count, meta, c[0])

    def any_where(self, meta, c):
        return self._expr(n.AnyWhere, meta, "any", c[0], c[1])

    def all_where(self, meta, c):
        return self._expr(n.AnyWhere, meta, "all", c[0], c[1])

    def cards_where(self, meta, c):
        return self._expr(n.CardsWhere, meta, c[0], c[1])

    def players_where(self, meta, c):
        node = self._expr(n.PlayersWhere, meta, str(c[0]), None, None)
        for kind, value in c[1:]:
            if kind in ("highest", "lowest"):
                node.extreme, node.key = kind, value
            else:
                setattr(node, kind, value)
        return node

    def players_in(self, meta, c):
        return ("within", c[0])

    def players_cond(self, meta, c):
        return ("cond", c[0])

    def extreme(self, meta, c):
        return (str(c[0]).split()[-1], c[1])

    def number(self, meta, c):
        return self._expr(n.Num, meta, int(c[0]))

    def string(self, meta, c):
        return self._expr(n.Str, meta, _string(c[0]))

    def true(self, meta, c):
        return self._expr(n.Bool, meta, True)

    def false(self, meta, c):
        return self._expr(n.Bool, meta, False)

    def none(self, meta, c):
        return self._expr(n.NoneLit, meta)

    def name(self, meta, c):
        return self._expr(n.Name, meta, str(c[0]))

    def rank_literal(self, meta, c):
        return self._expr(n.RankLit, meta, str(c[0]))

    def suit_literal(self, meta, c):
        return self._expr(n.SuitLit, meta, str(c[0]))

    def reading_switch(self, meta, c):
        return self._expr(n.ReadingSwitch, meta, str(c[0]), list(c[1:]))

    def reading_case(self, meta, c):
        return (str(c[0]), c[-1])

    def reading_is(self, meta, c):
        return self._expr(n.ReadingIs, meta, str(c[0]), str(c[1]))

    def call(self, meta, c):
        args = [a for a in c[1:] if a is not None]
        return self._expr(n.Call, meta, str(c[0]), args)

    def card_list(self, meta, c):
        return self._expr(n.CardList, meta, list(c))

    def card_literal(self, meta, c):
        return (c[0], str(c[1]) if len(c) > 1 else None)

    def tuple_literal(self, meta, c):
        return self._expr(n.TupleLit, meta, list(c))
