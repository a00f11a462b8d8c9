"""Every compiled game as an OpenSpiel game: `load(game, players=N)`, or, once loaded or
registered, `pyspiel.load_game("cardrules_<name>", {"players": N, ...})`.

The game is sequential, with explicit chance (the engine's explicit-chance mode: a card dealt
from a shuffled pile or a random seat is a chance node), imperfect information and terminal
rewards.  Observation tensors and strings come from the rule file (docs/OBSERVATIONS.md); the
information state of a seat is its history of observations and own actions, as a string, and
a fixed-size summary of it as a tensor.

Parameters: `players`, one string parameter per ambiguity of the rules (its reading), and
`utility`: "score" (the rules' result) or "win" (+1 for the winners, -1 for the others); a game
whose result gives every seat the same score (won by the seats still in) is played for wins.
A game still running after `max_game_length` decisions ends there with its current result.
"""

from __future__ import annotations

import weakref

import numpy as np
import pyspiel

from dsl.runtime import observe

from .common import (
    check_decides,
    check_players,
    check_reward,
    engine_of,
    num_actions,
    observation_text,
    rewards,
    short_name,
)

# A bound of a result the compiler does not bound: the scores a game reaches are far inside it.
SCORE_BOUND = 1e6

_ENGINES: dict[str, object] = {}  # registered short name -> engine module


def _zero_sum(engine, players: int, utility: str) -> bool:
    """Whether the returns always sum to 0: proven by the compiler for the rules' result; for +1/-1
    wins, whenever two play (one winner against one loser, or 0 each)."""
    return engine.RULES.get("zero_sum", False) if utility == "score" else players == 2


def _same_score_for_all(engine) -> bool:
    """Whether the compiler proves that the rules give every seat the same score (a game won by
    the seats still in, with no result): its scores tell nobody apart."""
    low, high = engine.RULES.get("min_utility"), engine.RULES.get("max_utility")
    return low is not None and low == high


def _default_utility(engine) -> str:
    return "win" if _same_score_for_all(engine) else "score"


