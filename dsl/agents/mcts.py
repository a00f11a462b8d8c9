"""`mcts`: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

One tree over the seat's information: a node is a sequence of actions from the decision at
hand, whoever took them.  Each iteration draws a world the seat cannot rule out
(`view.sample_world`: a determinisation), walks the tree choosing among the actions legal in that
world by UCB for the player to move (each player maximises its own value), adds one node, plays
the world out at random until the scores next change, and credits every seat its value.  A node
counts how often it was available, so an action legal in few worlds is not judged by the worlds
where it could not be played (Cowling, Powley and Whitehouse, 2012).  Why this and not PIMC with
UCT per world: see docs/AGENTS.md.
"""

from __future__ import annotations

import math
import random

from .playout import Budget, outcome, random_playout

DEFAULT_ITERATIONS = 24
EXPLORATION = 0.7


class _Node:
    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, players: int):
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players


class MctsAgent:
    """Options: `budget` ("24" iterations per decision, or "50ms"); `exploration` (UCB constant).

    `MctsAgent.default_budget` is the budget when none is given (set it from Python, or name a
    subclass as a plug-in, to change it for a whole run)."""

    default_budget: int | str = DEFAULT_ITERATIONS

    def __init__(self, seat: int, rng: random.Random, budget=None, exploration=EXPLORATION, **options):
        self.seat, self.rng = seat, rng
        self.budget = Budget(budget, type(self).default_budget)
        self.exploration = float(exploration)

    def act(self, view) -> int:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node(view.players)
        for _ in self.budget.running():
            self._iterate(root, view.sample_world(self.rng))
        return max(legal, key=lambda a: (root.children[a].visits, -a) if a in root.children else (-1, -a))

    def _iterate(self, root: _Node, world) -> None:
        rng, c = self.rng, self.exploration
        start = world.returns()
        node, path = root, [root]
        while not world.is_terminal():
            legal = world.legal_actions()
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                if a in node.children:
                    node.children[a].available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = _Node(len(start))
                child.available = 1
                world.apply(action)
                path.append(child)
                break
            mover = world.current_player
            action = max(legal, key=lambda a: _ucb(node.children[a], mover, c))
            node = node.children[action]
            world.apply(action)
            path.append(node)
        random_playout(world, rng)
        value = outcome(world, start)
        for visited in path:
            visited.visits += 1
            for seat, v in enumerate(value):
                visited.totals[seat] += v


def _ucb(node: _Node, mover: int, c: float) -> float:
    return node.totals[mover] / node.visits + c * math.sqrt(math.log(max(node.available, 1)) / node.visits)
