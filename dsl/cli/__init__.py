"""The `cardrules` command line: one module per group of commands, all registered on one app.

Reports for people go to stdout, progress and errors to stderr; machine output (`--format json`,
`--json PATH`) to stdout or the given file. Every failure a user can cause ends in a diagnostic
or a one-line message with exit code 2 (bad usage, unreadable input) or 1 (the rules have errors,
drift, a failed run); an unexpected exception is a bug and ends in one line and exit code 3,
never a traceback.
"""

from __future__ import annotations

import copy
import sys
from typing import NoReturn

import typer

from . import check, match, simulation, source  # noqa: F401 (each registers its commands on the app)
from .shared import EXIT_INTERNAL, EXIT_OK, EXIT_FAILED, EXIT_USAGE, ISSUES_URL, CommandLineError, app, plain_flags

__all__ = ["app", "main", "run"]


def run(argv: list[str] | None = None) -> int:
    """Run the command line and return its exit code (used by `main` and by tests)."""
    try:
        command = _command_line(sys.argv[1:] if argv is None else argv)
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


def _command_line(args: list[str]):
    """The program's click command. When the first argument names a command, the group holds that
    one only: typer builds every parameter of every command it holds (eleven commands, about
    15 ms), and the others would only be listed by the group's own help or a misspelt name."""
    chosen = app
    if args and not args[0].startswith("-"):
        named = [c for c in app.registered_commands if _name_of(c) == args[0]]
        if named:
            chosen = copy.copy(app)
            chosen.registered_commands = named
    command = typer.main.get_command(chosen)
    plain_flags(command)
    return command


def _name_of(command_info) -> str:
    return command_info.name or typer.main.get_command_name(command_info.callback.__name__)


def main(argv: list[str] | None = None) -> NoReturn:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
