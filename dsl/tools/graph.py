"""`cardrules graph`: the flow of a game as a diagram for people (Mermaid or Graphviz DOT).

By default the flow is summarised: a run of plain statements is one box, so what is left is the
shape of the game: its loops (with their conditions in full), the decisions players make (a
hexagon of their own colour), and the phases they belong to, drawn as clusters.  A phase is
read from the statements themselves: dealing (`deal`, `draw`) is the deal, a `bid` the auction,
a `trick` the tricks, a value or scoring computed the scoring, `end game` the end; what comes
before the first of them is the setup.  Triggers (`when card ... is drawn into Z`) are attached
by dashed edges to the statements that put cards into Z.  `detail=True` draws one box per
statement instead.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from ..ast import nodes as n
from ..ast.visitor import StmtVisitor
from ..ast.walk import child_blocks, is_decision, open_loop, walk_nodes
from ..compiler.sources import SourceLines
from .text import node_text

LABEL_WIDTH = 44  # a label is wrapped into lines of this many characters
LABEL_LINES = 4  # and cut after this many
PHASES = ("setup", "deal", "auction", "tricks", "scoring", "end")
_COLOURS = {"decision": "#ffe08a", "test": "#dbe9ff", "loop": "#dbe9ff", "trigger": "#f3d9ff", "terminal": "#eeeeee"}


@dataclass
class GraphNode:
    id: str
    label: str
    kind: str  # "step" | "decision" | "test" | "loop" | "trigger" | "terminal"
    phase: str | None = None
    stmts: list[n.Stmt] = field(default_factory=list)  # the statements it stands for


@dataclass
class Graph:
    nodes: list[GraphNode] = field(default_factory=list)
    edges: list[tuple[str, str, str, bool]] = field(default_factory=list)  # (from, to, label, dashed)

    def node(self, label: str, kind: str = "step", phase: str | None = None, stmts=()) -> str:
        node_id = f"n{len(self.nodes)}"
        self.nodes.append(GraphNode(node_id, label, kind, phase, list(stmts)))
        return node_id

    def edge(self, sources: list[str], target: str, label: str = "", dashed: bool = False) -> None:
        for source in sources:
            self.edges.append((source, target, label, dashed))


# ------------------------------------------------------------------ phases
def phase_of(stmt: n.Stmt, result_names: frozenset[str] = frozenset()) -> str | None:
    """The phase a statement belongs to by what it does, or None when it says nothing of it.
    Scoring is scoring a group of cards, or changing a variable the result is read from."""
    found = set()
    for node in walk_nodes(stmt):
        if isinstance(node, n.Assign) and _names(node.target) & result_names:
            found.add("scoring")
        if isinstance(node, n.Trick):
            found.add("tricks")
        elif isinstance(node, n.Bid):
            found.add("auction")
        elif isinstance(node, n.DealEach | n.DealEvenly | n.Draw):
            found.add("deal")
        elif isinstance(node, n.ScoringOf | n.BestOf):
            found.add("scoring")
        elif isinstance(node, n.EndGame):
            found.add("end")
    return next((phase for phase in PHASES if phase in found), None)


def _names(expr: n.Expr) -> set[str]:
    out = set()
    for node in walk_nodes(expr):
        if isinstance(node, n.Name):
            out.add(node.id)
        elif isinstance(node, n.Of):
            out.add(node.name)
    return out


def _phases_in(stmt: n.Stmt, result_names: frozenset[str]) -> set[str]:
    inner = {phase_of(s, result_names) for block in child_blocks(stmt) for s in block.stmts}
    return {p for p in inner if p} or ({phase_of(stmt, result_names)} - {None})


# ------------------------------------------------------------------ building
class FlowGraph(StmtVisitor[list[str]]):
    """Visiting a statement draws it, connected from `entries` (with `edge_label` on the edges
    in), and gives its exits.  With `detail` off, runs of plain statements share one box."""

    def __init__(self, sources: SourceLines, detail: bool, result_names: frozenset[str] = frozenset()):
        self.sources = sources
        self.result_names = result_names
        self.detail = detail
        self.graph = Graph()
        self.entries: list[str] = []
        self.edge_label = ""
        self.phase = "setup"

    def text(self, node: n.Node) -> str:
        return node_text(self.sources, node)

    def head(self, stmt: n.Stmt) -> str:
        """A statement's first line, without its block or the `}` before it."""
        text = self.sources.text(stmt.span).split("#")[0].rstrip("{ ")
        return text.removeprefix("}").strip().removeprefix("else ").strip()

    def _phase(self, *stmts: n.Stmt) -> str | None:
        """The phase of statements drawn as one node: the first they name; statements that
        name none continue the current phase."""
        for stmt in stmts:
            if child_blocks(stmt):
                phases = _phases_in(stmt, self.result_names)
            else:
                phases = {phase_of(stmt, self.result_names)} - {None}
            if len(phases) > 1:
                return None  # a loop over several phases belongs to none of them
            if phases:
                self.phase = phases.pop()
                return self.phase
        return self.phase

    def add(self, label: str, kind: str, stmts=(), phase: str | None = None) -> str:
        node = self.graph.node(label, kind, phase, stmts)
        self.graph.edge(self.entries, node, self.edge_label)
        return node

    def block(self, block: n.Block | None, entries: list[str], edge_label: str = "") -> list[str]:
        """Connect `entries` to the block's first statement; return the block's exits."""
        run: list[n.Stmt] = []
        for stmt in block.stmts if block else []:
            if not self.detail and self._plain(stmt):
                run.append(stmt)
                continue
            entries, edge_label = self._flush(run, entries, edge_label)
            run = []
            self.entries, self.edge_label = entries, edge_label
            entries = self.visit(stmt)
            edge_label = ""
        entries, _ = self._flush(run, entries, edge_label)
        return entries

    def _plain(self, stmt: n.Stmt) -> bool:
        """A statement with no decision and no loop anywhere inside: it joins a run of steps."""
        return not any(isinstance(s, n.Stmt) and (is_decision(s) or open_loop(s) is not None) for s in walk_nodes(stmt))

    def _flush(self, run: list[n.Stmt], entries: list[str], edge_label: str) -> tuple[list[str], str]:
        if not run:
            return entries, edge_label
        phase = self._phase(*run)
        heads = [self.head(stmt) for stmt in run]
        if len(run) == 1:
            label = f"{run[0].span.line}: {heads[0]}"
        else:
            label = f"lines {run[0].span.line}-{run[-1].span.line}: " + "; ".join(heads)
        self.entries, self.edge_label = entries, edge_label
        return [self.add(label, "step", run, phase)], ""

    def _step(self, s: n.Stmt) -> list[str]:
        kind = "decision" if is_decision(s) else "step"
        return [self.add(f"{s.span.line}: {self.head(s)}", kind, [s], self._phase(s))]

    def _loop_head(self, s: n.Stmt, words: str) -> list[str]:
        head = self.add(f"{s.span.line}: {words}", "loop", [s], self._phase(s))
        self.graph.edge(self.block(s.body, [head], "each"), head, "again")
        return [head]

    def visit_If(self, s):
        entries, edge_label = self.entries, self.edge_label
        phase = self._phase(s)
        exits: list[str] = []
        for cond, body in s.branches:
            self.entries, self.edge_label = entries, edge_label
            test = self.add(f"{cond.span.line}: if {self.text(cond)}", "test", [s], phase)
            exits += self.block(body, [test], "yes")
            entries, edge_label = [test], "no"
        if s.otherwise is not None:
            exits += self.block(s.otherwise, entries, edge_label)
        else:
            exits += entries  # the last test's "no" goes straight on
        return exits

    def visit_Repeat(self, s):
        phase = self._phase(s)
        start = self.add(f"{s.span.line}: repeat", "loop", [s], phase)
        exits = self.block(s.body, [start])
        self.entries, self.edge_label = exits, ""
        until = self.add(f"{s.until.span.line}: until {self.text(s.until)}", "test", [s], phase)
        self.graph.edge([until], start, "not yet")
        return [until]

    def visit_While(self, s):
        return self._loop_head(s, f"while {self.text(s.cond)}")

    def visit_ForPlayers(self, s):
        return self._loop_head(s, self.head(s))

    def visit_ForEach(self, s):
        return self._loop_head(s, self.head(s))

    def visit_RepeatTimes(self, s):
        return self._loop_head(s, self.head(s))

    def visit_ChooseValue(self, s):
        return self._step(s)

    def visit_ForGroups(self, s):
        return self._loop_head(s, self.head(s))

    def visit_Shuffle(self, s):
        return self._step(s)

    def visit_Move(self, s):
        return self._step(s)

    def visit_DealEach(self, s):
        return self._step(s)

    def visit_DealEvenly(self, s):
        return self._step(s)

    def visit_Draw(self, s):
        return self._step(s)

    def visit_Gather(self, s):
        return self._step(s)

    def visit_Assign(self, s):
        return self._step(s)

    def visit_ChooseCard(self, s):
        return self._step(s)

    def visit_ChooseCards(self, s):
        return self._step(s)

    def visit_ChooseOption(self, s):
        return self._step(s)

    def visit_ChooseSuit(self, s):
        return self._step(s)

    def visit_Bid(self, s):
        return self._step(s)

    def visit_Trick(self, s):
        return self._step(s)

    def visit_EndGame(self, s):
        return self._step(s)

    def visit_Gap(self, s):
        return self._step(s)

    def visit_Standing(self, s):
        return self._step(s)


