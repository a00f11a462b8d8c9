"""The generated code of teams, a house, knocked-out seats and outcomes.

Every engine says how its match ends (`_OUTCOME`, `_TIES`, `_RESULT_SHARED`) and names its
teams in `RULES["teams"]`.  The fields exist only in the engines that need them: `s.team` (the
team number of each seat) in a game with teams, `s.out` (a flag per seat) in a game that knocks
players out, `s.drawn` in a game that can end in a draw; the runtime helpers are in
`dsl.runtime.standings`.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..ast.walk import walk_stmts
from ..semantics.model import Model
from . import escape


def _statements(model: Model):
    game = model.game
    yield from walk_stmts(game.flow)
    for trig in game.triggers:
        yield from walk_stmts(trig.body)


def knocks_out(model: Model) -> bool:
    return any(isinstance(s, n.Standing) and s.kind == "out" for s in _statements(model))


def ends_in_draw(model: Model) -> bool:
    return any(isinstance(s, n.Standing) and s.kind == "draw" for s in _statements(model))


def has_house(model: Model) -> bool:
    return model.game.house is not None


def team_names(model: Model) -> list[str]:
    teams = model.game.teams
    if teams is None:
        return []
    if teams.names:
        return list(teams.names)
    count = len(teams.seats) if teams.rule == "seating" else max(model.players) // 2
    return [f"team {i + 1}" for i in range(count)]


def rules_teams(model: Model) -> dict | None:
    """`RULES["teams"]`: None without teams, else their names and whether they stay as dealt."""
    if model.game.teams is None:
        return None
    return {"names": team_names(model), "fixed": model.game.teams.rule != "in_play"}


def team_index(model: Model, name: str) -> int | None:
    teams = model.game.teams
    if teams is None or name not in teams.names:
        return None
    return teams.names.index(name)


def result_shared(model: Model) -> bool:
    """True when the result is a per-team variable: partners hold one value, not one each."""
    result = model.game.result
    var = model.vars.get(result.id) if isinstance(result, n.Name) else None
    return bool(var is not None and var.per_team)


def class_lines(model: Model) -> list[str]:
    """The class attributes of `State` that say how the match ends, when they differ from the
    runtime's defaults (winners highest|lowest, ties shared, one result per seat)."""
    game = model.game
    lines = []
    if game.outcome != "best":
        lines.append(f"_OUTCOME = {escape.literal(game.outcome)}")
    if game.ties is not None:
        lines.append(f"_TIES = {escape.literal(game.ties)}")
    if result_shared(model):
        lines.append("_RESULT_SHARED = True")
    if game.teams is not None and game.teams.rule == "in_play":
        lines.append("_TEAMS_FIXED = False")
    return lines


def init_lines(model: Model) -> list[str]:
    """The fields set up with a new state (`players` is the number of seats)."""
    teams = model.game.teams
    lines = []
    if teams is not None:
        if teams.rule == "opposite":  # seat i sits opposite seat i + n/2: they are team i
            lines.append("s.team = [seat % (players // 2) for seat in range(players)]")
        elif teams.rule == "seating":
            team_of = {seat: i for i, seats in enumerate(teams.seats) for seat in seats}
            table = [team_of[seat] for seat in sorted(team_of)]
            lines.append(f"s.team = {escape.literal(table)}[:players]")
        else:  # formed in play: everyone starts in the last team (the rest), the rules move them
            lines.append(f"s.team = [{len(teams.names) - 1}] * players")
    if knocks_out(model):
        lines.append("s.out = [False] * players")
    if ends_in_draw(model):
        lines.append("s.drawn = False")
    return lines


def clone_lines(model: Model) -> list[str]:
    lines = []
    if model.game.teams is not None:
        lines.append("c.team = s.team[:]")
    if knocks_out(model):
        lines.append("c.out = s.out[:]")
    if ends_in_draw(model):
        lines.append("c.drawn = s.drawn")
    return lines


def owners(model: Model) -> str:
    """How many entries a per-player zone or variable holds: one per seat, and the house's last."""
    return "players + 1" if has_house(model) else "players"


def seat_order(model: Model, start: str) -> str:
    """The seats in turn order from `start`: those still in, in a game that knocks players out."""
    if knocks_out(model):
        return f"_rt.in_play_from(s.out, {start})"
    return f"_rt.seats_from({start}, s.n)"


def deals_to_seats(model: Model) -> bool:
    """A deal in this game must name its seats: some are out, or a house sits after them."""
    return knocks_out(model) or has_house(model)


def neighbour(model: Model, seat: str, step: int) -> str | None:
    """`left of` / `right of` going round the seats still in; None when no seat is ever out."""
    if not knocks_out(model):
        return None
    return f"_rt.next_in_play(s.out, {seat}, {step})"


def assignment(model: Model, x, target: n.Expr, op: str, value: str) -> str | None:
    """A write to a per-team variable (`tricks of p += 1`): every member of the team gets it."""
    if not (isinstance(target, n.Of) and target.name in model.vars and model.vars[target.name].per_team):
        return None
    values = f"s.{escape.name('v_', target.name)}"
    helper = "share_team" if target.arg.type == "team" else "share"  # `points of t`, `points of p`
    return f"_rt.{helper}({values}, s.team, {x.compile(target.arg)}, {escape.literal(op)}, {value})"


def lower_standing(low, s: n.Standing) -> None:
    """`p joins t`, `eliminate p`, `end game in a draw`, written into the current block."""
    x, out = low.x, low.out
    if s.kind == "draw":
        out.code("s.drawn = True\nreturn s._finish()")
        return
    seat = x.compile(s.player)
    if s.kind == "out":
        out.code(f"s.out[{seat}] = True")
        return
    shared = [f"s.{escape.name('v_', v.name)}" for v in low.model.game.vars if v.per_team]
    team = x.compile(s.team)
    values = f"({shared[0]},)" if len(shared) == 1 else f"({', '.join(shared)})"
    out.code(f"_rt.join(s.team, {seat}, {team}, {values})")
