"""The commands that read rule files without playing them: `doc` (a Markdown page), `graph` (the
flow as a Mermaid or DOT diagram), `diff` (rule-level differences between two files), `fmt`
(one layout) and `lsp` (diagnostics in an editor).  Registered on the main app by `dsl.cli`."""

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from . import shared
from .shared import app

from ..api import check_source, compile_source
from ..tools.doc import render_markdown
from ..tools.fmt import format_text
from ..tools.graph import flow_graph, to_dot, to_mermaid
from ..tools.diff import diff_models


class GraphFormat(str, Enum):
    mermaid = "mermaid"
    dot = "dot"


def _compiled(file: Path):
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
    text, compiled = _compiled(file)
    page = render_markdown(compiled.model, check_source(text, str(file)))
    _write(page, out)


@app.command()
def graph(
    file: Annotated[Path, typer.Argument(help="A .cardrules file.")],
    format: Annotated[GraphFormat, typer.Option("--format", help="mermaid or dot.")] = GraphFormat.mermaid,
    out: Annotated[Path | None, typer.Option("--out", help="Write the diagram here (default: stdout).")] = None,
) -> None:
    """Draw the flow of a game: statements, conditions, loops and the decisions players make."""
    text, compiled = _compiled(file)
    diagram = flow_graph(compiled.model.game, text)
    _write(to_mermaid(diagram) if format is GraphFormat.mermaid else to_dot(diagram), out)


@app.command()
def diff(
    first: Annotated[Path, typer.Argument(help="A .cardrules file.")],
    second: Annotated[Path, typer.Argument(help="The .cardrules file to compare it with.")],
) -> None:
    """Rule-level differences between two rule files: declarations and flow statements."""
    first_text, first_compiled = _compiled(first)
    second_text, second_compiled = _compiled(second)
    lines = diff_models(first_compiled.model, first_text, second_compiled.model, second_text, str(first), str(second))
    typer.echo("\n".join(lines) if lines else "no rule-level differences")


@app.command()
def fmt(
    files: Annotated[list[Path], typer.Argument(help=".cardrules files to format in place.")],
    check: Annotated[bool, typer.Option("--check", help="Change nothing; exit 1 if a file would change.")] = False,
    show_diff: Annotated[
        bool, typer.Option("--diff", help="Change nothing; print a unified diff of the changes on stdout.")
    ] = False,
) -> None:
    """Print rule files in the one canonical layout; meaning, comments and citations are kept.

    Each declaration, statement and card line on a line of its own, blocks broken over lines,
    citations of a block in one column, lines wrapped at 100 columns.  A file whose formatted
    text would not parse to the same rules is left alone."""
    import difflib

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
        console.print(f"{file}: not formatted: it does not parse (run cardrules validate)", highlight=False)
    dry = check or show_diff
    for file in changed:
        if check:
            console.print(f"{file}: would be reformatted", highlight=False)
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
    """Run a language server over stdio: editors get validate's diagnostics as you type."""
    import sys

    from ..tools.lsp import serve

    raise typer.Exit(serve(sys.stdin.buffer, sys.stdout.buffer))


def _write(content: str, out: Path | None) -> None:
    if out is None:
        typer.echo(content, nl=False)
        return
    shared.write_file(out, content)
