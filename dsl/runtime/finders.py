"""Group finders of the combination solver's pattern shapes, and the cards each can group.

A finder, `finder(c, pool, key)`, yields the other members of each group containing card c,
drawn from pool. Groups equal under `key` are yielded once: key is the kind table for groups that
use up cards (identical cards make the same group) and the identity for reusable-only groups (each
distinct set of ids scores once).

A finder looks only at the cards of the pool that can share a group with c (`near_masks`): of
its rank for a set, within a run's length of it (of its suit, for `of a suit`) for a run, of the
pattern's ranks for a rank list, every card with a value for a sum. So the same card among the
same such cards, in the same order, gets the same groups whatever else the pool holds: the solver
memoises a card's groups by them.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product


def _run_positions(p, rank) -> list[int]:
    """Per card, its position in the run order of a sequence pattern (-1: in no run)."""
    return [p.order[r] if 0 <= r < len(p.order) else -1 for r in rank]


def combos(items, r, key):
    """r-combinations of items, one per distinct multiset of keys."""
    keys = [key[x] for x in items]
    if len(set(keys)) == len(keys):
        return combinations(items, r)
    seen = {}
    for combo in combinations(items, r):
        seen.setdefault(tuple(sorted(key[x] for x in combo)), combo)
    return seen.values()


def _same_rank(p, rank):
    def find(c, pool, key):
        r = rank[c]
        same = [x for x in pool if rank[x] == r]
        if len(same) < p.size - 1:  # (the usual case in a hand: too few of the rank to make one)
            return ()
        return combos(same, p.size - 1, key)

    return find


def _sequence(p, rank, suit):
    pos = _run_positions(p, rank)
    n = p.size

    def find(c, pool, key):
        at = pos[c]
        if at < 0:
            return
        slots = {}  # position -> candidate cards, one per kind
        for x in pool:
            q = pos[x]
            if q >= 0 and q != at and abs(q - at) < n and (not p.one_suit or suit[x] == suit[c]):
                slot = slots.get(q)
                if slot is None:
                    slots[q] = [x]
                elif all(key[y] != key[x] for y in slot):
                    slot.append(x)
        # The runs of n positions through c are the windows inside the unbroken stretch of filled
        # positions round it: found by walking out from c, not by testing every window.
        below = above = 0
        while below < n - 1 and at - below - 1 in slots:
            below += 1
        while above < n - 1 and at + above + 1 in slots:
            above += 1
        for lo in range(at - below, at + above - n + 2):  # lowest to highest, as every window in turn
            yield from product(*[slots[q] for q in range(lo, lo + n) if q != at])

    return find


def _sum(p, rank):
    vals = p.values
    prune = all(v is None or v >= 0 for v in vals)  # with no negative values, overshooting is final
    fewest, most = (1, len(rank)) if p.size == 0 else (p.size - 1, p.size - 1)

    def find(c, pool, key):
        if vals[c] is None:
            return []
        cands = sorted((x for x in pool if vals[x] is not None), key=lambda x: (vals[x], key[x]))
        found, chosen = [], []

        def grow(i, need):
            if need == 0 and len(chosen) >= fewest:
                found.append(tuple(chosen))
            if len(chosen) == most:
                return
            prev = None
            for j in range(i, len(cands)):
                x = cands[j]
                if prune and vals[x] > need:
                    break
                if key[x] != prev:  # else an identical card was just tried in this place
                    prev = key[x]
                    chosen.append(x)
                    grow(j + 1, need - vals[x])
                    chosen.pop()

        grow(0, p.target - vals[c])
        return found

    return find


def _ranks(p, rank):
    others = {}  # rank of c -> [(rank, how many)] the rest of the group needs
    for r in set(p.ranks):
        need = Counter(p.ranks)
        need[r] -= 1
        others[r] = [(q, m) for q, m in need.items() if m]

    def find(c, pool, key):
        parts = []
        for r, m in others.get(rank[c], ()):
            options = list(combos([x for x in pool if rank[x] == r], m, key))
            if not options:
                return ()
            parts.append(options)
        return (sum(combo, ()) for combo in product(*parts)) if rank[c] in others else ()

    return find


_FINDERS = {"same_rank": _same_rank, "sum": _sum, "ranks": _ranks}


def finder(p, rank, suit):
    """The finder of pattern p; only a sequence looks at suits (`of a suit`)."""
    return _sequence(p, rank, suit) if p.shape == "sequence" else _FINDERS[p.shape](p, rank)


def near_masks(patterns, rank, suit) -> tuple[int, ...]:
    """Per card id, the bit mask of the cards some pattern can put in a group with it."""
    cards = range(len(rank))
    of_rank: dict = {}  # rank -> mask of its cards
    for c in cards:
        of_rank[rank[c]] = of_rank.get(rank[c], 0) | 1 << c
    masks = [0] * len(rank)
    for p in patterns:
        if p.shape == "same_rank":
            for c in cards:
                masks[c] |= of_rank[rank[c]]
        elif p.shape == "ranks":
            listed = sum(of_rank.get(r, 0) for r in set(p.ranks))
            for c in cards:
                if rank[c] in p.ranks:
                    masks[c] |= listed
        elif p.shape == "sum":
            valued = sum(1 << c for c in cards if p.values[c] is not None)
            for c in cards:
                if p.values[c] is not None:
                    masks[c] |= valued
        else:
            pos = _run_positions(p, rank)
            at: dict = {}  # (suit, or None when any suit runs, position) -> mask of its cards
            for c in cards:
                if pos[c] >= 0:
                    where = (suit[c] if p.one_suit else None, pos[c])
                    at[where] = at.get(where, 0) | 1 << c
            for c in cards:
                if pos[c] >= 0:
                    line = suit[c] if p.one_suit else None
                    for q in range(pos[c] - p.size + 1, pos[c] + p.size):
                        masks[c] |= at.get((line, q), 0)
    return tuple(masks)


def fewest_cards(p) -> int:
    """The fewest cards a group of pattern p holds."""
    if p.shape == "ranks":
        return len(p.ranks)
    if p.shape == "sum":
        return 2 if p.size == 0 else p.size
    return p.size
