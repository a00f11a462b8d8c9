# Attack: subscript a container holding the runtime module, so the attribute chain starts from a
# subscript instead of the name `_rt`.
from dsl.runtime import engine as _rt

sorted(["touch PWNED"], key=[_rt][0].random._os.system)
