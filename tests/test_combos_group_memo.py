"""The solver's memo of a card's groups, shared by every hand a scoring meets: a hand that differs
from earlier ones by a card or two (a rummy hand after each draw and discard) gets from it the
groups, totals and explanations the search finds in a scoring that has seen nothing else; and the
total of a hand scored without the cards that can be in no group (too few cards near them) is
that of the whole hand searched."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dsl.runtime.combos import Pattern, Scoring
from dsl.runtime.finders import near_masks
from tests.test_combos import ACE, FAST, KIND, KING, POOL, RANK, RUN_ORDER, SCORES, SUIT, VALUE13, WHERES, scorings


@st.composite
def rummy_scorings(draw):
    """Sets and runs of a suit, as rummy games count them, besides the suite's random patterns."""
    pats = []
    for i in range(draw(st.integers(1, 4))):
        score, where = draw(st.sampled_from(SCORES)), draw(st.sampled_from(WHERES))
        if draw(st.booleans()):
            p = Pattern(f"set{i}", "same_rank", size=draw(st.integers(2, 4)), where=where, score=score)
        else:
            size = draw(st.integers(2, 5))
            p = Pattern(f"run{i}", "sequence", size=size, order=RUN_ORDER, one_suit=True, where=where, score=score)
        pats.append(p)
    return Scoring(pats, RANK, SUIT, KIND, maximise=draw(st.booleans()))


def fresh(sc: Scoring) -> Scoring:
    return Scoring(sc.patterns, RANK, SUIT, KIND, reusable=sc.reusable, leftover=sc.leftover, maximise=sc.maximise)


@st.composite
def hand_turns(draw):
    """A hand of 8 to 11 cards, then each turn draws one card and discards one."""
    hand = draw(st.lists(st.sampled_from(POOL), min_size=8, max_size=11, unique=True))
    hands = [hand]
    for _ in range(draw(st.integers(1, 6))):
        drawn = draw(st.sampled_from([c for c in POOL if c not in hand] or POOL))
        hand = [c for c in hand if c != draw(st.sampled_from(hand))] + [drawn]
        hands.append(sorted(set(hand)))
    return hands


@settings(FAST, max_examples=5000)  # hands of 8-11 cards: each example searches a dozen of them
@given(st.one_of(rummy_scorings(), scorings(reusable=None)), hand_turns())
def test_hands_after_each_draw_score_as_the_search_without_memo(sc, hands):
    for hand in hands:
        assert sc.best(hand) == fresh(sc).best(hand), hand
        explained = fresh(sc).best_groups(hand)  # the whole hand searched: no card set aside
        assert sc.best_groups(hand) == explained, hand
        assert sc.best(hand) == explained[0], hand
        assert fresh(sc).best_groups(hand[::-1]) == explained, hand  # nor the order it lists them in
        assert sc.best_of(hand, len(hand) - 2) == fresh(sc).best_of(hand, len(hand) - 2), hand


# Cards 0 and 54 are the ace of the first suit in each deck: identical, and reusable below.
ACE_TWINS = (0, 54)


def aces_to_five(*extra):
    """Sums to 5 (an ace counts 1, a 4 counts 4) with aces and kings reusable, as in a scoring
    the property drew."""
    pats = [Pattern("p0", "sum", target=5, values=VALUE13, score=lambda g: 1), *extra]
    return Scoring(pats, RANK, SUIT, KIND, reusable=lambda c: RANK[c] in (ACE, KING))


def test_which_of_two_identical_reusable_cards_a_group_names_does_not_depend_on_earlier_hands():
    # The property's counterexample: the first hand lists the second deck's ace first and the
    # second hand the first deck's, and the 4 of the second suit (card 16) makes 5 with an ace
    # among the same cards in both. A memo of its groups kept from the first hand named ace 54
    # where a scoring that had seen nothing else names ace 0.
    ones = [Pattern(f"p{i}", "same_rank", size=1, score=lambda g: 1) for i in (1, 2)]
    first, second = [54, 4, 16, 0, 5, 6, 7, 8], [0, 3, 4, 5, 6, 7, 8, 16, 54]
    sc = aces_to_five(*ones)
    sc.best_groups(first)
    assert sc.best_groups(second) == aces_to_five(*ones).best_groups(second)
    assert ("p0", (16, 0)) in sc.best_groups(second)[1]
    # and the hand in any order names the same ace
    assert aces_to_five(*ones).best_groups(first) == aces_to_five(*ones).best_groups(sorted(first))


def test_the_best_few_cards_do_not_depend_on_earlier_hands():
    # Best 3 of [ace, ace', 4, 4 of another suit]: one ace makes 5 with each 4, so 2. A memo that
    # named ace 54 for the second 4 (from an earlier hand listing that ace first) while this hand's
    # own search named ace 0 for the first 4 counted two aces: 3 cards held one group only.
    sc = aces_to_five()
    sc.best_groups([54, 16, 0])
    assert sc.best_of([0, 54, 3, 16], 3) == aces_to_five().best_of([0, 54, 3, 16], 3) == 2


def groupable(p, c, x) -> bool:
    """The plain definition: whether pattern p can put cards c and x in one group."""
    if p.shape == "same_rank":
        return RANK[x] == RANK[c]
    if p.shape == "ranks":
        return RANK[c] in p.ranks and RANK[x] in p.ranks
    if p.shape == "sum":
        return p.values[c] is not None and p.values[x] is not None
    pos = [p.order[r] if 0 <= r < len(p.order) else -1 for r in RANK]
    return 0 <= pos[c] and 0 <= pos[x] and abs(pos[x] - pos[c]) < p.size and (not p.one_suit or SUIT[x] == SUIT[c])


@settings(FAST, max_examples=25)  # 108 cards, every pair of them
@given(st.one_of(rummy_scorings(), scorings(reusable=None)))
def test_the_cards_near_a_card_are_those_a_pattern_can_group_it_with(sc):
    cards, near = range(len(RANK)), near_masks(sc.patterns, RANK, SUIT)
    for c in cards:
        expected = {x for x in cards if any(groupable(p, c, x) for p in sc.patterns)}
        assert {x for x in cards if near[c] >> x & 1} == expected, c
