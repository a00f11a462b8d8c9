"""What an agent is given: the seat it plays and what that seat may know."""

from __future__ import annotations

import random


class SeatView:
    """One seat's view of a state in play, at that seat's decision.

    It answers what the rules let the seat see and nothing else: the legal actions, the seat's
    observation, the text of an action, and worlds sampled from the seat's knowledge for search."""

    __slots__ = ("_legal", "_state", "seat")

    def __init__(self, state, seat: int, legal: list[int] | None = None):
        self._state = state
        self.seat = seat
        self._legal = legal  # the driver has usually asked already

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._state.legal_actions()
        return list(self._legal)

    def observation(self) -> dict:
        return self._state.observation(self.seat)

    def action_str(self, action: int) -> str:
        return self._state.action_str(action)

    @property
    def players(self) -> int:
        players = getattr(self._state, "players", None)  # the seats agents play, once engines name them
        return self._state.n if players is None else players

    def sample_world(self, rng: random.Random):
        """A full state that agrees with everything this seat has observed, hidden cards dealt
        again at random and a fresh RNG: a world a search may play forward in."""
        return self._state.resample(self.seat, rng)