def _game_type(engine, players: int | None = None, utility: str | None = None) -> pyspiel.GameType:
    rules = engine.RULES
    utility = utility or _default_utility(engine)
    params = {"players": rules["players"][0], "utility": _default_utility(engine)}
    for amb in rules["ambiguities"]:
        params[amb["name"]] = amb["default"]
    zero_sum = _zero_sum(engine, players or params["players"], utility)
    return pyspiel.GameType(
        short_name=f"cardrules_{short_name(engine)}",
        long_name=f"cardrules {rules['name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules["max_players"],
        min_num_players=rules["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


def _utility_bounds(engine, utility: str) -> tuple[float, float]:
    """The returns' bounds: +1/-1 for wins; the result's where the compiler proves them, else a
    bound far outside the scores real games reach."""
    if utility == "win":
        return -1.0, 1.0
    low, high = engine.RULES.get("min_utility"), engine.RULES.get("max_utility")
    return (-SCORE_BOUND if low is None else float(low)), (SCORE_BOUND if high is None else float(high))


def register(game) -> str:
    """Register the game with pyspiel (once per name); returns its short name."""
    engine = engine_of(game)
    name = f"cardrules_{short_name(engine)}"
    known = name in _ENGINES
    _ENGINES[name] = engine
    if not known and name not in pyspiel.registered_names():
        game_type = _game_type(engine)
        pyspiel.register_game(game_type, _game_class(name, game_type))
    return name


def load(game, players: int | None = None, readings: dict | None = None, utility: str | None = None) -> pyspiel.Game:
    """The game as a `pyspiel.Game` for `players` seats (the fewest the rules allow by default),
    played for the rules' scores, or for wins where the scores tell nobody apart."""
    engine = engine_of(game)
    name = register(engine)
    utility = utility or _default_utility(engine)
    params = {"players": check_players(engine, players), "utility": check_reward(utility)}
    params.update(readings or {})
    return pyspiel.load_game(name, params)


def _game_class(name: str, game_type: pyspiel.GameType) -> type:
    """A `CardrulesGame` subclass for one registered name, as pyspiel wants a class."""

    def __init__(self, params=None):
        CardrulesGame.__init__(self, _ENGINES[name], game_type, params)

    return type(f"CardrulesGame_{short_name(_ENGINES[name])}", (CardrulesGame,), {"__init__": __init__})


class CardrulesGame(pyspiel.Game):
    def __init__(self, engine, game_type: pyspiel.GameType, params=None):
        defaults = game_type.parameter_specification
        params = {**{k: v for k, v in defaults.items()}, **dict(params or {})}
        self.engine = engine
        self.players = check_players(engine, params["players"])
        self.utility = check_reward(params["utility"])
        self.readings = {amb["name"]: params[amb["name"]] for amb in engine.RULES["ambiguities"]}
        rules = engine.RULES
        check_decides(engine)
        if self.utility == "score" and _same_score_for_all(engine):
            raise ValueError(
                f"the rules of {rules['name']!r} give every seat the same score, which tells nobody apart:"
                " play it with utility='win'"
            )
        low, high = _utility_bounds(engine, self.utility)
        zero_sum = _zero_sum(engine, self.players, self.utility)
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(engine),
            max_chance_outcomes=rules["max_chance_outcomes"],
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=rules["max_game_length"],
        )
        # The type of this instance: zero sum or not depends on the player count and the utility.
        super().__init__(_game_type(engine, self.players, self.utility), info, params)
        self.observation_size = rules["observation_shape"][self.players][0]
        self.information_state_size = rules["information_state_shape"][self.players][0]
        self.seed = 0

    def new_initial_state(self):
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if perfect_recall:
            return _InfoStateObserver(self.information_state_size, num_actions(self.engine))
        return _Observer(self.observation_size)


class _Shared(list):
    """Engine states at decision points: never changed, so a copy of the game state shares them.

    They follow from the history, so a pickle (OpenSpiel's `serialize`) leaves them out: the
    state rebuilds them by replaying its history when they are next read."""

    def __deepcopy__(self, memo):
        return _Shared(self)

    def __reduce__(self):
        return _Shared, ()


class CardrulesState(pyspiel.State):
    def __init__(self, game: CardrulesGame):
        super().__init__(game)
        self.engine_state = game.engine.new_game(game.players, game.seed, game.readings, chance="explicit")
        self.utility = game.utility
        self.cap = game.max_game_length()
        self.decisions = 0
        self._points = _Shared()  # (engine state, seat that acted, action) per decision

    @property
    def points(self) -> _Shared:
        if len(self._points) != self.decisions:  # left out of a pickle: replayed
            self._points = _replayed_points(self.get_game(), self.engine_state.history)
        return self._points

    def current_player(self):
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if self.engine_state.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        return self.engine_state.current_player

    def _legal_actions(self, player):
        return sorted(self.engine_state.legal_actions())

    def chance_outcomes(self):
        return sorted(self.engine_state.chance_outcomes())

    def _apply_action(self, action):
        state = self.engine_state
        if not state.is_chance_node():
            self.points.append((state._state, state.current_player, action))
            self.decisions += 1
        state.apply(int(action))

    def _action_to_string(self, player, action):
        # Two decks (or two jokers) print alike: the number keeps every action's text distinct.
        return f"{self.engine_state.action_str(action)} #{action}"

    def is_terminal(self):
        return self.engine_state.is_terminal() or (
            self.decisions >= self.cap and not self.engine_state.is_chance_node()
        )

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.engine_state.n
        return rewards(self.engine_state, self.utility)

    def __str__(self):
        return f"{self.engine_state!r} after {self.decisions} decisions"

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell from this one, the cards it has not seen dealt again
        (the engine's `resample`), as OpenSpiel's information-set searches (ISMCTS) ask."""
        import random

        world, before = self.engine_state.resample_with_points(player_id, random.Random(probability_sampler()))
        c = self.clone()
        c.engine_state = world
        renamed = zip(before, self.points, world.history, strict=True)  # a card another seat played is renamed too
        c._points = _Shared((point, actor, action) for point, (_, actor, _), action in renamed)
        return c


def _replayed_points(game: CardrulesGame, history: list[int]) -> _Shared:
    """The engine states at the decisions of `history`, each with the seat that acted and its action."""
    state = game.engine.new_game(game.players, game.seed, game.readings, chance="explicit")
    points = _Shared()
    for action in history:
        if not state.is_chance_node():
            points.append((state._state, state.current_player, action))
        state.apply(action)
    return points


class _Observer:
    """Observation tensor and string of a seat (docs/OBSERVATIONS.md)."""

    def __init__(self, size: int):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: CardrulesState, player: int) -> None:
        self.tensor[:] = state.engine_state.observation_tensor(player)

    def string_from(self, state: CardrulesState, player: int) -> str:
        return observation_text(state.engine_state, player)


_TEXTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # engine state -> {seat: text}


def _text_at(point, seat: int) -> str:
    texts = _TEXTS.setdefault(point, {})
    if seat not in texts:
        texts[seat] = observation_text(point, seat)
    return texts[seat]


class _InfoStateObserver:
    """A seat's information state: what it saw at every decision, and its own actions.

    The string is the whole history; the tensor its fixed-size summary (docs/OBSERVATIONS.md)."""

    def __init__(self, size: int, n_actions: int):
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state": self.tensor}
        self.n_actions = n_actions

    def set_from(self, state: CardrulesState, player: int) -> None:
        self.tensor[:] = observe.information_state_tensor(
            state.points, state.engine_state._state, player, self.n_actions, seen=_seen_at
        )

    def string_from(self, state: CardrulesState, player: int) -> str:
        lines = [f"seat {player}"]
        for point, actor, action in state.points:
            lines.append(_text_at(point, player))
            if actor == player:
                lines.append(f"played {action}")
        lines.append(observation_text(state.engine_state, player))
        return "\n".join(lines)


_SEEN: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # engine state -> {seat: cards}


def _seen_at(point, seat: int) -> set:
    seen = _SEEN.setdefault(point, {})
    if seat not in seen:
        seen[seat] = observe.visible_cards(point, seat)
    return seen[seat]
