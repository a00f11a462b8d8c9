"""A plug-in module whose import fails, for the tests of how `--agents` refuses it."""

raise RuntimeError("this plug-in cannot be imported")
