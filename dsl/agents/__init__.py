"""Agents: who chooses an action for a seat, seeing only what that seat may know.

An agent is any class with `__init__(self, seat, rng, **options)` and `act(self, view) -> int`;
`view` is a `SeatView`, never the true state. Agents are named in `--agents` by their registry
name (`random`, `first`, ...) or as `package.module:Class`."""

from .registry import agent_names, make_agent, resolve_agent
from .view import SeatView

__all__ = ["SeatView", "agent_names", "make_agent", "resolve_agent"]
