"""The option types and limits the command signatures need, kept free of the compiler, the
checks and the simulator: typer reads the signatures when it builds the commands, so whatever
they name is imported by `cardrules --help`.  The commands import the heavy stages themselves,
when they run."""

from __future__ import annotations

from enum import Enum

# The simulator's limits live in a module that imports nothing, so `--help` can show them.
from ..sim.limits import DEFAULT_MAX_STEPS, MAX_WORKERS  # noqa: F401 (the commands' signatures use them)


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class Backend(str, Enum):
    local = "local"
    ray = "ray"


class GraphFormat(str, Enum):
    mermaid = "mermaid"
    dot = "dot"
