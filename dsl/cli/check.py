"""`cardrules validate` and `cardrules compile`: the rule files checked, and compiled to engines."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from dsl.report.files import printable, write_atomic
from dsl.cli.longrun import EXIT_INTERRUPTED, sigterm_as_interrupt
from dsl.report.diagnostics import Severity
from dsl.report.filters import DiagnosticFilter, MinSeverity
from dsl.report.render import FileReport, render_report, stderr_console, stdout_console, to_json

from .shared import EXIT_FAILED, EXIT_OK, EXIT_USAGE, OutputFormat, app, count_between, read_source, usage_error


# --- validate ---------------------------------------------------------------------------------


@app.command(
    epilog=(
        "Source texts are looked for beside the rule file, then in each --sources folder, then in the "
        "folders of the CARDRULES_SOURCES environment variable. "
        "Ctrl-C (or SIGTERM) during --simulate reports the findings so far (the checks that need no "
        "play, and the matches that finished) and exits 130."
    )
)
def validate(
    files: Annotated[
        list[Path], typer.Argument(help=".cardrules files to check, or folders to check every one under.")
    ],
    format: Annotated[OutputFormat, typer.Option("--format", help="text for people, json for tools.")] = (
        OutputFormat.text
    ),
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 on warnings too.")] = False,
    simulate: Annotated[
        int,
        typer.Option(
            "--simulate",
            callback=count_between(0),
            metavar="N",
            help="Also play N random matches per player count and reading; report rule gaps and rules that never fire.",
        ),
    ] = 0,
    sources: Annotated[
        list[Path] | None,
        typer.Option(
            "--sources", metavar="DIR", help="A folder of source texts the citations point into (repeatable)."
        ),
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", metavar="CODE,...", help="Report only these diagnostic codes."),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", metavar="CODE,...", help="Do not report these diagnostic codes."),
    ] = None,
    min_severity: Annotated[
        MinSeverity | None,
        typer.Option("--min-severity", help="Report only diagnostics at least this severe (default: all in JSON)."),
    ] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Show the info diagnostics too.")] = False,
    assumptions: Annotated[
        bool,
        typer.Option(
            "--assumptions",
            help="List the rules and defaults no source supports, grouped by what they decide, and how each "
            "question every game must settle is answered: by a citation, an ambiguity or the encoding.",
        ),
    ] = False,
) -> None:
    """Check rule files: syntax, meaning, citations, ambiguities, worked examples (and, with --simulate, play)."""
    from dsl.lint.source_files import source_dirs

    # Only simulated matches can be interrupted part-way: without them the simulator (its
    # matches, its progress bar) is not imported at all, and the clause below catches nothing.
    interrupted_matches: type[BaseException] | tuple = ()
    if simulate > 0:
        from dsl.sim.findings import FindingsInterrupted as interrupted_matches

    for folder in sources or []:
        if not folder.is_dir():
            usage_error(f"--sources {folder}: no such folder")
    paths = expand_paths(files)
    chosen = DiagnosticFilter.of(select, ignore, min_severity)
    if assumptions:
        with source_dirs(sources or []):
            _print_assumptions(paths, format)
        return
    reports: list[FileReport] = []
    interrupted = None
    with sigterm_as_interrupt(), source_dirs(sources or []):
        for path in paths:
            try:
                reports.append(validate_file(path, simulate))
            except interrupted_matches as exc:
                # The static findings of this file, plus those of the matches that were played.
                static = validate_file(path, 0)
                reports.append(FileReport(static.file, static.diagnostics + exc.findings, static.text))
                interrupted = (path, exc)
                break
            except KeyboardInterrupt:
                interrupted = (path, None)
                break
    if simulate > 0 and interrupted is None:
        from dsl.sim.findings import reconcile

        reports = [FileReport(r.file, reconcile(r.diagnostics, simulate), r.text) for r in reports]
    all_diagnostics = [d for report in reports for d in report.diagnostics]
    reports = [FileReport(r.file, chosen.keep(r.diagnostics), r.text) for r in reports]
    if format is OutputFormat.json:
        data = to_json(reports)
        if interrupted is not None:
            data["interrupted"] = True
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        # An unreadable input is a usage problem, said on stderr; the report proper goes to stdout.
        unreadable = [FileReport(r.file, [d for d in r.diagnostics if d.code == "io-error"]) for r in reports]
        render_report([r for r in unreadable if r.diagnostics], summary=False)
        readable = [FileReport(r.file, [d for d in r.diagnostics if d.code != "io-error"], r.text) for r in reports]
        render_report(readable, stdout_console(), show_infos=verbose or min_severity is MinSeverity.info)
    if interrupted is not None:
        path, exc = interrupted
        played = f" after {exc.played} of {exc.requested} simulated matches" if exc is not None else ""
        skipped = len(paths) - len(reports)
        rest = f"; {skipped} file{'s' if skipped != 1 else ''} not checked" if skipped else ""
        stderr_console().print(f"interrupted in {printable(path)}{played}{rest}", highlight=False, markup=False)
        raise typer.Exit(EXIT_INTERRUPTED)
    if any(d.code == "io-error" for d in all_diagnostics):
        raise typer.Exit(EXIT_USAGE)
    failing = (Severity.ERROR, Severity.WARNING) if strict else (Severity.ERROR,)
    if any(d.severity in failing for report in reports for d in report.diagnostics):
        raise typer.Exit(EXIT_FAILED)


def validate_file(path: Path, simulate: int = 0) -> FileReport:
    text, problem = read_source(path)
    if problem is not None:
        return FileReport(str(path), [problem], None)
    from dsl.api import check_source

    # A progress bar for the simulated matches (transient, on stderr, only on a terminal). The
    # engine the checks run comes from the compile cache when it holds this file's.
    found = check_source(text, str(path), simulate=simulate, progress=simulate > 0, cache=True)
    return FileReport(str(path), list(found), text)


def expand_paths(files: list[Path]) -> list[Path]:
    """Each folder stands for every rule file under it (sorted); files are kept as given."""
    out: list[Path] = []
    for path in files:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.cardrules") if p.is_file())
            if not found:
                usage_error(f"no .cardrules file under {path}")
            out += found
        else:
            out.append(path)
    return out


def _print_assumptions(paths: list[Path], format: OutputFormat) -> None:
    from dsl.api import compile_file
    from dsl.lint.assumptions import assumptions_report, list_assumptions
    from dsl.lint.conventions import answer_conventions, conventions_report, counts

    found, conventions = [], {}
    for path in paths:
        compiled = compile_file(str(path))
        if compiled.model is None:
            stderr_console().print(
                f"{printable(path)}: has errors; run cardrules validate {printable(path)}",
                highlight=False,
                markup=False,
            )
            continue
        found.append((str(path), list_assumptions(compiled.model)))
        conventions[str(path)] = answer_conventions(compiled.model)
    if format is OutputFormat.json:
        data = {
            "files": [
                {
                    "file": f,
                    "assumptions": [a.to_json() for a in items],
                    "conventions": [c.to_json() for c in conventions[f]],
                    "convention_answers": counts(conventions[f]),
                }
                for f, items in found
            ]
        }
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(assumptions_report(found, {f: conventions_report(c) for f, c in conventions.items()}))
    if len(found) < len(paths):
        raise typer.Exit(EXIT_FAILED)


# --- compile ----------------------------------------------------------------------------------


def renamed_note(path: Path) -> str:
    """Why the engine module is not named after the rule file's name, or nothing."""
    from dsl.compiler.names import renamed_because

    why = renamed_because(str(path))
    return f" (not named after the file: {printable(why)})" if why else ""


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
        console.print(
            f"compiled {printable(path)} -> {printable(target)}{renamed_note(path)}", highlight=False, markup=False
        )
    for path, target in drifted:
        state = "is out of date with" if target.is_file() else "is missing for"
        shown, source = printable(target), printable(path)
        console.print(
            f"drift: {shown} {state} {source} (run: cardrules compile {source})", highlight=False, markup=False
        )
    if drifted:
        exit_code = max(exit_code, EXIT_FAILED)
    elif check and exit_code == EXIT_OK:
        console.print(f"{len(files)} compiled file{'s' if len(files) != 1 else ''} up to date", highlight=False)
    raise typer.Exit(exit_code)
