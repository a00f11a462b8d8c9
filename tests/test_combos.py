"""Combination solver: hand-computed scores of three games, and property tests against plain
brute-force references (every set partition; every collection of groups)."""

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dsl.runtime.combos import Pattern, Scoring, _Hand
from dsl.runtime.small_hands import SMALL, SmallHands

# --- card tables -----------------------------------------------------------------------------
# Ranks 0..12 are A,2..10,J,Q,K and 13 is the joker. One deck: ids 0..51 are suit*13 + rank,
# 52 and 53 the two (identical) jokers. Two decks: deck d holds ids d*54 .. d*54+53, and card
# d*54+i has the kind of card i of the first deck.
ACE, JACK, QUEEN, KING, JOKER = 0, 10, 11, 12, 13
N1 = 54
RANK = tuple([i % 13 for i in range(52)] + [JOKER, JOKER]) * 2
SUIT = tuple([i // 13 for i in range(52)] + [-1, -1]) * 2
KIND = tuple(list(range(52)) + [52, 52]) * 2


def card(rank, suit=0, deck=0):
    return deck * N1 + suit * 13 + rank


def twin(c):
    """The identical card of the other deck."""
    return (c + N1) % (2 * N1)


RUN_ORDER = tuple(range(13)) + (-1,)  # A low, no wrap, jokers not in runs
VALUE13 = tuple(None if r == JOKER else {ACE: 1, JACK: 2, QUEEN: 3, KING: 4}.get(r, r + 1) for r in RANK)
PIP = tuple(r + 1 for r in RANK)  # A=1 .. K=13


def no_joker(g):
    return all(RANK[c] != JOKER for c in g)


# --- Thirteens: pairs, runs of three and sums to 13 score 1; any unused cards together 1 ------
def thirteens():
    one = lambda g: 1
    pats = [
        Pattern("pair", "same_rank", size=2, where=no_joker, score=one),
        Pattern("run", "sequence", size=3, order=RUN_ORDER, score=one),
        Pattern("thirteen", "sum", target=13, values=VALUE13, score=one),
    ]
    return Scoring(pats, RANK, SUIT, KIND, leftover=lambda u: 1 if u else 0, name="thirteens")


@pytest.mark.parametrize(
    "ranks, total",
    [
        ((KING, QUEEN, 5), 1),  # K+Q+6 = 4+3+6 = 13
        ((1, 2, 3), 1),  # 2-3-4 run
        ((5, 6, 7), 2),  # 6-7-8: the thirteen 6+7 and the 8 left over beat the run
        ((5, 5, 6), 2),  # pair + the 7 left over
        ((KING, QUEEN, 5, 5), 2),  # a thirteen + one 6 left over
        ((5, 6, 7, 7, 4), 3),  # 8-8, 6+7, 5 left over beats the run 6-7-8 + 5+8
        ((ACE, QUEEN, 8), 1),  # 1+3+9
        ((JOKER,), 1),
        ((), 0),
        ((ACE, 1, 2, 3, 4, 5), 2),  # two runs A-2-3 and 4-5-6, nothing left
    ],
)
def test_thirteens_tricks(ranks, total):
    cards = [card(r, i % 4) if r != JOKER else 52 for i, r in enumerate(ranks)]
    assert thirteens().best(cards) == total


def test_thirteens_groups_and_identical_cards():
    sc = thirteens()
    k1, k2 = card(KING, 0), card(KING, 0, deck=1)  # the same king from two decks: a pair
    total, groups = sc.best_groups([k1, k2])
    assert total == 1 and len(groups) == 1
    assert groups[0][0] == "pair" and sorted(groups[0][1]) == [k1, k2]
    total, groups = sc.best_groups([card(KING), card(QUEEN, 1), card(5, 2), card(9, 3)])
    assert total == 2 and [n for n, _ in groups] == ["thirteen"]


# --- Pimps: a reusable ace scores alone and again with each face card ------------------------
def pimps():
    table = {
        (ACE,): 8,
        (ACE, QUEEN): 10,
        (ACE, KING): 5,
        (ACE, JACK): 4,
        (KING, QUEEN): 8,
        (JACK, QUEEN): 7,
        (QUEEN, QUEEN): 5,
        (KING, KING): 5,
        (JACK, JACK): 3,
        (KING, JACK): 4,
        (KING,): 2,
        (QUEEN,): 2,
        (JACK,): 1,
    }
    pats = [
        Pattern("+".join("A23456789TJQK"[r] for r in rs), "ranks", ranks=rs, score=lambda g, s=s: s)
        for rs, s in table.items()
    ]
    return Scoring(pats, RANK, SUIT, KIND, reusable=lambda c: RANK[c] == ACE, name="pimps")


def test_pimps_reusable_ace():
    sc = pimps()
    hand = [card(ACE), card(QUEEN, 0), card(QUEEN, 1), card(KING), card(JACK), card(9), card(6)]
    assert sc.best_of(hand, 7) == 37  # A 8 + AQ 10 + AQ 10 + AK 5 + AJ 4
    total, groups = sc.best_groups(hand)
    assert total == 37 and sorted(n for n, _ in groups) == ["A", "A+J", "A+K", "A+Q", "A+Q"]
    assert sc.best([card(ACE, 0), card(ACE, 1), card(QUEEN)]) == 26  # the queen joins one ace
    assert sc.best([card(KING), card(QUEEN), card(JACK), card(JACK, 1)]) == 11  # no ace
    assert sc.best([card(ACE, 0), card(ACE, 0, deck=1)]) == 16  # identical aces are two groups


def test_pimps_best_of_many_cards():
    sc = pimps()
    pile = [card(r, s) for s in range(4) for r in range(13) if (r + s) % 5][:40]
    best = sc.best_of(pile, 7)
    useful = [c for c in pile if RANK[c] in (ACE, JACK, QUEEN, KING)]
    assert best == max(sc.best(list(h)) for h in combinations(useful, 7))


# --- Prisoners: pair value+2, three of a kind value+3, four value*4 ---------------------------
def prisoners():
    pats = [
        Pattern("pair", "same_rank", size=2, where=no_joker, score=lambda g: PIP[g[0]] + 2),
        Pattern("three", "same_rank", size=3, where=no_joker, score=lambda g: PIP[g[0]] + 3),
        Pattern("four", "same_rank", size=4, where=no_joker, score=lambda g: PIP[g[0]] * 4),
    ]
    return Scoring(pats, RANK, SUIT, KIND, name="prisoners")


@pytest.mark.parametrize("rank, n, total", [(4, 2, 7), (4, 3, 8), (4, 4, 20), (1, 4, 8), (ACE, 4, 6), (JOKER, 2, 0)])
def test_prisoners_sets(rank, n, total):
    cards = [52, 53] if rank == JOKER else [card(rank, s) for s in range(n)]
    assert prisoners().best(cards) == total  # four aces: two pairs (3+3) beat 1*4


def test_prisoners_mixed():
    cards = [card(4, s) for s in range(3)] + [card(9, 0), card(9, 1), card(KING)]
    assert prisoners().best(cards) == 8 + 12


# --- lowest total, leftover with best_of -----------------------------------------------------
def test_minimise_with_penalty_for_unused_cards():
    pats = [Pattern("pair", "same_rank", size=2, score=lambda g: -2)]
    sc = Scoring(pats, RANK, SUIT, KIND, leftover=lambda u: len(u), maximise=False)
    assert sc.best([card(4, 0), card(4, 1), card(8)]) == -1  # pair -2, one card left over +1
    assert sc.best([card(4, 0), card(8)]) == 2
    assert sc.best_groups([card(4, 0), card(4, 1)]) == (-2, [("pair", (card(4, 0), card(4, 1)))])


def test_best_of_with_leftover_and_identical_cards():
    sc = thirteens()
    cards = [card(KING), card(QUEEN), card(5, 0), card(5, 0, deck=1), card(7)]
    assert sc.best_of(cards, 3) == 2  # a pair of sixes and one card left over
    assert sc.best_of(cards, 2) == 1
    two_aces = [card(ACE, 0), card(ACE, 0, deck=1), card(QUEEN), card(9)]
    assert pimps().best_of(two_aces, 3) == 26  # 8 + 8 + 10
    assert pimps().best_of(two_aces, 2) == 18  # an ace with the queen


# --- brute-force references -------------------------------------------------------------------
def matches(p, g):
    ranks = sorted(RANK[c] for c in g)
    if p.shape == "same_rank":
        ok = len(g) == p.size and len(set(ranks)) == 1
    elif p.shape == "sequence":
        pos = sorted(p.order[r] for r in ranks)
        ok = len(g) == p.size and pos[0] >= 0 and pos == list(range(pos[0], pos[0] + len(g)))
    elif p.shape == "sum":
        vals = [p.values[c] for c in g]
        ok = None not in vals and sum(vals) == p.target and (len(g) >= 2 if p.size == 0 else len(g) == p.size)
    else:
        ok = ranks == sorted(p.ranks)
    return ok and (p.where is None or p.where(tuple(g)))


def group_scores(sc, g):
    return [p.score(tuple(g)) for p in sc.patterns if matches(p, g)]


def set_partitions(items):
    if not items:
        yield []
        return
    head, rest = items[0], items[1:]
    for part in set_partitions(rest):
        yield [[head]] + part
        for i in range(len(part)):
            yield part[:i] + [[head] + part[i]] + part[i + 1 :]


def brute_partitions(sc, cards):
    """Every set partition; each block is scored as one of its patterns or left unused."""
    pick = max if sc.maximise else min
    results = []
    for part in set_partitions(list(cards)):

        def assign(i, total, unused):
            if i == len(part):
                results.append(total + (sc.leftover(tuple(unused)) if sc.leftover else 0))
                return
            assign(i + 1, total, unused + part[i])
            for s in group_scores(sc, part[i]):
                assign(i + 1, total + s, unused)

        assign(0, 0, [])
    return pick(results)


def brute_groups(sc, cards, reusable):
    """Every collection of distinct groups in which no ordinary card is used twice."""
    pick = max if sc.maximise else min
    cands = []
    for n in range(1, len(cards) + 1):
        for g in combinations(cards, n):
            scores = group_scores(sc, g)
            if scores:
                cands.append((set(g), pick(scores)))
    results = []

    def choose(i, used, total):
        if i == len(cands):
            unused = tuple(c for c in cards if c not in used)
            results.append(total + (sc.leftover(unused) if sc.leftover else 0))
            return
        choose(i + 1, used, total)
        g, s = cands[i]
        if not any(c in used and not reusable(c) for c in g):
            choose(i + 1, used | g, total + s)

    choose(0, frozenset(), 0)
    return pick(results)


# --- random pattern sets ----------------------------------------------------------------------
def same_suit(g):
    return len({SUIT[c] for c in g}) == 1


SCORES = [lambda g: 1, lambda g: 2, lambda g: -1, lambda g: len(g), lambda g: sum(PIP[c] for c in g) % 5 - 1]
LEFTOVERS = [None, None, lambda u: 1 if u else 0, lambda u: -len(u), lambda u: sum(PIP[c] for c in u) % 4]
WHERES = [None, no_joker, same_suit]
# callables that see the order of the group's cards, and sums of values that are not whole numbers
# or not positive: the fast path must hand them the same groups as the general search
ORDERED_SCORES = SCORES + [lambda g: PIP[g[0]] - PIP[g[-1]], lambda g: PIP[g[len(g) // 2]] % 4, lambda g: SUIT[g[-1]]]
ORDERED_WHERES = WHERES + [lambda g: PIP[g[0]] <= PIP[g[-1]] + 2, lambda g: SUIT[g[0]] != 1]
TENTHS = tuple(None if r == JOKER else round(0.1 * (r + 1), 1) for r in RANK)  # 0.1 + 0.2 != 0.3
SIGNED = tuple(None if r == JOKER else r % 7 - 2 for r in RANK)
VALUES = [(VALUE13, 1)]


@st.composite
def scorings(draw, reusable=False, scores=SCORES, wheres=WHERES, values=VALUES):
    pats = []
    for i in range(draw(st.integers(1, 4))):
        shape = draw(st.sampled_from(["same_rank", "sequence", "sum", "ranks"]))
        score = draw(st.sampled_from(scores))
        where = draw(st.sampled_from(wheres))
        if shape == "same_rank":
            p = Pattern(f"p{i}", shape, size=draw(st.integers(1, 3)), where=where, score=score)
        elif shape == "sequence":
            p = Pattern(f"p{i}", shape, size=draw(st.integers(2, 4)), order=RUN_ORDER, where=where, score=score)
        elif shape == "sum":
            vals, unit = draw(st.sampled_from(values))
            p = Pattern(
                f"p{i}",
                shape,
                size=draw(st.sampled_from([0, 0, 2, 3])),
                target=draw(st.integers(5, 15)) * unit,
                values=vals,
                where=where,
                score=score,
            )
        else:
            rs = tuple(draw(st.lists(st.sampled_from([ACE, 4, JACK, QUEEN, KING]), min_size=1, max_size=3)))
            p = Pattern(f"p{i}", shape, ranks=rs, where=where, score=score)
        pats.append(p)
    if reusable is None:
        reusable = draw(st.booleans())
    reuse = (lambda c: RANK[c] in (ACE, KING)) if reusable else None
    return Scoring(
        pats, RANK, SUIT, KIND, reusable=reuse, leftover=draw(st.sampled_from(LEFTOVERS)), maximise=draw(st.booleans())
    )


SMALL_RANKS = [ACE, 3, 4, 5, 6, 7, 8, JACK, QUEEN, KING, JOKER]  # a dense set so patterns occur
POOL = sorted({card(r, s, d) if r != JOKER else 52 + d * N1 for r in SMALL_RANKS for s in (0, 1) for d in (0, 1)})
hands = st.lists(st.sampled_from(POOL), min_size=0, max_size=7, unique=True)
# Properties explore new random cases on every run; each counterexample found so far is pinned as an
# @example, which runs first on every run whatever the example database holds (CI starts without
# one). A failure prints a @reproduce_failure blob to replay it exactly. No deadline or speed
# health check: timings on a shared machine must not fail a test.
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True)


def fresh(sc):
    """The same scoring with empty caches."""
    return Scoring(sc.patterns, RANK, SUIT, KIND, reusable=sc.reusable, leftover=sc.leftover, maximise=sc.maximise)


@FAST
@given(scorings(), hands)
def test_best_matches_partition_brute_force(sc, hand):
    assert sc.best(hand) == brute_partitions(sc, hand)
    total, groups = sc.best_groups(hand)
    assert total == sc.best(hand)
    used = [c for _, g in groups for c in g]
    assert len(used) == len(set(used)) and set(used) <= set(hand)
    rest = tuple(c for c in hand if c not in used)
    by_name = {p.name: p for p in sc.patterns}
    assert all(matches(by_name[n], g) for n, g in groups)
    assert total == sum(by_name[n].score(g) for n, g in groups) + (sc.leftover(rest) if sc.leftover else 0)


def queen_king_runs():
    """Runs of two worth 1 each, kings reusable, each unused card -1: a hand of two identical
    queens and two identical kings scores 2 by putting each queen in a run with its own king."""
    pats = [Pattern("run", "sequence", size=2, order=RUN_ORDER, score=lambda g: 1)]
    return Scoring(pats, RANK, SUIT, KIND, reusable=lambda c: RANK[c] in (ACE, KING), leftover=lambda u: -len(u))


TWO_QUEENS_TWO_KINGS = [card(KING, 1, deck=1), card(QUEEN, 0, deck=1), card(QUEEN, 0), card(KING, 1)]


def test_leftover_sees_every_identical_reusable_card_a_group_covers():
    sc = queen_king_runs()
    assert sc.best(TWO_QUEENS_TWO_KINGS) == 2  # Q-K and Q-K', nothing unused
    total, groups = sc.best_groups(TWO_QUEENS_TWO_KINGS)
    assert total == 2 and sorted(RANK[c] for _, g in groups for c in g) == [QUEEN, QUEEN, KING, KING]


@FAST
@given(scorings(reusable=True), st.lists(st.sampled_from(POOL), max_size=6, unique=True))
@example(sc=queen_king_runs(), hand=TWO_QUEENS_TWO_KINGS)
def test_reusable_matches_group_brute_force(sc, hand):
    reusable = lambda c: RANK[c] in (ACE, KING)
    assert sc.best(hand) == brute_groups(sc, hand, reusable)
    total, groups = sc.best_groups(hand)
    assert total == sc.best(hand)
    assert len({frozenset(g) for _, g in groups}) == len(groups)  # no group counts twice


@FAST
@given(scorings(reusable=True), hands, st.integers(0, 2**32))
def test_invariant_under_order_and_identical_cards(sc, hand, seed):
    rnd = random.Random(seed)
    expected = sc.best(hand)
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    assert fresh(sc).best(shuffled) == expected
    swapped = [twin(c) if rnd.random() < 0.5 and twin(c) not in hand else c for c in shuffled]
    assert fresh(sc).best(swapped) == expected


@FAST
@given(scorings(reusable=None), st.lists(st.sampled_from(POOL), max_size=7, unique=True), st.integers(0, 7))
def test_best_of_matches_brute_force(sc, hand, k):
    pick = max if sc.maximise else min
    expected = pick(fresh(sc).best(list(h)) for h in combinations(hand, min(k, len(hand))))
    assert sc.best_of(hand, k) == expected


@FAST
@given(
    scorings(),
    st.lists(st.sampled_from(range(2 * N1)), min_size=8, max_size=30, unique=True),
    st.integers(1, 5),
    st.integers(0, 2**32),
)
def test_best_of_beats_sampled_subsets(sc, hand, k, seed):
    rnd = random.Random(seed)
    if sc.leftover is not None:
        sc = Scoring(sc.patterns, RANK, SUIT, KIND, maximise=sc.maximise)  # keep brute force cheap
    got = sc.best_of(hand, k)
    for _ in range(20):
        v = sc.best(rnd.sample(hand, k))
        assert (got >= v) if sc.maximise else (got <= v)


@settings(FAST, max_examples=150)
@given(scorings(reusable=None), st.lists(st.sampled_from(POOL), min_size=8, max_size=13, unique=True))
def test_pruned_search_matches_full_search_on_larger_hands(sc, hand):
    # leftover=0 changes no total but forces the unpruned search over every set of unused cards
    plain = Scoring(sc.patterns, RANK, SUIT, KIND, reusable=sc.reusable, maximise=sc.maximise)
    full = Scoring(sc.patterns, RANK, SUIT, KIND, reusable=sc.reusable, maximise=sc.maximise, leftover=lambda u: 0)
    assert plain.best(hand) == full.best(hand)


def general(sc, cards):
    """The general search alone (Scoring.best takes the fast path for small hands)."""
    hand = _Hand(sc, cards)
    return sc._sign * hand.value(hand.start)


@FAST
@given(
    scorings(reusable=None, scores=ORDERED_SCORES, wheres=ORDERED_WHERES, values=VALUES + [(TENTHS, 0.1), (SIGNED, 1)]),
    st.lists(st.lists(st.sampled_from(POOL), max_size=SMALL, unique=True), min_size=1, max_size=4),
)
def test_small_hands_match_general_search(sc, hands):
    # one Scoring for several hands, so that the fast path's table of groups is reused between them
    small = SmallHands(sc)
    for hand in hands:
        expected = general(sc, hand)
        if not (sc.reusable and any(sc.reusable(c) for c in hand)):  # reusable cards: general search
            assert small.best(hand) == expected
        assert sc.best(hand) == expected


def test_small_hands_eight_cards_with_identical_cards():
    sc = thirteens()
    hand = [card(5, 0), card(5, 0, deck=1), card(6, 1), card(6, 1, deck=1), card(KING), card(QUEEN), 52, 53]
    assert len(hand) == SMALL
    # two groups at most use up the sixes and sevens (6+7 twice, or 6-6 and 7-7, or K+Q+6 and one
    # more), and something is always left over
    assert sc.best(hand) == general(sc, hand) == 3


def test_small_hands_show_callables_the_groups_of_the_general_search():
    # where and score see each group in the order the general search builds it: a run in its own
    # order (K-A-2 here), a sum by value, a rank pattern by its listed ranks; lowest card first
    wrap = tuple([1, 2] + [-1] * 10 + [0, -1])  # K, A, 2
    seen = {"fast": set(), "general": set()}

    def scoring(log):
        def score(g):
            log.add(g)
            return 1

        pats = [
            Pattern("run", "sequence", size=3, order=wrap, score=score),
            Pattern("thirteen", "sum", target=13, values=VALUE13, score=score),
            Pattern("court", "ranks", ranks=(KING, QUEEN, JACK), score=score),
        ]
        return Scoring(pats, RANK, SUIT, KIND)

    hand = [card(ACE), card(1), card(6), card(QUEEN), card(KING), card(JACK)]
    fast = scoring(seen["fast"]).best(hand)
    slow = general(scoring(seen["general"]), hand)
    assert fast == slow and seen["fast"] == seen["general"]
    assert (card(ACE), card(KING), card(1)) in seen["fast"]
    assert (card(ACE), card(1), card(QUEEN), card(6)) in seen["fast"]
    assert (card(JACK), card(KING), card(QUEEN)) in seen["fast"]


def test_small_hands_sum_floats_like_the_general_search():
    # 0.1 + 0.2 == 3 * 0.1, but the finder subtracts from the target: 3 * 0.1 - 0.1 - 0.2 != 0
    sc = Scoring([Pattern("s", "sum", target=3 * 0.1, values=TENTHS, score=lambda g: 1)], RANK, SUIT, KIND)
    assert sc.best([card(ACE), card(1)]) == general(sc, [card(ACE), card(1)]) == 0


def test_validation():
    with pytest.raises(ValueError):
        Pattern("x", "flush", score=lambda g: 1)
    with pytest.raises(TypeError):
        Pattern("x", "same_rank", size=2)
