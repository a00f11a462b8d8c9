"""Decks of any kind: parts of the standard deck, several copies, suits of other names, a suit in
play that depends on the trump (Euchre's left bower) and ranks that do (Belote's trump order)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl import load_game
from dsl.cli import app

from .language_helpers import engine, errors, labels

FIXTURES = Path(__file__).parent / "fixtures" / "language"

DECK = """
game "g"
players 2
cards {
  DECK
}
zone deck shared seen by everyone
zone hand per player seen by owner
flow { deal 1 from deck to hand each }
"""


def deck_of(line: str) -> list[str]:
    return engine(DECK.replace("DECK", line)).new_game(players=2, seed=0).to_json()["deck"]


def test_a_deck_without_ranks_and_cards():
    euchre = deck_of("deck standard without 2..8")
    assert len(euchre) == 24 and {c[:-1] for c in euchre} == {"9", "10", "J", "Q", "K", "A"}
    assert len(deck_of("deck standard without 2..6")) == 32  # piquet
    assert sorted(deck_of("deck standard without 2..A ♥, 2..A ♦, 2..10")) == sorted(
        ["J♠", "Q♠", "K♠", "A♠", "J♣", "Q♣", "K♣", "A♣"]
    )


def test_several_copies_of_a_part_of_the_deck():
    pinochle = deck_of("deck 2 x standard without 2..8")
    assert len(pinochle) == 48 and pinochle.count("A♠") == 2


def test_a_deck_line_that_leaves_out_every_card_is_an_error():
    assert [d.code for d in errors(DECK.replace("DECK", "deck standard without 2..A"))] == ["type-mismatch"]


def test_the_observation_tensor_follows_the_deck():
    small = engine(DECK.replace("DECK", "deck standard without 2..8"))
    full = engine(DECK.replace("DECK", "deck standard"))
    for mod in (small, full):
        state = mod.new_game(players=2, seed=0)
        assert len(state.observation_tensor(0)) == mod.RULES["observation_shape"][2][0]
    # the deck zone is seen by everyone: one plane of the deck's size, the hands one more
    assert len(full.new_game(2).observation_tensor(0)) - len(small.new_game(2).observation_tensor(0)) == 2 * 28


@pytest.fixture(scope="module")
def briscola():
    return load_game(str(FIXTURES / "briscola_short.cardrules"))


def test_an_italian_deck_names_its_suits_in_cards_actions_and_observations(briscola):
    state = briscola.new_game(players=2, seed=3)
    obs = state.observation(state.current_player)
    hand = obs["zones"]["hand"][state.current_player]
    suits = {"coins", "cups", "swords", "batons"}
    assert len(state.to_json()["deck"]) == 40
    assert all(c.split(" ")[1] in suits and c.split(" ")[0] not in ("8", "9", "10") for c in hand)
    assert obs["vars"]["trump"] in suits
    assert sorted(labels(state)) == sorted("play " + c for c in hand)
    assert len(state.observation_tensor(0)) == briscola.RULES["observation_shape"][2][0]


def test_an_italian_deck_plays_with_its_points(briscola):
    for seed in range(20):
        state = briscola.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        raw = sum(state.returns())
        assert raw in (120, 121)  # every point of the deck is taken; a 60-60 gets one more


def test_named_suits_in_literals_and_patterns():
    text = DECK.replace("DECK", "deck standard without 8..10\n  suits coins cups swords batons")
    text += 'example "x" { expect size of cards in [A of coins 7 of cups] where card is 7 of cups == 1 }\n'
    text += 'example "y" { expect suit of first of [A of swords] == swords }\n'
    mod = engine(text)
    assert [holds for _line, _text, holds, _sides in (r for ex in mod.EXAMPLES for r in ex[2](None))] == [True, True]


def test_an_unknown_suit_name_is_a_located_error():
    text = DECK.replace("DECK", "suits coins cups swords batons\n  value v: 7 of cupz=1")
    found = errors(text)
    assert [d.code for d in found] == ["undefined-name"] and "cupz" in found[0].message
    assert found[0].span.line == 6


def test_five_suits_are_too_many():
    assert [d.code for d in errors(DECK.replace("DECK", "suits a b c d e"))] == ["limit-exceeded"]


@pytest.fixture(scope="module")
def euchre():
    return load_game(str(FIXTURES / "euchre_short.cardrules"))


def _effective_suit(card: str, trump: str) -> str:
    same_colour = {"♠": "♣", "♣": "♠", "♥": "♦", "♦": "♥"}
    if card[:-1] == "J" and card[-1] == same_colour[trump]:
        return trump
    return card[-1]


def test_the_left_bower_is_a_trump_to_follow_and_to_win(euchre):
    """Every follow decision and every trick's winner, checked against Euchre's rule as stated:
    the jack of the trump's colour counts as a trump; the right bower, then the left, rank
    highest."""
    order = ["9", "10", "Q", "K", "A", "J"]
    bowers_checked = 0
    for seed in range(15):
        state = euchre.new_game(players=4, seed=seed)
        rng = random.Random(seed)
        trick: list[tuple[int, str]] = []
        while not state.is_terminal():
            seat = state.current_player
            obs = state.observation(seat)
            trump = obs["vars"]["trump"]
            table = obs["zones"]["table"]
            if table and trump:
                hand = obs["zones"]["hand"][seat]
                led = _effective_suit(table[0], trump)
                follow = [c for c in hand if _effective_suit(c, trump) == led]
                assert sorted(labels(state)) == sorted("play " + c for c in (follow or hand)), (seed, hand, table)
            action = rng.choice(state.legal_actions())
            kitty = obs["zones"]["kitty"]["count"]
            state.apply(action)
            after = state.observation(0)["zones"]
            if trump and state.action_str(action).startswith("play") and after["kitty"]["count"] != kitty + 1:
                trick.append((seat, state.action_str(action)[5:]))  # played to the trick, not discarded
            if len(trick) == 4:
                winner = state.observation(0)["vars"]["winner"]
                assert winner == _expected_winner(trick, trump, order)
                bowers_checked += any(c[:-1] == "J" and _effective_suit(c, trump) == trump for _, c in trick)
                trick = []
    assert bowers_checked > 5


def _expected_winner(trick, trump, order):
    def strength(card):
        suit = _effective_suit(card, trump)
        if card == "J" + trump:
            return (3, 0)
        if suit == trump:
            return (2, order.index(card[:-1]))
        if suit == _effective_suit(trick[0][1], trump):
            return (1, ["9", "10", "J", "Q", "K", "A"].index(card[:-1]))
        return (0, 0)

    return max(trick, key=lambda sc: strength(sc[1]))[0]


BELOTE = """
game "g"
players 2
cards {
  deck standard without 2..6
  order 7 8 9 J Q K 10 A
  order trump_order: 7 8 Q K 10 A 9 J
}
zone deck shared seen by everyone
zone hand per player seen by everyone
zone table shared seen by everyone
zone taken per player seen by everyone
var trump: suit = ♥
flow {
  move cards where card is A♥ from deck to hand of 0
  move cards where card is 9♥ from deck to hand of 1
  trick {
    lead 0
    play from hand to table
    follow suit == led else any
    winner {
      highest where suit == trump by trump_order
      highest where suit == led
    }
    take into taken
  }
}
"""


def test_the_trumps_nine_and_jack_rank_above_the_ace_in_belote():
    state = engine(BELOTE).new_game(players=2, seed=0)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.observation(0)["vars"]["winner"] == 1  # 9♥ beats A♥ in trumps


def test_suit_in_play_must_be_a_suit_and_given_once():
    text = BELOTE.replace("  order 7 8 9", "  suit in play = 3\n  order 7 8 9")
    assert [d.code for d in errors(text)] == ["type-mismatch"]
    text = BELOTE.replace("  order 7 8 9", "  suit in play = suit\n  suit in play = suit\n  order 7 8 9")
    assert [d.code for d in errors(text)] == ["duplicate-clause"]


def test_a_variant_keeps_the_named_suits_and_the_deck_of_its_base(tmp_path):
    base = DECK.replace("DECK", "deck standard without 8..10\n  suits coins cups swords batons")
    (tmp_path / "base.cardrules").write_text(base, encoding="utf-8")
    (tmp_path / "v.cardrules").write_text('game "v" variant of "base.cardrules"\nplayers 2, 4\n', encoding="utf-8")
    state = load_game(str(tmp_path / "v.cardrules")).new_game(players=4, seed=0)
    deck = state.to_json()["deck"]
    assert len(deck) == 40 and "7 batons" in deck


def test_the_rule_book_page_says_what_the_deck_leaves_out_and_names(tmp_path):
    out = tmp_path / "b.md"
    result = CliRunner().invoke(app, ["doc", str(FIXTURES / "briscola_short.cardrules"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "(40 cards in all)" in page and "coins cups swords batons" in page
