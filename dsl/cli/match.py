"""The one-match commands of the command line: `replay` (a simulated match, told deal by deal and
trick by trick) and `play` (take a seat against the agents).  Registered on the main app by
`dsl.cli`.  The story goes to stdout; errors to stderr."""

import json
from pathlib import Path
from typing import Annotated

import typer

from . import shared
from .options import DEFAULT_MAX_STEPS
from .shared import app

QUIT = "q"
WHY = "?"


@app.command()
def replay(
    file: shared.GameFile,
    seed: Annotated[int, typer.Option("--seed", help="The --seed of the simulate run.")],
    match: Annotated[int, typer.Option("--match", help="Which match of that run (it plays seed+match).")] = 0,
    players: shared.PlayersOption = None,
    agents: shared.AgentsOption = None,
    budget: shared.BudgetOption = None,
    reading: shared.ReadingOption = None,
    max_steps: shared.MaxStepsOption = DEFAULT_MAX_STEPS,
    view: Annotated[
        str, typer.Option("--view", help="Whose eyes: a seat (0 = the first player) or 'all' (every card).")
    ] = "all",
    as_json: Annotated[
        bool, typer.Option("--json", help="Write the events, one JSON object a line, on stdout.")
    ] = False,
) -> None:
    """Replay one simulated match event by event, each with its rule line: the deals as the viewer
    saw them, turned and revealed cards, every move and decision, who took each trick, each value
    as it changes, and the rule gap that ended it, if any."""
    from ..sim.matches import SimulationUsageError
    from ..sim.narrate import EventTeller
    from ..sim.replay import play_logged

    engine, _loader = shared.load_engine(file)
    chosen = shared.choose_players(engine, players)
    seat = _view_seat(view, chosen)
    readings = shared.parse_readings(reading or [])
    console = shared.stdout_console()
    names = [a.strip() for a in agents.split(",")] if agents else None
    teller, told = EventTeller(), [0]

    def tell(_move, state) -> None:
        events = state.events(seat=seat) if hasattr(state, "events") else []
        fresh, told[0] = events[told[0] :], len(events)
        if as_json:
            for event in fresh:
                typer.echo(json.dumps(event, ensure_ascii=False))
        else:
            say(console, teller.lines(fresh))

    try:
        log = play_logged(
            engine,
            chosen,
            seed + match,
            readings,
            names,
            max_steps,
            on_move=tell,
            on_start=lambda state: tell(None, state),
            budget=budget,
            record=True,
        )
    except (SimulationUsageError, ValueError) as exc:
        shared.usage_error(str(exc))
    if as_json:
        if log.gap is not None:
            typer.echo(f"rule gap: {file}:{log.gap.line}: {log.gap.message} [{log.gap.code}]", err=True)
        return
    _report_end(console, log, file, engine.RULES.get("outcome") == "house")


def _view_seat(view: str, players: int) -> int | None:
    """The seat of `--view` (None: every card), or a usage error."""
    if view == "all":
        return None
    if not view.isdigit() or not 0 <= int(view) < players:
        shared.usage_error(f"--view is a seat from 0 to {players - 1} or 'all', not {view!r}")
    return int(view)


@app.command()
def play(
    file: shared.GameFile,
    players: shared.PlayersOption = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat (0 = the first player).")] = 0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the shuffle and of the agents.")] = 0,
    agents: shared.AgentsOption = None,
    budget: shared.BudgetOption = None,
    reading: shared.ReadingOption = None,
) -> None:
    """Play a match yourself at one seat, against the agents at the others.

    At your turn answer the number of a move, `?` for the rule that asks you (with its line in
    the rule file) or `q` to leave the match."""
    from ..sim.matches import SimulationUsageError
    from ..sim.narrate import Narrator, hand_lines
    from ..sim.replay import describe_observation, play_logged

    engine, _loader = shared.load_engine(file)
    chosen = shared.choose_players(engine, players)
    if not 0 <= seat < chosen:
        shared.usage_error(f"--seat must be between 0 and {chosen - 1}")
    readings = shared.parse_readings(reading or [])
    console = shared.stdout_console()
    rule_lines = _rule_text(file)
    narrator: list[Narrator] = []

    def ask(state, legal: list[int]) -> int:
        console.print()
        observation = state.observation(seat)
        hand = hand_lines(engine, observation)
        shown = [line for line in describe_observation(observation, engine.RULES) if not _is_own_zone(line)]
        for line in hand + shown:
            console.print("  " + line, highlight=False, markup=False)
        for i, action in enumerate(legal, 1):
            console.print(f"  [{i}] {state.action_str(action)}", highlight=False, markup=False)
        while True:
            answer = typer.prompt(f"seat {seat}, your move (1-{len(legal)}, ? why, q quit)").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            if answer == QUIT:
                console.print("you left the match", highlight=False)
                raise typer.Exit(shared.EXIT_OK)
            if answer == WHY:
                console.print("  " + _why(state, rule_lines, file), highlight=False, markup=False)
                continue
            console.print(f"  please answer a number from 1 to {len(legal)}, ? or q", highlight=False)

    def start(state) -> None:
        narrator.append(Narrator(state))
        say(console, narrator[0].opening(state))

    def moved(move, state) -> None:
        if move.seat != seat:
            console.print(f"seat {move.seat}: {move.text}", highlight=False, markup=False)
        say(console, narrator[0].after(state, move))

    names = [a.strip() for a in agents.split(",")] if agents else None
    try:
        log = play_logged(
            engine,
            chosen,
            seed,
            readings,
            names,
            human_seat=seat,
            ask_human=ask,
            on_move=moved,
            on_start=start,
            budget=budget,
        )
    except (SimulationUsageError, ValueError) as exc:
        shared.usage_error(str(exc))
    _report_end(console, log, file, engine.RULES.get("outcome") == "house")


def say(console, lines: list[str]) -> None:
    for line in lines:
        console.print(line, highlight=False, markup=False)


def _is_own_zone(line: str) -> bool:
    # The own hand is shown sorted and grouped by `hand_lines`; the plain listing would repeat it.
    return " of you: " in line


def _rule_text(file: Path) -> list[str]:
    if file.suffix != ".cardrules":
        return []
    text, problem = shared.read_source(file)
    return text.splitlines() if problem is None and text is not None else []


def _why(state, rule_lines: list[str], file: Path) -> str:
    line = getattr(state, "asked_at", 0)
    if not line:
        return "this engine does not say which rule asks for this decision"
    text = rule_lines[line - 1].strip() if 0 < line <= len(rule_lines) else ""
    return f"{file}:{line}: {text}" if text else f"the rule at line {line} of the rule file asks for this decision"


def _report_end(console, log, file: Path, against_house: bool = False) -> None:
    if log.gap is not None:
        console.print(
            f"rule gap after {len(log.moves)} moves: {file}:{log.gap.line}: {log.gap.message} [{log.gap.code}]",
            highlight=False,
            markup=False,
        )
    elif log.truncated:
        console.print(f"no end after {len(log.moves)} moves (--max-steps)", highlight=False)
    else:
        scores = ", ".join(f"seat {i}: {score:g}" for i, score in enumerate(log.returns or []))
        # Against a house, no winner means that no seat beat it, not a draw.
        nobody = "nobody: no seat beat the house" if against_house else "nobody (a draw)"
        won = ", ".join(str(w) for w in log.winners or []) or nobody
        console.print(f"final scores: {scores}; won by seat {won}", highlight=False)
