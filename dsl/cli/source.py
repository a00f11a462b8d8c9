"""The commands that read rule files without playing them: `doc` (a Markdown page), `graph` (the
flow as a Mermaid or DOT diagram), `diff` (rule-level differences between two files), `fmt`
(one layout) and `lsp` (diagnostics in an editor).  Registered on the main app by `dsl.cli`."""

from pathlib import Path
from typing import Annotated

import typer

from . import shared
from .options import GraphFormat
from .shared import app, printable


def _compiled(file: Path):
    from ..api import compile_source

    text = shared.require_readable(file)
    compiled = compile_source(text, str(file))
    if not compiled.ok:
        shared.render_report([shared.FileReport(str(file), compiled.diagnostics, text)])
        raise typer.Exit(shared.EXIT_FAILED)
    return text, compiled


@app.command()
def doc(
    file: Annotated[Path, typer.Argument(help="A .cardrules file.")],
    out: Annotated[Path | None, typer.Option("--out", help="Write the page here (default: stdout).")] = None,
) -> None:
    """Write a Markdown page for a rule file: cards, zones, ambiguities, examples, findings."""
    from ..api import check_source
    from ..tools.doc import render_markdown

    text, compiled = _compiled(file)
    page = render_markdown(compiled.model, check_source(text, str(file)), text)
    _write(page, out)


@app.command()
def graph(
    file: Annotated[Path, typer.Argument(help="A .cardrules file.")],
    format: Annotated[GraphFormat, typer.Option("--format", help="mermaid or dot.")] = GraphFormat.mermaid,
    detail: Annotated[bool, typer.Option("--detail", help="One box per statement, not one per run of them.")] = False,
    out: Annotated[Path | None, typer.Option("--out", help="Write the diagram here (default: stdout).")] = None,
) -> None:
    """Draw the flow of a game by phase: loops with their conditions, decisions, triggers."""
    from ..tools.graph import flow_graph, to_dot, to_mermaid

    text, compiled = _compiled(file)
    diagram = flow_graph(compiled.model.game, text, detail=detail)
    _write(to_mermaid(diagram) if format is GraphFormat.mermaid else to_dot(diagram), out)


