"""The one-match commands of the command line: `replay` (a simulated match, move by move) and
`play` (take a seat against the agents).  Registered on the main app by `dsl.cli`."""

from pathlib import Path
from typing import Annotated

import typer

from . import shared
from .options import DEFAULT_MAX_STEPS
from .shared import app


@app.command()
def replay(
    file: shared.GameFile,
    seed: Annotated[int, typer.Option("--seed", help="The --seed of the simulate run.")],
    match: Annotated[int, typer.Option("--match", help="Which match of that run (it plays seed+match).")] = 0,
    players: shared.PlayersOption = None,
    agents: shared.AgentsOption = None,
    reading: shared.ReadingOption = None,
    max_steps: shared.MaxStepsOption = DEFAULT_MAX_STEPS,
    json_path: Annotated[Path | None, typer.Option("--json", help="Write the move log as JSON here.")] = None,
) -> None:
    """Replay one simulated match move by move, with the rule gap that ended it, if any."""
    from ..sim.matches import SimulationUsageError
    from ..sim.replay import play_logged

    engine, _loader = shared.load_engine(file)
    chosen = shared.choose_players(engine, players)
    readings = shared.parse_readings(reading or [])
    console = shared.stderr_console()
    names = [a.strip() for a in agents.split(",")] if agents else None
    try:
        log = play_logged(
            engine,
            chosen,
            seed + match,
            readings,
            names,
            max_steps,
            on_move=lambda m: console.print(f"{m.number:>5}  seat {m.seat}  {m.text}", highlight=False),
        )
    except (SimulationUsageError, ValueError) as exc:
        shared.usage_error(str(exc))
    _report_end(console, log, file)
    if json_path is not None:
        shared.write_json(log.to_json(), json_path)


@app.command()
def play(
    file: shared.GameFile,
    players: shared.PlayersOption = None,
    seat: Annotated[int, typer.Option("--seat", help="Your seat (0 = the first player).")] = 0,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the shuffle and of the agents.")] = 0,
    agents: shared.AgentsOption = None,
    reading: shared.ReadingOption = None,
) -> None:
    """Play a match yourself at one seat, against the agents at the others."""
    from ..sim.matches import SimulationUsageError
    from ..sim.replay import Move, describe_observation, play_logged

    engine, _loader = shared.load_engine(file)
    chosen = shared.choose_players(engine, players)
    if not 0 <= seat < chosen:
        shared.usage_error(f"--seat must be between 0 and {chosen - 1}")
    readings = shared.parse_readings(reading or [])
    console = shared.stderr_console()

    def ask(state, legal: list[int]) -> int:
        console.print()
        for line in describe_observation(state.observation(seat), engine.RULES):
            console.print("  " + line, highlight=False)
        for i, action in enumerate(legal, 1):
            console.print(f"  [{i}] {state.action_str(action)}", highlight=False)
        while True:
            answer = typer.prompt(f"seat {seat}, your move (1-{len(legal)})", err=True)
            if answer.strip().isdigit() and 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            console.print(f"  please answer a number from 1 to {len(legal)}")

    def shown(move: Move) -> None:
        if move.seat != seat:
            console.print(f"seat {move.seat}: {move.text}", highlight=False)

    names = [a.strip() for a in agents.split(",")] if agents else None
    try:
        log = play_logged(engine, chosen, seed, readings, names, human_seat=seat, ask_human=ask, on_move=shown)
    except (SimulationUsageError, ValueError) as exc:
        shared.usage_error(str(exc))
    _report_end(console, log, file)


def _report_end(console, log, file: Path) -> None:
    if log.gap is not None:
        console.print(
            f"rule gap after {len(log.moves)} moves: {file}:{log.gap.line}: {log.gap.message} [{log.gap.code}]",
            highlight=False,
        )
    elif log.truncated:
        console.print(f"no end after {len(log.moves)} moves (--max-steps)", highlight=False)
    else:
        scores = ", ".join(f"seat {i}: {score:g}" for i, score in enumerate(log.returns or []))
        won = ", ".join(str(w) for w in log.winners or [])
        console.print(f"final scores: {scores}; won by seat {won}", highlight=False)
