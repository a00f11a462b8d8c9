"""Fast path of the combination solver for a few cards: a trick of 3-8 cards.

The general search (combos.py) is built for piles: it packs kinds into counters, ranks groups by
optimistic bounds and runs a pattern finder from each card over the cards after it. On a trick
that setup costs more than the search, and tricks rarely repeat, so the result cache seldom
helps. A hand of n <= 8 cards has at most 255 subsets, so this module works on subsets instead:

1. Subsets of the hand, as bitmasks over its cards in hand order, are grown one later card at a
   time, and each is tested as a group of every pattern. A subset stops growing once no pattern
   could still be completed from it (its cards differ in rank for a pair, its values already pass
   the target of a sum...), so most of the 2**n subsets are never visited.
2. A test depends only on the subset's kinds (or its card classes, when the compiler proved the
   callables see nothing else: see `Scoring._classes`), so it is kept in a table shared by all calls of the
   Scoring: whole tricks rarely repeat but their pairs and triples do, and after a few hundred
   tricks most tests are one dict lookup.
3. The search of combos.py then runs over bitmasks: branch on the lowest card still to place
   (left unused, or put in a group whose lowest card it is), memoised per call; with `leftover`
   the set of unused cards is part of the state, as there.

The results are those of the general search (tests compare both on random hands):

* Each branch of `_tests` mirrors the finder of its shape in combos.py, and hands `where` and
  `score` the group in the order that finder builds it, so even callables that look at the
  order of the group see the same tuples.
* A sum of card values is checked with the finder's own arithmetic, and a total is accumulated
  in the same order as there, so float values round the same way. (With float scores the general
  search's pruning, which keeps a relative slack of 1e-9, may miss an improvement smaller than
  that, which this path finds. Scores compiled from rules are integers.)
* Identical cards need no care: each card is its own bit and the table is keyed by kinds.
* Hands holding a reusable card are left to the general search, which knows how such a card
  joins several groups.
"""

from __future__ import annotations

from collections import Counter

SMALL = 8  # most cards the fast path takes: 2**8 states at most
_LIMIT = 200_000  # subsets kept in a group table before it is dropped: bounds memory


def _most(p):
    """Most cards in a group of pattern p (for a sum of unfixed size, all cards of a small hand)."""
    if p.shape == "ranks":
        return len(p.ranks)
    return p.size or SMALL


def _takes(p, n):
    """Whether a group of pattern p may have n cards (a sum of unfixed size takes two or more)."""
    return n == _most(p) or (p.shape == "sum" and p.size == 0 and n >= 2)


def _tests(p, rank, kind, suit):
    """(arrange, grows) for pattern p, each taking a subset `ids` of a hand in hand order.

    arrange(ids), for ids of a size p accepts, is the group of p made of ids in the order the
    finder of combos.py builds it, or None; ids[0] is the card the general search builds the group
    from. Each branch mirrors that finder. grows(ids), for ids smaller than _most(p), is False when
    adding cards can never make a group of p (a cut: it may say True in vain, never False)."""
    if p.shape == "same_rank":

        def arrange(ids):
            r = rank[ids[0]]
            for x in ids:
                if rank[x] != r:
                    return None
            return ids

        def grows(ids):
            return arrange(ids) is not None

    elif p.shape == "sequence":
        pos = [p.order[r] if 0 <= r < len(p.order) else -1 for r in rank]  # as in combos._sequence

        def grows(ids):  # distinct run positions within one window of the run's length
            at = [pos[x] for x in ids]
            if p.one_suit and any(suit[x] != suit[ids[0]] for x in ids):
                return False
            return min(at) >= 0 and max(at) - min(at) < p.size and len(set(at)) == len(at)

        def arrange(ids):
            if not grows(ids):
                return None
            return ids[:1] + tuple(sorted(ids[1:], key=pos.__getitem__))  # the run's own order

    elif p.shape == "sum":
        vals = p.values
        # With whole non-negative values a sum past the target stays past it, and the sum is an
        # exact test; with other values the finder's own arithmetic decides and nothing is cut.
        whole = all(v is None or (isinstance(v, int) and v >= 0) for v in vals)

        def arrange(ids):
            vs = [vals[x] for x in ids]
            if None in vs or (whole and sum(vs) != p.target):
                return None
            rest = sorted(ids[1:], key=lambda x: (vals[x], kind[x]))  # the finder's candidate order
            need = p.target - vals[ids[0]]
            for x in rest:  # subtracted one by one like the finder, so floats round the same way
                need -= vals[x]
            return (ids[0], *rest) if need == 0 else None

        def grows(ids):
            vs = [vals[x] for x in ids]
            return None not in vs and (not whole or sum(vs) <= p.target)

    else:  # ranks
        want = Counter(p.ranks)
        first = {r: i for i, r in reversed(list(enumerate(p.ranks)))}  # the finder takes ranks in this order

        def arrange(ids):
            if Counter(rank[x] for x in ids) != want:
                return None
            return ids[:1] + tuple(sorted(ids[1:], key=lambda x: first[rank[x]]))

        def grows(ids):
            return all(want[r] >= m for r, m in Counter(rank[x] for x in ids).items())

    return arrange, grows


