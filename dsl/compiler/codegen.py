"""Model -> Python engine source, through the Jinja template, checked by `ast.parse`."""

from __future__ import annotations

import ast as pyast
import functools
import os
import pprint

import jinja2

from ..ast import nodes as n
from ..model import COLORS, RANKS, SUIT_COLOR, Model
from ..runtime.faults import render_rule_line_table
from .exprs import ExprCompiler, Tables, pattern_rank_tuple
from .lower import Lowerer
from .sources import SourceLines
from .program import Function


@functools.lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("dsl", "templates"),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # the output is Python, every literal is emitted with repr
    )
    env.filters["pyrepr"] = repr
    return env


# Types whose values are immutable (ints, None): a clone may hold the very same object.
SCALAR_TYPES = frozenset({"int", "bool", "player", "card", "suit", "rank", "color", "option"})


def _fmt(value) -> str:
    return pprint.pformat(value, width=100, sort_dicts=False, compact=True)


class CodeGenerator:
    def __init__(self, model: Model, text: str):
        self.model = model
        self.file_label = os.path.basename(model.game.file)
        self.sources = SourceLines(model.game.file, text)
        self.tables = Tables(model)
        self.x = ExprCompiler(model, self.tables)
        self.lowerer = Lowerer(model, self.x, self.sources)

    def line_comment(self, span) -> str:
        return self.sources.comment(span)

    # ------------------------------------------------------------ pieces
    def scoring_context(self, scoring: n.Scoring) -> dict:
        x = self.x
        x.state_refs = set()
        patterns = []
        for pat in scoring.patterns:
            args = [repr(pat.name), repr(pat.shape)]
            if pat.shape in ("same_rank", "sequence"):
                args.append(f"size={pat.size}")
            if pat.shape == "sequence":
                args.append(f"order=ORDER_{pat.order or ''}")
            if pat.shape == "sum":
                args += [f"target={pat.target}", f"values=VALUE_{pat.table}"]
            if pat.shape == "ranks":
                args.append(f"ranks={pattern_rank_tuple(pat.ranks)!r}")
            if pat.where is not None:
                args.append(f"where=lambda group: {x.with_binders({'group': 'group'}, pat.where)}")
            args.append(f"score=lambda group: {x.with_binders({'group': 'group'}, pat.score)}")
            patterns.append({"comment": self.line_comment(pat.span), "args": ", ".join(args)})
        leftover = "None"
        if scoring.leftover is not None:
            leftover = f"lambda group: {x.with_binders({'group': 'group'}, scoring.leftover)}"
        reusable = "None"
        if scoring.reusable is not None:
            reusable = f"{self.tables.pattern(scoring.reusable)}.__getitem__"
        refs = sorted(x.state_refs)
        x.state_refs = None
        return {
            "name": scoring.name,
            "comment": self.line_comment(scoring.span),
            "patterns": patterns,
            "leftover": leftover,
            "reusable": reusable,
            "maximise": not scoring.lowest,
            "refs": refs,
        }

    def example_context(self, index: int, ex: n.Example) -> dict:
        fn = Function(f"_example_{index}", "readings", [])
        out = self.lowerer.out
        saved = (out.lines, out.indent)
        out.lines, out.indent = fn.lines, 1
        for stmt in ex.stmts:
            self.lowerer.comment(stmt.span)
            getattr(self.lowerer, "s_" + type(stmt).__name__)(stmt)
        out.lines, out.indent = saved
        expects = []
        for e in ex.expects:
            # A comparison is evaluated once, side by side, so a failing example can show both
            # values without computing them twice.
            text = self.sources.text(e.span)
            expr = e.expr
            if isinstance(expr, n.BinOp) and expr.op in ("==", "!=", "<", "<=", ">", ">="):
                left, right = self.x.comparison_sides(expr)
                outcome = f"_rt.expectation({e.span.line}, {text!r}, {left}, {expr.op!r}, {right})"
            else:
                outcome = f"({e.span.line}, {text!r}, bool({self.x.compile(expr)}), None)"
            expects.append(outcome)
        return {
            "title": ex.title,
            "line": ex.span.line,
            "comment": self.line_comment(ex.span),
            "players": ex.players or min(self.model.players),
            "after_setup": ex.after_setup,
            "lines": fn.lines,
            "expects": expects,
        }

    def init_lines(self, program) -> list[str]:
        m = self.model
        lines = []
        first_shared = next((z for z in m.zones.values() if not z.per_player), None)
        for name, zone in m.zones.items():
            if zone.per_player:
                lines.append(f"s.z_{name} = [[] for _ in range(players)]")
            elif zone is first_shared:
                lines.append(f"s.z_{name} = list(s.cards)  # every card starts here")
            else:
                lines.append(f"s.z_{name} = []")
        for name, var in m.vars.items():
            if var.init is not None:  # a fault in the initial value is located at its declaration
                lines.append(f"# {self.line_comment(var.span)}")
            init = (
                self.x.compile(var.init)
                if var.init is not None
                else ("0" if var.type_name == "int" else "False" if var.type_name == "bool" else "None")
            )
            lines.append(f"s.v_{name} = [{init} for _ in range(players)]" if var.per_player else f"s.v_{name} = {init}")
        for name in m.locals:
            lines.append(f"s.l_{name} = None")
        for name, kind in sorted(program.fields.items()):
            lines.append(f"s.{name} = {'[]' if kind == 'list' else '0'}")
        return lines

    def clone_lines(self, program) -> list[str]:
        m = self.model
        lines = ["s._copy_base_into(c)"]
        for amb in m.ambiguities:
            lines.append(f"c.r_{amb} = s.r_{amb}")
        for name, zone in m.zones.items():
            if zone.per_player and zone.grouped:
                lines.append(f"c.z_{name} = [[g[:] for g in z] for z in s.z_{name}]")
            elif zone.per_player or zone.grouped:
                lines.append(f"c.z_{name} = [z[:] for z in s.z_{name}]")
            else:
                lines.append(f"c.z_{name} = s.z_{name}[:]")
        for name, var in m.vars.items():
            if var.type_name not in SCALAR_TYPES:  # a list of cards or seats: never share it with the clone
                lines.append(f"c.v_{name} = _rt.copied(s.v_{name})")
            else:
                lines.append(f"c.v_{name} = s.v_{name}[:]" if var.per_player else f"c.v_{name} = s.v_{name}")
        for name, local in m.locals.items():
            copy = f"_rt.copied(s.l_{name})" if local.type not in SCALAR_TYPES else f"s.l_{name}"
            lines.append(f"c.l_{name} = {copy}")
        for name, kind in sorted(program.fields.items()):
            lines.append(f"c.{name} = s.{name}[:]" if kind == "list" else f"c.{name} = s.{name}")
        return lines

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
            "branches": [{"line": line, "what": what} for line, what in program.hits],
            "examples": [{"title": ex.title, "line": ex.span.line} for ex in game.examples],
        }

    # ------------------------------------------------------------ the module
    def generate(self) -> str:
        m = self.model
        program = self.lowerer.lower_flow()
        scorings = [self.scoring_context(s) for s in m.scorings.values()]
        examples = [self.example_context(i, ex) for i, ex in enumerate(m.game.examples)]
        result = self.x.compile(m.game.result) if m.game.result is not None else "[0] * s.n"
        decks = []
        for deck in m.decks:
            cond = self.x.compile(deck.when) if deck.when is not None else "True"
            decks.append((cond, repr(deck.cards)))
        orders = []
        for name, positions in m.orders.items():
            ranked = sorted((p, RANKS[r]) for r, p in enumerate(positions) if p >= 0)
            orders.append((name, {"comment": "rank order: " + " ".join(r for _, r in ranked), "data": repr(positions)}))
        values = []
        for table in m.game.values:
            values.append((table.name, {"comment": self.line_comment(table.span), "data": _fmt(m.values[table.name])}))
        # Patterns are collected while compiling, so render them last.
        context = {
            "game": m.game,
            "file_label": self.file_label,
            "rules": _fmt(self.rules_metadata(program)),
            "card_text": _fmt(tuple(c.text() for c in m.cards)),
            "rank": _fmt(tuple(c.rank for c in m.cards)),
            "suit": _fmt(tuple(c.suit for c in m.cards)),
            "color": _fmt(tuple(SUIT_COLOR[c.suit] if c.suit >= 0 else -1 for c in m.cards)),
            "kind": _fmt(tuple(c.kind for c in m.cards)),
            "orders": orders,
            "values": values,
            "scorings": scorings,
            "functions": program.functions,
            "blocks": program.blocks,
            "zones_meta": _fmt(
                tuple((f"z_{z.name}", z.name, z.per_player, z.visibility, z.grouped) for z in m.zones.values())
            ),
            "vars_meta": _fmt(
                tuple((f"v_{v.name}", v.name, v.per_player, v.type_name, v.visibility) for v in m.vars.values())
            ),
            "locals_meta": _fmt(tuple((f"l_{local.name}", local.name, local.type) for local in m.locals.values())),
            "n_cards": len(m.cards),
            "options": repr(tuple(m.options)),
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
            "players": repr(tuple(m.players)),
            "n_hits": len(program.hits),
            "winners": m.game.winners,
            "decks": decks,
            "init_lines": self.init_lines(program),
            "clone_lines": self.clone_lines(program),
            "result": result,
            "examples": examples,
        }
        context["patterns"] = [(name, key, _fmt(table)) for key, (name, table) in self.tables.patterns.items()]
        source = _environment().get_template("engine.py.j2").render(**context)
        source += render_rule_line_table(source)  # appended last: no line it describes moves
        pyast.parse(source)  # the gate: never write a module that is not valid Python
        return source


def generate(model: Model, text: str) -> str:
    return CodeGenerator(model, text).generate()


__all__ = ["generate", "COLORS"]
