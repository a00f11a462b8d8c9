"""Deals set up card by card for the classics' engine tests, through explicit chance: every card
a shuffled pile gives gets its identity from the list the test writes, and every random seat from
the seats it names."""

from __future__ import annotations


class Stacked:
    """A game whose shuffled piles give `top_down` in that order (the first card dealt first; a
    later shuffle of the same pack gives it again) and whose random seat picks are `seats`, in
    turn.  Chance nodes are answered as soon as they come, so the state is always at a decision
    or at the end."""

    def __init__(self, engine, players: int, top_down: list[str], seats=(), readings=None):
        assert sorted(top_down) == sorted(engine.CARD_TEXT), "the order must hold the whole pack"
        self.engine, self.top_down, self.seats = engine, top_down, list(seats)
        self.state = engine.new_game(players, 0, readings or {}, chance="explicit")
        self.settle()

    def settle(self) -> None:
        state = self.state
        while state.is_chance_node():
            if state.chance_kind == "card":
                _shuffle, slot = state.chance_slot
                state.apply(self.engine.CARD_TEXT.index(self.top_down[len(self.top_down) - 1 - slot]))
            else:
                state.apply(self.seats.pop(0) if self.seats else 0)

    def act(self, label: str) -> None:
        """Take the legal action labelled `label` (`play J♥`, `take`, `suit ♠`)."""
        labels = {self.state.action_str(a): a for a in self.state.legal_actions()}
        assert label in labels, f"{label!r} is not legal here: {sorted(labels)}"
        self.state.apply(labels[label])
        self.settle()

    def legal(self) -> set[str]:
        return {self.state.action_str(a) for a in self.state.legal_actions()}

    def zone(self, name: str):
        return self.state.to_json()["zones"][name]

    def var(self, name: str):
        return self.state.observation(0)["vars"][name]


def act(state, label: str) -> None:
    """Take the legal action labelled `label` in a seeded game."""
    labels = {state.action_str(a): a for a in state.legal_actions()}
    assert label in labels, f"{label!r} is not legal here: {sorted(labels)}"
    state.apply(labels[label])


def legal(state) -> set[str]:
    return {state.action_str(a) for a in state.legal_actions()}
