"""The pipeline behind the CLI and the engine API: text -> AST -> model -> checks -> Python.

Each stage returns diagnostics; a stage with errors stops the pipeline.  Nothing here raises on
bad input: `check_source` always returns diagnostics, and an internal failure becomes one
`internal-error` diagnostic rather than a traceback.  No module is executed before the gate
(`compiler.gate`) has walked it: a refused module becomes an `unsafe-code` error instead.
"""

from __future__ import annotations

import os
import re
import sys
import types
from dataclasses import dataclass, field

from typing import TYPE_CHECKING

from .compiler import cache as compile_cache
from .compiler.names import engine_module_name
from .report.files import read_rule_text
from .report.diagnostics import Diagnostic, DiagnosticError, Span, error

if TYPE_CHECKING:
    from .compiler.escape import UnsafeName
    from .semantics.model import Model

# The stages are imported when first used, not with this module: a load served by the compile
# cache needs none of the parser, the checks, the compiler or Jinja (about 0.4 s of imports), and
# a validation served by its own cache (`lint.cache`) not even the gate and the runtime it
# imports (about 20 ms more).


def check_module(source: str) -> list:
    from .compiler.gate import check_module as check

    return check(source)


def checked_code(source: str, filename: str):
    from .compiler.gate import checked_code as code

    return code(source, filename)


def parse(text: str, path: str):
    from .syntax.parser import parse as parse_text

    return parse_text(text, path)


def resolve_variant(game, parse_base):
    from .semantics.variants import resolve_variant as resolve

    return resolve(game, parse_base)


def expand_defines(game):
    from .semantics.defines import expand_defines as expand

    return expand(game)


def build_model(game):
    from .semantics.symbols import build_model as build

    return build(game)


def typecheck(model):
    from .semantics.typecheck import typecheck as check

    return check(model)


def generate(model, text: str) -> str:
    from .compiler.codegen import generate as write

    return write(model, text)


def run_checks(model, module):
    from .lint import run_checks as checks

    return checks(model, module)


def simulated_findings(model, module, simulate: int, progress: bool = False):
    from .sim.findings import simulated_findings as findings

    return findings(model, module, simulate, progress=progress)


@dataclass
class Compiled:
    path: str
    text: str
    module_name: str
    source: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    model: "Model | None" = None

    @property
    def ok(self) -> bool:
        return self.source is not None


def module_name_for(path: str) -> str:
    return engine_module_name(path)


def _front_end(text: str, path: str, bases_read: list | None = None) -> "tuple[Model | None, list[Diagnostic]]":
    game, diagnostics = parse(text, path)
    if game is None:
        return None, diagnostics

    def parse_base(base_text: str, base_path: str):
        if bases_read is not None:  # the compile cache keeps an entry only while its bases are unchanged
            bases_read.append((os.path.abspath(base_path), base_text))
        return parse(base_text, base_path)

    game, variant_problems = resolve_variant(game, parse_base)
    diagnostics += variant_problems
    if game is None:
        return None, diagnostics
    diagnostics += expand_defines(game)
    model, diags = build_model(game)
    diagnostics += diags
    if any(d.is_error for d in diagnostics):
        return None, diagnostics
    model, diags = typecheck(model)
    diagnostics += diags
    for d in diagnostics:
        d.file = d.span.file or path
    if any(d.is_error for d in diagnostics):
        return None, diagnostics
    return model, diagnostics


def compile_source(
    text: str, path: str = "<input>", bases_read: list | None = None, *, cache: bool = False
) -> Compiled:
    """Compile a rule text; `bases_read`, when given, receives (path, text) of every base file read.

    With `cache`, the engine's source comes from the compile cache when it holds this text's
    (the front end still runs: the model is part of the result), and is stored there otherwise."""
    from .compiler.escape import UnsafeName
    from .compiler.gate import UnsafeModule

    text = text.removeprefix("\ufeff")  # a byte-order mark is not part of the rules
    compiled = Compiled(path, text, module_name_for(path))
    if cache and bases_read is None:
        bases_read = []
    try:
        model, diagnostics = _front_end(text, path, bases_read)
        compiled.diagnostics = diagnostics
        if model is not None:
            compiled.model = model
            compiled.source = _engine_source(model, text, path, bases_read if cache else None)
    except UnsafeName as exc:
        compiled.diagnostics.append(_reserved(exc, text, path))
        compiled.source = None
    except UnsafeModule as exc:
        compiled.diagnostics.append(_unsafe(exc.problems, path))
        compiled.source = None
    except Exception as exc:  # noqa: BLE001 - an internal fault must still come out as a diagnostic
        compiled.diagnostics.append(_internal(exc, path))
        compiled.source = None
    return compiled


def _engine_source(model, text: str, path: str, bases_read: list | None) -> str:
    """The generated module; from the compile cache when `bases_read` is given (the base files
    the front end read) and the cache holds a source the gate accepts, stored there otherwise."""
    if bases_read is None:
        return generate(model, text)
    source = compile_cache.lookup(path, text)
    if source is not None and not check_module(source):
        return source
    source = generate(model, text)
    compile_cache.store(path, text, source, bases_read)
    return source


def compile_file(path: str) -> Compiled:
    text, diagnostic = _read(path)
    if diagnostic is not None:
        return Compiled(path, "", module_name_for(path), diagnostics=[diagnostic])
    return compile_source(text, path)