@app.command()
def diff(
    first: Annotated[Path, typer.Argument(help="A .cardrules file.")],
    second: Annotated[
        Path | None, typer.Argument(help="The .cardrules file to compare it with (leave out to compare readings).")
    ] = None,
    reading: Annotated[
        list[str] | None,
        typer.Option(
            "--reading", metavar="NAME=VALUE", help="One file: the readings to compare from (default: defaults)."
        ),
    ] = None,
    against: Annotated[
        list[str] | None,
        typer.Option("--against", metavar="NAME=VALUE", help="One file: the readings to compare with."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the changes as JSON.")] = False,
) -> None:
    """Rule-level differences, field by field: `~ ambiguity x: default: one -> thirteen`.

    Two files: declarations added, removed and changed, then the flow; citations and layout do not count.

    One file with --reading/--against: what its rules do differently under the two choices of readings.

    Exit 0 when there is no difference, 1 when there is one, like diff(1)."""
    import json

    from ..tools.diff import flow_diff, model_changes, reading_changes

    first_text, first_compiled = _compiled(first)
    if second is None:
        if not reading and not against:
            shared.usage_error("give a second file, or readings to compare with --reading and --against")
        model = first_compiled.model
        changes = reading_changes(
            model, first_text, _readings_of(model, reading or []), _readings_of(model, against or [])
        )
        flow: list[str] = []
    else:
        if reading or against:
            shared.usage_error("--reading and --against compare readings of one file: give one file only")
        second_text, second_compiled = _compiled(second)
        a, b = first_compiled.model, second_compiled.model
        changes = model_changes(a, first_text, b, second_text)
        flow = flow_diff(a, first_text, b, second_text, str(first), str(second))
    if as_json:
        typer.echo(json.dumps({"changes": [c.as_json() for c in changes], "flow": flow}, indent=2, ensure_ascii=False))
    else:
        lines = [c.text() for c in changes] + (["~ flow:", *("    " + line for line in flow)] if flow else [])
        typer.echo("\n".join(lines) if lines else "no rule-level differences")
    if changes or flow:
        raise typer.Exit(shared.EXIT_FAILED)


def _readings_of(model, options: list[str]) -> dict[str, str]:
    """Every ambiguity's reading: its default unless `options` (NAME=VALUE) choose another."""
    chosen = {a.name: a.default or a.readings[0].name for a in model.game.ambiguities if a.readings}
    for name, value in shared.parse_readings(options).items():
        ambiguity = next((a for a in model.game.ambiguities if a.name == name), None)
        if ambiguity is None:
            names = ", ".join(sorted(chosen)) or "(this game declares no ambiguities)"
            shared.usage_error(f"unknown ambiguity {name!r}; choose from: {names}")
        readings = [r.name for r in ambiguity.readings]
        if value not in readings:
            shared.usage_error(f"unknown reading {value!r} for {name!r}; choose from: {', '.join(readings)}")
        chosen[name] = value
    return chosen


@app.command()
def fmt(
    files: Annotated[list[Path], typer.Argument(help=".cardrules files to format in place.")],
    check: Annotated[bool, typer.Option("--check", help="Change nothing; exit 1 if a file would change.")] = False,
    show_diff: Annotated[
        bool, typer.Option("--diff", help="Change nothing; print a unified diff of the changes on stdout.")
    ] = False,
) -> None:
    """Print rule files in the one canonical layout; meaning, comments and citations are kept.

    A line per declaration and statement, blocks broken over lines, citations aligned, lines wrapped at 100.

    A file whose formatted text would not parse to the same rules is left alone."""
    import difflib

    from ..tools.fmt import format_text

    changed, unchanged, broken = [], [], []
    for file in files:
        text = shared.require_readable(file)
        formatted, safe = format_text(text, str(file))
        if not safe:
            broken.append(file)
            continue
        if formatted == text:
            unchanged.append(file)
            continue
        changed.append(file)
        if show_diff:
            lines = difflib.unified_diff(
                text.splitlines(keepends=True), formatted.splitlines(keepends=True), f"{file}", f"{file} (formatted)"
            )
            typer.echo("".join(lines), nl=False)
        elif not check:
            shared.write_file(file, formatted)
    console = shared.stderr_console()
    for file in broken:
        console.print(
            f"{printable(file)}: not formatted: it does not parse (run cardrules validate)",
            highlight=False,
            markup=False,
        )
    dry = check or show_diff
    for file in changed:
        if check:
            console.print(f"{printable(file)}: would be reformatted", highlight=False, markup=False)
    console.print(_fmt_summary(len(changed), len(unchanged), len(broken), dry), highlight=False)
    if broken or (dry and changed):
        raise typer.Exit(shared.EXIT_FAILED)


def _fmt_summary(changed: int, unchanged: int, broken: int, dry: bool) -> str:
    def files(count: int) -> str:
        return f"{count} file{'' if count == 1 else 's'}"

    parts = [f"{'would format' if dry else 'formatted'} {files(changed)}", f"{unchanged} unchanged"]
    if broken:
        parts.append(f"{broken} not formatted")
    return ", ".join(parts)


@app.command()
def lsp() -> None:
    """Run a language server over stdio: diagnostics, hover, definitions, completion, formatting."""
    try:
        from ..tools.lsp import serve
    except ImportError as missing:
        shared.usage_error(
            f"the language server needs the 'lsp' extra ({missing.name} is not installed): pip install 'cardrules[lsp]'"
        )
    raise typer.Exit(serve())


def _write(content: str, out: Path | None) -> None:
    if out is None:
        typer.echo(content, nl=False)
        return
    shared.write_file(out, content)
    shared.stderr_console().print(f"wrote {printable(out)}", highlight=False, markup=False)
