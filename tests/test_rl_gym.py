"""One seat of each game of games/ is a Gymnasium environment that passes Gymnasium's checker."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from dsl.integrations import gym as seat_env  # noqa: E402

from .conftest import GAMES  # noqa: E402


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_checker_passes(path):
    with warnings.catch_warnings():
        # Scores and counts have no natural bound: the Box is unbounded on purpose.
        warnings.filterwarnings("ignore", message=".*Box observation space (minimum|maximum) value")
        # Made directly, not through gymnasium.make: the checker has no spec to try other render modes.
        warnings.filterwarnings("ignore", message=".*Not able to test alternative render modes")
        check_env(seat_env.env(path, seat=1, render_mode="ansi"))


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
