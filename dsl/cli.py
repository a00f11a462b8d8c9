"""The `cardrules` command line (DESIGN section 6).

Human output goes to stderr; machine output (`--format json`, `--json PATH`) to stdout or the
given file. Every failure a user can cause ends in a diagnostic or a one-line message with exit
code 2 (bad usage, unreadable input) or 1 (the rules have errors, drift, a failed run); an
unexpected exception is a bug and ends in one line and exit code 3, never a traceback.
"""

from __future__ import annotations

import functools
import json
import shlex
import sys
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import Annotated, NoReturn

import typer

from dsl import cli_match, cli_source
from dsl.atomic import write_atomic
from dsl.cli_longrun import EXIT_INTERRUPTED, ReadingsLog, RunLog, command_line, report_interrupt, sigterm_as_interrupt
from dsl.diagnostics import Diagnostic, DiagnosticError, Severity, error
from dsl.matchlog import MatchLogError
from dsl.render import FileReport, render_readings, render_report, render_simulation, stderr_console, to_json
from dsl.simulate import (
    MAX_WORKERS,
    EngineLoader,
    SimulationInterrupted,
    SimulationUsageError,
    load_engine_module,
    run_matches,
)
from dsl.stats import ComparisonInterrupted, compare_readings

try:  # typer >= 0.20 vendors click; TyperException is the base of its usage errors
    from typer import TyperException as CommandLineError
except ImportError:  # pragma: no cover - older typer on top of click
    from click.exceptions import ClickException as CommandLineError

ISSUES_URL = "https://github.com/cardrules/cardrules/issues"
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
# Gap codes that mean the engine (not the rules) is broken: the run itself failed.
ENGINE_FAILURES = ("internal-error", "illegal-action")
ALPHA = 0.01

