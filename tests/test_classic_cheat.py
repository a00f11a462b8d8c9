"""Cheat (games/classics/cheat.cardrules): its special rules, through the engine API."""

from __future__ import annotations

import json
import random

import pytest

from dsl import load_game

GAME = "games/classics/cheat.cardrules"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@pytest.fixture(scope="module")
def engine():
    return load_game(GAME)


def count(zone) -> int:
    return zone["count"] if isinstance(zone, dict) else len(zone)


def sizes(state) -> list[int]:
    return [count(h) for h in state.observation(0)["zones"]["hand"]]


def challenges(engine, players: int, seeds, readings=None):
    """Each challenge decision of random matches: (state, the player who played, his cards, the claim)."""
    for seed in seeds:
        state = engine.new_game(players=players, seed=seed, readings=readings or {})
        rng = random.Random(seed)
        laid: list[str] = []
        while not state.is_terminal():
            labels = [state.action_str(a) for a in state.legal_actions()]
            seen = state.observation(state.current_player)["vars"]
            if labels == ["cheat", "accept"]:
                yield state.clone(), seen["turn"], list(laid), RANKS[seen["claim"] - 1]
            action = rng.choice(state.legal_actions())
            label = state.action_str(action)
            if label.startswith("play "):
                if count(state.observation(0)["zones"]["played"]) == 0:
                    laid = []
                laid.append(label[5:])
            state.apply(action)


def answer_all_but_first(state, first: str) -> None:
    """The current player answers `first`; everyone asked after him accepts."""
    state.apply(next(a for a in state.legal_actions() if state.action_str(a) == first))
    while not state.is_terminal() and [state.action_str(a) for a in state.legal_actions()] == ["cheat", "accept"]:
        state.apply(next(a for a in state.legal_actions() if state.action_str(a) == "accept"))


def test_a_challenged_lie_makes_the_liar_take_the_pile_and_a_true_play_the_challenger(engine):
    lies = truths = 0
    for state, liar, cards, claim in challenges(engine, 4, range(6)):
        challenger = state.current_player
        before = sizes(state)
        pile = count(state.observation(0)["zones"]["pile"]) + len(cards)
        answer_all_but_first(state, "cheat")
        after = sizes(state)
        lying = any(c[:-1] != claim for c in cards)
        taker = liar if lying else challenger
        assert after[taker] == before[taker] + pile
        assert count(state.observation(0)["zones"]["pile"]) == 0
        lies += lying
        truths += not lying
    assert lies > 20 and truths > 5


def test_an_unchallenged_play_stays_on_the_pile(engine):
    for state, _liar, cards, _ in list(challenges(engine, 3, range(3)))[:40]:
        before = sizes(state)
        pile = count(state.observation(0)["zones"]["pile"]) + len(cards)
        while not state.is_terminal() and [state.action_str(a) for a in state.legal_actions()] == ["cheat", "accept"]:
            state.apply(next(a for a in state.legal_actions() if state.action_str(a) == "accept"))
        assert sizes(state) == before
        assert count(state.observation(0)["zones"]["pile"]) == pile


def test_the_ranks_go_up_from_aces_to_kings_and_round_again_one_per_turn(engine):
    state = engine.new_game(players=3, seed=1, readings={})
    rng = random.Random(1)
    claims = []
    while not state.is_terminal() and len(claims) < 30:
        seen = state.observation(0)["vars"]
        if not claims or claims[-1] != (seen["claim"], seen["turn"]):
            claims.append((seen["claim"], seen["turn"]))
        state.apply(rng.choice(state.legal_actions()))
    ranks = [c for c, _ in claims]
    assert ranks[:15] == list(range(1, 14)) + [1, 2]
    assert all(b == (a + 1) % 3 for (_, a), (_, b) in zip(claims, claims[1:], strict=False))


def test_a_player_lays_one_to_four_cards(engine):
    laid_counts = set()
    for _state, _, cards, _ in challenges(engine, 5, range(6)):
        laid_counts.add(len(cards))
    assert laid_counts == {1, 2, 3, 4}


def test_under_random_caller_everyone_answers(engine):
    for state, liar, _, _ in list(challenges(engine, 4, range(2), {"simultaneous_calls": "random_caller"}))[:40]:
        if state.current_player != (liar + 1) % 4:
            continue  # only the first player asked after each play
        asked = 0
        state.apply(next(a for a in state.legal_actions() if state.action_str(a) == "cheat"))
        while [state.action_str(a) for a in state.legal_actions()] == ["cheat", "accept"]:
            asked += 1
            state.apply(state.legal_actions()[1])
        assert asked == 2  # the two other players are asked even after a first call


def test_under_nearest_left_the_first_call_ends_the_asking(engine):
    for state, _liar, _, _ in list(challenges(engine, 4, range(2)))[:40]:
        state.apply(next(a for a in state.legal_actions() if state.action_str(a) == "cheat"))
        assert state.is_terminal() or state.action_str(state.legal_actions()[0]) != "cheat"


def test_the_first_to_empty_his_hand_wins(engine):
    for seed in range(5):
        state = engine.new_game(players=3, seed=seed, readings={})
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        empty = [s for s, k in enumerate(sizes(state)) if k == 0]
        assert state.winners() == empty and len(empty) == 1


@pytest.mark.slow
def test_a_long_six_player_match_of_random_play_ends_under_the_default_step_cap(tmp_path):
    # Match 113 of six random seats takes 10,286 decisions: Cheat is long when every call is a
    # coin toss, and a cap of 10,000 called that an endless game.
    from typer.testing import CliRunner

    from dsl.cli.shared import app

    out = tmp_path / "run.json"
    args = ["simulate", GAME, "--players", "6", "--games", "1", "--seed", "113", "--quiet", "--json", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["completed"] == 1 and summary["truncated"] == 0
    assert summary["mean_decisions"] == 10286
