"""A deck's own ranks (`ranks asso 2 3 4 5 6 7 fante cavallo re`): the names stand for the ranks
in card literals, patterns, orders, value tables, expressions, rank choices, action labels and
observations, and the deck holds those ranks only."""

from __future__ import annotations

from dsl.api import check_source

from .language_helpers import engine, errors, labels, play, var

ITALIAN = """
game "g"
players 2
cards {
  deck standard
  suits coins cups swords batons
  ranks asso 2 3 4 5 6 7 fante cavallo re
  order 2 4 5 6 7 fante cavallo re 3 asso
  value points: asso..re=0 asso=11 3=10 re=4 cavallo=3 fante=2
  value face: 2..7=face asso=1 fante=8 cavallo=9 re=10
}
zone deck shared seen by everyone
zone hand per player seen by owner
zone table shared seen by everyone
var asked: rank = fante
var kings: int per player = 0
flow {
  deal 5 from deck to hand each
  0 chooses rank r from hand of 0 where r != asso
  asked = r
  1 chooses card c from hand of 1 where rank == asked else where rank > 7 else any
  move card c from hand of 1 to table
  for each player p { kings of p = count cards in hand of p where card is re }
}
result kings
winners highest, ties share
"""


def test_the_deck_holds_the_declared_ranks_under_their_names():
    state = engine(ITALIAN).new_game(players=2, seed=0)
    deck = state.to_json()["deck"]  # the cards the deal started from
    assert len(deck) == 40 and len(state.to_json()["zones"]["deck"]) == 30
    ranks = {text.split(" ")[0] for text in deck}
    assert ranks == {"asso", "2", "3", "4", "5", "6", "7", "fante", "cavallo", "re"}
    assert not any(text.startswith(("8 ", "9 ", "10 ", "J ", "Q ", "K ", "A ")) for text in deck)


def test_rank_choices_offer_the_ranks_held_and_label_them_by_name():
    state = engine(ITALIAN).new_game(players=2, seed=0)
    hand = state.observation(0)["zones"]["hand"][0]
    held = {text.split(" ")[0] for text in hand} - {"asso"}
    assert {label.removeprefix("rank ") for label in labels(state)} == held
    play(state, "rank " + sorted(held)[0])
    assert var(state, "asked") == sorted(held)[0]  # the observation shows the rank's name


def test_a_number_compares_with_a_named_rank_by_its_place():
    # `rank > 7`: fante, cavallo and re come after 7 in the ranks line
    state = engine(ITALIAN).new_game(players=2, seed=0)
    hand = state.observation(1)["zones"]["hand"][1]
    state.apply(state.legal_actions()[0])
    asked = var(state, "asked")
    offered = {label.removeprefix("play ") for label in labels(state)}
    matching = {t for t in hand if t.split(" ")[0] == asked}
    high = {t for t in hand if t.split(" ")[0] in ("fante", "cavallo", "re")}
    assert offered == (matching or high or set(hand))


def test_value_tables_orders_and_literals_read_the_names():
    text = (
        ITALIAN
        + """
example "points and order" {
  expect sum points of [asso of coins 3 of cups re cavallo fante] == 30
  expect sum face of [7 fante re] == 25
  expect highest of [re 3 asso] is asso of coins
  expect highest of [re 3] is 3 of coins
}
"""
    )
    assert not [d for d in check_source(text, "t.cardrules") if d.severity in ("error", "warning")]
    wrong = ITALIAN + 'example "wrong" { expect highest of [re 3] is re of coins }'
    found = [d.code for d in check_source(wrong, "t.cardrules") if d.severity == "warning"]
    assert found == ["contradiction"]  # holds under no reading: one finding, not two


def test_standard_words_are_not_ranks_of_a_deck_with_its_own():
    bad = ITALIAN.replace("var asked: rank = fante", "var asked: rank = K")
    assert [(d.code, "'K' is not a rank of this game" in d.message) for d in errors(bad)] == [("undefined-name", True)]
    literal = ITALIAN.replace("asked = r", "asked = r\n  move cards where card is Q from deck to table")
    assert [d.code for d in errors(literal)] == ["undefined-name"]


def test_a_rank_name_may_not_be_a_word_of_the_language():
    for word in ("Joker", "hearts", "count"):
        bad = ITALIAN.replace("ranks asso", f"ranks {word} asso")
        assert "reserved-name" in [d.code for d in errors(bad)], word


def test_jokers_join_a_deck_of_its_own_ranks():
    jokers = ITALIAN.replace("deck standard", "deck standard + 2 jokers").replace("deal 5", "deal 21")
    state = engine(jokers).new_game(players=2, seed=0)
    hands = state.to_json()["zones"]["hand"]
    assert sorted(len(h) for h in hands) == [21, 21]
    assert sum(h.count("Joker") for h in hands) == 2
