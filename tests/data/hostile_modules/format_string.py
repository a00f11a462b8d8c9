# Attack: hide the call inside an f-string's replacement field.
from dsl.runtime.engine import random as r

shown = f"{sorted(['touch PWNED'], key=r._os.system)}"
