"""Teams, knocked-out seats and the outcome of a match, for the engines that declare them.

A game with teams keeps `state.team`, the team number of each seat; a variable `per team` is
stored once per seat and written to every member of the team at once, so partners always read
the same value.  A game that knocks players out keeps `state.out`, a flag per seat: deals,
turns, tricks and `left of` go round the seats still in.  A house is no seat: its zones and
variables sit after the seats' (index `n`), and the API's lists cover the seats only.
"""

from __future__ import annotations

from .errors import RuleGap


# ---------------------------------------------------------------- seats in play


def in_play_from(out: list, start: int) -> list[int]:
    """The seats not knocked out, in turn order from `start` (itself first, if it is still in)."""
    n = len(out)
    return [seat for seat in ((start + i) % n for i in range(n)) if not out[seat]]


def next_in_play(out: list, seat: int, step: int) -> int:
    """The first seat still in after `seat` (step 1, to the left) or before it (step -1)."""
    n = len(out)
    for i in range(1, n + 1):
        other = (seat + step * i) % n
        if not out[other]:
            return other
    return seat  # nobody is in: the seat itself, as at a table of one


def deal_to_seats(source: list, hands: list, seats: list[int], per_player: int, line: int) -> None:
    """`per_player` cards to each of `seats`, one at a time in their order (the house and the
    seats knocked out get none)."""
    if per_player * len(seats) > len(source):
        raise RuleGap("empty-draw", line, f"{per_player * len(seats)} cards needed to deal but only {len(source)} left")
    for _ in range(per_player):
        for seat in seats:
            hands[seat].append(source.pop())


# ---------------------------------------------------------------- teams


def partner(team: list, seat: int):
    """The next seat after `seat` in its team, or None when it plays alone."""
    n = len(team)
    for i in range(1, n):
        other = (seat + i) % n
        if team[other] == team[seat]:
            return other
    return None


def share(values: list, team: list, seat: int, op: str, value) -> None:
    """Set a per-team value of `seat`'s team: every member holds it."""
    if op == "+=":
        value = values[seat] + value
    elif op == "-=":
        value = values[seat] - value
    for member, t in enumerate(team):
        if t == team[seat]:
            values[member] = value


def share_team(values: list, team: list, number: int, op: str, value) -> None:
    """Set the value team `number` shares (nothing to set while it has no member)."""
    members = [m for m, t in enumerate(team) if t == number]
    if members:
        share(values, team, members[0], op, value)


def team_value(values: list, team: list, number: int):
    """The value team `number` shares; None while it has no member."""
    return next((values[m] for m, t in enumerate(team) if t == number), None)


def team_numbers(team: list) -> list[int]:
    """The teams that have members, in seat order of their first member."""
    return list(dict.fromkeys(team))


def join(team: list, seat: int, new_team: int, shared: tuple) -> None:
    """`seat` joins `new_team`, and takes the values its new partners share (if it has any)."""
    members = [m for m, t in enumerate(team) if t == new_team and m != seat]
    team[seat] = new_team
    for values in shared:
        if members:
            values[seat] = values[members[0]]


def teams_of(state) -> list[list[int]]:
    """The teams now, each a list of seats, in seat order of their first member."""
    team = getattr(state, "team", None)
    if team is None:
        return [[seat] for seat in range(state.n)]
    groups: dict[int, list[int]] = {}
    for seat in range(state.n):
        groups.setdefault(team[seat], []).append(seat)
    return list(groups.values())


def scoring_sides(state) -> list[list[int]]:
    """The sides the result is compared between: the teams, when they are fixed or share the
    result; otherwise (partners for one deal, each scoring his own) every seat on its own."""
    if getattr(state, "team", None) is None or not (state._TEAMS_FIXED or state._RESULT_SHARED):
        return [[seat] for seat in range(state.n)]
    return teams_of(state)


def shared_returns(state, scores: list) -> list:
    """Each seat's result: in a team game, the team's (its shared value, or its members' sum)."""
    if getattr(state, "team", None) is None or not (state._TEAMS_FIXED or state._RESULT_SHARED):
        return scores
    out = list(scores)
    for members in teams_of(state):
        total = scores[members[0]] if state._RESULT_SHARED else sum(scores[m] for m in members)
        for m in members:
            out[m] = total
    return out


def winners(state, scores: list) -> list[int]:
    """Who won a finished match; `[]` is a draw (or, against a house, a table that all lost)."""
    if getattr(state, "drawn", False):
        return []
    outcome = state._OUTCOME
    if outcome == "house":  # each seat against the house: a positive result is a win
        return [seat for seat, score in enumerate(scores) if score > 0]
    if outcome == "still_in":  # the players not knocked out; nobody left in: a draw
        return [seat for seat in range(state.n) if not state.out[seat]]
    teams = scoring_sides(state)
    team_scores = [scores[members[0]] for members in teams]
    lowest = state._WINNERS == "lowest"
    best = (min if lowest else max)(team_scores)
    leaders = [i for i, score in enumerate(team_scores) if score == best]
    if outcome == "loser":  # the extreme loses, everyone else wins; all equal: nobody lost, a draw
        if len(leaders) == len(teams):
            return []
        return sorted(seat for i, members in enumerate(teams) if i not in leaders for seat in members)
    if len(leaders) > 1 and state._TIES == "draw":
        return []
    return sorted(seat for i in leaders for seat in teams[i])
