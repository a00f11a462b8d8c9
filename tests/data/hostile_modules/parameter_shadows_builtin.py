# Attack: pass `os.system` to a parameter named like an allowed builtin, then call it.
from dsl.runtime.engine import random as r


def run(len):
    return len("touch PWNED")


run(r._os.system)
