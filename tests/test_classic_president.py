"""President (games/classics/president.cardrules): its special rules, through the engine API."""

from __future__ import annotations

from dsl.api import compile_source, module_from_source


def test_a_deal_whose_rest_stays_in_the_source_keeps_those_cards():
    # Found writing President: `deal evenly from stock to hand rest to stock` lost the rest.
    text = """
game "g"
players 3
cards { deck standard }
zone stock shared seen by nobody
zone hand per player seen by owner
flow {
  deal evenly from stock to hand rest to stock
  end game
}
"""
    compiled = compile_source(text, "t.cardrules")
    assert compiled.ok
    state = module_from_source(compiled.source, "t").new_game(players=3, seed=0)
    seen = state.observation(0)["zones"]
    assert len(seen["hand"][0]) == 17
    assert seen["stock"] == {"hidden": True, "count": 1}


import random  # noqa: E402

import pytest  # noqa: E402

from dsl import load_game  # noqa: E402

GAME = "games/classics/president.cardrules"
POWER = {**{str(n): n for n in range(3, 11)}, "J": 11, "Q": 12, "K": 13, "A": 14, "2": 15}


@pytest.fixture(scope="module")
def engine():
    return load_game(GAME)


def rank_of(card: str) -> str:
    return card[:-1]


def decisions(engine, players: int, seed: int, readings=None):
    """Every decision of one random match: (state before the action, the action taken)."""
    state = engine.new_game(players=players, seed=seed, readings=readings or {})
    rng = random.Random(seed)
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        yield state.clone(), action
        state.apply(action)


def look(state):
    seat = state.current_player
    seen = state.observation(seat)
    return seat, seen["zones"]["hand"][seat], seen["vars"], seen["zones"]["pile"]


def test_the_holder_of_the_three_of_clubs_leads_the_first_hand(engine):
    for seed in range(10):
        state = engine.new_game(players=5, seed=seed, readings={})
        seat, hand, _, _ = look(state)
        assert "3♣" in hand


def test_a_play_must_beat_the_last_with_as_many_cards_of_one_higher_rank(engine):
    checked = 0
    for seed in range(12):
        for state, action in decisions(engine, 4, seed):
            seat, hand, vars_, pile = look(state)
            labels = [state.action_str(a) for a in state.legal_actions()]
            if not labels[0].startswith("rank") or vars_["need"] == 0:
                continue
            counts = {r: sum(rank_of(c) == r for c in hand) for r in POWER}
            allowed = {f"rank {r}" for r, k in counts.items() if k >= vars_["need"] and POWER[r] > vars_["to_beat"]}
            assert set(labels) == allowed
            after = state.clone()
            after.apply(action)
            played = after.observation(seat)["zones"]["pile"]
            if played:  # unless that play cleared the cards (everyone else out or passing)
                assert len(played) == len(pile) + vars_["need"]
                assert {rank_of(c) for c in played[-vars_["need"] :]} == {state.action_str(action)[5:]}
            checked += 1
    assert checked > 50


def test_a_player_who_cannot_beat_the_last_play_passes_and_one_who_can_may(engine):
    offered = 0
    for seed in range(8):
        for state, _ in decisions(engine, 5, seed):
            _, _, vars_, _ = look(state)
            labels = [state.action_str(a) for a in state.legal_actions()]
            if labels == ["play", "pass"]:
                assert vars_["need"] > 0 and vars_["can_beat"]
                offered += 1
    assert offered > 20


def test_when_everyone_else_passes_the_last_player_leads_again(engine):
    leads = 0
    for seed in range(8):
        for state, _ in decisions(engine, 3, seed):
            seat, _, vars_, pile = look(state)
            exchanging = state.action_str(state.legal_actions()[0]).startswith("play ")
            last = vars_["last"]
            if exchanging or vars_["need"] or pile or last is None:
                continue
            holding = [h["count"] if isinstance(h, dict) else len(h) for h in state.observation(seat)["zones"]["hand"]]
            assert seat == last if holding[last] else holding[seat] > 0
            leads += seat == last
    assert leads > 10


def test_the_scum_gives_the_president_his_two_highest_cards(engine):
    for seed in range(6):
        for state, _ in decisions(engine, 4, seed):
            seat, hand, vars_, _ = look(state)
            if vars_["hands"] == 1:
                president = vars_["place"].index(1)
                scum = vars_["place"].index(4)
                assert seat == president
                sizes = [
                    h["count"] if isinstance(h, dict) else len(h) for h in state.observation(seat)["zones"]["hand"]
                ]
                assert sizes[president] == 15 and sizes[scum] == 11
                scum_hand = state.observation(scum)["zones"]["hand"][scum]
                best_left = max(POWER[rank_of(c)] for c in scum_hand)
                assert sum(POWER[rank_of(c)] >= best_left for c in hand) >= 2
                break


def asked_again_after_passing(engine, reading: str) -> int:
    """How often a player who passed is asked again before the cards are cleared."""
    again = 0
    for seed in range(8):
        passed_since_clear: set[int] = set()
        for state, action in decisions(engine, 4, seed, {"pass_rule": reading}):
            seat, _, vars_, pile = look(state)
            if not pile:
                passed_since_clear = set()
            again += seat in passed_since_clear
            if state.action_str(action) == "pass":
                passed_since_clear.add(seat)
    return again


def test_a_pass_is_final_until_the_clear_only_under_out_until_clear(engine):
    assert asked_again_after_passing(engine, "out_until_clear") == 0
    assert asked_again_after_passing(engine, "may_return") > 0
