"""The fifth round of specialisation: what each change promises, tested against the plain version
it replaces (seeded play of every game is pinned by `test_match_hashes` besides)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dsl.runtime import engine as rt


def first_of_each_kind(cards, kind):
    seen, out = set(), []
    for c in cards:
        if kind[c] not in seen:
            seen.add(kind[c])
            out.append(c)
    return out


@given(kinds=st.lists(st.integers(0, 12), min_size=1, max_size=40), data=st.data())
@settings(max_examples=300, deadline=None)
def test_identical_cards_are_one_action_and_the_first_of_each_kind_is_kept(kinds, data):
    # kinds[c] is the kind of card c; a hand holds distinct card ids in any order
    order = data.draw(st.permutations(range(len(kinds))))
    cards = order[: data.draw(st.integers(0, len(kinds)))]
    got = rt.distinct_kinds(list(cards), kinds, rt.twins(kinds))
    assert got == first_of_each_kind(cards, kinds)
