"""Explicit chance: every random event of the rules as a chance node with its outcomes.

The rules draw randomness in two ways: `shuffle` of a pile and `random_player()`.  In explicit
mode the state's generator is a `ScriptedRng` that takes its results from a script of chance
outcomes instead; when the script runs out, the run stops at a chance node.  A shuffle is one
chance node per position, from the top of the pile down, over the cards that may still be there
(the draws of Python's own shuffle, so outcomes taken from `random.Random(seed)` replay the
seeded game move for move); `random_player()` is one node over the seats.

The generated blocks cannot stop in the middle of a statement, so a chance node is reached by
replay: the state before the last decision (or the set-up) is kept, and each outcome runs that
segment again from there with one more scripted result.  States are never changed in place, so
a clone shares them.
"""

from __future__ import annotations

import random

from .errors import BadArgument, IllegalAction

CHANCE_PLAYER = -2  # `current_player` at a chance node (-1 is the end of the game)


class NeedChance(Exception):
    """Raised by the scripted generator where the script ends: the outcomes of the next event."""

    def __init__(self, kind: str, outcomes: list[int], pile: list[int] | None = None, position: int = 0):
        super().__init__(kind)
        self.kind = kind
        self.outcomes = outcomes
        # In a shuffle: the pile as shuffled so far and the position drawn for, so the nodes of
        # the rest of the shuffle are known without running the rules again.
        self.pile, self.position = pile, position


class ScriptedRng(random.Random):
    """A generator whose `shuffle` and `randrange` follow a script of chance outcomes.

    `dry` plays the first outcome when the script ends (to set up a state to look at)."""

    def __init__(self, script: list[int], dry: bool = False):
        # Not seeded (`random.Random.__init__` is skipped): it never draws a number of its own.
        self.script, self.pos, self.dry = script, 0, dry
        self.gauss_next = None  # what `getstate` reads, for `clone`

    def _next(self, kind: str, outcomes, pile=None, position=0) -> int:
        if self.pos < len(self.script):
            outcome = self.script[self.pos]
            self.pos += 1
            return outcome
        if self.dry:
            return outcomes[0]
        raise NeedChance(kind, list(outcomes), pile, position)

    def shuffle(self, x) -> None:
        for i in reversed(range(1, len(x))):
            if self.pos < len(self.script):
                j = x.index(self.script[self.pos], 0, i + 1)
                self.pos += 1
            else:
                j = x.index(self._next("card", x[: i + 1], list(x), i), 0, i + 1)
            x[i], x[j] = x[j], x[i]

    def randrange(self, n, *rest):  # the rules only ask for a seat: randrange(players)
        return self._next("seat", list(range(n)))


class ExplicitState:
    """A game state whose random events are chance nodes; otherwise the engine API of its game."""

    def __init__(self, cls, players: int, seed: int, readings: dict | None):
        self._cls, self._args = cls, (players, seed, readings)
        self._base = None  # the state before the last decision; None: the set-up itself
        self._action = None  # the decision the segment replays
        self._script: list[int] = []  # chance outcomes of the segment so far
        self._pending: list[int] | None = None
        self._kind = ""
        self._shuffle: tuple[list[int], int] | None = None  # (pile, position) inside a shuffle
        self._state = None
        self.history: list[int] = []  # decisions and chance outcomes, in order
        self._advance()

    # ------------------------------------------------------------ replay
    def _advance(self) -> None:
        rng = ScriptedRng(self._script)
        try:
            if self._base is None:
                state = self._cls(*self._args, rng=rng)
            else:
                state = self._base.clone()
                state.rng = rng
                state.apply(self._action)
        except NeedChance as need:
            self._pending, self._kind = need.outcomes, need.kind
            self._shuffle = (need.pile, need.position) if need.pile is not None else None
            if self._state is None:  # a state to look at before the first decision
                self._state = self._cls(*self._args, run=False, rng=ScriptedRng(list(self._script), dry=True))
            return
        self._pending, self._state, self._script = None, state, []

    # ------------------------------------------------------------ chance API
    def is_chance_node(self) -> bool:
        return self._pending is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome, probability): card ids for a card drawn, seat numbers for a random seat."""
        if self._pending is None:
            return []
        p = 1.0 / len(self._pending)
        return [(outcome, p) for outcome in self._pending]

    @property
    def chance_kind(self) -> str:
        """'card' or 'seat' at a chance node, '' elsewhere."""
        return self._kind if self._pending is not None else ""

    # ------------------------------------------------------------ engine API
    @property
    def current_player(self) -> int:
        return CHANCE_PLAYER if self._pending is not None else self._state.cur

    def legal_actions(self) -> list[int]:
        if self._pending is not None:
            return list(self._pending)
        return self._state.legal_actions()

    def apply(self, action: int) -> None:
        if type(action) is bool or not isinstance(action, int):
            raise IllegalAction(f"{action!r} is not a legal action here")
        if self._pending is not None:
            if action not in self._pending:
                raise IllegalAction(f"{action!r} is not an outcome of this chance node")
            self._script.append(action)
            if self._shuffle is not None and self._shuffle[1] > 1:
                # The next card of the same shuffle: its outcomes follow from the pile alone.
                pile, i = self._shuffle
                pile = list(pile)
                j = pile.index(action, 0, i + 1)
                pile[i], pile[j] = pile[j], pile[i]
                self._shuffle, self._pending = (pile, i - 1), pile[:i]
                self.history.append(action)
                return
        else:
            if self._state.done or action not in self._state.legal:
                raise IllegalAction(f"{action!r} is not a legal action here")
            self._base, self._action, self._script = self._state, action, []
        self.history.append(action)
        self._advance()

    def is_terminal(self) -> bool:
        return self._pending is None and self._state.done

    def clone(self) -> "ExplicitState":
        c = object.__new__(ExplicitState)
        c.__dict__.update(self.__dict__)
        c._script, c.history = list(self._script), list(self.history)
        return c

    def __deepcopy__(self, memo) -> "ExplicitState":
        return self.clone()  # the states it holds are never changed: sharing them is a copy

    def action_str(self, action: int) -> str:
        if self._pending is not None:
            return f"deal {self._state._CARD_TEXT[action]}" if self._kind == "card" else f"seat {action}"
        return self._state.action_str(action)

    def __getattr__(self, name):
        # Everything else (returns, observation, observation_tensor, n, RULES tables...) is the
        # state's at the last decision point.
        if name.startswith("__") or name in ("_state", "_cls", "_args"):
            raise AttributeError(name)
        return getattr(self._state, name)

    def __repr__(self) -> str:
        where = "a chance node" if self._pending is not None else f"player {self.current_player} to act"
        return f"<{self._state._GAME} state, explicit chance: {where}>"


def explicit_game(cls, players: int, seed: int, readings: dict | None, chance: str):
    """`new_game` in the chance mode asked for ('seeded' or 'explicit')."""
    if chance == "seeded":
        return cls(players, seed, readings)
    if chance != "explicit":
        raise BadArgument(f"chance is 'seeded' or 'explicit', not {chance!r}")
    return ExplicitState(cls, players, seed, readings)
