"""One match, move by move: `replay` retells a simulated match, `play` lets a person take a seat.

Both use the simulation's own agents and seeding (`dsl.simulate`), so `replay --seed S --match K`
shows exactly match K of `simulate --seed S`, including the rule gap that ended it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable

from ..runtime.errors import IllegalAction, RuleGap
from dsl.agents import SeatView

from .limits import DEFAULT_MAX_STEPS
from .play import make_seat_agents, seat_agents


@dataclass
class Move:
    number: int
    seat: int
    action: int
    text: str


@dataclass
class MatchLog:
    seed: int
    players: int
    readings: dict[str, str]
    moves: list[Move] = field(default_factory=list)
    returns: list[float] | None = None
    winners: list[int] | None = None
    gap: RuleGap | None = None
    truncated: bool = False

    def to_json(self) -> dict:
        return {
            "seed": self.seed,
            "players": self.players,
            "readings": self.readings,
            "moves": [{"n": m.number, "seat": m.seat, "action": m.action, "text": m.text} for m in self.moves],
            "returns": self.returns,
            "winners": self.winners,
            "rule_gap": None
            if self.gap is None
            else {"code": self.gap.code, "line": self.gap.line, "message": self.gap.message},
            "truncated": self.truncated,
        }


Chooser = Callable[[object, list[int]], int]


def play_logged(
    engine: ModuleType,
    players: int,
    seed: int,
    readings: dict[str, str] | None = None,
    agents: list[str] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    human_seat: int | None = None,
    ask_human: Chooser | None = None,
    on_move: Callable[[Move, object], None] | None = None,
    on_start: Callable[[object], None] | None = None,
    budget: str | None = None,
    record: bool = False,
) -> MatchLog:
    """Play one match as `simulate` would (same seeds, same agents), recording every move.

    `on_start(state)` sees the state before the first decision, `on_move(move, state)` after
    each move. With `human_seat`, that seat's moves come from `ask_human(state, legal)`; with
    `record`, the state records its events (`state.events()`)."""
    names = seat_agents(agents, players)
    seats = make_seat_agents(names, seed, budget)
    log = MatchLog(seed, players, dict(readings or {}))
    try:
        if record:  # the match's events, for a replay to tell (see `dsl.runtime.events`)
            state = engine.new_game(players, seed, dict(readings or {}), record=True)
        else:
            state = engine.new_game(players, seed, dict(readings or {}))
        log.readings = dict(state.readings)
        if on_start:
            on_start(state)
        while not state.is_terminal():
            if len(log.moves) >= max_steps:
                log.truncated = True
                return log
            legal = state.legal_actions()
            seat = state.current_player
            if seat == human_seat and ask_human is not None:
                action = ask_human(state, legal)
            else:
                action = seats[seat].act(SeatView(state, seat, legal))
            text = state.action_str(action)
            state.apply(action)
            move = Move(len(log.moves) + 1, seat, action, text)
            log.moves.append(move)
            if on_move:
                on_move(move, state)
        log.returns = state.returns()
        log.winners = state.winners()
    except RuleGap as gap:
        log.gap = gap
    except IllegalAction as exc:  # only an engine contradicting its own legal_actions() gets here
        log.gap = RuleGap("illegal-action", 0, str(exc))
    return log


def describe_observation(observation: dict, rules: dict) -> list[str]:
    """The lines a player at the table sees: zones (own and public cards, counts of the rest)."""
    per_player = {z["name"] for z in rules["zones"] if z["per_player"]}
    lines = []
    for name, shown in observation["zones"].items():
        if isinstance(shown, dict):
            lines.append(f"{name}: {shown['count']} hidden card(s)")
        elif name in per_player:
            for owner, cards in enumerate(shown):
                label = "you" if owner == observation["seat"] else f"seat {owner}"
                lines.append(f"{name} of {label}: {_cards(cards)}")
        else:
            lines.append(f"{name}: {_cards(shown)}")
    public = {k: v for k, v in observation["vars"].items() if v is not None and not isinstance(v, dict)}
    if public:
        lines.append("  ".join(f"{k}={v}" for k, v in public.items()))
    return lines


def _cards(cards) -> str:
    if isinstance(cards, dict):
        return f"{cards['count']} hidden card(s)"
    if not cards:
        return "-"
    if isinstance(cards[0], list):
        return " | ".join(" ".join(group) for group in cards)
    return " ".join(cards)
