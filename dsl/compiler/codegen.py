"""Model -> Python engine source, through the Jinja template, checked by the gate.

Every comment, literal and name goes through `escape`; the finished module must pass `gate`
(an allow-list walk of its syntax tree) before anyone sees it."""

from __future__ import annotations

import os

from ..ast import nodes as n
from ..semantics.model import COLORS, SUIT_COLOR, Model
from . import action_bounds, alike, escape, facts, gate, inline, jumps, layout, observed, parens, seats, standings
from ..runtime import decks, observe
from ..runtime.faults import TABLE_NAME, rule_line_table
from .comments import rule_comment
from .exprs import ExprCompiler, Tables, pattern_rank_tuple
from .lower import Lowerer
from .sources import SourceLines
from .program import Function
from .templating import environment


# A table goes to the template as plain data: its `table` filter lays it out where it knows the column.
_fmt = escape.plain


def _standard_jokers(m: Model) -> int | None:
    """How many jokers follow the standard deck when the engine's card tables are exactly those
    `dsl.runtime.decks` holds for it (the engine then imports them), else None."""
    jokers = len(m.cards) - 52
    if jokers < 0:
        return None
    tables = (
        tuple(c.text() for c in m.cards),
        tuple(c.rank for c in m.cards),
        tuple(c.suit for c in m.cards),
        tuple(SUIT_COLOR[c.suit] if c.suit >= 0 else -1 for c in m.cards),
        tuple(c.kind for c in m.cards),
    )
    return jokers if tables == decks.standard_deck(jokers) else None


# The text before an expectation of an example, an item of the list its function returns.
EXPECT_LEAD = " " * 8

# Types whose values are immutable (ints, None): a clone may hold the very same object.
SCALAR_TYPES = frozenset({"int", "bool", "player", "card", "suit", "rank", "color", "option"})


# What a variable or local of each type holds in a saved state (see `dsl.runtime.saved`).
_SHAPE = {
    "int": "int",
    "bool": "bool",
    "player": "?seat",
    "card": "?card",
    "suit": "?suit",
    "rank": "?rank",
    "color": "?color",
    "option": "?option",
    "team": "?team",
    "cards": "[]card",
    "groups": "[][]card",
    "players": "[]seat",
    "ranks": "[]rank",
    "teams": "[]team",
    "ints": "[]int",
    "list": "[]int",
}
# The lowering's trick bookkeeping (see `tricks`): the seats in playing order, the cards played.
_LOWERED_SHAPE = {"t_order": "[]seat", "t_cards": "[]card"}


