"""One seat of every rule file of games/ (any folder), at every player count, is a Gymnasium
environment that passes Gymnasium's checker, with finite observation bounds; a game without
decisions is refused when the env is made (it used to hang `reset`); the env pickles."""

from __future__ import annotations

import pickle
import warnings

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from dsl.integrations import gym as seat_env  # noqa: E402

from .conftest import GAMES  # noqa: E402
from .rl_cases import NO_DECISIONS, cases  # noqa: E402


# A couple of seconds each: the checker plays many steps of these long matches.
SLOW = {("prisoners", "*"), ("jailbreak", "*")}


@pytest.mark.parametrize("path,players", cases(SLOW))
def test_the_checker_passes(path, players):
    env = seat_env.env(path, seat=1, players=players, render_mode="ansi")
    assert np.isfinite(env.observation_space["observation"].low).all()
    assert np.isfinite(env.observation_space["observation"].high).all()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a note of the checker (an infinite bound...) fails the test
        # Made directly, not through gymnasium.make: the checker has no spec to try other render modes.
        warnings.filterwarnings("ignore", message=".*Not able to test alternative render modes")
        check_env(env)


@pytest.mark.parametrize("path", NO_DECISIONS, ids=[p.stem for p in NO_DECISIONS])
def test_a_game_without_decisions_is_refused_when_made(path):
    with pytest.raises(ValueError, match="no player ever decides"):
        seat_env.env(path, seat=0)


def test_the_env_pickles_mid_episode_and_plays_on_alike():
    env = seat_env.env(GAMES[0], seat=0)
    observation, _ = env.reset(seed=5)
    env.step(int(observation["action_mask"].nonzero()[0][0]))
    again = pickle.loads(pickle.dumps(env))
    assert again.state.to_json() == env.state.to_json()
    results = [one.step(int(one._observe(0)["action_mask"].nonzero()[0][-1])) for one in (env, again)]
    assert results[0][1:4] == results[1][1:4] and again.state.to_json() == env.state.to_json()


def test_an_episode_ends_with_the_seats_result_against_an_agent():
    first_legal = lambda obs: int(obs["action_mask"].nonzero()[0][0])
    env = seat_env.env(GAMES[-1], seat=0, opponents=first_legal, reward="win")
    observation, _ = env.reset(seed=3)
    total, done, steps = 0.0, False, 0
    while not done:
        assert observation["action_mask"].any()
        observation, reward, terminated, truncated, _ = env.step(first_legal(observation))
        total, done, steps = total + reward, terminated or truncated, steps + 1
    assert total in (-1.0, 0.0, 1.0) and env.state.is_terminal()
    assert env.render() is None  # no render mode asked for


def test_an_illegal_action_ends_the_episode():
    env = seat_env.env(GAMES[-1], seat=0)
    observation, _ = env.reset(seed=0)
    illegal = int((observation["action_mask"] == 0).nonzero()[0][0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"]
