"""`cardrules diff`: rule-level differences, field by field.

Two rule files (a game and its variant, or two translations' encodings) are compared declaration
by declaration, matched by kind and name, and inside a declaration field by field:
`~ ambiguity thirteen_points: default: one -> thirteen`.  Citations, comments, positions and
layout are not differences.  The flow is compared statement by statement.

One file can also be compared with itself under two choices of readings (`reading_changes`): the
differences are then the ambiguities read differently and every place of the rules whose meaning
follows from them (a `reading x { ... }` that picks another case, a `reading x is y` that turns
from true to false).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, fields, is_dataclass

from ..ast import nodes as n
from ..ast.walk import child_blocks, walk_nodes
from ..compiler.sources import SourceLines
from ..report.diagnostics import Span
from ..semantics.model import Model
from .text import code_of, node_text


@dataclass(frozen=True)
class Change:
    """One difference: `what` was added, removed, or changed in `field` from `old` to `new`."""

    kind: str  # "added" | "removed" | "changed"
    what: str
    field: str | None = None
    old: str | None = None
    new: str | None = None

    def text(self) -> str:
        if self.kind == "added":
            return f"+ {self.what}: {self.new}"
        if self.kind == "removed":
            return f"- {self.what}: {self.old}"
        where = f"{self.what}: {self.field}" if self.field else self.what
        return f"~ {where}: {self.old} -> {self.new}"

    def as_json(self) -> dict:
        return {"change": self.kind, "what": self.what, "field": self.field, "old": self.old, "new": self.new}


# ------------------------------------------------------------------ comparing
def _ignored(name: str) -> bool:
    return name == "span" or name.endswith("_span") or name.endswith("cites") or name == "type"


def comparable(value):
    """The value with positions, citations and inferred types left out, for comparing."""
    if isinstance(value, Span):
        return None
    if isinstance(value, list | tuple):
        return tuple(comparable(item) for item in value)
    if is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple(comparable(getattr(value, f.name)) for f in fields(value) if not _ignored(f.name)),
        )
    return value


def _show(value, sources: SourceLines) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return str(value)
    if isinstance(value, n.Node):
        return node_text(sources, value) if value.span.line else type(value).__name__
    if isinstance(value, tuple):
        return " => ".join(_show(item, sources) for item in value)
    if isinstance(value, list):
        return ", ".join(_show(item, sources) for item in value) or "(none)"
    return str(value)


# ------------------------------------------------------------------ declarations
def declarations(game: n.Game) -> dict[str, dict[str, n.Node]]:
    """Every declaration, by kind and name, in a fixed order of kinds."""
    return {
        "players": {"players": game.players} if game.players else {},
        "deck": {f"{i + 1}": d for i, d in enumerate(game.decks)},
        "order": {o.name or "(default)": o for o in game.orders},
        "value table": {v.name: v for v in game.values},
        "zone": {z.name: z for z in game.zones},
        "variable": {v.name: v for v in game.vars},
        "ambiguity": {a.name: a for a in game.ambiguities},
        "scoring": {s.name: s for s in game.scorings},
        "trigger": {f"when card {t.card_var} is drawn into {t.zone}": t for t in game.triggers},
        "example": {e.title: e for e in game.examples},
    }


def _node_changes(what: str, a: n.Node, b: n.Node, sa: SourceLines, sb: SourceLines) -> list[Change]:
    if type(a) is not type(b):
        return [Change("changed", what, None, _show(a, sa), _show(b, sb))]
    out: list[Change] = []
    for f in fields(a):
        if _ignored(f.name):
            continue
        old, new = getattr(a, f.name), getattr(b, f.name)
        if comparable(old) == comparable(new):
            continue
        if _named_list(old) and _named_list(new):
            out += _list_changes(f"{what} {f.name.removesuffix('s')}", old, new, sa, sb)
        else:
            label = _FIELD_LABELS.get(f.name, f.name.replace("_", " "))
            out.append(Change("changed", what, label, _show(old, sa), _show(new, sb)))
    return out


_FIELD_LABELS = {"init": "initial value", "type_name": "type", "per_player": "per player", "var": "variable"}


def _named_list(value) -> bool:
    return isinstance(value, list) and bool(value) and all(hasattr(item, "name") for item in value)


def _list_changes(what: str, old: list, new: list, sa: SourceLines, sb: SourceLines) -> list[Change]:
    left, right = {item.name: item for item in old}, {item.name: item for item in new}
    out = [Change("removed", f"{what} {name}", old=_show(left[name], sa)) for name in left if name not in right]
    out += [Change("added", f"{what} {name}", new=_show(right[name], sb)) for name in right if name not in left]
    for name in left.keys() & right.keys():
        out += _node_changes(f"{what} {name}", left[name], right[name], sa, sb)
    return sorted(out, key=lambda c: c.what)


def flow_lines(game: n.Game, sources: SourceLines) -> list[str]:
    out: list[str] = []

    def walk(block: n.Block | None, depth: int) -> None:
        for stmt in block.stmts if block else []:
            out.append("  " * depth + " ".join(code_of(sources.text(stmt.span)).split()))
            for child in child_blocks(stmt):
                walk(child, depth + 1)

    walk(game.flow, 0)
    return out


def model_changes(a: Model, a_text: str, b: Model, b_text: str) -> list[Change]:
    """The declarations added, removed and changed (field by field) from `a` to `b`."""
    sa, sb = SourceLines(a.game.file, a_text), SourceLines(b.game.file, b_text)
    ga, gb = a.game, b.game
    out: list[Change] = []
    if ga.name != gb.name:
        out.append(Change("changed", "game", "name", ga.name, gb.name))
    da, db = declarations(ga), declarations(gb)
    for kind in da:
        left, right = da[kind], db[kind]
        for name in sorted(left.keys() - right.keys()):
            out.append(Change("removed", f"{kind} {name}", old=node_text(sa, left[name])))
        for name in sorted(right.keys() - left.keys()):
            out.append(Change("added", f"{kind} {name}", new=node_text(sb, right[name])))
        for name in sorted(left.keys() & right.keys()):
            label = kind if kind == "players" else f"{kind} {name}"
            out += _node_changes(label, left[name], right[name], sa, sb)
    if comparable(ga.result) != comparable(gb.result):
        out.append(Change("changed", "result", None, _show(ga.result, sa), _show(gb.result, sb)))
    if ga.winners != gb.winners:
        out.append(Change("changed", "winners", None, ga.winners, gb.winners))
    return out


def flow_diff(a: Model, a_text: str, b: Model, b_text: str, a_label: str, b_label: str) -> list[str]:
    """The flow's statements as a unified diff (without its header), empty when they agree."""
    sa, sb = SourceLines(a.game.file, a_text), SourceLines(b.game.file, b_text)
    if comparable(a.game.flow) == comparable(b.game.flow):
        return []
    lines = difflib.unified_diff(flow_lines(a.game, sa), flow_lines(b.game, sb), a_label, b_label, lineterm="", n=1)
    return list(lines)[2:]