app = typer.Typer(
    name="cardrules",
    help="Validate, compile and simulate card games written in the cardrules language.",
    epilog=(
        "Exit codes: 0 success; 1 the rules have errors (or warnings with --strict), compiled "
        "files drifted, or a run failed; 2 bad usage or unreadable input; 3 internal error "
        f"(a bug in cardrules: please report it at {ISSUES_URL})."
    ),
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


class Backend(str, Enum):
    local = "local"
    ray = "ray"


# Options shared by several commands (Annotated aliases keep the signatures short).
GameFile = Annotated[Path, typer.Argument(help="A .cardrules file, or a compiled engine module .py.")]
PlayersOption = Annotated[int | None, typer.Option("--players", help="Player count (default: the smallest allowed).")]
SeedOption = Annotated[
    int, typer.Option("--seed", help="Match i plays seed SEED+i; --seed SEED+i --games 1 replays it.")
]
AgentsOption = Annotated[
    str | None, typer.Option("--agents", metavar="A,B,..", help="Agents per seat: random or first (cycled).")
]
WorkersOption = Annotated[
    int,
    typer.Option(
        "--workers",
        min=1,
        max=MAX_WORKERS,
        help=f"Processes to run matches in (1 to {MAX_WORKERS}); results do not depend on it.",
    ),
]
ReadingOption = Annotated[
    list[str] | None,
    typer.Option("--reading", metavar="NAME=VALUE", help="NAME=VALUE: choose a reading of an ambiguity."),
]
MaxStepsOption = Annotated[int, typer.Option("--max-steps", help="Decisions before a match counts as endless.")]


# --- shared helpers ---------------------------------------------------------------------------


def usage_error(message: str) -> NoReturn:
    stderr_console().print(f"cardrules: error: {message}", highlight=False, markup=False)
    raise typer.Exit(EXIT_USAGE)


def read_source(path: Path) -> tuple[str | None, Diagnostic | None]:
    """The file's text, or None and an `io-error` diagnostic saying why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8"), None
    except UnicodeDecodeError as exc:
        reason = f"not valid UTF-8 (byte {exc.start})"
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
    return None, error("io-error", f"cannot read {path}: {reason}", file=str(path))


def require_readable(path: Path) -> str:
    """The file's text; otherwise render the io-error diagnostic and exit 2."""
    text, problem = read_source(path)
    if problem is not None:
        render_report([FileReport(str(path), [problem], None)], summary=False)
        raise typer.Exit(EXIT_USAGE)
    return text


def load_engine(path: Path) -> tuple[ModuleType, EngineLoader]:
    """The engine for a `.cardrules` file (compiled in memory) or an engine module `.py` file,
    with a picklable loader that re-creates it in worker processes."""
    text = require_readable(path)
    if path.suffix == ".py":
        try:
            return load_engine_module(str(path)), functools.partial(load_engine_module, str(path))
        except Exception as exc:  # noqa: BLE001 - a broken engine file is bad input, not our bug
            usage_error(f"cannot import the engine module {path}: {type(exc).__name__}: {exc}")
    from dsl.api import load_game

    try:
        return load_game(str(path)), functools.partial(load_game, str(path))
    except DiagnosticError as exc:
        render_report([FileReport(str(path), exc.diagnostics, text)])
        unreadable = any(d.code == "io-error" for d in exc.diagnostics)
        raise typer.Exit(EXIT_USAGE if unreadable else EXIT_FAILED) from None


def parse_readings(options: list[str]) -> dict[str, str]:
    readings = {}
    for option in options:
        name, sep, value = option.partition("=")
        if not sep or not name.strip() or not value.strip():
            usage_error(f"--reading expects NAME=VALUE, got {option!r}")
        readings[name.strip()] = value.strip()
    return readings


def choose_players(engine: ModuleType, players: int | None) -> int:
    allowed = list(engine.RULES.get("players", []))
    if players is None:
        if not allowed:
            usage_error("the game allows no player count")
        return min(allowed)
    if players not in allowed:
        name = engine.RULES.get("name", "this game")
        usage_error(f"{name} is for {', '.join(map(str, allowed))} players, not {players}")
    return players


def write_json(data: dict, path: Path) -> None:
    """Write `data` to `path` ("-" means stdout)."""
    payload = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if str(path) == "-":
        sys.stdout.write(payload)
        return
    write_file(path, payload)


def write_file(path: Path, content: str | bytes) -> None:
    """Write a file the command produces, atomically; a failure is one line and exit 2."""
    try:
        write_atomic(path, content)
    except OSError as exc:
        usage_error(f"cannot write {path}: {exc.strerror or exc}")


def engine_failed(summary: dict) -> bool:
    return any(gap["code"] in ENGINE_FAILURES for gap in summary["rule_gaps"])


# --- validate ---------------------------------------------------------------------------------


@app.command(
    epilog=(
        "Ctrl-C (or SIGTERM) during --simulate reports the findings so far (the checks that need no "
        "play, and the matches that finished) and exits 130."
    )
)
def validate(
    files: Annotated[list[Path], typer.Argument(help=".cardrules files to check.")],
    format: Annotated[OutputFormat, typer.Option("--format", help="text for people, json for tools.")] = (
        OutputFormat.text
    ),
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 on warnings too.")] = False,
    simulate: Annotated[
        int,
        typer.Option(
            "--simulate",
            min=0,
            metavar="N",
            help="Also play N random matches per player count and reading; report rule gaps and rules that never fire.",
        ),
    ] = 0,
) -> None:
    """Check rule files: syntax, meaning, ambiguities, worked examples (and, with --simulate, play)."""
    from dsl.checks.simulated import FindingsInterrupted

    reports: list[FileReport] = []
    interrupted = None
    with sigterm_as_interrupt():
        for path in files:
            try:
                reports.append(validate_file(path, simulate))
            except FindingsInterrupted as exc:
                # The static findings of this file, plus those of the matches that were played.
                static = validate_file(path, 0)
                reports.append(FileReport(static.file, static.diagnostics + exc.findings, static.text))
                interrupted = (path, exc)
                break
            except KeyboardInterrupt:
                interrupted = (path, None)
                break
    if format is OutputFormat.json:
        data = to_json(reports)
        if interrupted is not None:
            data["interrupted"] = True
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        render_report(reports)
    if interrupted is not None:
        path, exc = interrupted
        played = f" after {exc.played} of {exc.requested} simulated matches" if exc is not None else ""
        skipped = len(files) - len(reports)
        rest = f"; {skipped} file{'s' if skipped != 1 else ''} not checked" if skipped else ""
        stderr_console().print(f"interrupted in {path}{played}{rest}", highlight=False, markup=False)
        raise typer.Exit(EXIT_INTERRUPTED)
    diagnostics = [d for report in reports for d in report.diagnostics]
    if any(d.code == "io-error" for d in diagnostics):
        raise typer.Exit(EXIT_USAGE)
    failing = (Severity.ERROR, Severity.WARNING) if strict else (Severity.ERROR,)
    if any(d.severity in failing for d in diagnostics):
        raise typer.Exit(EXIT_FAILED)


def validate_file(path: Path, simulate: int = 0) -> FileReport:
    text, problem = read_source(path)
    if problem is not None:
        return FileReport(str(path), [problem], None)
    from dsl.api import check_source

    # A progress bar for the simulated matches (transient, on stderr, only on a terminal).
    return FileReport(str(path), list(check_source(text, str(path), simulate=simulate, progress=simulate > 0)), text)


# --- compile ----------------------------------------------------------------------------------


@app.command("compile")
def compile_command(
    files: Annotated[list[Path], typer.Argument(help=".cardrules files to compile.")],
    out: Annotated[Path, typer.Option("--out", help="Directory for the engine modules.")] = Path("generated"),
    check: Annotated[bool, typer.Option("--check", help="Compare with the existing modules; exit 1 on drift.")] = False,
) -> None:
    """Compile rule files into Python engine modules (<out>/<game>.py)."""
    console = stderr_console()
    exit_code = EXIT_OK
    drifted: list[tuple[Path, Path]] = []
    for path in files:
        text, problem = read_source(path)
        if problem is not None:
            render_report([FileReport(str(path), [problem], None)], console, summary=False)
            exit_code = EXIT_USAGE
            continue
        from dsl.api import compile_file

        compiled = compile_file(str(path))
        if compiled.source is None or any(d.is_error for d in compiled.diagnostics):
            shown = [d for d in compiled.diagnostics if d.severity is not Severity.INFO]
            render_report([FileReport(str(path), shown, compiled.text or text)], console)
            exit_code = max(exit_code, EXIT_FAILED)
            continue
        target = out / f"{compiled.module_name}.py"
        data = compiled.source.encode("utf-8")
        if check:
            if not target.is_file() or target.read_bytes() != data:
                drifted.append((path, target))
            continue
        try:
            out.mkdir(parents=True, exist_ok=True)
            write_atomic(target, data)
        except OSError as exc:
            usage_error(f"cannot write {target}: {exc.strerror or exc}")
        console.print(f"compiled {path} -> {target}", highlight=False)
    for path, target in drifted:
        state = "is out of date with" if target.is_file() else "is missing for"
        console.print(f"drift: {target} {state} {path} (run: cardrules compile {path})", highlight=False)
    if drifted:
        exit_code = max(exit_code, EXIT_FAILED)
    elif check and exit_code == EXIT_OK:
        console.print(f"{len(files)} compiled file{'s' if len(files) != 1 else ''} up to date", highlight=False)
    raise typer.Exit(exit_code)


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
    reading: ReadingOption = None,
    workers: WorkersOption = 1,
    backend: Annotated[Backend, typer.Option("--backend", help="local processes or a ray cluster.")] = Backend.local,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write the summary as JSON here ('-' for stdout).")
    ] = None,
    max_steps: MaxStepsOption = 10_000,
    plot: Annotated[Path | None, typer.Option("--plot", help="Write an SVG chart of the results here.")] = None,
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
    """Play matches with simple agents; report seat fairness, length, scores and rule gaps."""
    if log is not None and resume is not None and log != resume:
        usage_error("--resume appends to the log it continues; give --log only for a new run")
    engine, loader = load_engine(file)
    chosen_players = choose_players(engine, players)
    readings = parse_readings(reading or [])
    agent_names = [name.strip() for name in agents.split(",")] if agents else None
    log_path = resume or log
    run_log = None
    try:
        if log_path is not None:
            run_log = RunLog.open(
                log_path, resume is not None, engine, chosen_players, games, seed, readings, agent_names, max_steps
            )
    except (SimulationUsageError, MatchLogError) as exc:
        usage_error(str(exc))
    reproduce = [f"cardrules simulate {shlex.quote(str(file))} --players {chosen_players}"]
    reproduce += [f"--reading {shlex.quote(f'{name}={value}')}" for name, value in readings.items()]
    if agents:
        reproduce.append(f"--agents {shlex.quote(agents)}")
    if max_steps != 10_000:
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
                progress=True,
                loader=loader,
                backend=backend.value,
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
    render_simulation(summary, reproduce=" ".join(reproduce))
    if json_path is not None:
        write_json(summary, json_path)
    if plot is not None:
        from dsl.plot import simulation_svg

        write_file(plot, simulation_svg(summary))
    if interrupted is not None:
        resume_with = None
        if log_path is not None:
            options = {"--players": chosen_players, "--games": games, "--seed": seed}
            options["--reading"] = [f"{name}={value}" for name, value in readings.items()]
            options |= {"--agents": agents, "--max-steps": max_steps if max_steps != 10_000 else None}
            options |= {"--workers": workers if workers != 1 else None, "--json": json_path, "--plot": plot}
            options["--backend"] = backend.value if backend is not Backend.local else None
            resume_with = command_line("simulate", file, {**options, "--resume": log_path})
        report_interrupt(stderr_console(), len(interrupted.results), games, resume_with, json_path)
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
    workers: WorkersOption = 1,
    max_steps: MaxStepsOption = 10_000,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Write the comparison as JSON here ('-' for stdout).")
    ] = None,
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
    if log is not None and resume is not None and log != resume:
        usage_error("--resume appends to the log it continues; give --log only for a new run")
    engine, loader = load_engine(file)
    chosen_players = choose_players(engine, players)
    agent_names = [name.strip() for name in agents.split(",")] if agents else None
    log_path = resume or log
    run_log = None
    try:
        if log_path is not None:
            run_log = ReadingsLog(
                log_path, resume is not None, engine, chosen_players, games, seed, agent_names, max_steps
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
            progress=True,
            loader=loader,
            **logged,
        )

    interrupted = False
    try:
        with sigterm_as_interrupt():
            report = compare_readings(engine.RULES, play, alpha=ALPHA)
    except SimulationUsageError as exc:
        usage_error(str(exc))
    except ComparisonInterrupted as exc:
        interrupted, report = True, {**exc.report, "interrupted": True}
    finally:
        if run_log is not None:
            run_log.close()
    report.update({"players": chosen_players, "games": games, "seed": seed})
    if interrupted:
        console = stderr_console()
        if report["baseline"] is None:
            console.print("interrupted before the run with the default readings finished: nothing to compare")
        else:
            render_readings(report)
        if json_path is not None:
            write_json(report, json_path)
        compared = sum(len(a["readings"]) for a in report["ambiguities"])
        console.print(
            f"interrupted: {compared} reading{'s' if compared != 1 else ''} compared with the defaults; "
            "a run cut short is left out",
            highlight=False,
        )
        if log_path is not None:
            options = {"--players": chosen_players, "--games": games, "--seed": seed, "--agents": agents}
            options |= {"--max-steps": max_steps if max_steps != 10_000 else None}
            options |= {"--workers": workers if workers != 1 else None, "--json": json_path, "--resume": log_path}
            console.print(f"resume with: {command_line('readings', file, options)}", highlight=False)
        else:
            console.print("to resume an interrupted comparison, start it with --log FILE.jsonl", highlight=False)
        raise typer.Exit(EXIT_INTERRUPTED)
    render_readings(report)
    if json_path is not None:
        write_json(report, json_path)
    runs = [report["baseline"]] + [r["stats"] for a in report["ambiguities"] for r in a["readings"]]
    if any(engine_failed(stats) for stats in runs):
        raise typer.Exit(EXIT_FAILED)


