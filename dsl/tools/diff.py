"""`cardrules diff`: rule-level differences between two rule files (a game and its variant, or
two translations' encodings).

Declarations are compared by kind and name on their source text with citations and comments
removed, so moving a rule or re-citing it is not a difference; the flow is compared statement by
statement.  A variant compared with its base shows exactly what it overrides.
"""

from __future__ import annotations

import difflib
import re

from ..ast import nodes as n
from ..ast.walk import child_blocks
from ..compiler.sources import SourceLines
from ..semantics.model import Model

_CITE = re.compile(r'@[A-Za-z_][A-Za-z0-9_]*:\d+(\s+"([^"\\]|\\.)*")?')


def _text(sources: SourceLines, node: n.Node) -> str:
    """The declaration's own text: its lines, without comments, citations or extra spaces."""
    span = node.span
    lines = sources.lines_of(span.file)[span.line - 1 : span.end_line]
    if lines:
        lines[0] = lines[0][span.column - 1 :]
        if span.end_line == span.line:
            lines[0] = lines[0][: span.end_column - span.column + 1]
        else:
            lines[-1] = lines[-1][: span.end_column]
    kept = []
    for line in lines:
        line = _CITE.sub("", line.split("#")[0])
        kept.append(" ".join(line.split()))
    return " ".join(part for part in kept if part)


def declarations(model: Model, sources: SourceLines) -> dict[str, dict[str, str]]:
    game = model.game
    kinds: dict[str, dict[str, str]] = {
        "players": {"players": _text(sources, game.players)} if game.players else {},
        "deck": {f"deck {i + 1}": _text(sources, d) for i, d in enumerate(game.decks)},
        "order": {o.name or "(default)": _text(sources, o) for o in game.orders},
        "value table": {v.name: _text(sources, v) for v in game.values},
        "zone": {z.name: _text(sources, z) for z in game.zones},
        "variable": {v.name: _text(sources, v) for v in game.vars},
        "ambiguity": {a.name: _text(sources, a) for a in game.ambiguities},
        "scoring": {s.name: _text(sources, s) for s in game.scorings},
        "trigger": {f"when card {t.card_var} is drawn into {t.zone}": _text(sources, t) for t in game.triggers},
        "example": {e.title: _text(sources, e) for e in game.examples},
    }
    if game.result is not None:
        kinds["result"] = {"result": _text(sources, game.result) + f" / winners {game.winners}"}
    return kinds


def flow_lines(model: Model, sources: SourceLines) -> list[str]:
    out: list[str] = []

    def walk(block: n.Block | None, depth: int) -> None:
        for stmt in block.stmts if block else []:
            text = sources.text(stmt.span).split("#")[0].strip()
            out.append("  " * depth + " ".join(text.split()))
            for child in child_blocks(stmt):
                walk(child, depth + 1)

    walk(model.game.flow, 0)
    return out


def diff_models(a: Model, a_text: str, b: Model, b_text: str, a_label: str, b_label: str) -> list[str]:
    """Lines: `- kind name: text` (only in a), `+ ...` (only in b), `~ ...` (changed), then the flow."""
    sa, sb = SourceLines(a.game.file, a_text), SourceLines(b.game.file, b_text)
    da, db = declarations(a, sa), declarations(b, sb)
    out: list[str] = []
    if a.game.name != b.game.name:
        out.append(f"~ game name: {a.game.name!r} -> {b.game.name!r}")
    for kind in dict.fromkeys([*da, *db]):  # a fixed order: the order of `declarations`
        left, right = da.get(kind, {}), db.get(kind, {})
        for name in sorted(left.keys() - right.keys()):
            out.append(f"- {kind} {name}: {left[name]}")
        for name in sorted(right.keys() - left.keys()):
            out.append(f"+ {kind} {name}: {right[name]}")
        for name in sorted(left.keys() & right.keys()):
            if left[name] != right[name]:
                out.append(f"~ {kind} {name}:\n    {left[name]}\n    -> {right[name]}")
    flow = list(difflib.unified_diff(flow_lines(a, sa), flow_lines(b, sb), a_label, b_label, lineterm="", n=1))
    if flow:
        out.append("~ flow:")
        out.extend("    " + line for line in flow[2:])
    return out
