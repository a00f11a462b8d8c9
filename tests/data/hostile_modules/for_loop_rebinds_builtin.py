# Attack: a `for` loop's variable named like an allowed builtin holds `os.system`.
from dsl.runtime.engine import random as r

for sorted in [r._os.system]:
    sorted("touch PWNED")