def _zones_filled(stmt: n.Stmt) -> set[str]:
    """The zones a statement (and what it holds) puts cards into."""
    zones = set()
    for node in walk_nodes(stmt):
        if isinstance(node, n.Move | n.Draw):
            zones.add(node.dest.name)
        elif isinstance(node, n.DealEach | n.DealEvenly):
            zones.add(node.zone)
    return zones


def flow_graph(game: n.Game, text: str, detail: bool = False) -> Graph:
    result_names = frozenset(_names(game.result)) if game.result is not None else frozenset()
    builder = FlowGraph(SourceLines(game.file, text), detail, result_names)
    graph = builder.graph
    start = graph.node("start", "terminal")
    exits = builder.block(game.flow, [start])
    end = graph.node("end of game", "terminal")
    graph.edge(exits, end)
    for trigger in game.triggers:
        words = f"when card {trigger.card_var} is drawn into {trigger.zone} of {trigger.player_var}"
        if trigger.cond is not None:
            words += f" where {builder.text(trigger.cond)}"
        node = graph.node(f"{trigger.span.line}: {words}", "trigger")
        for other in list(graph.nodes):
            if other.kind != "trigger" and any(trigger.zone in _zones_filled(s) for s in _own(other)):
                graph.edge([other.id], node, "may fire", dashed=True)
    return graph


