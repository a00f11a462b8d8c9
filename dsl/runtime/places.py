"""Where the cards of a game state lie: every pile of its zones, every card with its place."""

from __future__ import annotations


def piles(state):
    """(zone key, pile) for every pile of `state`."""
    for attr, _name, per_player, _visibility, _grouped in state._ZONES:
        value = getattr(state, attr)
        yield from (
            (((attr, owner), pile) for owner, pile in enumerate(value)) if per_player else [((attr, None), value)]
        )


def places(state):
    """(zone key, pile, index, card) for every card in a zone of `state`; grouped zones flattened."""
    for attr, _name, per_player, _visibility, _grouped in state._ZONES:
        value = getattr(state, attr)
        for owner, pile in enumerate(value) if per_player else [(None, value)]:
            for sub in pile if pile and isinstance(pile[0], list) else [pile]:
                for index, card in enumerate(sub):
                    yield (attr, owner), sub, index, card
