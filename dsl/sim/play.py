"""One seeded match with agents, and what a simulation keeps of it.

Seeding (why no numpy): match `i` of a run with seed `S` uses engine seed `S + i`, and its agents
share one `random.Random` derived from that number alone. Every stream of a match is therefore a
function of its own match seed, never of the batch, worker or order it was played in: the
property `numpy.random.SeedSequence.spawn` gives, obtained without making numpy a dependency of
the core, and keeping `--seed S+i --games 1` a replay of match `i`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType

from dsl.agents import SeatView, make_agent, resolve_agent
from dsl.agents.registry import UnknownAgent
from dsl.runtime.errors import IllegalAction, RuleGap


class SimulationUsageError(ValueError):
    """The run was asked for something it cannot do (bad player count, unknown agent or reading)."""


def seat_agents(agents: Sequence[str] | None, players: int) -> list[str]:
    """One agent name per seat; a shorter list is cycled, none means all `random`."""
    names = list(agents) if agents else ["random"]
    for name in dict.fromkeys(names):
        try:
            resolve_agent(name)
        except UnknownAgent as exc:
            raise SimulationUsageError(str(exc)) from None
    return [names[seat % len(names)] for seat in range(players)]


def agent_rng(match_seed: int) -> random.Random:
    # A string seed is hashed deterministically (not with PYTHONHASHSEED), so this is stable
    # across processes and independent of the engine's own RNG stream for the same number.
    return random.Random(f"cardrules-agents:{match_seed}")


def make_seat_agents(names: Sequence[str], match_seed: int, budget: str | None) -> list:
    """The agents of one match: one per seat, all drawing from the match's shared RNG."""
    rng = agent_rng(match_seed)
    return [make_agent(name, seat, rng, budget=budget) for seat, name in enumerate(names)]


@dataclass(frozen=True)
class MatchConfig:
    """Everything a worker needs to play matches, apart from the engine itself (picklable)."""

    players: int
    readings: tuple[tuple[str, str], ...]
    agents: tuple[str, ...]
    max_steps: int
    record_actions: bool = False  # keep each match's actions (for the match log)
    budget: str | None = None  # `--budget`, given to every agent as the option `budget`


@dataclass(frozen=True)
class Course:
    """How a completed match went, beyond its result (see `dsl.sim.tally` for the statistics)."""

    first_seat: int = -1  # the seat that made the first decision
    tricks: int = 0
    deals: int = 0
    lead_changes: int = 0
    decided_at: float | None = None  # share of the decisions played before the winner led for good
    deficit: float | None = None  # how far the eventual winner was behind the leader, at worst
    hits: tuple[int, ...] = ()  # per RULES["branches"]: how often each rule fired
    teams: tuple[tuple[int, ...], ...] = ()  # the sides at the end (one per seat without teams)
    # Why the scores say nothing about leads (`UNREAD`'s keys), when decided_at is None.
    unread: str | None = None


# Why a completed match is left out of lead changes, decisiveness and drama.
UNREAD = {
    "one_side": "there is a single side",
    "scores_only_at_end": "the scores appear only with the last decision",
    "no_single_winner": "no single side won (a tie or a draw)",
    "not_ranked_by_score": "the winners are not the best scores",
}


@dataclass(frozen=True)
class MatchResult:
    seed: int
    decisions: int
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] | None = None  # None unless the match completed
    gap: tuple[str, int, str] | None = None  # (code, line, message) when it ended early
    truncated: bool = False
    actions: tuple[int, ...] = ()  # only when MatchConfig.record_actions
    course: Course = Course()

    @property
    def completed(self) -> bool:
        return self.scores is not None


def play_match(engine: ModuleType, config: MatchConfig, seed: int) -> MatchResult:
    """Play one match; never raises for problems inside the engine, it reports them instead."""
    agents = make_seat_agents(config.agents, seed, config.budget)
    taken: list[int] = []
    steps = 0
    first_seat = -1

    def ended(**outcome) -> MatchResult:
        actions = tuple(taken) if config.record_actions else ()
        return MatchResult(seed, steps, actions=actions, **outcome)

    try:
        state = engine.new_game(config.players, seed, dict(config.readings))
        scores = _ScoreTrail(state)
        while not state.is_terminal():
            if steps >= config.max_steps:
                message = f"no end after {config.max_steps} decisions (--max-steps)"
                return ended(gap=("non-termination", 0, message), truncated=True)
            legal = state.legal_actions()
            if not legal:
                # The API promises a RuleGap instead; report an engine that breaks it anyway.
                return ended(gap=("no-legal-move", 0, "legal_actions() is empty in a non-terminal state"))
            seat = state.current_player
            if first_seat < 0:
                first_seat = seat
            try:
                action = agents[seat].act(SeatView(state, seat, legal))
            except Exception as exc:  # noqa: BLE001 - the agent's failure, reported as such
                return ended(gap=agent_failure(config.agents[seat], seat, exc))
            if action not in legal:
                message = f"the {config.agents[seat]} agent of seat {seat} chose action {action!r}, not a legal action"
                return ended(gap=("agent-error", 0, message))
            if config.record_actions:
                taken.append(action)
            state.apply(action)
            steps += 1
            scores.after_decision(state, steps)
        final = tuple(float(score) for score in state.returns())
        winners = tuple(state.winners())
        course = _course(state, scores, first_seat, winners, steps)
        return ended(winners=winners, scores=final, course=course)
    except RuleGap as gap:
        return ended(gap=(gap.code, int(gap.line or 0), gap.message))
    except IllegalAction as exc:
        # The agents only pick from legal_actions(), so this is the engine contradicting itself.
        return ended(gap=("illegal-action", 0, str(exc)))
    except Exception as exc:  # noqa: BLE001 - an engine bug must not end the whole run
        first_line = (str(exc).splitlines() or [""])[0][:200]
        return ended(gap=("internal-error", 0, f"{type(exc).__name__}: {first_line}"))


