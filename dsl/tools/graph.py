"""`cardrules graph`: the flow of a game as a diagram (Mermaid or Graphviz DOT).

Statements become boxes labelled with their source line, conditions and loops become diamonds,
and decisions are drawn as rounded boxes, so the places where players act stand out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ast import nodes as n
from ..ast.visitor import StmtVisitor
from ..ast.walk import is_decision
from ..compiler.sources import SourceLines

LABEL_WIDTH = 60


@dataclass
class Graph:
    nodes: list[tuple[str, str, str]] = field(default_factory=list)  # (id, label, shape)
    edges: list[tuple[str, str, str]] = field(default_factory=list)  # (from, to, label)

    def node(self, label: str, shape: str = "box") -> str:
        node_id = f"n{len(self.nodes)}"
        self.nodes.append((node_id, label, shape))
        return node_id

    def edge(self, sources: list[str], target: str, label: str = "") -> None:
        for source in sources:
            self.edges.append((source, target, label))


class FlowGraph(StmtVisitor[list[str]]):
    """Visiting a statement draws it, connected from `entries` (with `edge_label` on the edges
    in), and gives its exits."""

    def __init__(self, sources: SourceLines):
        self.sources = sources
        self.graph = Graph()
        self.entries: list[str] = []
        self.edge_label = ""

    def label(self, node: n.Node) -> str:
        line = node.span.line
        text = self.sources.text(node.span).split("#")[0].rstrip("{ ")
        text = text.removeprefix("}").strip().removeprefix("else ").strip()
        if len(text) > LABEL_WIDTH:
            text = text[: LABEL_WIDTH - 1] + "…"
        return f"{line}: {text}"

    def block(self, block: n.Block | None, entries: list[str], edge_label: str = "") -> list[str]:
        """Connect `entries` to the block's first statement; return the block's exits."""
        for stmt in block.stmts if block else []:
            self.entries, self.edge_label = entries, edge_label
            entries = self.visit(stmt)
            edge_label = ""
        return entries

    def _step(self, s: n.Stmt) -> list[str]:
        node = self.graph.node(self.label(s), "round" if is_decision(s) else "box")
        self.graph.edge(self.entries, node, self.edge_label)
        return [node]

    def _loop_head(self, s: n.Stmt) -> list[str]:
        g = self.graph
        head = g.node(self.label(s), "diamond")
        g.edge(self.entries, head, self.edge_label)
        g.edge(self.block(s.body, [head], "each"), head, "again")
        return [head]

    def visit_If(self, s):
        g = self.graph
        entries, edge_label = self.entries, self.edge_label
        exits: list[str] = []
        for cond, body in s.branches:
            test = g.node(self.label(cond), "diamond")
            g.edge(entries, test, edge_label)
            exits += self.block(body, [test], "yes")
            entries, edge_label = [test], "no"
        if s.otherwise is not None:
            exits += self.block(s.otherwise, entries, edge_label)
        else:
            exits += entries  # the last test's "no" goes straight on
        return exits

    def visit_Repeat(self, s):
        g = self.graph
        start = g.node(self.label(s), "box")
        g.edge(self.entries, start, self.edge_label)
        until = g.node(f"{s.until.span.line}: until …", "diamond")
        g.edge(self.block(s.body, [start]), until)
        g.edge([until], start, "not yet")
        return [until]

    def visit_While(self, s):
        return self._loop_head(s)

    def visit_ForPlayers(self, s):
        return self._loop_head(s)

    def visit_ForEach(self, s):
        return self._loop_head(s)

    def visit_RepeatTimes(self, s):
        return self._loop_head(s)

    def visit_ChooseValue(self, s):
        return self._step(s)

    def visit_ForGroups(self, s):
        return self._loop_head(s)

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


def flow_graph(game: n.Game, text: str) -> Graph:
    builder = FlowGraph(SourceLines(game.file, text))
    start = builder.graph.node("start", "round")
    exits = builder.block(game.flow, [start])
    end = builder.graph.node("end of game", "round")
    builder.graph.edge(exits, end)
    return builder.graph


def _quote(text: str) -> str:
    return text.replace('"', "'")


def to_mermaid(graph: Graph) -> str:
    shapes = {"box": ('["', '"]'), "diamond": ('{"', '"}'), "round": ('("', '")')}
    out = ["flowchart TD"]
    for node_id, label, shape in graph.nodes:
        left, right = shapes[shape]
        out.append(f"  {node_id}{left}{_quote(label)}{right}")
    for source, target, label in graph.edges:
        out.append(f"  {source} -->|{_quote(label)}| {target}" if label else f"  {source} --> {target}")
    return "\n".join(out) + "\n"


def to_dot(graph: Graph) -> str:
    shapes = {"box": "box", "diamond": "diamond", "round": "ellipse"}
    out = ["digraph flow {", "  node [fontname=Helvetica];"]
    for node_id, label, shape in graph.nodes:
        escaped = label.replace("\\", "\\\\").replace('"', '\\"')
        out.append(f'  {node_id} [shape={shapes[shape]}, label="{escaped}"];')
    for source, target, label in graph.edges:
        escaped = label.replace('"', '\\"')
        out.append(f'  {source} -> {target} [label="{escaped}"];' if label else f"  {source} -> {target};")
    out.append("}")
    return "\n".join(out) + "\n"
