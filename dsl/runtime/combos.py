"""Combination solver: score cards by their best split into patterns (pairs, sets, runs, sums...).

Games such as Thirteens, Pimps or Prisoners score a trick, or a pile at game end, by splitting
the cards into groups and adding the groups' scores; the player is owed the best split. Greedy
choices are wrong (a 6 may be worth more in a sum to 13 than in a run), so every split is searched,
and three facts keep that cheap enough for simulations of millions of actions:

* Branching on the lowest card still to place - it stays unused, or it goes into one group that
  contains it - reaches every split exactly once and only builds groups through that one card.
* Identical cards (same kind: two decks) are interchangeable, so sub-problems are memoised on
  sorted kind tuples and shared between tricks, decks and calls.
* Reusable cards (an ace that scores alone and again with each face card) never compete for a
  place: they join any group, and groups made of reusable cards only are simply added.

Pattern scores, `where`, `leftover` and `reusable` must therefore depend on card kinds, not ids.
Internally every score is multiplied by +1 (maximise) or -1 (minimise) so the search always
maximises; a group is "helpful" when its signed score is positive.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations, product
from typing import Callable, Optional

SHAPES = ("same_rank", "sequence", "sum", "ranks")
_LIMIT = 200_000  # cache entries kept before a cache is dropped: bounds memory in long simulations
_EPS = 1e-9  # relative slack so float rounding in bounds never prunes an optimal branch


@dataclass(frozen=True)
class Pattern:
    """One kind of scoring group. `values` is indexed by card id, `order` by rank (-1: not in runs)."""

    name: str
    shape: str
    size: int = 0
    target: int = 0
    values: tuple = ()
    order: tuple = ()
    ranks: tuple = ()
    where: Optional[Callable[[tuple], bool]] = None
    score: Optional[Callable[[tuple], float]] = None

    def __post_init__(self):
        if self.shape not in SHAPES:
            raise ValueError(f"pattern {self.name!r}: unknown shape {self.shape!r}")
        if self.score is None:
            raise TypeError(f"pattern {self.name!r}: a score callable is required")
        if self.shape in ("same_rank", "sequence") and self.size < 1:
            raise ValueError(f"pattern {self.name!r}: size must be at least 1")
        if self.shape == "ranks" and not self.ranks:
            raise ValueError(f"pattern {self.name!r}: ranks must not be empty")


# Finders: finder(c, pool, key) yields the other members of each group containing card c, drawn
# from pool. Groups equal under `key` are yielded once: key is the kind table for groups that
# consume cards (identical cards make the same group) and the identity for reusable-only groups
# (each distinct set of ids scores once).

def _combos(items, r, key):
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
        return _combos([x for x in pool if rank[x] == rank[c]], p.size - 1, key)
    return find


def _sequence(p, rank):
    pos = [p.order[r] if 0 <= r < len(p.order) else -1 for r in rank]  # run position per card
    n = p.size

    def find(c, pool, key):
        at = pos[c]
        if at < 0:
            return
        slots = {}  # position -> candidate cards, one per kind
        for x in pool:
            q = pos[x]
            if q >= 0 and q != at and abs(q - at) < n:
                slot = slots.setdefault(q, [])
                if all(key[y] != key[x] for y in slot):
                    slot.append(x)
        for lo in range(at - n + 1, at + 1):  # every run of n positions through c
            need = [slots.get(q) for q in range(lo, lo + n) if q != at]
            if all(need):
                yield from product(*need)
    return find


def _sum(p, rank):
    vals = p.values
    prune = all(v is None or v >= 0 for v in vals)  # with no negative values, overshooting is final
    fewest = 1 if p.size == 0 else p.size - 1
    most = len(rank) if p.size == 0 else p.size - 1

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
                if key[x] != prev:  # an identical card was just tried in this slot
                    prev = key[x]
                    chosen.append(x)
                    grow(j + 1, need - vals[x])
                    chosen.pop()

        grow(0, p.target - vals[c])
        return found
    return find


def _ranks(p, rank):
    want = Counter(p.ranks)

    def find(c, pool, key):
        if rank[c] not in want:
            return ()
        need = want.copy()
        need[rank[c]] -= 1
        parts = []
        for r, m in need.items():
            if m:
                options = list(_combos([x for x in pool if rank[x] == r], m, key))
                if not options:
                    return ()
                parts.append(options)
        return (sum(combo, ()) for combo in product(*parts))
    return find


_FINDERS = {"same_rank": _same_rank, "sequence": _sequence, "sum": _sum, "ranks": _ranks}


def _take(kinds, need):
    """The sorted tuple `kinds` without one card of each kind in `need`; None if one is missing."""
    if not need:
        return kinds
    rest = list(kinds)
    for k in need:
        try:
            rest.remove(k)
        except ValueError:
            return None
    return tuple(rest)


class Scoring:
    """Best total of a collection of cards over all splits into `patterns` (see module docstring)."""

    def __init__(self, patterns, rank, suit, kind, *, reusable=None, leftover=None,
                 maximise=True, name="scoring"):
        self.name = name
        self.patterns = tuple(patterns)
        self.rank, self.suit, self.kind = tuple(rank), tuple(suit), tuple(kind)
        self.reusable = reusable
        self.leftover = leftover
        self.maximise = maximise
        self._sign = 1 if maximise else -1
        self._reusable = tuple(bool(reusable and reusable(c)) for c in range(len(self.kind)))
        self._ids = range(len(self.kind))  # identity key for reusable-only groups
        self._finders = [(p, _FINDERS[p.shape](p, self.rank)) for p in self.patterns]
        self._cache = {}  # (k or None, sorted kinds) -> result of a public call

    def best(self, cards) -> float:
        """Best total for these card ids."""
        key = (None, tuple(sorted([self.kind[c] for c in cards])))
        got = self._cache.get(key)
        if got is None:
            self._trim()
            hand = _Hand(self, cards)
            got = self._cache[key] = self._sign * hand.value(hand.start)
        return got

    def best_groups(self, cards):
        """(best total, [(pattern name, group card ids), ...]) for these card ids."""
        self._trim()
        total, groups = _Hand(self, cards).explain()
        return self._sign * total, groups

    def best_of(self, cards, k) -> float:
        """Best total over all choices of min(k, len(cards)) of the cards."""
        cards = list(cards)
        if k >= len(cards):
            return self.best(cards)
        key = (k, tuple(sorted([self.kind[c] for c in cards])))
        got = self._cache.get(key)
        if got is None:
            self._trim()
            got = self._cache[key] = self._best_of(cards, max(k, 0))

        return got

    def _best_of(self, cards, k):
        if self.leftover is not None:
            # leftover may reward any unused card, so no card can be ruled out: try every choice
            # of k cards up to identical cards (exponential; meant for small collections)
            order = sorted(cards, key=self.kind.__getitem__)
            pick = max if self.maximise else min
            return pick(self.best(c) for c in _combos(order, k, self.kind))
        # Without leftover an unused card is worth nothing, so more cards never hurt: the best k
        # cards are the best <= k cards that all sit in helpful groups (useless ones are dropped).
        hand = _Hand(self, cards)
        useful, taken = set(), 0
        for j in range(len(hand.kinds)):
            for _, _, mask, _, g in hand.groups(j):
                useful.update(self.kind[c] for c in g if c not in hand.bit)
                taken |= mask
        for _, mask, _, _ in hand.solo:
            taken |= mask
        keep = [c for c in cards if self.kind[c] in useful or hand.bit.get(c, 0) & taken]
        if len(keep) <= k:
            return self.best(keep)
        hand = _Hand(self, keep)
        return self._sign * hand.budget(hand.start, k, 0)

    def _trim(self):
        if len(self._cache) > _LIMIT:
            self._cache.clear()

    def _groups(self, c, pool, key):
        """(pattern name, group, signed score) for every candidate group containing c, from pool."""
        sign = self._sign
        for p, find in self._finders:
            for others in find(c, pool, key):
                g = (c,) + others
                if p.where is None or p.where(g):
                    yield p.name, g, sign * p.score(g)


class _Hand:
    """One collection being scored. The search state is an int packing, per distinct consumable
    kind, a field holding how many of its cards remain; each field has a spare top bit, so a group
    (packed the same way) fits iff subtracting it clears no spare bit, and is removed by that
    subtraction. Reusable cards are bits of a separate mask."""

    def __init__(self, sc: Scoring, cards):
        self.sc = sc
        kind, reusable = sc.kind, sc._reusable
        ids = sorted(cards, key=lambda c: (sc.rank[c], kind[c]))
        self.cons = [c for c in ids if not reusable[c]]
        self.rs = tuple(c for c in ids if reusable[c])
        self.bit = {c: 1 << i for i, c in enumerate(self.rs)}
        self.kinds = list(dict.fromkeys(kind[c] for c in self.cons))  # slot order = search order
        self.slot = {k: j for j, k in enumerate(self.kinds)}
        self.first = {}  # slot -> index in cons of its first card
        for i, c in enumerate(self.cons):
            self.first.setdefault(self.slot[kind[c]], i)
        counts = Counter(kind[c] for c in self.cons)
        self.width = w = max(counts.values(), default=1).bit_length() + 1
        self.spare = sum(1 << (j * w + w - 1) for j in range(len(self.kinds)))
        self.start = sum(n << (self.slot[k] * w) for k, n in counts.items())
        self.track = sc.leftover is not None  # leftover needs to know exactly which cards are unused
        self._by_low, self._memo, self._tables, self._bmemo = {}, {}, {}, {}
        self._shares = None
        # reusable-only groups never compete with other groups; each distinct set of ids scores
        # once, by its best pattern
        solo = {}
        for i, c in enumerate(self.rs):
            for name, g, v in sc._groups(c, self.rs[i + 1:], sc._ids):
                m = self._mask(g)
                if (v > 0 or self.track) and (m not in solo or v > solo[m][0]):
                    solo[m] = (v, m, name, g)
        self.solo = list(solo.values())
        self.bonus = sum(v for v, _, _, _ in self.solo if v > 0)

    def _mask(self, group):
        return sum(self.bit.get(c, 0) for c in group)

    def lowest(self, state):
        """Slot of the lowest kind left in a packed state."""
        return ((state & -state).bit_length() - 1) // self.width

    def groups(self, j):
        """Groups whose lowest consumable card is of slot j: (signed score, packed consumable cards,
        reusable mask, name, group). Without leftover, unhelpful groups are never in a best split."""
        got = self._by_low.get(j)
        if got is None:
            sc, i, w = self.sc, self.first[j], self.width
            pool = self.cons[i + 1:] + list(self.rs)
            got = self._by_low[j] = [
                (v, sum(1 << (self.slot[sc.kind[x]] * w) for x in g if x not in self.bit),
                 self._mask(g), name, g)
                for name, g, v in sc._groups(self.cons[i], pool, sc.kind)
                if v > 0 or self.track]
        return got

    def value(self, R, U=0, C=0):
        """Best signed total with packed cards R still to place, packed cards U left unused so far
        and reusable cards C in some group so far (U and C stay 0 unless leftover is tracked)."""
        if not self.track:
            return self.free(R, self.bound(R))
        key = (R, U, C)
        got = self._memo.get(key)
        if got is None:
            if not R:
                got = self.leaf(U, C)[0]
            else:
                j, spare = self.lowest(R), self.spare
                one = 1 << (j * self.width)
                got = self.value(R - one, U + one, C)
                for v, need, mask, _, _ in self.groups(j):
                    if ((R | spare) - need) & spare == spare:
                        got = max(got, v + self.value(R - need, U, C | mask))
            self._memo[key] = got
        return got

    def shares(self):
        """Per slot, the best score per consumable card of a group holding a card of that slot, and
        per lowest slot its groups as (score, packed cards, sum of their shares), tightest first."""
        if self._shares is None:
            share = [0.0] * len(self.kinds)
            for j in range(len(self.kinds)):
                for v, need, _, _, _ in self.groups(j):
                    for s in self.slots(need):
                        share[s] = max(share[s], v / self.count(need))
            ranked = []
            for j in range(len(self.kinds)):
                gs = [(v, need, sum(share[s] * self.count(need, s) for s in self.slots(need)))
                      for v, need, _, _, _ in self.groups(j)]
                ranked.append(sorted(gs, key=lambda t: t[0] - t[2], reverse=True))
            self._shares = share, ranked
        return self._shares

    def bound(self, R):
        """Upper bound of free(R): every card earns at most its share, plus the reusable bonus."""
        share = self.shares()[0]
        return self.bonus + sum(share[s] * self.count(R, s) for s in self.slots(R))

    def free(self, R, ub):
        """value() without leftover: unused cards are worth 0 and every group helps, so a branch
        whose optimistic bound `ub` cannot beat the best split found so far is skipped."""
        got = self._memo.get(R)
        if got is None:
            if not R:
                got = self.bonus
            else:
                j, spare = self.lowest(R), self.spare
                share, ranked = self.shares()
                got = -1.0
                for v, need, gub in ranked[j]:
                    if v + ub - gub > got + _EPS * (1 + abs(got)) and ((R | spare) - need) & spare == spare:
                        got = max(got, v + self.free(R - need, ub - gub))
                if ub - share[j] > got + _EPS * (1 + abs(got)):
                    got = max(got, self.free(R - (1 << (j * self.width)), ub - share[j]))
            self._memo[R] = got
        return got

    def slots(self, packed):
        """Slots with at least one card in a packed state."""
        w = self.width
        return [j for j in range(len(self.kinds)) if (packed >> (j * w)) & ((1 << w) - 1)]

    def count(self, packed, j=None):
        """Number of cards of slot j (default: of all slots) in a packed state."""
        w, mask = self.width, (1 << self.width) - 1
        if j is not None:
            return (packed >> (j * w)) & mask
        return sum((packed >> (i * w)) & mask for i in range(len(self.kinds)))

    def options(self, R, U, C):
        """Each way to place the lowest card of R, mirroring value(): (total, next state, group)."""
        j = self.lowest(R)
        one = 1 << (j * self.width)
        state = (R - one, U + one, C) if self.track else (R - one, 0, 0)
        yield self.value(*state), state, None
        for v, need, mask, name, g in self.groups(j):
            if ((R | self.spare) - need) & self.spare == self.spare:
                state = (R - need, U, C | mask) if self.track else (R - need, 0, 0)
                yield v + self.value(*state), state, (name, g)

    def leaf(self, U, C):
        """(best signed total, reusable-only groups) once every consumable card is placed."""
        if not self.track:
            return self.bonus, [(n, g) for v, _, n, g in self.solo if v > 0]
        table = self._tables.get(C)
        if table is None:  # covered reusable cards -> best (score, groups) of reusable-only groups
            table = {C: (0, ())}
            for v, m, n, g in self.solo:
                for have, (s, gs) in list(table.items()):
                    if have | m not in table or s + v > table[have | m][0]:
                        table[have | m] = (s + v, gs + ((n, g),))
            self._tables[C] = table
        unused, sign, leftover = self.ids(U), self.sc._sign, self.sc.leftover
        return max(((s + sign * leftover(unused + tuple(c for c in self.rs if not self.bit[c] & have)),
                     list(gs)) for have, (s, gs) in table.items()), key=lambda t: t[0])

    def ids(self, packed):
        """Distinct consumable card ids of this hand for a packed state."""
        w, out = self.width, []
        for j in range(len(self.kinds)):
            n = (packed >> (j * w)) & ((1 << w) - 1)
            out += self.cons[self.first[j]:self.first[j] + n]
        return tuple(out)

    def explain(self):
        """(best signed total, chosen groups), replaying the memoised search."""
        state, out = (self.start, 0, 0), []
        total = self.value(*state)
        while state[0]:
            target = self.value(*state)
            # on a tie prefer forming a group to leaving the card unused: a clearer explanation
            ways = sorted(self.options(*state), key=lambda o: o[2] is None)
            _, state, group = next(o for o in ways if o[0] == target)
            if group:
                out.append(group)
        out += self.leaf(state[1], state[2])[1]
        # groups were built from the first card of each kind: hand out identical cards' own ids
        spare = {}
        for c in self.cons:
            spare.setdefault(self.sc.kind[c], []).append(c)
        return total, [(n, tuple(c if c in self.bit else spare[self.sc.kind[c]].pop() for c in g))
                       for n, g in out]

    def budget(self, R, b, sel):
        """Best signed total using at most b more cards, R the packed cards still available and sel
        the reusable cards already taken (only without leftover: unused cards are worth 0)."""
        key = (R, b, sel)
        got = self._bmemo.get(key)
        if got is None:
            if not R or not b:
                got = self.extra(b, sel)
            else:
                j, spare = self.lowest(R), self.spare
                got = self.budget(R - (1 << (j * self.width)), b, sel)  # its lowest card not taken
                for v, need, mask, _, g in self.groups(j):
                    cost = len(g) - (mask & sel).bit_count()  # reusable cards count once
                    if cost <= b and ((R | spare) - need) & spare == spare:
                        got = max(got, v + self.budget(R - need, b - cost, sel | mask))
            self._bmemo[key] = got
        return got

    def extra(self, b, sel):
        """Best reusable-only bonus after taking up to b more reusable cards besides sel."""
        free = [m for m in self.bit.values() if not m & sel]
        return max(sum(v for v, m, _, _ in self.solo if v > 0 and not m & ~(sel | sum(add)))
                   for add in combinations(free, min(b, len(free))))