def agent_failure(name: str, seat: int, exc: Exception) -> tuple[str, int, str]:
    """An exception out of an agent's `act`, as a gap that blames the agent, not the rules.

    A rule gap met in a world the agent sampled keeps its rule line: the rules can reach it from a
    position the seat cannot tell from the real one (or the world was not sound: then it is ours)."""
    if isinstance(exc, RuleGap):
        inner = f"{exc.message} [{exc.code}]"
        return (
            "agent-error",
            int(exc.line or 0),
            f"the {name} agent of seat {seat} met a rule gap in a world it sampled: {inner}",
        )
    first_line = (str(exc).splitlines() or [""])[0][:200]
    return ("agent-error", 0, f"the {name} agent of seat {seat} failed: {type(exc).__name__}: {first_line}")


def sides_of(state) -> tuple[tuple[int, ...], ...]:
    """The teams at this moment (`state.teams()`), or one side per seat for an engine without."""
    teams = getattr(state, "teams", None)
    if callable(teams):
        return tuple(tuple(team) for team in teams())
    return tuple((seat,) for seat in range(len(state.returns())))


class _ScoreTrail:
    """The scores each time they changed: what lead changes, decisiveness and drama are read from.

    Only changes are kept, so a match of thousands of decisions keeps a few dozen points."""

    def __init__(self, state):
        self.points: list[tuple[int, tuple[float, ...]]] = [(0, tuple(state.returns()))]

    def after_decision(self, state, steps: int) -> None:
        scores = tuple(state.returns())
        if scores != self.points[-1][1]:
            self.points.append((steps, scores))


def _course(state, trail: _ScoreTrail, first_seat: int, winners: tuple[int, ...], steps: int) -> Course:
    sides = sides_of(state)
    hits = tuple(getattr(state, "hits", ()))
    counters = dict(tricks=int(getattr(state, "tricks", 0)), deals=int(getattr(state, "deals", 0)))
    winning = [i for i, side in enumerate(sides) if set(side) & set(winners)]
    final = trail.points[-1][1]
    # Scores that appear only with the last decision (counted at the end) tell nothing about leads.
    scored_at_end_only = len(trail.points) <= 2 and trail.points[-1][0] == steps
    unread = _unread(sides, winning, final, scored_at_end_only)
    if unread is not None:
        return Course(first_seat, hits=hits, teams=sides, unread=unread, **counters)
    best_of = _direction(final, sides[winning[0]])
    winner = winning[0]
    leaders: list[int | None] = []
    deficit = 0.0
    for _, scores in trail.points:
        by_side = [_side_score(scores, side, best_of) for side in sides]
        top = best_of(by_side)
        ahead = [i for i, value in enumerate(by_side) if value == top]
        leaders.append(ahead[0] if len(ahead) == 1 else None)
        deficit = max(deficit, abs(top - by_side[winner]))
    sole = [leader for leader in leaders if leader is not None]
    changes = sum(1 for before, after in zip(sole, sole[1:], strict=False) if before != after)
    # The last score change after which the winner was the sole leader until the end.
    decided = steps
    for (step, _), leader in zip(reversed(trail.points), reversed(leaders), strict=True):
        if leader != winner:
            break
        decided = step
    share = decided / steps if steps else 0.0
    return Course(
        first_seat, lead_changes=changes, decided_at=share, deficit=deficit, hits=hits, teams=sides, **counters
    )


def _direction(final: tuple[float, ...], winner: tuple[int, ...]):
    """Which way the score counts: `max` when the winners' final score is the highest, else `min`."""
    return max if _side_score(final, winner, max) == max(final) else min


def _unread(sides, winning: list[int], final: tuple[float, ...], scored_at_end_only: bool) -> str | None:
    """Why the scores of a completed match say nothing about leads (a key of `UNREAD`), or None."""
    if len(sides) < 2:
        return "one_side"
    if scored_at_end_only:
        return "scores_only_at_end"
    if len(winning) != 1:
        return "no_single_winner"
    winner = sides[winning[0]]
    best_of = _direction(final, winner)
    return None if _side_score(final, winner, best_of) == best_of(final) else "not_ranked_by_score"


def _side_score(scores: tuple[float, ...], side: tuple[int, ...], best_of) -> float:
    return best_of(scores[seat] for seat in side)
