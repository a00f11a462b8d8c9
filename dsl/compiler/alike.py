"""Which per-card tables a scoring's code reads, so that its solver can memoise by card classes.

A scoring's result is cached by the multiset of the cards it scores (combos.Scoring). Keyed by
card kinds, a trick of Thirteens almost never repeats (54 kinds, 4 cards: 300,000 multisets);
keyed by what the patterns can see of a card (its rank, its meld value, whether it is an ace or
a joker: 14 classes), it repeats nearly always. Two cards are alike for a scoring when every
table its patterns, `where`, `score`, `leftover` and `reusable` read gives them the same entry:
then swapping one for the other changes no group, no score and no best split.

That holds only if the generated code looks at a card through such tables and at a group only
as a collection (its cards, its size), never at a card's identity or at the order of a group
(`first of group` may pick either of two alike cards). This module reads the Python text the
compiler wrote for those callables and answers the tables they read, or None when any use of a
card or group falls outside that list: the solver then keys by kinds, as always.
"""

from __future__ import annotations

import ast

GROUP = "group"  # the parameter of pattern, where, score and leftover callables
CARD = "card"  # the parameter of the reusable callable
# Runtime helpers that read a group as a collection: (name, index of the table argument or None)
_GROUP_READERS = {"size": None, "sum_values": 0}
_CARD_READERS = {"value": 0}  # helpers reading one card through the table at that argument
_GROUP_BUILTINS = frozenset({"len", "bool"})


# Methods of a pattern's frozenset of cards (`CARDS_A.isdisjoint(group)`: `group has A`) that read
# a group as a collection, through the pattern's table.
_SET_READERS = frozenset({"isdisjoint", "intersection"})


class _Reads(ast.NodeVisitor):
    """Tables read by one callable; `ok` turns False at any other use of a card or group."""

    def __init__(self, per_card: frozenset[str], sets: dict[str, str]):
        self.per_card = per_card
        self.sets = sets  # frozenset of a pattern's cards -> that pattern's table
        self.groups = {GROUP}
        self.cards = {CARD}
        self.tables: set[str] = set()
        self.ok = True
        self.allowed: set[int] = set()  # ids of Name nodes whose use was checked

    def _table(self, node) -> str | None:
        return node.id if isinstance(node, ast.Name) and node.id in self.per_card else None

    def _runtime_call(self, node) -> str | None:
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "_rt":
            return func.attr
        return None

    def visit_comprehension(self, node: ast.comprehension):
        if isinstance(node.iter, ast.Name) and node.iter.id in self.groups:
            if not isinstance(node.target, ast.Name):
                self.ok = False
                return
            self.cards.add(node.target.id)
            self.allowed.update({id(node.iter), id(node.target)})
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript):
        table = self._table(node.value)
        if table is not None and isinstance(node.slice, ast.Name) and node.slice.id in self.cards:
            self.tables.add(table)
            self.allowed.add(id(node.slice))
        self.generic_visit(node)

    def _set_reader(self, node: ast.Call) -> str | None:
        """The table behind `CARDS_X.isdisjoint(group)` (or `.intersection`), else None."""
        func, args = node.func, node.args
        if not (isinstance(func, ast.Attribute) and func.attr in _SET_READERS and isinstance(func.value, ast.Name)):
            return None
        if len(args) == 1 and isinstance(args[0], ast.Name) and args[0].id in self.groups:
            return self.sets.get(func.value.id)
        return None

    def visit_Call(self, node: ast.Call):
        helper = self._runtime_call(node)
        args = node.args
        if helper in _GROUP_READERS or helper in _CARD_READERS:
            kinds = self.groups if helper in _GROUP_READERS else self.cards
            at = _GROUP_READERS.get(helper, _CARD_READERS.get(helper))
            subject = 1 if at == 0 else 0
            if len(args) > subject and isinstance(args[subject], ast.Name) and args[subject].id in kinds:
                table = self._table(args[at]) if at is not None and len(args) > at else None
                if at is None or table is not None:
                    self.allowed.add(id(args[subject]))
                    if table is not None:
                        self.tables.add(table)
        elif self._set_reader(node) is not None:
            self.allowed.add(id(args[0]))
            self.tables.add(self._set_reader(node))
        elif isinstance(node.func, ast.Name) and node.func.id in _GROUP_BUILTINS and len(args) == 1:
            if isinstance(args[0], ast.Name) and args[0].id in self.groups:
                self.allowed.add(id(args[0]))
        self.generic_visit(node)


def tables_read(sources: list[str], per_card: frozenset[str], sets: dict[str, str] | None = None) -> set[str] | None:
    """The per-card tables that these callables (Python source of `lambda ...` expressions) read,
    or None when one of them looks at a card or a group in any other way. `sets`: the frozensets
    of the patterns' cards, each with its pattern's table."""
    found: set[str] = set()
    for source in sources:
        try:
            tree = ast.parse(source, mode="eval")
        except SyntaxError:
            return None
        reads = _Reads(per_card, sets or {})
        # Comprehension targets are bound before their uses are checked: visit twice.
        reads.visit(tree)
        reads.allowed.clear()
        reads.visit(tree)
        if not reads.ok:
            return None
        watched = reads.cards | reads.groups
        for node in ast.walk(tree):  # (lambda parameters are `arg` nodes, not names)
            if isinstance(node, ast.Name) and node.id in watched and id(node) not in reads.allowed:
                return None
        found |= reads.tables
    return found
