"""The whole state of an engine, for comparing two states and checking that they share nothing.

`to_json` shows what a reader wants; these helpers look at every attribute instead (zones,
variables, locals, the fields the lowering adds, the machine position, the RNG, the counters),
so a clone or a restored state that drops or shares any of them is caught."""

from __future__ import annotations

import random


def frozen(value):
    """A hashable, type-exact copy: `True` and `1`, a list and a tuple, stay different."""
    if isinstance(value, random.Random):
        return ("Random", value.getstate())
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(frozen(v) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((k, frozen(v)) for k, v in value.items())))
    if value is None or isinstance(value, (bool, int, float, str)):
        return (type(value).__name__, value)
    raise AssertionError(f"unexpected {type(value).__name__} in an engine state: {value!r}")


# A state holds its generator live or, after a clone, as a saved state it builds one from when the
# rules next draw: either way, what counts is the state the generator is in.
_GENERATOR_FIELDS = ("_rng", "_rng_saved")


def whole_state(state) -> dict:
    """Every attribute of `state`, frozen (its random generator as the state it is in)."""
    fields = {name: frozen(value) for name, value in vars(state).items() if name not in _GENERATOR_FIELDS}
    fields["rng"] = frozen(state.rng)
    return fields


def differences(a, b) -> list[str]:
    """The attributes whose values (or presence) differ between two states."""
    left, right = whole_state(a), whole_state(b)
    return sorted(name for name in left.keys() | right.keys() if left.get(name) != right.get(name))


def shared_objects(a, b) -> list[str]:
    """Attributes of `a` holding a mutable object (at any depth) that `b` also holds."""
    mutable_in_b: set[int] = set()

    def collect(value):
        if isinstance(value, (list, dict, random.Random)):
            mutable_in_b.add(id(value))
        if isinstance(value, (list, tuple)):
            for v in value:
                collect(v)
        elif isinstance(value, dict):
            for v in value.values():
                collect(v)

    def shares(value) -> bool:
        if isinstance(value, (list, dict, random.Random)) and id(value) in mutable_in_b:
            return True
        if isinstance(value, (list, tuple)):
            return any(shares(v) for v in value)
        if isinstance(value, dict):
            return any(shares(v) for v in value.values())
        return False

    for value in vars(b).values():
        collect(value)
    # The deck list is the game's fixed card set: engines share it by design and never change it.
    return sorted(name for name, value in vars(a).items() if name != "cards" and shares(value))