class SmallHands:
    """Best totals of hands of at most SMALL cards, none of them reusable, for one Scoring."""

    def __init__(self, sc):
        self.sign, self.leftover = sc._sign, sc.leftover
        self.key = sc._memo_key  # what a subset's test is cached by: kinds, or alike classes
        self.order = list(zip(sc.rank, sc.kind, strict=False))  # hand order, as combos._Hand sorts
        tests = [(p, *_tests(p, sc.rank, sc.kind, sc.suit)) for p in sc.patterns]
        # per subset size: (pattern, arrange) of the patterns taking that many cards, and the grows
        # tests of the patterns taking more
        self.takes = [[(p, a) for p, a, _ in tests if _takes(p, n)] for n in range(SMALL + 1)]
        self.grow = [[g for p, _, g in tests if n < _most(p)] for n in range(SMALL + 1)]
        self.table = {}  # keys of a subset's cards in hand order -> (best signed score as a group or None, grows)

    def best(self, cards):
        """Best total (in the caller's sense, not signed) for at most SMALL non-reusable cards."""
        hand = sorted(cards, key=self.order.__getitem__)
        kinds = [self.key[c] for c in hand]
        n, track, table = len(hand), self.leftover is not None, self.table
        if len(table) > _LIMIT:
            table.clear()
        by_low = {}  # bit of a card -> [(group mask, signed score)] of groups whose lowest card it is
        # subsets in hand order, each grown by later cards only while some pattern may still match
        todo = [(1 << i, (kinds[i],), i) for i in range(n)]
        while todo:
            m, key, last = todo.pop()
            entry = table.get(key)
            if entry is None:
                entry = table[key] = self._test(tuple([c for i, c in enumerate(hand) if m >> i & 1]))
            v, grows = entry
            if v is not None and (v > 0 or track):
                by_low.setdefault(m & -m, []).append((m, v))
            if grows:
                todo += [(m | 1 << j, key + (kinds[j],), j) for j in range(last + 1, n)]
        full = (1 << n) - 1
        if not track:
            return self.sign * self._free(full, by_low, {0: 0})
        return self.sign * self._tracked(full, 0, by_low, {}, hand)

    def _test(self, ids):
        """(best signed score of ids as one group or None, whether more cards may make a group)."""
        best = None
        for p, arrange in self.takes[len(ids)]:
            g = arrange(ids)
            if g is not None and (p.where is None or p.where(g)):
                v = self.sign * p.score(g)
                if best is None or v > best:
                    best = v
        for grows in self.grow[len(ids)]:
            if grows(ids):
                return best, True
        return best, False

    def _free(self, R, by_low, memo):
        """Best signed total of the cards in mask R, unused cards being worth nothing."""
        low = R & -R
        while low and low not in by_low:  # a card in no group is left unused: nothing to choose
            R ^= low
            low = R & -R
        got = memo.get(R)
        if got is None:
            got = self._free(R ^ low, by_low, memo)  # the lowest card left unused
            for g, v in by_low[low]:
                if g & R == g:
                    t = v + self._free(R ^ g, by_low, memo)
                    if t > got:
                        got = t
            memo[R] = got
        return got

    def _tracked(self, R, U, by_low, memo, hand):
        """Best signed total of the cards in mask R when those in mask U are already unused: the
        leftover callable sees the exact set of unused cards, so U is part of the state."""
        low = R & -R
        while low and low not in by_low:  # a card in no group is left unused
            R ^= low
            U |= low
            low = R & -R
        key = R << SMALL | U
        got = memo.get(key)
        if got is None:
            if not R:
                got = self.sign * self.leftover(tuple([c for i, c in enumerate(hand) if U >> i & 1]))
            else:
                got = self._tracked(R ^ low, U | low, by_low, memo, hand)
                for g, v in by_low[low]:
                    if g & R == g:
                        t = v + self._tracked(R ^ g, U, by_low, memo, hand)
                        if t > got:
                            got = t
            memo[key] = got
        return got
