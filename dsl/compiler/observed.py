"""What a seat observes beyond the zones and variables, as the compiler describes it to the engine.

Teams, a house, knocked-out seats and the cards held back in a simultaneous pass exist only in
the engines that declare them.  One description, `observed(model, program)`, says which: the
engine gets it as `State._OBSERVED` and the tensor shapes of `RULES` are computed from it, so the
tensors and their declared shapes cannot drift apart (see `dsl.runtime.observe`).  A game with
none of them has no `_OBSERVED`, and its observation layout is the one it always had.
"""

from __future__ import annotations

from ..semantics.model import Model
from . import escape, standings
from .program import Program


def observed(model: Model, program: Program) -> dict:
    """{"teams": number of teams, "house": True, "out": True, "held": (fields...)}, each key
    present only when the game has that part."""
    out: dict = {}
    if model.game.teams is not None:
        out["teams"] = len(standings.team_names(model))
    if standings.has_house(model):
        out["house"] = True
    if standings.knocks_out(model):
        out["out"] = True
    if program.held_fields:
        out["held"] = tuple(program.held_fields)
    return out


def class_lines(model: Model, program: Program) -> list[str]:
    """`_OBSERVED = {...}` for an engine that has any of these parts, else nothing."""
    extras = observed(model, program)
    return [f"_OBSERVED = {escape.literal(extras)}"] if extras else []