def check_source(
    text: str, path: str = "<input>", simulate: int = 0, progress: bool = False, *, cache: bool = False
) -> list[Diagnostic]:
    """Every diagnostic of `cardrules validate` for a rule text. With `cache`, the engine the
    checks run is taken from (or put in) the compile cache, and without simulated matches the
    findings themselves come from the cache of validations (`lint.cache`) when it holds this
    text's, its bases' and its source texts', and are put there otherwise: the diagnostics are
    the same."""
    remembered = cache and simulate == 0
    if remembered:
        from .lint import cache as findings_cache

        found = findings_cache.lookup(path, text)
        if found is not None:
            return found
    bases: list = []
    compiled = compile_source(text, path, bases, cache=cache)
    diagnostics = list(compiled.diagnostics)
    sources = []
    if remembered and compiled.model is not None:
        sources = findings_cache.sources_read(compiled.model)
    if compiled.ok:
        try:
            module = module_from_source(compiled.source, compiled.module_name)
            diagnostics += run_checks(compiled.model, module)
            if simulate > 0:
                diagnostics += simulated_findings(compiled.model, module, simulate, progress=progress)
        except DiagnosticError as exc:
            diagnostics += exc.diagnostics
        except Exception as exc:  # noqa: BLE001
            diagnostics.append(_internal(exc, path))
    for d in diagnostics:
        d.file = d.span.file or path
    diagnostics.sort(key=lambda d: (d.span.line, d.span.column, d.code))
    if remembered:
        findings_cache.store(path, text, diagnostics, bases, sources)
    return diagnostics


def module_from_source(source: str, name: str) -> types.ModuleType:
    """Execute an engine module's source; raises DiagnosticError (`unsafe-code`) instead of running
    a module the gate refuses, wherever the source came from."""
    problems = check_module(source)
    if problems:
        raise DiagnosticError([_unsafe(problems, f"<cardrules engine {name}>")])
    module = types.ModuleType(f"cardrules_engine_{name}")
    module.__file__ = f"<cardrules engine {name}>"
    exec(checked_code(source, module.__file__), module.__dict__)  # noqa: S102 - generated, and passed the gate
    return module


def load_game(path: str, *, check: bool = False, cache: bool = True, native: bool = False) -> types.ModuleType:
    """The engine module of a rule file; raises DiagnosticError if the file has errors.

    The module compiled from the same file (and variant bases) by the same compiler is reused
    from the cache on disk (`compiler.cache`); its source passes the gate again before it runs.
    `check=True` also runs the rule checks of `cardrules validate` (and raises on their errors),
    which a plain load skips: the compiler's own checks already refused a broken file.
    `native=True` gives the same engine built as a C extension (`dsl.native`, the extra `native`):
    it plays exactly as the Python module, faster."""
    text, diagnostic = _read(path)
    if diagnostic is not None:
        raise DiagnosticError([diagnostic])
    text = text.removeprefix("\ufeff")
    name = module_name_for(path)
    source = compile_cache.lookup(path, text) if cache and not check else None
    if source is not None and check_module(source):
        source = None  # not what this compiler writes: a foreign entry is compiled afresh, never run
    if source is None:
        bases: list = []
        compiled = compile_source(text, path, bases)
        if not compiled.ok:
            raise DiagnosticError([d for d in compiled.diagnostics if d.is_error] or compiled.diagnostics)
        source = compiled.source
        if check:
            module = module_from_source(source, name)
            found = [d for d in run_checks(compiled.model, module) if d.is_error]
            if found:
                raise DiagnosticError(found)
        if cache:
            compile_cache.store(path, text, source, bases)
    module = native_module(source, name, path) if native else module_from_source(source, name)
    module.__cardrules_path__ = path
    sys.modules.setdefault(module.__name__, module)
    return module


def native_module(source: str, name: str, path: str) -> types.ModuleType:
    """The native build of a gated engine source; a DiagnosticError when it cannot be built."""
    problems = check_module(source)
    if problems:
        raise DiagnosticError([_unsafe(problems, f"<cardrules engine {name}>")])
    from .native import NativeUnavailable, load_native

    try:
        return load_native(source, name)
    except NativeUnavailable as exc:
        hint = "install the extra (pip install 'cardrules[native]') and a C compiler, or leave out native"
        raise DiagnosticError([error("native-unavailable", str(exc), Span(), file=path, hint=hint)]) from None


def _read(path: str) -> tuple[str, Diagnostic | None]:
    text, problem = read_rule_text(path)
    if problem is not None:
        return "", error("io-error", f"cannot read {path}: {problem}", Span(), file=path)
    return text, None


def _internal(exc: Exception, path: str) -> Diagnostic:
    return error(
        "internal-error",
        f"cardrules failed on this file: {type(exc).__name__}: {exc}",
        Span(),
        file=path,
        hint="please report this at https://github.com/cardrules/cardrules/issues with the file",
    )


def _unsafe(problems, path: str) -> Diagnostic:
    first = problems[0]
    return error(
        "unsafe-code",
        f"the generated module was refused and not run: {first.message} (line {first.line} of the module)",
        Span(),
        file=path,
        notes=[str(p) for p in problems[1:5]],
        hint="this is a bug of cardrules: please report it with the rule file",
    )


def _reserved(exc: UnsafeName, text: str, path: str) -> Diagnostic:
    """A user name the generated code cannot hold, located at its first use in the text."""
    span = Span()
    pattern = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(exc.user_name) + r"(?![A-Za-z0-9_])")
    for number, line in enumerate(text.split("\n"), start=1):
        found = pattern.search(line.split("#", 1)[0])
        if found:
            span = Span(number, found.start() + 1, number, found.end())
            break
    return error(
        "reserved-name",
        f"'{exc.user_name}' cannot be used as a name: names that start with '_' or hold '__' are reserved",
        span,
        file=path,
        hint="rename it, e.g. without the leading or doubled underscores",
    )
