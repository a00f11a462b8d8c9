"""What the wrappers of every library share: finding the engine, its fixed spaces, observations as
text, the result as rewards, and the decision cap that bounds a game."""

from __future__ import annotations

import json
import os
import pathlib
import types

from dsl.runtime import serialized

DEFAULT_GAMES = pathlib.Path(__file__).resolve().parent.parent.parent / "games"


def engine_of(game) -> types.ModuleType:
    """An engine module: `game` is one already, a path to a rule file, or the name of a game in
    a games/ folder ("thirteens": games/thirteens.cardrules here or beside the package)."""
    if isinstance(game, types.ModuleType):
        return game
    from dsl.api import load_game  # late: the wrappers load rule files only when asked

    path = pathlib.Path(os.fspath(game))
    if not path.exists() and path.suffix == "":
        for folder in (pathlib.Path("games"), DEFAULT_GAMES):
            if (folder / f"{path.name}.cardrules").exists():
                path = folder / f"{path.name}.cardrules"
                break
    return load_game(str(path))


class PickledByReference:
    """Pickling for a wrapper holding an engine and a seeded state: the engine by its module name
    or rule file (see `dsl.runtime.serialized`), the state as its text, read by that engine."""

    def __getstate__(self) -> dict:
        fields = dict(self.__dict__)
        fields["engine"] = serialized.engine_reference(self.engine.State)
        if fields.get("state") is not None:
            fields["state"] = fields["state"].serialize()
        return fields

    def __setstate__(self, fields: dict) -> None:
        fields = dict(fields)
        fields["engine"] = serialized.engine_module(fields["engine"])
        if fields.get("state") is not None:
            fields["state"] = serialized.deserialize_state(fields["engine"].State, fields["state"])
        self.__dict__.update(fields)


def short_name(engine: types.ModuleType) -> str:
    return pathlib.Path(engine.RULES["file"]).stem


def check_players(engine: types.ModuleType, players: int | None) -> int:
    allowed = engine.RULES["players"]
    if players is None:
        return allowed[0]
    if players not in allowed:
        raise ValueError(f"{engine.RULES['name']} takes {', '.join(map(str, allowed))} players, not {players!r}")
    return players


# The observation's bounds: card planes and flags lie in [0, 1] and counts within the deck, but a
# variable (a score) has no bound the compiler proves; none of a real match comes near this one,
# the integers a saved state may hold (an exact float32 too).
OBSERVATION_BOUND = float(2**53)


def observation_box(size: int):
    """The Box of an observation tensor of `size` floats, with finite bounds."""
    import numpy as np  # late: `common` is imported by every wrapper, numpy only with them
    from gymnasium import spaces

    return spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, (size,), np.float32)


def check_decides(engine: types.ModuleType) -> None:
    """A game in which nobody ever decides (Old Maid plays itself) has nothing to learn or to
    search: refused when the wrapper is made, rather than an episode that never gives a turn."""
    if engine.RULES.get("decides") is False:
        raise ValueError(f"{engine.RULES['name']}: no player ever decides in this game, so there is nothing to play")


def num_actions(engine: types.ModuleType) -> int:
    count = engine.RULES["num_distinct_actions"]
    if count is None:
        raise ValueError(
            f"{engine.RULES['name']}: the compiler could not bound its bids, so it has no fixed action space"
        )
    return count


def observation_text(state, seat: int) -> str:
    """A seat's observation as one line of JSON (the same facts as `observation_tensor`)."""
    return json.dumps(state.observation(seat), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def win_rewards(state) -> list[float]:
    """+1 for a sole or shared winner, -1 for the others; 0 for all when everyone ties."""
    winners = set(state.winners()) if state.is_terminal() else set()
    if not winners or len(winners) == state.n:
        return [0.0] * state.n
    return [1.0 if seat in winners else -1.0 for seat in range(state.n)]


def rewards(state, reward: str) -> list[float]:
    if reward == "win":
        return win_rewards(state)
    return [float(x) for x in state.returns()]


def check_reward(reward: str) -> str:
    if reward not in ("score", "win"):
        raise ValueError(f"reward is 'score' or 'win', not {reward!r}")
    return reward
