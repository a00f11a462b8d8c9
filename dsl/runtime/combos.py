"""Combination solver: score cards by their best split into patterns (pairs, sets, runs, sums...).

Games such as Thirteens, Pimps or Prisoners score a trick, or a pile at game end, by splitting
the cards into groups and adding the groups' scores; the player is owed the best split. Greedy
choices are wrong (a 6 may be worth more in a sum to 13 than in a run), so every split is searched,
and a few facts keep that cheap enough for simulations of millions of actions:

* Branching on the lowest card still to place - it stays unused, or it goes into one group that
  contains it - reaches every split exactly once and only builds groups through that one card.
* Identical cards (same kind: two decks) are interchangeable, so a hand is a multiset of kinds:
  results are cached on sorted kind tuples and search states count cards per kind.
* Reusable cards (an ace that scores alone and again with each face card) never compete for a
  place: they join any group, and groups made of reusable cards only are simply added. With
  `leftover`, identical reusable cards are told apart: which of them the groups cover decides
  which are left unused.
* Without `leftover`, an unused card is worth nothing and only helpful groups matter, so a branch
  whose optimistic bound cannot beat the best split already known is cut. With `leftover` (any
  function of the unused cards) no bound exists and the search must visit every reachable set
  of unused cards: fine for tricks, slow beyond ~16 cards with permissive patterns. (A leftover
  that is a sum over the unused cards is better written as a one-card pattern: same totals.)
* Tricks cost more to set up for this search than to solve, so `best` hands a few cards with no
  reusable one to small_hands.py, which solves them card by card with the same results.

Pattern scores, `where`, `leftover` and `reusable` must depend on card kinds, not on ids.
Internally every score is multiplied by +1 (maximise) or -1 (minimise) so the search always
maximises; a group is "helpful" when its signed score is positive.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from math import inf
from typing import Callable, Optional

from dsl.runtime.finders import combos as _combos, fewest_cards, finder as _finder, near_masks
from dsl.runtime.small_hands import SMALL, SmallHands

SHAPES = ("same_rank", "sequence", "sum", "ranks")
_LIMIT = 200_000  # cached results kept before the cache is dropped: bounds memory in simulations
_EPS = 1e-9  # relative slack so float rounding in bounds never cuts an optimal branch


@dataclass(frozen=True)
class Pattern:
    """One kind of scoring group. `values` is indexed by card id, `order` by rank (-1: not in runs)."""

    name: str
    shape: str
    size: int = 0
    target: int = 0
    values: tuple = ()
    order: tuple = ()
    one_suit: bool = False  # a sequence of cards of one suit
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


class Scoring:
    """Best total of a collection of cards over all splits into `patterns` (see module docstring)."""

    def __init__(
        self,
        patterns,
        rank,
        suit,
        kind,
        *,
        reusable=None,
        leftover=None,
        maximise=True,
        name="scoring",
        overlapping=False,
        greedy=False,
        alike=None,
    ):
        self.name = name
        self.patterns = tuple(patterns)
        self.rank, self.suit, self.kind = tuple(rank), tuple(suit), tuple(kind)
        self.reusable, self.leftover, self.maximise = reusable, leftover, maximise
        # `groups overlapping`: every card may count in every group it makes, as a reusable card does.
        self.overlapping, self.greedy = overlapping, greedy
        self._sign = 1 if maximise else -1
        self._reusable = tuple(overlapping or bool(reusable and reusable(c)) for c in range(len(self.kind)))
        self._memo_key = self._classes(alike)
        # A multiset of classes packed in one int, a field of `_bits` bits counting each class: the
        # key of `best` is then the sum of its cards' weights, built in C without sorting. A
        # collection with more cards than a field can count (a literal repeating cards) keys by
        # the sorted classes instead.
        self._bits = max(len(self.kind), 1).bit_length() + 1
        self._weight = tuple(1 << (self._bits * k) for k in self._memo_key)
        # (bound once: `best` is called for every trick or hand scored, and its key is most of it)
        self._weigh, self._packed_limit = self._weight.__getitem__, 1 << self._bits
        self._ids = range(len(self.kind))  # identity key for reusable-only groups
        finders = [(p, _finder(p, self.rank, self.suit)) for p in self.patterns]
        self._in_order = finders  # `split greedy` tries the patterns as they are written
        self._finders = {
            r: [(p, f) for p, f in finders if p.shape != "ranks" or r in p.ranks] for r in set(self.rank)
        }  # rank -> finders of patterns it can be in
        self._cache = {}  # key (best), (k, key) (best_of) -> result of a public call
        # A card's groups are drawn from the cards it can share a group with (`_near`): the same
        # card among the same such cards (a hand orders them by rank, kind and id) gives the same
        # groups in the same order, whatever the rest of the hand. Hands that differ by a card or
        # two (a rummy hand after each draw) then find most of their groups here instead of
        # searching the hand again.
        self._near = near_masks(self.patterns, self.rank, self.suit)
        self._group_memo = {}  # (card, mask of the pool's cards near it) -> its groups from that pool
        # the fewest other cards a group holds besides any one of its cards: a card with fewer near
        # it is in no group (`_in_reach`)
        self._partners_needed = min((fewest_cards(p) - 1 for p in self.patterns), default=0)
        self._prunable = leftover is None and not greedy and self._partners_needed > 0
        self._small = SmallHands(self)  # tricks: a few cards, none reusable (see small_hands.py)
        self._reusable_ids = frozenset(c for c, r in enumerate(self._reusable) if r)

    def _classes(self, alike) -> tuple:
        """Per card, the key its results are cached by. `alike` lists the per-card tables the
        callables read, and nothing else of a card (the compiler checks: `compiler.alike`): then
        two cards with the same rank, the same value in every sum and the same entries in those
        tables are interchangeable, and a hand's result is cached by its multiset of such classes
        (a trick of Thirteens: 14 classes instead of 54 kinds). Without it, by kinds."""
        if alike is None:
            return self.kind
        tables = [self.rank, self._reusable, *(p.values for p in self.patterns if p.shape == "sum"), *alike]
        if any(p.one_suit for p in self.patterns):
            tables.append(self.suit)  # a run `of a suit` tells suits apart
        seen: dict = {}
        return tuple(seen.setdefault(tuple(t[c] for t in tables), len(seen)) for c in range(len(self.kind)))

    def _key(self, cards):
        """The memo key of a collection: its multiset of card classes."""
        if len(cards) < self._packed_limit:
            return sum(map(self._weigh, cards))
        return tuple(sorted([self._memo_key[c] for c in cards]))

    def best(self, cards) -> float:
        """Best total for these card ids (under `split greedy`: the total of the greedy split)."""
        # `_key`, written out for the usual collection: one that a packed int can count
        key = sum(map(self._weigh, cards)) if len(cards) < self._packed_limit else self._key(cards)
        got = self._cache.get(key)
        if got is None:
            self._trim()
            if self.greedy:
                got = self._cache[key] = self.greedy_groups(cards)[0]
            elif self._prunable and len(useful := self._in_reach(cards)) < len(cards):
                got = self._cache[key] = self.best(useful)  # the same total, cached by fewer cards
            elif len(cards) <= SMALL and self._reusable_ids.isdisjoint(cards):
                got = self._cache[key] = self._small.best(cards)
            else:
                hand = _Hand(self, cards)
                got = self._cache[key] = self._sign * hand.value(hand.start)
        return got

    def _in_reach(self, cards):
        """The cards that may be in some group: each of them with at least as many other cards near
        it as the smallest group needs, among cards that are so too. Without leftover a card in no
        group adds nothing to any split, so the rest score as the whole. Cards a rule may reuse or
        ids that repeat keep the collection as it is."""
        if not self._reusable_ids.isdisjoint(cards) or len(set(cards)) < len(cards):
            return cards
        near, need = self._near, self._partners_needed
        while True:
            held = sum(1 << c for c in cards)
            kept = [c for c in cards if (near[c] & held & ~(1 << c)).bit_count() >= need]
            if len(kept) == len(cards):
                return cards
            cards = kept

    def best_groups(self, cards):
        """(best total, [(pattern name, group card ids), ...]) for these card ids."""
        if self.greedy:
            return self.greedy_groups(cards)
        total, groups = _Hand(self, cards).explain()
        return self._sign * total, groups

    def greedy_groups(self, cards):
        """`split greedy`: (total, groups) when the patterns are taken in the order they are
        written, each as many times as it still fits, a group through the lowest cards first;
        the split a player makes by counting down the list, which need not be the best one."""
        placed = sorted(cards, key=lambda c: (self.rank[c], self.kind[c]))
        free = [c for c in placed if not self._reusable[c]]
        shared = [c for c in placed if self._reusable[c]]
        total, groups, counted = 0, [], set()
        for p, find in self._in_order:
            while True:
                group = self._first_group(p, find, free + shared, counted)
                if group is None:
                    break
                counted.add(frozenset(group))
                total += p.score(group)
                groups.append((p.name, group))
                free = [c for c in free if c not in group]
        if self.leftover is not None:
            covered = {c for _, g in groups for c in g}
            total += self.leftover(tuple(c for c in placed if c not in covered))
        return total, groups

    def _first_group(self, p, find, pool, counted):
        """The first group of pattern p among pool (lowest cards first) not counted yet."""
        for i, c in enumerate(pool):
            for others in find(c, pool[i + 1 :], self._ids):
                group = (c,) + tuple(others)
                if frozenset(group) not in counted and (p.where is None or p.where(group)):
                    return group
        return None

    def best_of(self, cards, k) -> float:
        """Best total over all choices of min(k, len(cards)) of the cards."""
        cards = list(cards)
        if k >= len(cards):
            return self.best(cards)
        key = (k, self._key(cards))
        got = self._cache.get(key)
        if got is None:
            self._trim()
            got = self._cache[key] = self._best_of(cards, max(k, 0))
        return got

    def _best_of(self, cards, k):
        if self.leftover is not None or self.greedy:
            # leftover may value any set of unused cards, and a greedy split may do better with
            # fewer cards, so no card can be ruled out: try every choice of k cards up to
            # identical cards (exponential; meant for small collections)
            pick = max if self.maximise else min
            order = sorted(cards, key=self.kind.__getitem__)
            return pick(self.best(c) for c in _combos(order, k, self.kind))
        # Without leftover an unused card is worth nothing, so more cards never hurt: the best k
        # cards are the best <= k cards that all sit in helpful groups (useless ones are dropped).
        hand = _Hand(self, cards)
        groups = [g for j in range(len(hand.kinds)) for *_, g in hand.groups(j)]
        useful = {self.kind[c] for g in groups + [g for *_, g in hand.solo] for c in g}
        keep = [c for c in cards if self.kind[c] in useful]
        if len(keep) <= k:
            return self.best(keep)
        hand = _Hand(self, keep)
        return self._sign * hand.budget(hand.start, k, 0)

    def _trim(self):
        if len(self._cache) > _LIMIT:
            self._cache.clear()

    def _groups(self, c, pool, key):
        """(pattern name, group, signed score) for every candidate group containing c, from pool."""
        for p, find in self._finders[self.rank[c]]:
            for others in find(c, pool, key):
                g = (c,) + others
                if p.where is None or p.where(g):
                    yield p.name, g, self._sign * p.score(g)


class _Hand:
    """One collection being scored. A search state is an int packing, per distinct consumable kind
    (a "slot", ordered by rank so that sets and runs take cards close together), a field counting
    its cards; each field has a spare top bit, so a group packed the same way fits iff subtracting
    it clears no spare bit, and is removed by that subtraction. Reusable cards are mask bits."""

    def __init__(self, sc: Scoring, cards):
        self.sc = sc
        kind = sc.kind
        # Identical cards in order of id, not as the collection lists them: a finder names the first
        # of identical reusable cards it meets, and a card's groups memoised from another hand must
        # name the one this hand's own search names (a budget counts a reusable card once).
        ids = sorted(cards, key=lambda c: (sc.rank[c], kind[c], c))
        self.cons = [c for c in ids if not sc._reusable[c]]
        self.rs = tuple(c for c in ids if sc._reusable[c])
        self.bit = {c: 1 << i for i, c in enumerate(self.rs)}
        self.kinds = list(dict.fromkeys(kind[c] for c in self.cons))
        self.slot = {k: j for j, k in enumerate(self.kinds)}
        self.first = {}  # slot -> index in cons of its first card
        for i, c in enumerate(self.cons):
            self.first.setdefault(self.slot[kind[c]], i)
        counts = Counter(kind[c] for c in self.cons)
        self.width = w = max(counts.values(), default=1).bit_length() + 1
        self.one = [1 << (j * w) for j in range(len(self.kinds))]
        self.spare = sum(one << (w - 1) for one in self.one)
        self.start = sum(n * self.one[j] for j, n in enumerate(counts[k] for k in self.kinds))
        self.track = sc.leftover is not None  # leftover needs to know exactly which cards are unused
        # Groups are built once per multiset of keys. Identical consumable cards are interchangeable,
        # and so are identical reusable cards while only scores count; but leftover sees which of
        # them some group covers (Q-K and Q-K' leave no king unused, Q-K twice leaves K'), so there
        # each reusable card is a key of its own.
        self.key = kind
        if self.track and len({kind[c] for c in self.rs}) < len(self.rs):
            self.key = {c: (kind[c], 0) for c in self.cons}
            self.key.update((c, (kind[c], 1 + i)) for i, c in enumerate(self.rs))
        self._by_low, self._memo, self._tables, self._bmemo, self._ranked = {}, {}, {}, {}, None
        self._after = None  # see _pool_masks
        # reusable-only groups: each distinct set of ids scores once, by its best pattern
        solo = {}
        for i, c in enumerate(self.rs):
            for name, g, v in sc._groups(c, self.rs[i + 1 :], sc._ids):
                m = self._mask(g)
                if (v > 0 or self.track) and (m not in solo or v > solo[m][0]):
                    solo[m] = (v, m, name, g)
        self.solo = list(solo.values())
        self.bonus = sum(v for v, _, _, _ in self.solo if v > 0)

    def _mask(self, group):
        return sum(self.bit.get(c, 0) for c in group)

    def lowest(self, packed):
        """Slot of the lowest kind in a packed state."""
        return ((packed & -packed).bit_length() - 1) // self.width

    def slots(self, packed):
        """(slot, count) for every kind in a packed state."""
        out, full = [], (1 << self.width) - 1
        while packed:
            j = self.lowest(packed)
            out.append((j, (packed >> (j * self.width)) & full))
            packed &= ~(full * self.one[j])
        return out

    def ids(self, packed):
        """Distinct consumable card ids of this hand for a packed state."""
        return tuple(c for j, n in self.slots(packed) for c in self.cons[self.first[j] : self.first[j] + n])

    def groups(self, j):
        """Groups whose lowest consumable card is of slot j: (signed score, packed consumable cards,
        reusable mask, name, group). Without leftover, unhelpful groups are never in a best split."""
        got = self._by_low.get(j)
        if got is None:
            sc, i = self.sc, self.first[j]
            kind, c = sc.kind, self.cons[i]
            pool = self.cons[i + 1 :] + list(self.rs)
            if self.key is kind:
                memo = (c, self._pool_masks()[i] & sc._near[c])
                found = sc._group_memo.get(memo)
                if found is None:
                    if len(sc._group_memo) > _LIMIT:
                        sc._group_memo.clear()
                    found = sc._group_memo[memo] = list(sc._groups(c, pool, kind))
            else:  # reusable twins told apart for leftover: keys of this hand's own
                found = sc._groups(c, pool, self.key)
            got = self._by_low[j] = [
                (v, sum(self.one[self.slot[kind[x]]] for x in g if x not in self.bit), self._mask(g), name, g)
                for name, g, v in found
                if v > 0 or self.track
            ]
        return got

    def _pool_masks(self):
        """Per index i of the consumable cards, the bit mask of the pool its groups are drawn from:
        the consumable cards after it and every reusable card."""
        masks = self._after
        if masks is None:
            masks, below = [], sum(1 << c for c in self.rs)
            for c in reversed(self.cons):
                masks.append(below)
                below |= 1 << c
            masks = self._after = masks[::-1]
        return masks

    def fits(self, R, need):
        return ((R | self.spare) - need) & self.spare == self.spare

    def value(self, R, U=0, C=0):
        """Best signed total with packed cards R still to place, packed cards U left unused so far
        and reusable cards C in some group so far (U and C only matter with leftover)."""
        if not self.track:
            return self.free(R, self.bonus + sum(self.ranked()[1][j] * n for j, n in self.slots(R)))
        key = (R, U, C)
        got = self._memo.get(key)
        if got is None:
            got = max(t for t, _, _ in self.options(R, U, C)) if R else self.leaf(U, C)[0]
            self._memo[key] = got
        return got

    def ranked(self):
        """Per slot, its options as (score, packed cards, optimistic bound of those cards), most
        promising first and leaving the card unused last; and per slot its share: the best score
        per consumable card of a group holding one of its cards."""
        if self._ranked is None:
            share = [0.0] * len(self.kinds)
            for j in range(len(self.kinds)):
                for v, need, _, _, _ in self.groups(j):
                    cards = self.slots(need)
                    for s, _ in cards:
                        share[s] = max(share[s], v / sum(n for _, n in cards))
            self._ranked = (
                [
                    sorted(
                        [
                            (v, need, sum(share[s] * n for s, n in self.slots(need)))
                            for v, need, _, _, _ in self.groups(j)
                        ],
                        key=lambda t: t[0] - t[2],
                        reverse=True,
                    )
                    + [(0, self.one[j], share[j])]
                    for j in range(len(self.kinds))
                ],
                share,
            )
        return self._ranked

    def free(self, R, ub, floor=-inf):
        """value() without leftover, given ub >= the result: a branch whose bound cannot beat floor
        or the best split so far is cut. Exact if the result is above floor, else just a bound."""
        known = self._memo.get(R)
        if known is not None and (known[1] or known[0] <= floor):
            return known[0]
        got = self.bonus  # leaving every card unused
        if R:
            for v, need, gub in self.ranked()[0][self.lowest(R)]:
                bar = max(got, floor)
                if v + ub - gub > bar + _EPS * (1 + abs(bar)) and self.fits(R, need):
                    got = max(got, v + self.free(R - need, ub - gub, bar - v))
        exact = got > floor
        self._memo[R] = (got if exact else floor, exact)
        return got if exact else floor

    def options(self, R, U, C):
        """Each way to place the lowest card of R: (best total that way, next state, group)."""
        j, keep = self.lowest(R), self.track
        state = (R - self.one[j], U + self.one[j] if keep else 0, C)
        yield self.value(*state), state, None
        for v, need, mask, name, g in self.groups(j):
            if self.fits(R, need):
                state = (R - need, U, C | mask if keep else 0)
                yield v + self.value(*state), state, (name, g)

    def leaf(self, U, C):
        """(best signed total, reusable-only groups) once every consumable card is placed."""
        if not self.track:
            return self.bonus, [(n, g) for v, _, n, g in self.solo if v > 0]
        if not self.rs:
            return self.sc._sign * self.sc.leftover(self.ids(U)), []
        table = self._tables.get(C)
        if table is None:  # reusable cards covered -> best (score, groups) of reusable-only groups
            table = {C: (0, ())}
            for v, m, n, g in self.solo:
                for have, (s, gs) in list(table.items()):
                    if have | m not in table or s + v > table[have | m][0]:
                        table[have | m] = (s + v, gs + ((n, g),))
            self._tables[C] = table
        unused = self.ids(U)
        return max(
            (
                (
                    s + self.sc._sign * self.sc.leftover(unused + tuple(c for c in self.rs if not self.bit[c] & have)),
                    list(gs),
                )
                for have, (s, gs) in table.items()
            ),
            key=lambda t: t[0],
        )

    def explain(self):
        """(best signed total, chosen groups), replaying the search."""
        state, out = (self.start, 0, 0), []
        total = self.value(*state)
        while state[0]:
            target = self.value(*state)
            # on a tie prefer forming a group to leaving the card unused: a clearer explanation
            ways = sorted(self.options(*state), key=lambda o: o[2] is None)
            _, state, group = next(o for o in ways if o[0] == target)
            out += [group] if group else []
        out += self.leaf(state[1], state[2])[1]
        # groups were built from the first card of each kind: hand out identical cards' own ids
        spare = {}
        for c in self.cons:
            spare.setdefault(self.sc.kind[c], []).append(c)
        return total, [(n, tuple(c if c in self.bit else spare[self.sc.kind[c]].pop() for c in g)) for n, g in out]

    def budget(self, R, b, sel):
        """Best signed total using at most b more cards, R the packed cards still available and sel
        the reusable cards already taken (only without leftover: unused cards are worth 0)."""
        key = (R, b, sel)
        got = self._bmemo.get(key)
        if got is None:
            if not R or not b:
                got = self.extra(b, sel)
            else:
                j = self.lowest(R)
                got = self.budget(R - self.one[j], b, sel)  # its lowest card not taken
                for v, need, mask, _, g in self.groups(j):
                    cost = len(g) - (mask & sel).bit_count()  # a reusable card counts once
                    if cost <= b and self.fits(R, need):
                        got = max(got, v + self.budget(R - need, b - cost, sel | mask))
            self._bmemo[key] = got
        return got

    def extra(self, b, sel):
        """Best reusable-only bonus after taking up to b more reusable cards besides sel."""
        free = [m for m in self.bit.values() if not m & sel]
        return max(
            sum(v for v, m, _, _ in self.solo if v > 0 and not m & ~(sel | sum(add)))
            for add in combinations(free, min(b, len(free)))
        )