# --- one match at a time: replay and play live in their own module ------------------------------

cli_match.register(app)
cli_source.register(app)


# --- entry point ------------------------------------------------------------------------------


def run(argv: list[str] | None = None) -> int:
    """Run the command line and return its exit code (used by `main` and by tests)."""
    try:
        command = typer.main.get_command(app)
        result = command.main(args=argv, prog_name="cardrules", standalone_mode=False)
        return result if isinstance(result, int) else EXIT_OK
    except CommandLineError as exc:
        # Click-style usage errors (missing argument, bad option value): one line, exit 2.
        context = getattr(exc, "ctx", None)
        where = context.command_path if context is not None else "cardrules"
        message = " ".join(exc.format_message().split())
        if message:  # empty when click has already printed the help (no arguments given)
            sys.stderr.write(f"{where}: error: {message} (see '{where} --help')\n")
        return getattr(exc, "exit_code", EXIT_USAGE)
    except typer.Abort:
        sys.stderr.write("cardrules: aborted\n")
        return EXIT_FAILED
    except Exception as exc:  # noqa: BLE001 - the one place that turns a bug into one line
        first_line = (str(exc).splitlines() or [""])[0]
        sys.stderr.write(
            f"cardrules: internal error: {type(exc).__name__}: {first_line} (please report this at {ISSUES_URL})\n"
        )
        return EXIT_INTERNAL


def main(argv: list[str] | None = None) -> NoReturn:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
