# Attack: a `match` capture pattern binds an allowed builtin's name to `os.system`.
from dsl.runtime.engine import random as r

match r._os.system:
    case len:
        len("touch PWNED")
