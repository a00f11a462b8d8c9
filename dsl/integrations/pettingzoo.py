"""Every compiled game as a PettingZoo AEC environment: `env(game, players=N)`.

Agents are `player_0`, `player_1`...; each observes `{"observation": Box, "action_mask":
MultiBinary}` (the tensor of docs/OBSERVATIONS.md and the legal actions among the game's fixed
action space) and acts with a `Discrete` action.  Chance is the engine's seeded generator, so
`reset(seed=s)` plays the seeded game of `new_game(players, s)`.  Rewards come at the end: the
rules' result (`reward="score"`) or +1/0/-1 for a win, a tie of everyone, a loss (`"win"`).
A game still running after `max_game_length` decisions is truncated.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .common import (
    PickledByReference,
    check_decides,
    check_players,
    check_reward,
    engine_of,
    num_actions,
    observation_box,
    rewards,
    short_name,
)


def env(game, players: int | None = None, readings: dict | None = None, render_mode: str | None = None, reward="score"):
    return CardrulesEnv(game, players, readings, render_mode, reward)


class CardrulesEnv(PickledByReference, AECEnv):
    def __init__(self, game, players=None, readings=None, render_mode=None, reward="score"):
        super().__init__()
        self.engine = engine_of(game)
        check_decides(self.engine)
        self.players = check_players(self.engine, players)
        self.readings = dict(readings or {})
        self.reward = check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"], "name": f"cardrules_{short_name(self.engine)}_v0"}
        self.n_actions = num_actions(self.engine)
        self.cap = self.engine.RULES["max_game_length"]
        (size,) = self.engine.RULES["observation_shape"][self.players]
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": observation_box(size),
                    "action_mask": spaces.MultiBinary(self.n_actions),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(self.n_actions) for agent in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self.state = self.engine.new_game(self.players, seed, self.readings)
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._end_if_over()
        if self.agents and not self.state.is_terminal():
            self.agent_selection = self.possible_agents[self.state.current_player]
        else:
            self.agent_selection = self.possible_agents[0]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.n_actions, np.int8)
        if self.state.current_player == seat:
            mask[self.state.legal_actions()] = 1
        return {"observation": np.asarray(self.state.observation_tensor(seat), np.float32), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(int(action))
        self.decisions += 1
        self._end_if_over()
        if not self.state.is_terminal() and not self.truncations[agent]:
            self.agent_selection = self.possible_agents[self.state.current_player]
        self._accumulate_rewards()

    def _end_if_over(self) -> None:
        over, truncated = self.state.is_terminal(), self.decisions >= self.cap
        if not (over or truncated):
            return
        final = rewards(self.state, self.reward) if over else [0.0] * self.players
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = final[seat]
            self.terminations[agent] = over
            self.truncations[agent] = truncated and not over

    def render(self):
        if self.render_mode != "ansi" or self.state is None:
            return None
        seat = max(self.state.current_player, 0)
        lines = [repr(self.state)]
        for name, value in self.state.observation(seat)["zones"].items():
            lines.append(f"{name}: {value}")
        return "\n".join(lines)

    def close(self):
        pass
