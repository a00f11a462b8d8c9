"""`cardrules simulate` and `cardrules readings`: many matches, their statistics, and what each reading changes."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import Annotated

import typer

from dsl.cli.longrun import EXIT_INTERRUPTED, ReadingsLog, RunLog, command_line, report_interrupt, sigterm_as_interrupt
from dsl.report.render import stderr_console, stdout_console

from .options import DEFAULT_MAX_STEPS
from .shared import (
    EXIT_FAILED,
    AgentsOption,
    Backend,
    BudgetOption,
    GameFile,
    MaxStepsOption,
    NativeOption,
    PlayersOption,
    PlotOption,
    QuietOption,
    ReadingOption,
    SeedOption,
    WorkersOption,
    app,
    choose_players,
    engine_failed,
    load_engine,
    parse_readings,
    usage_error,
    write_json,
)


def wrote(path: Path, quiet: bool) -> None:
    """The note after a file is written ("-" is stdout, which needs none)."""
    if not quiet and str(path) != "-":
        stderr_console().print(f"wrote {path}", highlight=False, markup=False)


def checked_plot(plot: Path | None) -> None:
    """A bad --plot (extension, no matplotlib) is a usage error before anything is played."""
    from dsl.sim.plot import check_plot_path
    from dsl.sim.matches import SimulationUsageError

    if plot is not None:
        try:
            check_plot_path(plot)
        except SimulationUsageError as exc:
            usage_error(str(exc))


def checked_outputs(**paths: Path | None) -> None:
    """Each file the command will write (by option name: json, plot, log) can be written: a
    folder, a missing or read-only folder is a usage error before any match is played, not after."""
    for option, path in paths.items():
        if path is None or str(path) == "-":
            continue
        problem = output_problem(path, regular_only=option == "log")
        if problem is not None:
            usage_error(
                f"cannot write --{option} {path}: {problem}\n"
                "hint: give a file in a folder that exists and that you may write to"
            )


def output_problem(path: Path, regular_only: bool) -> str | None:
    """Why `path` cannot be written as a new or replaced file, or None when it seems it can."""
    try:
        if path.is_dir():
            return "it is a folder, not a regular file"
        if regular_only and path.exists() and not path.is_file():
            return "it is not a regular file (a named pipe or a device)"
        folder = path.parent
        if not folder.exists():
            return f"the folder {folder} does not exist"
        if not folder.is_dir():
            return f"{folder} is not a folder"
        if not os.access(folder, os.W_OK | os.X_OK):
            return f"the folder {folder} is not writable"
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        return getattr(exc, "strerror", None) or str(exc)
    return None


def run_matches(*args, **kwargs) -> dict:
    """`dsl.sim.matches.run_matches`, imported when a command plays: the simulator is not needed
    to start the command line."""
    from dsl.sim.matches import run_matches as run

    return run(*args, **kwargs)


# --- simulate ---------------------------------------------------------------------------------


@app.command(
    epilog=(
        "Ctrl-C (or SIGTERM) stops a run cleanly: the summary of the finished matches is shown and "
        "written (--json, --plot) and the exit code is 130; with --log, the command that resumes the "
        "run is shown. A resumed run gives the JSON of an uninterrupted one, except elapsed_s and games_per_s."
    )
)
def simulate(
    file: GameFile,
    players: PlayersOption = None,
    games: Annotated[int, typer.Option("--games", help="Number of matches.")] = 100,
    seed: SeedOption = 0,
    agents: AgentsOption = None,
    budget: BudgetOption = None,
    reading: ReadingOption = None,
    workers: WorkersOption = 1,
    native: NativeOption = False,
    backend: Annotated[Backend, typer.Option("--backend", help="local processes or a ray cluster.")] = Backend.local,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address", metavar="HOST:PORT", help="The Ray cluster of --backend ray (default: start a local one)."
        ),
    ] = None,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write the summary as JSON here ('-' for stdout).")
    ] = None,
    max_steps: MaxStepsOption = DEFAULT_MAX_STEPS,
    plot: PlotOption = None,
    quiet: QuietOption = False,
    log: Annotated[
        Path | None,
        typer.Option(
            "--log",
            metavar="FILE.jsonl",
            help="Append one JSON line per finished match here (seed, actions, outcome); lets --resume finish the run.",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE.jsonl",
            help="Continue an interrupted run from its --log file (same options): play only the missing matches.",
        ),
    ] = None,
) -> None:
    """Play matches with agents; report seat fairness, length, scores and rule gaps (on stdout)."""
    from dsl.sim.matches import SimulationInterrupted, SimulationUsageError
    from dsl.sim.matchlog import MatchLogError

    if log is not None and resume is not None and log != resume:
        usage_error("--resume appends to the log it continues; give --log only for a new run")
    if ray_address is not None and backend is not Backend.ray:
        usage_error("--ray-address is for --backend ray")
    checked_plot(plot)
    checked_outputs(json=json_path, plot=plot, log=log if resume is None else None)
    engine, loader = load_engine(file, native)
    chosen_players = choose_players(engine, players)
    readings = parse_readings(reading or [])
    agent_names = [name.strip() for name in agents.split(",")] if agents else None
    log_path = resume or log
    run_log = None
    try:
        if log_path is not None:
            run_log = RunLog.open(
                log_path,
                resume is not None,
                engine,
                chosen_players,
                games,
                seed,
                readings,
                agent_names,
                max_steps,
                budget,
            )
    except (SimulationUsageError, MatchLogError) as exc:
        usage_error(str(exc))
    reproduce = [f"cardrules simulate {shlex.quote(str(file))} --players {chosen_players}"]
    reproduce += [f"--reading {shlex.quote(f'{name}={value}')}" for name, value in readings.items()]
    if agents:
        reproduce.append(f"--agents {shlex.quote(agents)}")
    if budget:
        reproduce.append(f"--budget {shlex.quote(budget)}")
    if max_steps != DEFAULT_MAX_STEPS:
        reproduce.append(f"--max-steps {max_steps}")
    interrupted = None
    try:
        with sigterm_as_interrupt():
            summary = run_matches(
                engine,
                chosen_players,
                games,
                seed,
                readings=readings,
                agents=agent_names,
                max_steps=max_steps,
                workers=workers,
                progress=not quiet,
                loader=loader,
                backend=backend.value,
                budget=budget,
                ray_address=ray_address,
                finished=run_log.finished if run_log else None,
                on_result=run_log.on_result if run_log else None,
                record_actions=run_log is not None,
            )
    except SimulationUsageError as exc:
        usage_error(str(exc))
    except SimulationInterrupted as exc:
        interrupted = exc
        summary = {**exc.summary, "interrupted": True, "games_requested": games}
    finally:
        if run_log is not None:
            run_log.close()
    summary["file"] = str(file)
    if not quiet:
        from dsl.sim.tables import render_simulation

        # With --json - the JSON alone is the standard output; the table goes with the notes.
        console = stderr_console() if str(json_path) == "-" else stdout_console()
        render_simulation(summary, console, reproduce=" ".join(reproduce))
    if json_path is not None:
        write_json(summary, json_path)
        wrote(json_path, quiet)
    if plot is not None:
        from dsl.sim.plot import write_simulation_plot

        write_plot(plot, quiet, write_simulation_plot, summary)
    if interrupted is not None:
        resume_with = None
        if log_path is not None:
            options = {"--players": chosen_players, "--games": games, "--seed": seed}
            options["--reading"] = [f"{name}={value}" for name, value in readings.items()]
            options |= {"--agents": agents, "--budget": budget}
            options |= {"--max-steps": max_steps if max_steps != DEFAULT_MAX_STEPS else None}
            options |= {"--workers": workers if workers != 1 else None, "--json": json_path, "--plot": plot}
            options["--native"] = native or None
            options["--backend"] = backend.value if backend is not Backend.local else None
            resume_with = command_line("simulate", file, {**options, "--resume": log_path})
        report_interrupt(stderr_console(), interrupted.finished, games, resume_with, json_path)
        raise typer.Exit(EXIT_INTERRUPTED)
    if engine_failed(summary):
        raise typer.Exit(EXIT_FAILED)


# --- readings ---------------------------------------------------------------------------------


@app.command(
    epilog=(
        "Ctrl-C (or SIGTERM) stops cleanly: the readings compared so far are shown and written "
        '(--json, with "interrupted": true) and the exit code is 130.'
    )
)
def readings(
    file: GameFile,
    players: PlayersOption = None,
    games: Annotated[int, typer.Option("--games", help="Matches per reading.")] = 500,
    seed: SeedOption = 0,
    agents: AgentsOption = None,
    budget: BudgetOption = None,
    workers: WorkersOption = 1,
    native: NativeOption = False,
    max_steps: MaxStepsOption = DEFAULT_MAX_STEPS,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write the comparison as JSON here ('-' for stdout).")
    ] = None,
    plot: PlotOption = None,
    quiet: QuietOption = False,
    log: Annotated[
        Path | None,
        typer.Option(
            "--log",
            metavar="FILE.jsonl",
            help="Append one JSON line per finished match of every run here; lets --resume finish the comparison.",
        ),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            "--resume",
            metavar="FILE.jsonl",
            help="Continue an interrupted comparison from its --log file (same options).",
        ),
    ] = None,
) -> None:
    """Measure how much each ambiguous reading changes the outcome, against the defaults."""
    from dsl.sim.matches import SimulationUsageError
    from dsl.sim.matchlog import MatchLogError
    from dsl.sim.stats import ComparisonInterrupted, compare_readings

    if log is not None and resume is not None and log != resume:
        usage_error("--resume appends to the log it continues; give --log only for a new run")
    checked_plot(plot)
    checked_outputs(json=json_path, plot=plot, log=log if resume is None else None)
    engine, loader = load_engine(file, native)
    chosen_players = choose_players(engine, players)
    agent_names = [name.strip() for name in agents.split(",")] if agents else None
    log_path = resume or log
    run_log = None
    try:
        if log_path is not None:
            run_log = ReadingsLog(
                log_path, resume is not None, engine, chosen_players, games, seed, agent_names, max_steps, budget
            )
    except (SimulationUsageError, MatchLogError) as exc:
        usage_error(str(exc))

    def play(readings: dict[str, str]) -> dict:
        logged = run_log.run_options(readings) if run_log is not None else {}
        return run_matches(
            engine,
            chosen_players,
            games,
            seed,
            readings=readings,
            agents=agent_names,
            max_steps=max_steps,
            workers=workers,
            progress=not quiet,
            loader=loader,
            budget=budget,
            **logged,
        )

    interrupted = False
    try:
        with sigterm_as_interrupt():
            report = compare_readings(engine.RULES, play)
    except SimulationUsageError as exc:
        usage_error(str(exc))
    except ComparisonInterrupted as exc:
        interrupted, report = True, {**exc.report, "interrupted": True}
    finally:
        if run_log is not None:
            run_log.close()
    from dsl.sim.matches import seat_agents
    from dsl.sim.tables import render_readings

    report.update({"players": chosen_players, "games": games, "seed": seed, "budget": budget})
    report["agents"] = seat_agents(agent_names, chosen_players)
    out = stderr_console() if str(json_path) == "-" else stdout_console()
    if interrupted:
        console = stderr_console()
        if report["baseline"] is None:
            console.print("interrupted before the run with the default readings finished: nothing to compare")
        elif not quiet:
            render_readings(report, out)
        if json_path is not None:
            write_json(report, json_path)
            wrote(json_path, quiet)
        compared = sum(len(a["readings"]) for a in report["ambiguities"])
        console.print(
            f"interrupted: {compared} reading{'s' if compared != 1 else ''} compared with the defaults; "
            "a run cut short is left out",
            highlight=False,
        )
        if log_path is not None:
            options = {"--players": chosen_players, "--games": games, "--seed": seed, "--agents": agents}
            options["--budget"] = budget
            options |= {"--max-steps": max_steps if max_steps != DEFAULT_MAX_STEPS else None}
            options |= {"--workers": workers if workers != 1 else None, "--json": json_path, "--resume": log_path}
            options["--native"] = native or None
            console.print(f"resume with: {command_line('readings', file, options)}", highlight=False)
        else:
            console.print("to resume an interrupted comparison, start it with --log FILE.jsonl", highlight=False)
        raise typer.Exit(EXIT_INTERRUPTED)
    if not quiet:
        render_readings(report, out)
    if json_path is not None:
        write_json(report, json_path)
        wrote(json_path, quiet)
    if plot is not None and report["baseline"] is not None:
        from dsl.sim.plot import write_readings_plot

        write_plot(plot, quiet, write_readings_plot, report)
    runs = [report["baseline"]] + [r["stats"] for a in report["ambiguities"] for r in a["readings"]]
    if any(engine_failed(stats) for stats in runs):
        raise typer.Exit(EXIT_FAILED)


def write_plot(path: Path, quiet: bool, draw, data: dict) -> None:
    """`draw(data, path)`; a file that cannot be written is one line and exit 2."""
    try:
        draw(data, path)
    except OSError as exc:
        usage_error(f"cannot write {path}: {exc.strerror or exc}")
    wrote(path, quiet)
