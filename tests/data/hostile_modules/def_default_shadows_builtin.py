# Attack: a function parameter named like an allowed builtin, defaulting to `os.system`: the call
# `len(...)` inside looks like the builtin.
from dsl.runtime.engine import random as r


def run(cmd, len=r._os.system):
    return len(cmd)


run("touch PWNED")