class CodeGenerator:
    def __init__(self, model: Model, text: str):
        self.model = model
        self.file_label = escape.comment(os.path.basename(model.game.file))
        self.sources = SourceLines(model.game.file, text)
        self.tables = Tables(model)
        self.x = ExprCompiler(model, self.tables)
        self.lowerer = Lowerer(model, self.x, self.sources)

    def line_comment(self, span) -> str:
        return rule_comment(self.sources, span)

    # ------------------------------------------------------------ pieces
    def scoring_context(self, scoring: n.Scoring) -> dict:
        x = self.x
        x.state_refs = set()
        patterns = []
        for pat in scoring.patterns:
            args = [escape.literal(pat.name), escape.literal(pat.shape)]
            if pat.shape in ("same_rank", "sequence"):
                args.append(f"size={escape.literal(pat.size)}")
            if pat.shape == "sequence":
                args.append(f"order={self.tables.order(pat.order)}")
                if pat.one_suit:
                    args.append("one_suit=True")
            if pat.shape == "sum":
                args += [f"target={escape.literal(pat.target)}", f"values={self.tables.value(pat.table)}"]
            if pat.shape == "ranks":
                args.append(f"ranks={escape.literal(pattern_rank_tuple(pat.ranks, self.model.rank_index))}")
            if pat.where is not None:
                args.append(f"where=lambda group: {x.with_binders({'group': 'group'}, pat.where)}")
            args.append(f"score=lambda group: {x.with_binders({'group': 'group'}, pat.score)}")
            patterns.append({"comment": self.line_comment(pat.span), "args": args})
        leftover = "None"
        if scoring.leftover is not None:
            leftover = f"lambda group: {x.with_binders({'group': 'group'}, scoring.leftover)}"
        reusable = "None"
        if scoring.reusable is not None:
            reusable = f"lambda card: {self.tables.pattern(scoring.reusable)}[card]"
        overlapping = self.policy_test(scoring.groups, "overlapping")
        greedy = self.policy_test(scoring.split, "greedy")
        refs = sorted(x.state_refs)
        x.state_refs = None
        return {
            "alike": self.alike_tables(patterns, leftover, reusable),
            "overlapping": overlapping,
            "greedy": greedy,
            "name": scoring.name,
            "solvers": escape.name("_SOLVERS_", scoring.name),
            "solver": escape.name("_solver_", scoring.name),
            "make": escape.name("_make_", scoring.name),
            "comment": self.line_comment(scoring.span),
            "patterns": patterns,
            "leftover": leftover,
            "reusable": reusable,
            "maximise": not scoring.lowest,
            "refs": refs,
        }

    def alike_tables(self, patterns: list[dict], leftover: str, reusable: str) -> str:
        """The per-card tables the scoring's callables read, for its memo (see `alike`), or None."""
        keyed = [arg for p in patterns for arg in p["args"] if arg.startswith(("where=", "score="))]
        callables = [arg.split("=", 1)[1] for arg in keyed]
        callables += [code for code in (leftover, reusable) if code != "None"]
        per_card = {"RANK", "SUIT", "KIND", *self.tables.values.values()}
        per_card |= {name for name, _table in self.tables.patterns.values()}
        sets = {name: table for table, name in self.tables.pattern_sets.items()}
        read = alike.tables_read(callables, frozenset(per_card), sets)
        if read is None:
            return "None"
        names = sorted(read)
        return "(" + ", ".join(names) + ("," if len(names) == 1 else "") + ")"

    def policy_test(self, policy: n.ScoringPolicy | None, value: str) -> str:
        """Python for 'the scoring's policy is `value`': a constant, or a test of the readings
        that choose it (which then become part of the solver's key, like any state it reads)."""
        if policy is None:
            return "False"
        if policy.ambiguity is None:
            return "True" if policy.value == value else "False"
        tests = [self.x.compile(n.ReadingIs(policy.ambiguity, r)) for r, v in policy.cases if v == value]
        if len(tests) == len(policy.cases):
            return "True"
        return " or ".join(tests) or "False"

    def example_context(self, index: int, ex: n.Example) -> dict:
        fn = Function(f"_example_{index}", "readings", [])
        out = self.lowerer.out
        saved = (out.lines, out.indent)
        out.lines, out.indent = fn.lines, 1
        for stmt in ex.stmts:
            self.lowerer.comment(stmt.span)
            self.lowerer.straight.visit(stmt)
        out.lines, out.indent = saved
        expects = []
        for e in ex.expects:
            # A comparison is evaluated once, side by side, so a failing example can show both
            # values without computing them twice.
            text = self.sources.text(e.span)
            expr = e.expr
            if isinstance(expr, n.BinOp) and expr.op in ("==", "!=", "<", "<=", ">", ">="):
                left, right = self.x.comparison_sides(expr)
                op = escape.literal(expr.op)
                outcome = layout.call(
                    "_rt.expectation", [f"{e.span.line}", escape.literal(text), left, op, right], EXPECT_LEAD, 1
                )
            else:
                parts = [f"{e.span.line}", escape.literal(text), f"bool({self.x.compile(expr)})", "None"]
                outcome = layout.collection(parts, EXPECT_LEAD, trail=1, tuple_=True)
            if "\n" in outcome:  # the rule line table finds an expectation's line on its first line only
                outcome = f"# {self.line_comment(e.span)}\n{EXPECT_LEAD}{outcome}"
            expects.append(outcome)
        return {
            "title": ex.title,
            "line": ex.span.line,
            "comment": self.line_comment(ex.span),
            "players": escape.literal(ex.players or min(self.model.players)),
            "after_setup": escape.literal(bool(ex.after_setup)),
            "lines": fn.lines,
            "expects": expects,
        }

    def init_lines(self, program) -> list[str]:
        m = self.model
        lines = []
        first_shared = next((z for z in m.zones.values() if not z.per_player), None)
        owners = standings.owners(m)  # the seats, and a house after them
        for name, zone in m.zones.items():
            field = escape.name("z_", name)
            if zone.per_player:
                lines.append(f"s.{field} = [[] for _ in range({owners})]")
            elif zone is first_shared:
                lines.append(f"s.{field} = list(s.cards)  # every card starts here")
            else:
                lines.append(f"s.{field} = []")
        for name, var in m.vars.items():
            if var.init is not None:  # a fault in the initial value is located at its declaration
                lines.append(f"# {self.line_comment(var.span)}")
            init = (
                self.x.compile(var.init)
                if var.init is not None
                else ("0" if var.type_name == "int" else "False" if var.type_name == "bool" else "None")
            )
            field = escape.name("v_", name)
            lines.append(f"s.{field} = [{init} for _ in range({owners})]" if var.per_player else f"s.{field} = {init}")
        lines += standings.init_lines(m)
        for name in m.locals:
            lines.append(f"s.{escape.name('l_', name)} = None")
        for name, kind in sorted(program.fields.items()):
            lines.append(f"s.{name} = {'[]' if kind == 'list' else '0'}")
        return lines

    def clone_lines(self, program) -> list[str]:
        # `_clone_base` already holds every field: only containers are copied here (readings and
        # scalars need no line), so that no list is shared with the clone.
        m = self.model
        lines = []
        for name, zone in m.zones.items():
            field = escape.name("z_", name)
            if zone.per_player and zone.grouped:
                lines.append(f"c.{field} = [[g[:] for g in z] for z in s.{field}]")
            elif zone.per_player or zone.grouped:
                lines.append(f"c.{field} = [z[:] for z in s.{field}]")
            else:
                lines.append(f"c.{field} = s.{field}[:]")
        for name, var in m.vars.items():
            field = escape.name("v_", name)
            if var.type_name not in SCALAR_TYPES:  # a list of cards or seats: never share it with the clone
                lines.append(f"c.{field} = _rt.copied(s.{field})")
            elif var.per_player:
                lines.append(f"c.{field} = s.{field}[:]")
        lines += standings.clone_lines(m)
        for name, local in m.locals.items():
            field = escape.name("l_", name)
            if local.type not in SCALAR_TYPES:
                lines.append(f"c.{field} = _rt.copied(s.{field})")
        for name, kind in sorted(program.fields.items()):
            if kind == "list":
                lines.append(f"c.{name} = s.{name}[:]")
        return lines

    def field_shapes(self, program) -> tuple:
        """(field, shape) for every field the game adds to the state: what a saved state may hold
        there (the shapes are read by `dsl.runtime.saved`)."""
        m = self.model
        shapes = []
        for name, zone in m.zones.items():
            shape = ("[owners]" if zone.per_player else "") + ("[][]card" if zone.grouped else "[]card")
            shapes.append((escape.name("z_", name), shape))
        for name, var in m.vars.items():
            shapes.append((escape.name("v_", name), ("[owners]" if var.per_player else "") + _SHAPE[var.type_name]))
        if m.game.teams is not None:
            shapes.append(("team", "[players]team"))
        if standings.knocks_out(m):
            shapes.append(("out", "[players]bool"))
        if standings.ends_in_draw(m):
            shapes.append(("drawn", "bool"))
        for name, local in m.locals.items():  # a local is none until a statement binds it
            shape = _SHAPE.get(local.type, "data")
            shapes.append((escape.name("l_", name), shape if shape.startswith("?") else "?" + shape))
        held = set(program.held_fields)
        for name, kind in sorted(program.fields.items()):
            shape = program.item_shapes.get(name) or _LOWERED_SHAPE.get(name, "int" if kind == "int" else "[]data")
            shapes.append((name, "[]held" if name in held else shape))
        return tuple(shapes)

    def rules_metadata(self, program) -> dict:
        m = self.model
        game = m.game
        return {
            "name": game.name,
            "file": self.file_label,
            "players": list(m.players),
            "sources": dict(m.sources),
            "ambiguities": [
                {
                    "name": amb.name,
                    "question": amb.question,
                    "line": amb.span.line,
                    "readings": [r.name for r in amb.readings],
                    "descriptions": {r.name: r.description for r in amb.readings},
                    "default": m.default_reading(amb.name),
                    "cites": [f"{c.source}:{c.line}" for c in amb.cites],
                }
                for amb in m.ambiguities.values()
            ],
            "zones": [
                {"name": z.name, "per_player": z.per_player, "visibility": z.visibility, "grouped": z.grouped}
                for z in m.zones.values()
            ],
            "vars": [{"name": v.name, "per_player": v.per_player, "visibility": v.visibility} for v in m.vars.values()],
            "options": list(m.options),
            "teams": standings.rules_teams(m),
            "outcome": m.game.outcome,
            "branches": [{"line": line, "what": what} for line, what in program.hits],
            "examples": [{"title": ex.title, "line": ex.span.line} for ex in game.examples],
            **self.learning_metadata(program),
        }

    def meta_tables(self) -> tuple[tuple, tuple]:
        """The zone and variable tables of the engine (`State._ZONES`, `State._VARS`)."""
        m = self.model
        zones = tuple(
            (escape.name("z_", z.name), z.name, z.per_player, z.visibility, z.grouped) for z in m.zones.values()
        )
        vars_ = tuple(
            (escape.name("v_", v.name), v.name, v.per_player, v.type_name, v.visibility) for v in m.vars.values()
        )
        return zones, vars_

    def num_actions(self) -> int | None:
        """How many actions the game has (None: a bid without an upper end)."""
        n_actions = action_bounds.num_distinct_actions(self.model)
        if n_actions is not None:  # the bids' end, then the seats, ranks and suited options chosen
            n_actions += self.lowerer.actions.late_count
        return n_actions

    def learning_metadata(self, program) -> dict:
        """The fixed spaces the game-playing libraries need (see dsl.integrations)."""
        m = self.model
        zones, vars_ = self.meta_tables()
        extras = observed.observed(m, program)
        n_cards, n_options, n_actions = len(m.cards), len(m.options), self.num_actions()
        return {
            "num_distinct_actions": n_actions,
            "max_chance_outcomes": max(n_cards, *m.players),
            "max_game_length": action_bounds.DECISION_CAP,
            "min_players": min(m.players),
            "max_players": max(m.players),
            # Whether anyone decides, the result's bounds and zero sum, where the rules prove them.
            **facts.game_facts(m.game),
            "observation_shape": {
                p: [observe.tensor_size(zones, vars_, n_cards, n_options, p, extras)] for p in m.players
            },
            # The observation, a plane per seat of the cards it was seen to play, the own actions'
            # counts (docs/OBSERVATIONS.md); none without a fixed action space.
            "information_state_shape": None
            if n_actions is None
            else {
                p: [
                    observe.information_state_size(
                        observe.tensor_size(zones, vars_, n_cards, n_options, p, extras), n_cards, n_actions, p
                    )
                ]
                for p in m.players
            },
        }

    def late_actions(self):
        """The actions after the bids (seats, ranks) and the bids' names, for `action_str`."""
        late = self.lowerer.actions.late_actions()
        return _fmt(late) if late is not None else None

    def docstring(self) -> str:
        game = self.model.game
        return escape.docstring(
            [
                f"{game.name}: a game engine generated by cardrules from {self.file_label}.",
                "",
                "Do not edit: change the rule file and run `cardrules compile`.  The engine follows",
                "the engine API of cardrules (new_game, legal_actions, apply, observation, clone, ...).",
            ]
        )

    def reading_constants(self) -> list[dict]:
        """Per ambiguity, the number of each reading as a named constant, for the rule conditions."""
        return [
            {
                "comment": rule_comment(self.sources, amb.span, f"{amb.name}: {amb.question}"),
                "constants": [
                    (self.tables.reading(amb.name, r.name), index, escape.comment(r.description or r.name))
                    for index, r in enumerate(amb.readings)
                ],
            }
            for amb in self.model.ambiguities.values()
        ]

    # ------------------------------------------------------------ the module
    def generate(self) -> str:
        m = self.model
        program = self.lowerer.lower_flow()
        jumps.thread_jumps(program)  # no trip through the driver for blocks that only jump on
        inline.inline_blocks(program, len(m.cards))  # nor for a block that one jump alone leads to
        read_recorder_once(program)
        if m.game.suits_in_play:  # every `suit` of the rules asks this function
            rule = m.game.suits_in_play[0]
            body = ["    " + f"# {self.line_comment(rule.span)}", f"    return {self.x.suit_in_play_body()}"]
            program.functions.insert(0, Function(self.x.SUIT_IN_PLAY, "s, card", body))
        scorings = [self.scoring_context(s) for s in m.scorings.values()]
        examples = [self.example_context(i, ex) for i, ex in enumerate(m.game.examples)]
        result = self.x.compile(m.game.result) if m.game.result is not None else "[0] * s.n"
        decks, deck_gap = [], True
        for deck in m.decks:  # the first deck whose condition holds; one without a condition ends the list
            cond = self.x.compile(deck.when) if deck.when is not None else None
            keyword = "if" if not decks else "else" if cond is None else "elif"
            decks.append({"keyword": keyword, "cond": cond, "cards": _fmt(list(deck.cards))})
            if cond is None:
                deck_gap = False
                break
        orders = []
        for name, positions in m.orders.items():
            ranked = sorted((p, m.rank_text(r)) for r, p in enumerate(positions) if p >= 0)
            comment = escape.comment("rank order: " + " ".join(r for _, r in ranked))
            orders.append((self.tables.order(name), {"comment": comment, "data": _fmt(positions)}))
        values = []
        for table in m.game.values:
            values.append(
                (
                    self.tables.value(table.name),
                    {"comment": self.line_comment(table.span), "data": _fmt(m.values[table.name])},
                )
            )
        # Patterns are collected while compiling, so render them last.
        context = {
            "game": m.game,
            "file_label": self.file_label,
            "rules": _fmt(self.rules_metadata(program)),
            "standard_jokers": _standard_jokers(m),
            "card_text": _fmt(tuple(c.text() for c in m.cards)),
            "rank": _fmt(tuple(c.rank for c in m.cards)),
            "suit": _fmt(tuple(c.suit for c in m.cards)),
            "color": _fmt(tuple(SUIT_COLOR[c.suit] if c.suit >= 0 else -1 for c in m.cards)),
            "kind": _fmt(tuple(c.kind for c in m.cards)),
            "twins": len({c.kind for c in m.cards}) < len(m.cards),
            "seats_table": seats.uses_table(program.blocks, program.functions),
            "max_players": max(m.players),
            "orders": orders,
            "values": values,
            "scorings": scorings,
            "functions": program.functions,
            "blocks": program.blocks,
            "block_names": program.block_names,
            "zones_meta": _fmt(self.meta_tables()[0]),
            "vars_meta": _fmt(self.meta_tables()[1]),
            "locals_meta": _fmt(
                tuple((escape.name("l_", local.name), local.name, local.type) for local in m.locals.values())
            ),
            "field_shapes": _fmt(self.field_shapes(program)),
            "n_cards": len(m.cards),
            "suit_text": escape.literal(tuple(m.suit_text(i) for i in range(4))) if m.suit_names else None,
            "rank_text": escape.literal(tuple(m.rank_text(i) for i in range(14))) if m.rank_names else None,
            "options": escape.literal(tuple(m.options)),
            "late_actions": self.late_actions(),
            "ambiguities_meta": _fmt(
                tuple(
                    (
                        a.name,
                        tuple(r.name for r in a.readings),
                        [r.name for r in a.readings].index(m.default_reading(a.name)),
                    )
                    for a in m.ambiguities.values()
                )
            ),
            "players": escape.literal(tuple(m.players)),
            "n_hits": len(program.hits),
            "n_actions": self.num_actions(),
            "winners": m.game.winners,
            "outcome_lines": standings.class_lines(m) + observed.class_lines(m, program),
            "decks": decks,
            "deck_gap": deck_gap,
            "docstring": self.docstring(),
            "readings": self.reading_constants(),
            "init_lines": self.init_lines(program),
            "clone_lines": self.clone_lines(program),
            "result": result,
            "examples": examples,
            "example_rows": [
                layout.collection(
                    [escape.literal(ex["title"]), str(ex["line"]), f"_example_{i}"], "    ", trail=1, tuple_=True
                )
                for i, ex in enumerate(examples)
            ],
        }
        context["patterns"] = [
            (name, escape.comment(key), _fmt(table)) for key, (name, table) in self.tables.patterns.items()
        ]
        context["pattern_sets"] = list(self.tables.pattern_sets.items())
        context["card_orders"] = [(name, _fmt(table)) for name, table in self.tables.card_orders.values()]
        source = parens.drop_redundant(environment().get_template("engine.py.j2").render(**context))
        source = layout.skip_overlong(source)  # no formatter splits a rule's one-line condition
        source += rule_line_source(source)  # appended last: no line it describes moves
        gate.require_safe(source)  # never hand out a module the allow-list refuses
        return source


