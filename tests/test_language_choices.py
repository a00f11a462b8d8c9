"""Choices of a player, a rank, a suit from a restricted set, and bids with exclusions and names."""

from __future__ import annotations

from dsl.semantics.model import RANKS

from .language_helpers import HEAD, engine, errors, labels, play, var

CHOOSE_PLAYER = (
    HEAD
    + """
var target: player = none
flow {
  1 chooses player q where q != 1
  target = q
}
"""
)


def test_a_player_chooses_another_player():
    state = engine(CHOOSE_PLAYER).new_game(players=3, seed=0)
    assert state.current_player == 1
    assert labels(state) == ["player 0", "player 2"]
    play(state, "player 2")
    assert state.is_terminal() and var(state, "target") == 2


CHOOSE_RANK = (
    HEAD
    + """
var asked: rank = none
flow {
  move cards where card is 7 or card is K♠ or card is A from deck to hand of 0
  0 chooses rank r from hand of 0 where r != A
  asked = r
}
"""
)


def test_a_rank_is_chosen_among_the_ranks_of_a_zone():
    state = engine(CHOOSE_RANK).new_game(players=3, seed=0)
    assert labels(state) == ["rank 7", "rank K"]
    play(state, "rank K")
    assert var(state, "asked") == "K"


def test_a_suit_is_chosen_from_a_restricted_set():
    text = HEAD + "var trump: suit = ♥\nflow {\n  0 chooses suit as trump where suit != ♥\n}\n"
    state = engine(text).new_game(players=3, seed=0)
    assert labels(state) == ["suit ♠", "suit ♦", "suit ♣"]
    play(state, "suit ♣")
    assert var(state, "trump") == "♣"


def test_a_suit_condition_names_the_suit_offered_by_its_target_inside_a_card_filter():
    # The hand holds ♠ cards and the ace of ♥ only: a suit may be called if the hand holds one
    # of its cards but not its ace. Inside `any ... where`, bare `suit` is the card's own.
    text = HEAD + (
        "var called: suit = none\nflow {\n"
        "  move cards where card is 7♠ or card is 8♠ or card is A♥ from deck to hand of 0\n"
        "  0 chooses suit as called where (any hand of 0 where suit == called)"
        " and not (any hand of 0 where suit == called and rank == A)\n}\n"
    )
    state = engine(text).new_game(players=3, seed=0)
    assert labels(state) == ["suit ♠"]
    play(state, "suit ♠")
    assert var(state, "called") == "♠"


BIDS = (
    HEAD
    + """
var bid: int per player = 0
flow {
  for each player p {
    if p == 2 {
      p bids bid of p from 0 to 4 except 4 - sum(bid) with 0 called "nil"
    } else {
      p bids bid of p from 0 to 4 with 0 called "nil"
    }
  }
}
result bid
"""
)


def test_the_last_bidder_may_not_make_the_total_and_nil_is_a_bid_of_0():
    state = engine(BIDS).new_game(players=3, seed=0)
    assert labels(state) == ["nil", "bid 1", "bid 2", "bid 3", "bid 4"]
    play(state, "nil")
    play(state, "bid 3")
    assert labels(state) == ["nil", "bid 2", "bid 3", "bid 4"]  # 4 - (0 + 3) = 1 is forbidden
    play(state, "nil")
    assert var(state, "bid") == [0, 3, 0]


def test_the_action_numbers_are_fixed_cards_options_suits_bids_seats_ranks():
    text = HEAD + (
        "var o: option = none\nvar b: int = 0\n"
        "flow {\n  0 chooses one of stay, go as o\n  0 bids b from 0 to 9\n"
        "  0 chooses player q\n  0 chooses rank r\n}\n"
    )
    state = engine(text).new_game(players=3, seed=0)
    cards, options = 52, 3  # stay, go and the bid's pass
    assert state.legal_actions() == [cards, cards + 1]
    play(state, "go")
    assert state.legal_actions() == list(range(cards + options + 4, cards + options + 4 + 10))
    play(state, "bid 9")
    seats = cards + options + 4 + 10
    assert state.legal_actions() == [seats, seats + 1, seats + 2]
    play(state, "player 1")
    assert state.legal_actions() == list(range(seats + 3, seats + 3 + len(RANKS)))
    assert labels(state)[-1] == "rank Joker"


def test_a_game_choosing_seats_needs_its_highest_bid_as_a_number():
    text = HEAD + "var cap: int = 10\nvar b: int = 0\nflow {\n  0 bids b from 0 to cap\n  0 chooses player q\n}\n"
    found = errors(text)
    assert [d.code for d in found] == ["type-mismatch"] and "highest bid must be a number" in found[0].message


def test_a_bid_value_has_one_name():
    text = HEAD + (
        'var b: int = 0\nflow {\n  0 bids b from 0 to 3 with 0 called "nil"\n'
        '  0 bids b from 0 to 3 with 0 called "zero"\n}\n'
    )
    assert any("called" in d.message for d in errors(text))


SUITED = (
    HEAD
    + """
var call: option = none
var trump: suit = ♥
flow {
  0 chooses one of pass, order with suit as call, suit as trump
}
"""
)


def test_an_option_may_carry_a_suit():
    state = engine(SUITED).new_game(players=3, seed=0)
    assert labels(state) == ["pass", "order ♠", "order ♥", "order ♦", "order ♣"]
    first_suited = 52 + 2 + 4  # cards, the options pass and order, the suits; no bids, seats or ranks
    assert state.legal_actions()[1:] == list(range(first_suited, first_suited + 4))
    copy = state.clone()
    play(state, "order ♦")
    assert (var(state, "call"), var(state, "trump")) == ("order", "♦")
    play(copy, "pass")
    assert (var(copy, "call"), var(copy, "trump")) == ("pass", None)


def test_a_suited_option_needs_a_place_for_its_suit():
    text = SUITED.replace(", suit as trump", "")
    assert [d.code for d in errors(text)] == ["missing-declaration"]


def test_an_option_is_offered_only_when_its_condition_holds():
    text = HEAD + (
        "var call: option = none\nvar strain: suit = none\nvar doubled: int = 0\nflow {\n"
        "  0 chooses one of pass, double where doubled == 0, bid with suit where suit != ♥ as call, suit as strain\n"
        "  if call == double {\n    doubled = 1\n  }\n"
        "  1 chooses one of pass, double where doubled == 0, bid with suit where suit != ♥ as call, suit as strain\n}\n"
    )
    state = engine(text).new_game(players=3, seed=0)
    assert labels(state) == ["pass", "double", "bid ♠", "bid ♦", "bid ♣"]
    play(state, "double")
    assert labels(state) == ["pass", "bid ♠", "bid ♦", "bid ♣"]


def test_an_option_condition_is_a_condition():
    text = HEAD + "var call: option = none\nflow {\n  0 chooses one of pass, double where 3 as call\n}\n"
    found = errors(text)
    assert [d.code for d in found] == ["type-mismatch"] and "'double'" in found[0].message
