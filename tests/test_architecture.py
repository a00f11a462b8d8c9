"""The import graph of `dsl` has no cycle: every module can be understood after the ones it imports.

The layering between stage packages is checked by `lint-imports` (see `[tool.importlinter]` in
pyproject.toml); this test looks at single modules, late imports included, and names each cycle."""

from __future__ import annotations

import grimp


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: the components of more than one module, or of one that imports itself."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph.get(succ, ())))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph.get(node, ()):
                        components.append(sorted(component))
    return components


def cycle_through(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One shortest cycle from the component's first module back to it, as a list of modules."""
    members, start = set(component), component[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for succ in sorted(graph[node] & members):
                if succ == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start] + path[::-1][1:] + [start] if node != start else [start, start]
                if succ not in came_from:
                    came_from[succ] = node
                    following.append(succ)
        frontier = following
    raise AssertionError(f"{component} is not a cycle")


def import_graph() -> dict[str, set[str]]:
    # Imports under `if TYPE_CHECKING:` are left out: they never run, so they order nothing.
    graph = grimp.build_graph("dsl", cache_dir=None, exclude_type_checking_imports=True)
    return {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}


def test_the_cycle_finder_finds_a_cycle_and_only_cycles():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert sorted(strongly_connected(graph)) == [["a", "b", "c"], ["e"]]
    assert strongly_connected({"a": {"b"}, "b": set()}) == []
    assert cycle_through(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert cycle_through(graph, ["e"]) == ["e", "e"]


def test_no_module_of_dsl_is_part_of_an_import_cycle():
    graph = import_graph()
    assert "dsl.api" in graph and "dsl.syntax.parser" in graph  # the graph is the real one
    cycles = strongly_connected(graph)
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(cycle_through(graph, c)) for c in cycles)
