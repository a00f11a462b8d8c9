"""Teams, outcomes, a house and knocked-out players: what the declarations must say, and the
names and types they add to expressions.

- `teams partners opposite` (seat i with seat i + n/2), `teams a, b by seating: 0 2 / 1 3` or
  `teams a, b formed in play` (every seat starts in the last team; `p joins a` moves it);
- `winners highest, ties share|draw`, `loser highest|lowest`, `winners against dealer`;
- `house dealer`: a participant that is no seat; its zones and variables follow the seats';
- `eliminate p` and `p is out`.
"""

from __future__ import annotations

from ..ast import nodes as n
from ..ast.walk import walk_stmts
from ..report.diagnostics import Diagnostic, error
from ..syntax.reserved import RESERVED_WORDS, reserved_hint, reserved_message
from .types import Type

# `of` words that exist only in a game with teams: (argument type, result type)
TEAM_OF = {"team": (Type.PLAYER, Type.TEAM), "partner": (Type.PLAYER, Type.PLAYER)}


def house_name(game: n.Game) -> str | None:
    return game.house.name if game.house is not None else None


def name_type(game: n.Game, name: str) -> Type | None:
    """The type of a name the standings declare (a team, the house), or None."""
    if game.teams is not None and name in game.teams.names:
        return Type.TEAM
    if name == house_name(game):
        return Type.PLAYER  # the house stands where a player would: `hand of dealer`
    return None


def check_declarations(game: n.Game, players: tuple[int, ...], names: set[str]) -> list[Diagnostic]:
    """The teams, the house and the outcome make sense together; `names`: zones and variables."""
    out: list[Diagnostic] = []

    def err(code: str, message: str, node, **kw):
        out.append(error(code, message, node.span if isinstance(node, n.Node) else node, file=game.file, **kw))

    teams = game.teams
    if teams is not None:
        out += _check_teams(game, teams, players, names)
    for var in game.vars:
        if var.per_team and teams is None:
            err(
                "missing-declaration",
                f"'{var.name}' is per team, but the game declares no teams",
                var,
                hint="declare them, e.g. teams partners opposite",
            )
    house = game.house
    if house is not None:
        if house.name in RESERVED_WORDS:
            err("reserved-name", reserved_message(house.name, "the house"), house, hint=reserved_hint(house.name))
        elif house.name in names or (teams is not None and house.name in teams.names):
            err("duplicate-name", f"'{house.name}' already names something else", house)
    if game.outcome == "house":
        if house is None or game.against != house.name:
            err(
                "undefined-name",
                f"'{game.against}' is not the house of this game",
                game.outcome_span,
                hint="declare it: house dealer" if house is None else f"the house is '{house.name}'",
            )
    if game.outcome == "still_in" and not any(
        isinstance(s, n.Standing) and s.kind == "out" for s in walk_stmts(game.flow)
    ):
        err(
            "missing-declaration",
            "'winners still in' needs players to be knocked out",
            game.outcome_span,
            hint="eliminate p",
        )
    return out


def _check_teams(game: n.Game, teams: n.Teams, players: tuple[int, ...], names: set[str]) -> list[Diagnostic]:
    out: list[Diagnostic] = []

    def err(code: str, message: str, **kw):
        out.append(error(code, message, teams.span, file=game.file, **kw))

    for name in teams.names:
        if name in RESERVED_WORDS:
            err("reserved-name", reserved_message(name, "a team"), hint=reserved_hint(name))
        elif name in names:
            err("duplicate-name", f"'{name}' already names a zone or a variable")
    if len(set(teams.names)) != len(teams.names):
        err("duplicate-name", "two teams have the same name")
    if teams.rule == "opposite":
        odd = [p for p in players if p % 2 or p < 4]
        if odd:
            err(
                "type-mismatch",
                f"partners sit opposite only at an even table of 4 or more, not at {odd[0]}",
                hint="give the teams by seating (teams by seating: 0 2 / 1 3) or change 'players'",
            )
        elif teams.names and any(len(teams.names) != p // 2 for p in players):
            err("type-mismatch", f"{len(teams.names)} team names for {players[0] // 2} pairs of partners")
    elif teams.rule == "seating":
        seats = [seat for team in teams.seats for seat in team]
        if len(set(seats)) != len(seats):
            err("duplicate-name", "a seat is in two teams", hint="each seat belongs to exactly one team")
        wrong = [p for p in players if sorted(seats) != list(range(p))]
        if wrong:
            err(
                "type-mismatch",
                f"the teams seat {len(seats)} players, but the game is played by {wrong[0]}",
                hint="every seat from 0 belongs to one team, at every player count",
            )
        if teams.names and len(teams.names) != len(teams.seats):
            err("type-mismatch", f"{len(teams.names)} team names for {len(teams.seats)} teams")
    elif len(teams.names) < 2:
        err(
            "missing-declaration",
            "teams formed in play need their names",
            hint="teams declarers, defenders formed in play",
        )
    return out


def check_decider(game: n.Game, who: n.Expr | None, err) -> None:
    """The house follows its rules and takes no decision."""
    house = house_name(game)
    if house is not None and isinstance(who, n.Name) and who.id == house:
        err(
            "type-mismatch",
            f"the house '{house}' follows its rules and takes no decision",
            who,
            hint="write the house's fixed rule as statements (while ... { move top 1 from deck to hand of dealer })",
        )


def check_standing(checker, s: n.Standing) -> None:
    """`p joins t`, `eliminate p`, `end game in a draw`, typed by the statement checker."""
    game = checker.model.game
    if s.kind == "draw":
        return
    checker.expect(s.player, Type.PLAYER, what="who is knocked out" if s.kind == "out" else "who joins a team")
    if s.kind == "join":
        teams = game.teams
        if teams is None or teams.rule != "in_play":
            checker.err(
                "type-mismatch",
                "only teams formed in play change" if teams is not None else "the game declares no teams",
                s,
                hint="declare them: teams declarers, defenders formed in play",
            )
            return
        checker.expect(s.team, Type.TEAM, what="the team joined")
