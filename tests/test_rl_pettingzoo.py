"""Every rule file of games/ (any folder), at every player count, is a PettingZoo AEC environment
that passes PettingZoo's API and seed tests; a game without decisions is refused; the env pickles."""

from __future__ import annotations

import pickle
import random
import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from dsl import load_game  # noqa: E402
from dsl.integrations import pettingzoo as pz  # noqa: E402

from .conftest import GAMES  # noqa: E402
from .rl_cases import NO_DECISIONS, cases  # noqa: E402


# A couple of seconds each (long matches at big tables).
SLOW = {("cheat", n) for n in range(6, 11)} | {("president", 7), ("president", 8)}


@pytest.mark.parametrize("path,players", cases(SLOW))
def test_api_and_seed_tests_pass(path, players):
    with warnings.catch_warnings():
        # PettingZoo's own card games observe a Dict with an action mask too, and get the same notes.
        warnings.filterwarnings("ignore", message="Observation (space for each agent|is not a NumPy array)")
        api_test(pz.env(path, players=players, render_mode="ansi"), num_cycles=200)
        seed_test(lambda render_mode=None: pz.env(path, players=players, render_mode=render_mode), num_cycles=50)


def play_out(env, seed: int) -> dict:
    env.reset(seed=seed)
    policy = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _info = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(policy.choice(observation["action_mask"].nonzero()[0].tolist()))
    return totals


def test_the_rewards_at_the_end_are_the_result_or_the_win():
    engine = load_game(GAMES[-1])
    players = engine.RULES["players"][0]
    scores = play_out(pz.env(engine, players=players), seed=4)
    wins = play_out(pz.env(engine, players=players, reward="win"), seed=4)
    state, policy = engine.new_game(players, 4), random.Random(4)
    while not state.is_terminal():
        state.apply(policy.choice(sorted(state.legal_actions())))
    assert list(scores.values()) == state.returns()
    winners = state.winners()
    assert [seat for seat, r in enumerate(wins.values()) if r == 1.0] == (winners if len(winners) < players else [])


def test_the_mask_is_the_legal_actions_and_render_is_text():
    engine = load_game(GAMES[1])
    env = pz.env(engine, players=engine.RULES["players"][0], render_mode="ansi")
    env.reset(seed=1)
    state = engine.new_game(engine.RULES["players"][0], 1)
    observation = env.observe(env.agent_selection)
    assert sorted(observation["action_mask"].nonzero()[0].tolist()) == sorted(state.legal_actions())
    assert env.agent_selection == f"player_{state.current_player}"
    assert isinstance(env.render(), str) and engine.RULES["name"] in env.render()
    with pytest.raises(ValueError):
        pz.env(engine, reward="money")


@pytest.mark.parametrize("path", NO_DECISIONS, ids=[p.stem for p in NO_DECISIONS])
def test_a_game_without_decisions_is_refused_when_made(path):
    with pytest.raises(ValueError, match="no player ever decides"):
        pz.env(path)


def test_the_env_pickles_mid_game_and_plays_on_alike():
    env = pz.env(GAMES[0], players=3)
    env.reset(seed=2)
    for _ in range(10):
        env.step(int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0]))
    again = pickle.loads(pickle.dumps(env))
    assert again.state.to_json() == env.state.to_json() and again.agent_selection == env.agent_selection
    for one in (env, again):
        one.step(int(one.observe(one.agent_selection)["action_mask"].nonzero()[0][-1]))
    assert again.state.to_json() == env.state.to_json()
