"""The solver's memo: results cached by the multiset of card classes the compiler proved alike
(`alike`) and shared by every later call are those of the search without any memo."""

from hypothesis import given
from hypothesis import strategies as st

from dsl.compiler.alike import tables_read
from dsl.runtime.combos import Scoring
from tests.test_combos import FAST, KIND, PIP, POOL, RANK, SCORES, SUIT, card, no_joker, scorings

# The strategy's scores and leftovers read PIP only; without `same_suit` the wheres read RANK.
RANK_ONLY = scorings(reusable=None, scores=SCORES, wheres=[None, no_joker])


def memoised(sc) -> Scoring:
    return Scoring(
        sc.patterns, RANK, SUIT, KIND, reusable=sc.reusable, leftover=sc.leftover, maximise=sc.maximise, alike=(PIP,)
    )


def unmemoised(sc) -> Scoring:
    """A scoring nobody has asked anything yet: every result below is searched from scratch."""
    return Scoring(sc.patterns, RANK, SUIT, KIND, reusable=sc.reusable, leftover=sc.leftover, maximise=sc.maximise)


def other_suit(c):
    rank = RANK[c]
    return c if rank == 13 else card(rank, 1 - SUIT[c], c // 54)


hands = st.lists(st.sampled_from(POOL), min_size=0, max_size=7, unique=True)


@FAST
@given(RANK_ONLY, st.lists(hands, min_size=1, max_size=6), st.integers(0, 4))
def test_memoised_results_are_those_of_the_search_without_memo(sc, hand_list, k):
    memo = memoised(sc)
    # each hand, then the same ranks in the other suit: the second one is served by the memo
    for hand in hand_list + [sorted({other_suit(c) for c in h}) for h in hand_list]:
        assert memo.best(hand) == unmemoised(sc).best(hand), hand
        assert memo.best_of(hand, k) == unmemoised(sc).best_of(hand, k), (hand, k)


def test_cards_alike_for_the_memo_share_one_entry():
    sc = memoised(unmemoised(next_scoring()))
    sc.best([card(4, 0), card(5, 0), card(6, 1)])
    sc.best([card(4, 1), card(5, 1), card(6, 0)])  # alike: the same entry
    sc.best([card(4, 0), card(5, 0), card(7, 1)])
    assert len(sc._cache) == 2


def next_scoring():
    from tests.test_combos import thirteens

    return thirteens()


PER_CARD = frozenset({"RANK", "SUIT", "IS_A", "VALUE_FACE"})


def test_callables_that_see_only_tables_are_alike_by_those_tables():
    assert tables_read(["lambda group: any(IS_A[c1] for c1 in group)", "lambda card: IS_A[card]"], PER_CARD) == {"IS_A"}
    assert tables_read(["lambda group: len(group) * 2", "lambda group: 3"], PER_CARD) == set()
    assert tables_read(["lambda group: _rt.sum_values(VALUE_FACE, group, 4)"], PER_CARD) == {"VALUE_FACE"}


def test_callables_that_see_a_card_itself_or_the_order_of_a_group_are_not():
    for source in [
        "lambda group: _rt.value(VALUE_FACE, _rt.first(group, 9), 9)",  # the first of two alike cards
        "lambda group: any(c1 == 5 for c1 in group)",  # a card's identity
        "lambda group: group[0]",
        "lambda group: sorted(group)",
        "lambda group: any(OTHER[c1] for c1 in group)",  # a table the compiler did not vouch for
        "lambda group: [c1 for c1 in group][0]",
        "lambda group: (",  # not Python
    ]:
        assert tables_read([source], PER_CARD) is None, source


def test_an_engine_memoised_by_classes_plays_as_one_memoised_by_kinds(monkeypatch):
    """Thirteens compiled with its solver keyed by card classes, and again keyed by kinds, plays
    the same matches under every reading of its scoring."""
    import itertools
    import random

    from dsl.api import compile_source, module_from_source
    from dsl.compiler import alike
    from tests.conftest import ROOT

    text = (ROOT / "games" / "thirteens.cardrules").read_text()
    by_classes = module_from_source(compile_source(text, "thirteens.cardrules").source, "thirteens")
    monkeypatch.setattr(alike, "tables_read", lambda sources, per_card, sets=None: None)
    by_kinds_source = compile_source(text, "thirteens.cardrules").source
    assert "alike=None" in by_kinds_source
    by_kinds = module_from_source(by_kinds_source, "thirteens_by_kinds")
    readings = by_classes.RULES["ambiguities"]
    scoring_readings = [a for a in readings if a["name"] in ("thirteen_points", "trick_point", "ace_in_runs")]
    for choice in itertools.product(*[a["readings"] for a in scoring_readings]):
        chosen = {a["name"]: r for a, r in zip(scoring_readings, choice, strict=True)}
        for seed in range(2):
            stories = []
            for engine in (by_classes, by_kinds):
                state, rng = engine.new_game(players=4, seed=seed, readings=chosen), random.Random(seed)
                while not state.is_terminal():
                    legal = state.legal_actions()
                    state.apply(legal[rng.randrange(len(legal))])
                stories.append((state.history, state.returns()))
            assert stories[0] == stories[1], chosen
