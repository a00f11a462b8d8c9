"""Agents by name, and plug-ins named `package.module:Class`."""

from __future__ import annotations

import importlib
import random

from .greedy import GreedyAgent
from .mcts import MctsAgent
from .simple import FirstAgent, RandomAgent

BUILT_IN: dict[str, type] = {
    "random": RandomAgent,
    "first": FirstAgent,
    "greedy": GreedyAgent,
    "mcts": MctsAgent,
}


class UnknownAgent(ValueError):
    """An agent name that is neither built in nor an importable `module:Class`."""


def agent_names() -> list[str]:
    return sorted(BUILT_IN)


def resolve_agent(name: str) -> type:
    """The class an agent name stands for; raises UnknownAgent with a sentence a user can act on."""
    if name in BUILT_IN:
        return BUILT_IN[name]
    if ":" not in name:
        raise UnknownAgent(f"unknown agent {name!r}; choose from: {', '.join(agent_names())} or module:Class")
    module_name, _, class_name = name.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownAgent(f"agent {name!r}: cannot import {module_name!r} ({exc})") from None
    cls = getattr(module, class_name, None) if class_name.isidentifier() else None
    if not isinstance(cls, type) or not callable(getattr(cls, "act", None)):
        raise UnknownAgent(f"agent {name!r}: {module_name} has no class {class_name!r} with an act(view) method")
    return cls


def make_agent(name: str, seat: int, rng: random.Random, **options):
    return resolve_agent(name)(seat, rng, **options)