def _own(node: GraphNode) -> list[n.Stmt]:
    """The statements a node draws itself: a loop or test head stands for its line only."""
    return [s for s in node.stmts if not child_blocks(s)] if node.kind in ("step", "decision") else []


# ------------------------------------------------------------------ writing
def _lines(label: str) -> list[str]:
    lines = textwrap.wrap(label, LABEL_WIDTH) or [""]
    if len(lines) > LABEL_LINES:
        lines = lines[:LABEL_LINES]
        lines[-1] = lines[-1][: LABEL_WIDTH - 1] + "…"
    return lines


def _mermaid_text(text: str) -> str:
    return text.replace('"', "#quot;")


def to_mermaid(graph: Graph) -> str:
    shapes = {
        "step": ('["', '"]'),
        "test": ('{"', '"}'),
        "loop": ('[/"', '"/]'),
        "decision": ('{{"', '"}}'),
        "trigger": ('>"', '"]'),
        "terminal": ('(["', '"])'),
    }
    out = ["flowchart TD"]
    for node in graph.nodes:
        left, right = shapes[node.kind]
        out.append(f"  {node.id}{left}{'<br/>'.join(_mermaid_text(t) for t in _lines(node.label))}{right}")
    for phase in PHASES:
        members = [node.id for node in graph.nodes if node.phase == phase]
        if members:
            out.append(f"  subgraph {phase}")
            out.extend(f"    {member}" for member in members)
            out.append("  end")
    for source, target, label, dashed in graph.edges:
        arrow = "-.->" if dashed else "-->"
        out.append(f"  {source} {arrow}|{_mermaid_text(label)}| {target}" if label else f"  {source} {arrow} {target}")
    for kind, colour in _COLOURS.items():
        members = [node.id for node in graph.nodes if node.kind == kind]
        if members:
            out.append(f"  classDef {kind} fill:{colour},stroke:#555")
            out.append(f"  class {','.join(members)} {kind}")
    return "\n".join(out) + "\n"


def _dot_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def to_dot(graph: Graph) -> str:
    shapes = {
        "step": "box",
        "test": "diamond",
        "loop": "trapezium",
        "decision": "hexagon",
        "trigger": "cds",
        "terminal": "oval",
    }
    out = ["digraph flow {", "  node [fontname=Helvetica, fontsize=10];", "  edge [fontname=Helvetica, fontsize=9];"]

    def node_line(node: GraphNode, indent: str) -> str:
        label = "\\n".join(_dot_text(t) for t in _lines(node.label))
        style = f', style=filled, fillcolor="{_COLOURS[node.kind]}"' if node.kind in _COLOURS else ""
        return f'{indent}{node.id} [shape={shapes[node.kind]}, label="{label}"{style}];'

    for phase in PHASES:
        members = [node for node in graph.nodes if node.phase == phase]
        if members:
            out.append(f'  subgraph cluster_{phase} {{\n    label="{phase}";\n    style=rounded;\n    color="#999999";')
            out.extend(node_line(node, "    ") for node in members)
            out.append("  }")
    out.extend(node_line(node, "  ") for node in graph.nodes if node.phase is None)
    for source, target, label, dashed in graph.edges:
        attributes = [f'label="{_dot_text(label)}"'] if label else []
        if dashed:
            attributes.append("style=dashed")
        out.append(f"  {source} -> {target}" + (f" [{', '.join(attributes)}];" if attributes else ";"))
    out.append("}")
    return "\n".join(out) + "\n"
