"""A state saved as text, and pickled: its game, player count, readings, chance mode, seed and
history of actions and chance outcomes, rebuilt by playing that history again.

`state.serialize()` gives one line of JSON; the engine's `deserialize(text)` gives the same
state back. In the seeded mode the generator is set by the seed, so the seed and the actions
are the whole state; a state the history does not lead to (a resampled world, whose generator
is fresh, or a state restored from edited fields) also carries its `to_json` fields, which
`from_json` checks. In explicit mode the history holds the chance outcomes between the
decisions: the state is rebuilt by `new_game(..., chance="explicit")` and `apply` of each.

A saved text is input like any other: every entry is checked and every step of the replay
must be legal, or `deserialize` raises `BadArgument` saying what does not fit.

`pickle` stores a state as this text and where to find its engine again: the module's name for
an engine importable by name (`generated.thirteens`), or, for an engine `load_game` compiled
from a rule file, the file's path and the SHA-256 of its text (read when a state of that engine
is first pickled). Unpickling loads the rule file
again and refuses (`pickle.UnpicklingError`) a file that is gone or was changed since; an engine
with neither (compiled from a text in memory) cannot be pickled (`pickle.PicklingError`).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import pickle
import random
import sys
import types
import weakref

from .chance import ExplicitState, explicit_game as _chance_game
from .errors import BadArgument, IllegalAction, RuleGap
from .saved import INT_BOUND

FORMAT = "cardrules state"
VERSION = 1
# Far beyond the length of any real match, and a bound on the work a saved text can ask for.
MOST_ACTIONS = 1_000_000
MOST_CHARACTERS = 64_000_000
_KEYS = {"format", "version", "game", "players", "readings", "chance", "seed", "actions"}


# ---------------------------------------------------------------- saving
def serialize(state) -> str:
    """A seeded engine state as text (see the module)."""
    record = _record(state, "seeded", state.n, state.seed, state.readings, state.history)
    if not _replays_to(state):
        record["fields"] = state.to_json()["fields"]
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _record(state, chance: str, players: int, seed, readings: dict, actions: list) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state._GAME,
        "players": players,
        "readings": dict(readings),
        "chance": chance,
        "seed": seed,
        "actions": list(actions),
    }


def _replays_to(state) -> bool:
    """Whether the seed and the actions lead to exactly this state (generator included)."""
    if type(state._rng) not in (random.Random, type(None)) or not _is_int(state.seed):
        return False  # a scripted generator of explicit chance, or no seed: the fields say it all
    try:
        again = _replay(type(state), "seeded", state.n, state.seed, state.readings, state.history)
    except (BadArgument, RuleGap):
        return False
    return again._fields_json() == state._fields_json()


class SavedExplicitState(ExplicitState):
    """A state of explicit chance that can be saved: its history of outcomes and decisions."""

    def serialize(self) -> str:
        state = self._state
        record = _record(state, "explicit", state.n, state.seed, state.readings, self.history)
        return json.dumps(record, ensure_ascii=False, separators=(",", ":"))

    def clone(self) -> "SavedExplicitState":
        copied = super().clone()
        copied.__class__ = type(self)
        return copied

    def __reduce__(self):
        return reduce_state(self, type(self._state))


def explicit_game(cls, players: int, seed: int, readings: dict | None, chance: str):
    """`new_game` in the chance mode asked for; an explicit state that can be saved."""
    state = _chance_game(cls, players, seed, readings, chance)
    if type(state) is ExplicitState:
        state.__class__ = SavedExplicitState
    return state


# ---------------------------------------------------------------- loading
def deserialize_state(cls, text) -> object:
    """The state `serialize` saved as `text`, for the engine whose State class is `cls`."""
    record = _parsed(cls, text)
    players, chance, seed = record["players"], record["chance"], record["seed"]
    readings, actions = record["readings"], record["actions"]
    if "fields" in record:
        state = cls.from_json({"game": cls._GAME, "fields": record["fields"]})
        if (state.n, state.seed, state.readings, state.history) != (players, seed, readings, actions):
            raise BadArgument("this saved state's fields disagree with its player count, seed, readings or actions")
        return state
    return _replay(cls, chance, players, seed, readings, actions)


def _parsed(cls, text) -> dict:
    if not isinstance(text, (str, bytes)):
        raise BadArgument(f"a saved state is the text state.serialize() gave, not {type(text).__name__}")
    if len(text) > MOST_CHARACTERS:
        raise BadArgument(f"this saved state is longer than {MOST_CHARACTERS} characters")
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadArgument(f"this is not a saved state: not JSON ({exc})") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise BadArgument(f"this is not a saved state (the text of state.serialize(), with format '{FORMAT}')")
    if record.get("version") != VERSION:
        raise BadArgument(f"this saved state has version {record.get('version')!r}; this engine reads {VERSION}")
    if record.get("game") != cls._GAME:
        raise BadArgument(f"this is a saved state of {record.get('game')!r}, not of {cls._GAME}")
    allowed = _KEYS | ({"fields"} if record.get("chance") == "seeded" else set())
    odd = sorted(map(str, (_KEYS - set(record)) | (set(record) - allowed)))
    if odd:
        raise BadArgument(f"this saved state has entries missing or unknown: {', '.join(odd)}")
    players = record["players"]
    if not _is_int(players) or players not in cls._PLAYERS:
        raise BadArgument(f"'players' should be a player count of {cls._GAME} ({_counts(cls)}), not {players!r}")
    readings = record["readings"]
    if not isinstance(readings, dict) or not all(isinstance(v, str) for v in readings.values()):
        raise BadArgument("'readings' should map each ambiguity's name to a reading")
    if record["chance"] not in ("seeded", "explicit"):
        raise BadArgument(f"'chance' is 'seeded' or 'explicit', not {record['chance']!r}")
    seed = record["seed"]
    if seed is not None and (not _is_int(seed) or abs(seed) > INT_BOUND):
        raise BadArgument(f"'seed' should be a whole number or none, not {seed!r}")
    actions = record["actions"]
    if not isinstance(actions, list) or len(actions) > MOST_ACTIONS:
        raise BadArgument(f"'actions' should be a list of at most {MOST_ACTIONS} actions")
    if not all(_is_int(a) and 0 <= a <= INT_BOUND for a in actions):
        raise BadArgument("'actions' should hold action numbers (whole numbers from 0)")
    if "fields" in record and not isinstance(record["fields"], dict):
        raise BadArgument("'fields' should be the fields of to_json")
    return record


def _replay(cls, chance: str, players: int, seed, readings: dict, actions: list):
    """A new match played through `actions`; BadArgument at the first that does not fit."""
    try:
        state = explicit_game(cls, players, seed, readings, chance)
    except RuleGap as gap:
        raise BadArgument(f"this saved state cannot be set up again: {gap}") from None
    for step, action in enumerate(actions, 1):
        if state.is_terminal():
            raise BadArgument(f"action {step} of this saved state ({action}) comes after the end of the match")
        try:
            state.apply(action)
        except IllegalAction:
            raise BadArgument(f"action {step} of this saved state ({action}) is not legal there") from None
        except RuleGap as gap:
            raise BadArgument(f"action {step} of this saved state runs into a rule gap: {gap}") from None
    return state


# ---------------------------------------------------------------- pickle
# The State classes pickled in this process, by (rule file, digest): unpickled there, a state
# gets its own class back rather than that of another load of the same file.
_PICKLED: "weakref.WeakValueDictionary" = weakref.WeakValueDictionary()


def reduce_state(state, cls=None):
    """What `pickle` stores for a state: how to find its engine, and the state's text."""
    return restore, (engine_reference(cls or type(state)), state.serialize())


