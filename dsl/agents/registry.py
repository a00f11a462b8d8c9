"""Agents by name, and plug-ins named `package.module:Class`.

A plug-in is trusted code: naming one imports its module, which runs whatever the module runs.
What is plainly no agent is refused before that: a spec that is not a dotted module path of
Python names and a class name. A module that fails to import, or holds no class with an
`act(view)` method under that name, is refused after it, in a sentence.
"""

from __future__ import annotations

import importlib
import keyword
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
    if not _is_module_path(module_name) or not _is_public_name(class_name):
        raise UnknownAgent(
            f"agent {name!r} is not a plug-in name: write package.module:Class, with Python names "
            "(no leading dot, no path, no keyword, no name starting with '__')"
        )
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # noqa: BLE001 - a plug-in's own failure to import is the user's to fix
        raise UnknownAgent(f"agent {name!r}: cannot import {module_name!r} ({type(exc).__name__}: {exc})") from None
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type) or not callable(getattr(cls, "act", None)):
        raise UnknownAgent(f"agent {name!r}: {module_name} has no class {class_name!r} with an act(view) method")
    return cls


def _is_public_name(part: str) -> bool:
    return part.isidentifier() and not keyword.iskeyword(part) and not part.startswith("__")


def _is_module_path(path: str) -> bool:
    return all(_is_public_name(part) for part in path.split("."))


def make_agent(name: str, seat: int, rng: random.Random, **options):
    return resolve_agent(name)(seat, rng, **options)
