"""One seat of a compiled game as a Gymnasium environment: `env(game, seat=0, opponents="random")`.

The other seats are played by `opponents`: "random" (a uniform legal move, seeded by `reset`) or
an agent, a callable taking the same observation as the learner and returning an action.  The
observation is `{"observation": Box, "action_mask": MultiBinary}` as in the PettingZoo wrapper;
the action is a `Discrete` number of the game's fixed action space.  An action outside the mask
ends the episode with `illegal_reward` and `info["illegal_action"]`, so a learner that samples
the whole space still gets well-formed episodes.  The reward comes at the end: the seat's result
(`reward="score"`) or +1/0/-1 (`"win"`).
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
from gymnasium import spaces

from .common import (
    PickledByReference,
    check_decides,
    check_players,
    check_reward,
    engine_of,
    num_actions,
    observation_box,
    rewards,
)


def env(
    game, seat=0, opponents="random", players=None, readings=None, reward="score", illegal_reward=-1.0, render_mode=None
):
    return CardrulesSeatEnv(game, seat, opponents, players, readings, reward, illegal_reward, render_mode)


class CardrulesSeatEnv(PickledByReference, gymnasium.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        game,
        seat=0,
        opponents="random",
        players=None,
        readings=None,
        reward="score",
        illegal_reward=-1.0,
        render_mode=None,
    ):
        self.engine = engine_of(game)
        check_decides(self.engine)
        self.players = check_players(self.engine, players)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat!r} is not a seat of a {self.players}-player game")
        if opponents != "random" and not callable(opponents):
            raise ValueError("opponents is 'random' or an agent: a callable from an observation to an action")
        self.seat, self.opponents, self.readings = seat, opponents, dict(readings or {})
        self.reward, self.illegal_reward = check_reward(reward), float(illegal_reward)
        self.n_actions = num_actions(self.engine)
        self.cap = self.engine.RULES["max_game_length"]
        (size,) = self.engine.RULES["observation_shape"][self.players]
        self.observation_space = spaces.Dict(
            {
                "observation": observation_box(size),
                "action_mask": spaces.MultiBinary(self.n_actions),
            }
        )
        self.action_space = spaces.Discrete(self.n_actions)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.state = None

    def _observe(self, seat: int) -> dict:
        mask = np.zeros(self.n_actions, np.int8)
        if self.state.current_player == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": np.asarray(self.state.observation_tensor(seat), np.float32), "action_mask": mask}

    def _opponents_play(self) -> None:
        while not self.state.is_terminal() and self.state.current_player != self.seat and self.decisions < self.cap:
            who = self.state.current_player
            if self.opponents == "random":
                action = self.policy.choice(sorted(self.state.legal_actions()))
            else:
                action = int(self.opponents(self._observe(who)))
            self.state.apply(action)
            self.decisions += 1

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.policy = random.Random(game_seed)
        while True:  # a deal the others end before this seat plays is dealt again
            self.state = self.engine.new_game(self.players, game_seed, self.readings)
            self.decisions = 0
            self._opponents_play()
            if not self.state.is_terminal() and self.decisions < self.cap:
                return self._observe(self.seat), {}
            game_seed += 1

    def step(self, action):
        action = int(action)
        if action not in self.state.legal_actions():
            return self._observe(self.seat), self.illegal_reward, True, False, {"illegal_action": True}
        self.state.apply(action)
        self.decisions += 1
        self._opponents_play()
        terminated = self.state.is_terminal()
        truncated = not terminated and self.decisions >= self.cap
        reward = rewards(self.state, self.reward)[self.seat] if terminated else 0.0
        return self._observe(self.seat), float(reward), terminated, truncated, {}

    def render(self):
        if self.render_mode != "ansi" or self.state is None:
            return None
        zones = self.state.observation(self.seat)["zones"]
        return "\n".join([repr(self.state), *(f"{name}: {value}" for name, value in zones.items())])
