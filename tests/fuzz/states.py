"""Saved states: a compiled game of the project (`generated/*.py`) plays a seeded number of random
legal moves, saves its state with `to_json`, and the saved JSON is mutated (see `json_mutations`)
before the engine's `from_json` reads it back.

A saved state comes from a file a stranger may have edited, so `from_json` either refuses it with
`REFUSED_SAVED_STATE` (and a message), or the state it returns plays on: `to_json`,
`legal_actions`, `apply` of a random legal action for a few steps, `returns`, `winners`, `clone`
and `observation` raise nothing but `RuleGap` or `IllegalAction`.  Anything else is a failure of
the class `state-raised`."""

from __future__ import annotations

import functools
import importlib
import json
import random

from dsl.runtime.errors import BadArgument, IllegalAction, RuleGap

from .json_mutations import mutate_tree
from .mutations import ROOT
from .properties import Failure, Outcome, message_of, origin

# What `from_json` raises for a saved state it will not load, with a message naming the field.
REFUSED_SAVED_STATE = BadArgument
MOVES_BEFORE_SAVING = [0, 1, 3, 10, 40, 150]
STEPS_AFTER_LOADING = 5


@functools.lru_cache(maxsize=1)
def engine_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (ROOT / "generated").glob("*.py")))


@functools.lru_cache(maxsize=None)
def engine(name: str):
    return importlib.import_module(f"generated.{name}")


def saved_state(name: str, rng: random.Random) -> dict:
    """The `to_json` of a game of `name` after a random number of random legal moves."""
    module = engine(name)
    rules = module.RULES
    players = rng.choice(list(rules["players"]))
    readings = {a["name"]: rng.choice(list(a["readings"])) for a in rules.get("ambiguities", [])}
    state = module.new_game(players=players, seed=rng.randrange(2**31), readings=readings)
    for _ in range(rng.choice(MOVES_BEFORE_SAVING)):
        if state.is_terminal():
            break
        try:
            state.apply(rng.choice(state.legal_actions()))
        except (RuleGap, IllegalAction):
            break
    return state.to_json()


def mutated_state(rng: random.Random) -> tuple[str, str, str, str]:
    """(engine name, operator, field, the mutated saved state as JSON text)."""
    name = rng.choice(engine_names())
    data = saved_state(name, rng)
    # `fields` is what from_json reads; the rest of the save is for people
    under = ("fields",) if rng.random() < 0.85 else ()
    operator, field, data = mutate_tree(data, rng, under)
    while rng.random() < 0.25:
        _, _, data = mutate_tree(data, rng, under, again=True)
    return name, operator, field, json.dumps(data, indent=1, ensure_ascii=True)


def _play_on(state, rng: random.Random) -> None:
    json.dumps(state.to_json())
    state.clone()
    for _ in range(STEPS_AFTER_LOADING):
        if state.is_terminal():
            break
        state.observation(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    state.returns()
    state.winners()
    state.clone().to_json()


def check_state(text: str, engine_name: str, seed: int = 0) -> Outcome:
    """Load the saved state `text` with the engine `engine_name` and play on if it is accepted."""
    outcome = Outcome()
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        outcome.stage = "not-json"  # nothing a reader of saved states would get past json.loads
        return outcome
    module = engine(engine_name)
    outcome.stage = "from_json"
    try:
        state = module.from_json(data)
    except REFUSED_SAVED_STATE as exc:
        if str(exc).strip():
            outcome.stage = "refused"
            return outcome
        outcome.failures.append(Failure("state-raised", origin(exc), "refused without a message: " + message_of(exc)))
        return outcome
    except BaseException as exc:  # noqa: BLE001 - SystemExit or RecursionError are failures too
        if isinstance(exc, KeyboardInterrupt):
            raise
        outcome.failures.append(Failure("state-raised", origin(exc), "from_json: " + message_of(exc)))
        return outcome
    outcome.stage = "loaded"
    try:
        _play_on(state, random.Random(seed))
        outcome.stage = "played"
    except (RuleGap, IllegalAction):
        outcome.stage = "played"
    except BaseException as exc:  # noqa: BLE001
        if isinstance(exc, KeyboardInterrupt):
            raise
        outcome.failures.append(Failure("state-raised", origin(exc), "after loading: " + message_of(exc)))
    return outcome