def engine_reference(cls) -> tuple:
    """("rules", path, sha256) or ("module", module name) for an engine's State class, or PicklingError."""
    module_globals = _globals_of(cls)
    path = module_globals.get("__cardrules_path__")
    if path is not None:
        try:
            digest = _rules_digest(module_globals, path)
        except OSError as exc:
            raise pickle.PicklingError(f"the rule file of this state's engine cannot be read: {exc}") from None
        reference = ("rules", os.path.abspath(path), digest)
        _PICKLED[reference] = cls
        return reference
    name = cls.__module__
    if module_globals.get("__spec__") is not None and _importable(name):
        return ("module", name)
    raise pickle.PicklingError(
        f"the engine of this {cls._GAME} state was compiled from text, with no rule file or module to find it by:"
        " save it with state.serialize() and load it with the engine's deserialize(text)"
    )


def restore(reference, text):
    """The state a pickle holds (see `reduce_state`)."""
    return deserialize_state(state_class_of(reference), text)


def state_class_of(reference):
    """The State class an `engine_reference` names: the one pickled in this process, if any."""
    return _PICKLED.get(reference) or engine_module(reference).State


def engine_module(reference):
    """The engine module an `engine_reference` names, imported or compiled again from its rule file."""
    kind = reference[0] if isinstance(reference, tuple) and reference else None
    if kind == "module" and len(reference) == 2:
        return importlib.import_module(reference[1])
    if kind != "rules" or len(reference) != 3:
        raise pickle.UnpicklingError(f"not a reference to a cardrules engine: {reference!r}")
    _kind, path, digest = reference
    try:
        with open(path, "rb") as file:
            found = hashlib.sha256(file.read()).hexdigest()
    except OSError as exc:
        raise pickle.UnpicklingError(f"the rule file of this pickled state cannot be read: {exc}") from None
    if found != digest:
        raise pickle.UnpicklingError(f"the rule file {path} changed since this state was pickled")
    # The compiler's `load_game`, imported by name: the runtime imports the compiler only here.
    return importlib.import_module("dsl.api").load_game(path)


def _globals_of(cls) -> dict:
    """The namespace of the module that defined an engine's State class (not one of the same name)."""
    for value in vars(cls).values():
        if isinstance(value, types.FunctionType) and value.__globals__.get("__name__") == cls.__module__:
            return value.__globals__
    module = sys.modules.get(cls.__module__)  # a native engine: its methods are compiled
    return vars(module) if module is not None else {}


def _rules_digest(module_globals: dict, path: str) -> str:
    """The SHA-256 of the rule file's text, read once per engine (when it is first pickled)."""
    digest = module_globals.get("__cardrules_digest__")
    if digest is None:
        with open(path, "rb") as file:
            digest = hashlib.sha256(file.read()).hexdigest()
        module_globals["__cardrules_digest__"] = digest
    return digest


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _counts(cls) -> str:
    return ", ".join(map(str, cls._PLAYERS))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