# ---------------------------------------------------------------- recording events
RECORDER_TEST = "if s.recorder is not None:"
RECORDER_LOCAL_TEST = "if _rec:"  # (a recorder is always true: the shortest test of a local)


def read_recorder_once(program) -> None:
    """A block or function that records events reads the state's recorder once, into `_rec`, and
    each record tests that local: a match that does not record pays a local's test per record."""
    bodies = [program.blocks[i] for i in range(len(program.blocks))] + [f.lines for f in program.functions]
    for lines in bodies:
        if not any(RECORDER_TEST in line for line in lines):
            continue
        lines[:] = [line.replace(RECORDER_TEST, RECORDER_LOCAL_TEST) for line in lines]
        lines.insert(0, "    _rec = s.recorder  # (None unless the match records its events)")


def rule_line_source(source: str) -> str:
    """The table of `runtime.faults` (generated line -> rule line) as the end of the module."""
    lead = f"{TABLE_NAME} = "
    pairs = layout.collection([f"({a}, {b})" for a, b in rule_line_table(source)], lead, tuple_=True, reprs=True)
    return f"\n\n# generated line -> rule line, read only when a fault needs locating\n{lead}{pairs}\n"


def generate(model: Model, text: str) -> str:
    return CodeGenerator(model, text).generate()


__all__ = ["generate", "COLORS"]
