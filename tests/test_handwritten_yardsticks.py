"""The hand-written engines of benchmarks/handwritten/ play the same rules as the compiled ones.

They are the yardstick the compiled engines' speed is judged by, so they must not cut corners:
dealt from the same seed (they draw random numbers as the compiled engines do), both engines are
played move for move with the same random choices, and at every decision the player to act, the
legal actions (checked against follow-suit worked out here from the hand and the led suit too),
what each player holds and the final totals must agree. The Thirteens trick scorer is also
compared with the cardrules combination solver on random tricks.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from benchmarks.handwritten import jailbreak as hand_jailbreak
from benchmarks.handwritten import thirteens as hand_thirteens
from dsl.runtime.combos import Pattern, Scoring
from generated import jailbreak as compiled_jailbreak
from generated import thirteens as compiled_thirteens

TEXT = compiled_thirteens.CARD_TEXT
SUIT_SYMBOL = {0: "♠", 1: "♥", 2: "♦", 3: "♣", None: None}


def kind(card: int) -> str:
    """Two jokers are one card to a player: compare cards by what they show."""
    return TEXT[card]


def own_hand(state, seat: int) -> list[str]:
    return sorted(state.observation(seat)["zones"]["hand"][seat])


def follow_suit(hand: list[int], led) -> set[str]:
    """Legal cards by the rule: the led suit if the player has it, else any card."""
    suited = [c for c in hand if led is not None and hand_thirteens.SUIT[c] == led]
    return {kind(c) for c in (suited or hand)}


# ---------------------------------------------------------------- Thirteens


DEALS = [(3, 18, False), (4, 13, True), (5, 10, True), (6, 9, False)]  # players, cards each, trump turned


@pytest.mark.parametrize("players, per_hand, trump_turned", DEALS)
def test_thirteens_deal_sizes_and_trump(players, per_hand, trump_turned):
    for seed in range(20):
        compiled = compiled_thirteens.new_game(players, seed)
        hand = hand_thirteens.new_game(players, seed)
        assert [len(hand.hand(seat)) for seat in range(players)] == [per_hand] * players
        for seat in range(players):
            assert sorted(kind(c) for c in hand.hand(seat)) == own_hand(compiled, seat)
        trump = compiled.observation(0)["vars"]["trump"]
        assert SUIT_SYMBOL[hand.trump] == trump
        if not trump_turned:
            assert hand.trump is None  # 54 cards divide evenly: nothing is left to turn
        left_of_dealer = (compiled.observation(0)["vars"]["dealer"] + 1) % players
        assert hand.current_player == compiled.current_player == left_of_dealer


def play_thirteens_together(players: int, seed: int) -> int:
    compiled = compiled_thirteens.new_game(players, seed)
    hand = hand_thirteens.new_game(players, seed)
    rng = random.Random(seed)
    decisions = 0
    while not compiled.is_terminal():
        assert not hand.is_terminal()
        seat = compiled.current_player
        assert hand.current_player == seat
        held = hand.hand(seat)
        assert sorted(kind(c) for c in held) == own_hand(compiled, seat)
        legal = sorted(hand.legal_actions())
        assert sorted(compiled.legal_actions()) == legal
        led = compiled.observation(seat)["vars"]["led"]
        assert SUIT_SYMBOL[hand.led] == led
        assert {kind(c) for c in legal} == follow_suit(held, hand.led)
        assert len(legal) == len({kind(c) for c in legal})  # one action per joker pair
        action = legal[rng.randrange(len(legal))]
        compiled.apply(action)
        hand.apply(action)
        decisions += 1
    assert hand.is_terminal()
    assert hand.returns() == compiled.returns()
    assert hand.winners() == compiled.winners()
    return decisions


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_thirteens_plays_the_compiled_game_move_for_move(players):
    assert sum(play_thirteens_together(players, seed) for seed in range(6)) > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_thirteens_plays_the_compiled_game_move_for_move_many_seeds(players):
    for seed in range(6, 60):
        play_thirteens_together(players, seed)


def test_thirteens_refuses_a_card_that_does_not_follow_suit():
    for seed in range(50):
        state = hand_thirteens.new_game(4, seed)
        state.apply(state.legal_actions()[0])
        if state.led is None:
            continue
        held, legal = state.hand(state.current_player), state.legal_actions()
        offsuit = [c for c in held if c not in legal and hand_thirteens.SUIT[c] != hand_thirteens.JOKER_SUIT]
        if offsuit:
            before = state.hand(state.current_player)
            with pytest.raises(ValueError):
                state.apply(offsuit[0])
            assert state.hand(state.current_player) == before
            return
    pytest.fail("no position with an off-suit card in 50 deals")


def test_thirteens_clone_is_independent():
    state = hand_thirteens.new_game(5, 3)
    for _ in range(7):
        state.apply(state.legal_actions()[-1])
    copy = state.clone()
    hands = [state.hand(seat) for seat in range(5)]
    rng = random.Random(1)
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply(legal[rng.randrange(len(legal))])
    assert [state.hand(seat) for seat in range(5)] == hands
    assert not state.is_terminal() and state.returns() == [0.0] * 5


# The combination solver set up as the rule file's default readings define the trick score: a
# thirteen, a pair, a run 1 point each, and 1 more if a non-joker card is left out of every group.
def _leftover(group):
    return 1 if any(compiled_thirteens.RANK[c] != 13 for c in group) else 0


SOLVER = Scoring(
    [
        Pattern("thirteen", "sum", target=13, values=compiled_thirteens.VALUE_MELD, score=lambda g: 1),
        Pattern("pair", "same_rank", size=2, score=lambda g: 1),
        Pattern("run", "sequence", size=3, order=compiled_thirteens.ORDER_DEFAULT, score=lambda g: 1),
    ],
    compiled_thirteens.RANK,
    compiled_thirteens.SUIT,
    compiled_thirteens.KIND,
    leftover=_leftover,
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 53), min_size=1, max_size=9, unique=True))
def test_thirteens_trick_scorer_agrees_with_the_combination_solver(cards):
    assert hand_thirteens.score_cards(cards) == SOLVER.best(cards)


def test_thirteens_trick_scorer_on_the_rule_file_examples():
    k, q, six = 11, 10 + 13, 4 + 26  # K♠ Q♥ 6♦: a thirteen
    assert hand_thirteens.score_cards([k, q, six]) == 1
    assert hand_thirteens.score_cards([6, 7 + 13, 8 + 26]) == 1  # 8-9-10, a run
    assert hand_thirteens.score_cards([4, 18, 32]) == 2  # 6-7-8: the run, or 6+7 and the 8 left over
    assert hand_thirteens.score_cards([52, 53]) == 1  # two jokers share a rank: a pair
    assert hand_thirteens.score_cards([52, 0, 13 + 5]) == 1  # no group: the leftover point
    assert hand_thirteens.score_cards([52]) == 0  # a lone joker is no leftover
    assert hand_thirteens.trick_points(sum(hand_thirteens.WEIGHT[c] for c in (52, 53, 5))) == 2 - 8  # pair, leftover 7


# ---------------------------------------------------------------- Jailbreak


def counts(state, zone: str) -> list[int]:
    return [z["count"] for z in state.observation(0)["zones"][zone]]


@pytest.mark.parametrize("players", list(range(2, 9)))
def test_jailbreak_deal(players):
    for seed in range(10):
        compiled = compiled_jailbreak.new_game(players, seed)
        hand = hand_jailbreak.new_game(players, seed)
        assert [c is not None for c in hand.hand] == [True] * players
        assert counts(compiled, "hand") == [1] * players
        assert len(hand.reserve) == compiled.observation(0)["zones"]["reserve"]["count"] == 52 - players
        assert hand.current_player == compiled.current_player  # the dealer opens


def play_jailbreak_together(players: int, seed: int) -> None:
    compiled = compiled_jailbreak.new_game(players, seed)
    hand = hand_jailbreak.new_game(players, seed)
    rng = random.Random(seed)
    while not compiled.is_terminal():
        assert not hand.is_terminal()
        assert hand.current_player == compiled.current_player
        assert hand.legal_actions() == compiled.legal_actions()
        assert [len(p) for p in hand.prison] == counts(compiled, "prison")
        assert [int(c is not None) for c in hand.hand] == counts(compiled, "hand")
        action = hand.legal_actions()[rng.randrange(2)]
        compiled.apply(action)
        hand.apply(action)
    assert hand.is_terminal()
    assert hand.returns() == compiled.returns()
    assert hand.winners() == compiled.winners()


@pytest.mark.parametrize("players", list(range(2, 9)))
def test_jailbreak_plays_the_compiled_game_move_for_move(players):
    for seed in range(25):
        play_jailbreak_together(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", list(range(2, 9)))
def test_jailbreak_plays_the_compiled_game_move_for_move_many_seeds(players):
    # enough matches to reach the rare rules: a red ace handing out half of more than 12
    # convicts, a tie the reserve cannot break, the last card drawn to break a tie
    for seed in range(25, 400):
        play_jailbreak_together(players, seed)


def test_jailbreak_refuses_anything_but_pass_or_hunt():
    state = hand_jailbreak.new_game(3, 0)
    for action in (0, 51, 54, -1):
        with pytest.raises(ValueError):
            state.apply(action)
    assert state.decisions == 0


def test_jailbreak_clone_is_independent():
    state = hand_jailbreak.new_game(4, 2)
    for _ in range(9):
        state.apply(hand_jailbreak.HUNT)
    copy = state.clone()
    prisons, reserve = [p[:] for p in state.prison], state.reserve[:]
    while not copy.is_terminal():
        copy.apply(hand_jailbreak.HUNT)
    assert state.prison == prisons and state.reserve == reserve and not state.is_terminal()


# ---------------------------------------------------------------- the yardstick command


def test_yardstick_reports_both_sides_and_their_ratio(tmp_path, capsys):
    from benchmarks import yardstick

    out = tmp_path / "yardstick.json"
    argv = ["--seconds", "0.2", "--windows", "2", "--game", "jailbreak", "--players", "3", "--json", str(out)]
    assert yardstick.main(argv) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    (row,) = report["results"]
    assert (row["game"], row["players"]) == ("jailbreak", 3)
    compiled, hand = row["compiled"], row["handwritten"]
    assert len(compiled["window_decisions_per_s"]) == len(hand["window_decisions_per_s"]) == 2
    assert compiled["decisions"] > 0 and hand["decisions"] > 0
    assert row["ratio"] == pytest.approx(compiled["decisions_per_s"] / hand["decisions_per_s"])
    assert 0 < row["ratio_lowest_window"] <= row["ratio_highest_window"]
    assert "jailbreak        3" in capsys.readouterr().out


@pytest.mark.slow  # builds the native engine of Jailbreak (Cython and the C compiler, some seconds)
def test_yardstick_native_adds_a_third_side_timed_in_the_same_rounds(tmp_path, capsys):
    pytest.importorskip("Cython")
    from benchmarks import yardstick

    out = tmp_path / "yardstick.json"
    argv = ["--seconds", "0.3", "--windows", "3", "--game", "jailbreak", "--players", "3", "--json", str(out)]
    assert yardstick.main([*argv, "--native"]) == 0
    (row,) = json.loads(out.read_text(encoding="utf-8"))["results"]
    native, hand = row["native"], row["handwritten"]
    assert len(native["window_decisions_per_s"]) == len(hand["window_decisions_per_s"]) == 3
    assert row["native_ratio"] == pytest.approx(native["decisions_per_s"] / hand["decisions_per_s"])
    assert 0 < row["native_ratio_lowest_window"] <= row["native_ratio_highest_window"]
    assert row["ratio"] == pytest.approx(row["compiled"]["decisions_per_s"] / hand["decisions_per_s"])
    assert "native/s" in capsys.readouterr().out
