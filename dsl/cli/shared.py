"""The `cardrules` application object, the options several commands share, and their helpers.

Reports (`validate` findings, `simulate` and `readings` tables, replays) go to stdout; progress,
notes, warnings and errors to stderr; machine output (`--format json`, `--json PATH`) to stdout or
the given file. Every failure a user can cause ends in a diagnostic or a one-line message with exit
code 2 (bad usage, unreadable input) or 1 (the rules have errors, drift, a failed run); an
unexpected exception is a bug and ends in one line and exit code 3, never a traceback.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from dsl.report.files import printable, read_rule_text, write_atomic
from dsl.report.diagnostics import Diagnostic, DiagnosticError, error
from dsl.report.render import FileReport, render_report, stderr_console, stdout_console  # noqa: F401 (stdout_console: for the commands)

from .options import MAX_WORKERS, Backend, OutputFormat  # noqa: F401 (the commands' option types)

if TYPE_CHECKING:
    from dsl.sim.matches import EngineLoader

try:  # typer >= 0.20 vendors click; TyperException is the base of its usage errors
    from typer import TyperException as CommandLineError  # noqa: F401 (caught by the entry point)
except ImportError:  # pragma: no cover - older typer on top of click
    from click.exceptions import ClickException as CommandLineError  # noqa: F401

ISSUES_URL = "https://github.com/cardrules/cardrules/issues"
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
# Gap codes that mean the engine (not the rules) is broken: the run itself failed.
ENGINE_FAILURES = ("internal-error", "illegal-action", "agent-error")

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
    # Plain help pages: typer's rich ones import rich's Markdown and table support, most of the
    # time `cardrules --help` took to start.
    rich_markup_mode=None,
)


def _print_version(wanted: bool) -> None:
    if wanted:
        from dsl import __version__

        typer.echo(f"cardrules {__version__}")
        raise typer.Exit(EXIT_OK)


@app.callback()
def _main_options(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", is_eager=True, callback=_print_version)
    ] = False,
) -> None:
    del version  # handled by its callback, before any command runs


def plain_flags(command) -> None:
    """Show on/off options in `--help` as plain flags, without a `<bool>` type, in every command."""
    for sub in [command, *getattr(command, "commands", {}).values()]:
        for param in sub.params:
            if getattr(param, "is_flag", False):
                param.metavar = ""
        sub.get_help_option = functools.partial(_plain_help_option, sub.get_help_option)


def _plain_help_option(make, ctx):
    option = make(ctx)
    if option is not None:
        option.metavar = ""
    return option


# Options shared by several commands (Annotated aliases keep the signatures short).
GameFile = Annotated[Path, typer.Argument(help="A .cardrules file, or a compiled engine module .py.")]
PlayersOption = Annotated[int | None, typer.Option("--players", help="Player count (default: the smallest allowed).")]
SeedOption = Annotated[
    int, typer.Option("--seed", help="Match i plays seed SEED+i; --seed SEED+i --games 1 replays it.")
]
AgentsOption = Annotated[
    str | None,
    typer.Option(
        "--agents",
        metavar="A,B,..",
        help="Agents per seat, cycled: random, first, greedy, mcts, or any package.module:Class.",
    ),
]
BudgetOption = Annotated[
    str | None,
    typer.Option("--budget", metavar="N|Nms", help="Search budget of every agent: N iterations, or N ms per decision."),
]
PlotOption = Annotated[
    Path | None,
    typer.Option("--plot", metavar="FILE.png|FILE.svg", help="Draw charts here (needs the extra 'plot')."),
]
NativeOption = Annotated[
    bool,
    typer.Option(
        "--native",
        help="Play with the engine built as a C extension (needs the extra 'native' and a C compiler; "
        "built once, then cached): the same matches, faster.",
    ),
]
QuietOption = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress bar, report or notes: only warnings and errors.")
]


def count_between(low: int, high: int | None = None):
    """An option callback: a count outside low..high is a usage error. The bounds are checked
    here rather than by typer's `min`/`max`, whose words change with its version (through pydantic
    since typer 0.29), so the message stays the project's own."""

    def check(value: int | None) -> int | None:
        if value is not None and value < low:
            raise typer.BadParameter(f"must be greater than or equal to {low}, not {value}")
        if value is not None and high is not None and value > high:
            raise typer.BadParameter(f"must be less than or equal to {high}, not {value}")
        return value

    return check


WorkersOption = Annotated[
    int,
    typer.Option(
        "--workers",
        callback=count_between(1, MAX_WORKERS),
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
    stderr_console().print(f"cardrules: error: {printable(message)}", highlight=False, markup=False)
    raise typer.Exit(EXIT_USAGE)


def read_source(path: Path) -> tuple[str | None, Diagnostic | None]:
    """The file's text, or None and an `io-error` diagnostic saying why it cannot be read."""
    text, problem = read_rule_text(path)
    if problem is not None:
        return None, error("io-error", f"cannot read {path}: {problem}", file=str(path))
    return text, None


def require_readable(path: Path) -> str:
    """The file's text; otherwise render the io-error diagnostic and exit 2."""
    text, problem = read_source(path)
    if problem is not None:
        render_report([FileReport(str(path), [problem], None)], summary=False)
        raise typer.Exit(EXIT_USAGE)
    return text


def load_engine(path: Path, native: bool = False) -> tuple[ModuleType, EngineLoader]:
    """The engine for a `.cardrules` file (compiled in memory, or built as a C extension with
    `native`) or an engine module `.py` file, with a picklable loader that re-creates it in worker
    processes."""
    from dsl.sim.matches import load_engine_module

    text = require_readable(path)
    if path.suffix == ".py":
        if native:
            usage_error("--native builds the engine of a .cardrules file; give the rule file, not its module")
        try:
            module = load_engine_module(str(path))
        except Exception as exc:  # noqa: BLE001 - a broken engine file is bad input, not our bug
            usage_error(f"cannot import the engine module {path}: {type(exc).__name__}: {exc}")
        if not is_engine_module(module):
            usage_error(
                f"{path} is not a cardrules engine module (it lacks RULES, new_game or State); "
                "give a .cardrules file, or a module `cardrules compile` wrote"
            )
        return module, functools.partial(load_engine_module, str(path))
    from dsl.api import load_game

    try:
        return load_game(str(path), native=native), functools.partial(load_game, str(path), native=native)
    except DiagnosticError as exc:
        render_report([FileReport(str(path), exc.diagnostics, text)])
        unreadable = any(d.code == "io-error" for d in exc.diagnostics)
        raise typer.Exit(EXIT_USAGE if unreadable else EXIT_FAILED) from None


def is_engine_module(module: ModuleType) -> bool:
    """Whether a module imported from a `.py` file has what the commands use of an engine: its
    `RULES` (with the player counts), `new_game` and `State` class (a hand-written engine of the
    engine API qualifies as well as a compiled one)."""
    rules = getattr(module, "RULES", None)
    return (
        isinstance(rules, dict)
        and isinstance(rules.get("players"), (list, tuple))
        and callable(getattr(module, "new_game", None))
        and isinstance(getattr(module, "State", None), type)
    )


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