# ------------------------------------------------------------------ readings of one file
def reading_changes(model: Model, text: str, first: dict[str, str], second: dict[str, str]) -> list[Change]:
    """What changes in the rules of one file from the readings `first` to `second` (both complete:
    every ambiguity has a reading)."""
    sources = SourceLines(model.game.file, text)
    differing = {name for name in first if first[name] != second.get(name)}
    out = [Change("changed", f"ambiguity {name}", "reading", first[name], second[name]) for name in sorted(differing)]
    for node in _all_nodes(model.game):
        ambiguity = getattr(node, "ambiguity", None)
        if ambiguity not in differing:
            continue
        where = f"line {node.span.line}"
        old, new = first[ambiguity], second[ambiguity]
        if isinstance(node, n.ReadingIs):
            out.append(
                Change("changed", where, f"reading {ambiguity} is {node.reading}", _truth(old, node), _truth(new, node))
            )
        elif isinstance(node, n.ReadingSwitch | n.TieByReading):
            cases = dict(node.cases)
            shown_old, shown_new = _show(cases.get(old), sources), _show(cases.get(new), sources)
            if shown_old != shown_new:
                out.append(Change("changed", where, f"reading {ambiguity} {{ ... }}", shown_old, shown_new))
    return out


def _truth(reading: str, node: n.ReadingIs) -> str:
    return "true" if reading == node.reading else "false"


def _all_nodes(game: n.Game):
    seen = []
    for value in (game.decks, game.zones, game.vars, game.scorings, game.triggers, game.flow, game.result):
        for item in value if isinstance(value, list) else [value]:
            if item is not None:
                seen.extend(walk_nodes(item))
    return sorted(seen, key=lambda node: (node.span.line, node.span.column))
