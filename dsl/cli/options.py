"""The option types and limits the command signatures need, kept free of the compiler, the
checks and the simulator: typer reads the signatures when it builds the commands, so whatever
they name is imported by `cardrules --help`.  The commands import the heavy stages themselves,
when they run."""

from __future__ import annotations

from enum import Enum

# The simulator's limits, repeated here so that `--help` can show them without importing it
# (dsl.sim.matches starts multiprocessing); tests/test_startup.py checks that they agree.
MAX_WORKERS = 64
DEFAULT_MAX_STEPS = 10_000


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class Backend(str, Enum):
    local = "local"
    ray = "ray"


class GraphFormat(str, Enum):
    mermaid = "mermaid"
    dot = "dot"
