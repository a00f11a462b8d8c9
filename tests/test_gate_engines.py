"""The gate accepts every engine the compiler writes, in both flavours, and its lists of what may
be imported and called from the runtime are exactly what the compiler's templates, lowering and
native flavour write."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from dsl.api import compile_source
from dsl.compiler import gate
from dsl.native import flavour as native
from dsl.runtime import engine as runtime_engine

ROOT = Path(__file__).resolve().parent.parent
ENGINES = sorted((ROOT / "generated").glob("*.py"))
# Every rule file of the repository (games, examples, test data); those with errors compile to nothing.
RULE_FILES = sorted(p for p in ROOT.rglob("*.cardrules") if ".git" not in p.parts and ".venv" not in p.parts)
# What writes engine code: the templates, the compiler's modules and the native flavour's.
WRITERS = sorted(
    [*(ROOT / "dsl" / "compiler" / "templates").rglob("*.j2"), *(ROOT / "dsl" / "compiler").glob("*.py")]
    + sorted((ROOT / "dsl" / "native").glob("*.py"))
)
WRITERS = [p for p in WRITERS if p.name != "gate.py"]


def test_there_are_engines_and_rule_files_to_walk():
    assert len(ENGINES) >= 16 and len(RULE_FILES) >= 100


@pytest.mark.parametrize("engine", ENGINES, ids=lambda p: p.stem)
def test_every_generated_engine_and_its_native_flavour_pass_the_gate(engine):
    source = engine.read_text(encoding="utf-8")
    assert gate.check_module(source) == []
    flavour = native.native_flavour(source).source
    assert any(isinstance(node, ast.Try) for node in ast.walk(ast.parse(flavour)))  # its `apply`
    assert gate.check_module(flavour) == []


@pytest.mark.slow
def test_every_rule_file_that_compiles_gives_engines_the_gate_accepts():
    compiled = 0
    for path in RULE_FILES:
        result = compile_source(path.read_text(encoding="utf-8"), str(path))
        if not result.ok:
            continue
        compiled += 1
        assert gate.check_module(result.source) == [], path
        assert gate.check_module(native.native_flavour(result.source).source) == [], path
    assert compiled >= 50


def test_the_runtime_names_are_public_functions_and_classes_of_the_runtime():
    for name in gate.RUNTIME_NAMES:
        value = getattr(runtime_engine, name, None)
        assert not name.startswith("_") and (inspect.isfunction(value) or inspect.isclass(value)), name
        assert value.__module__.startswith("dsl.runtime."), name
    assert gate.RUNTIME_BASES <= gate.RUNTIME_NAMES


def test_the_runtime_names_are_what_the_compiler_writes_and_nothing_more():
    texts = {path: path.read_text(encoding="utf-8") for path in WRITERS}
    written = {name for text in texts.values() for name in re.findall(r"\b_rt\.([A-Za-z_]\w*)", text)}
    assert written <= gate.RUNTIME_NAMES, written - gate.RUNTIME_NAMES
    # A few are written as `_rt.{helper}`, the helper's name a string of the same module.
    dynamic = [text for text in texts.values() if "_rt.{" in text]
    unwritten = {name for name in gate.RUNTIME_NAMES - written if not any(f'"{name}"' in t for t in dynamic)}
    assert unwritten == set()


def test_the_imports_are_the_lines_engines_start_with_and_nothing_more():
    template = (ROOT / "dsl" / "compiler" / "templates" / "engine.py.j2").read_text(encoding="utf-8")
    lines = [line for line in template.splitlines() if line.startswith("from dsl.runtime")]
    lines += list(native.DRIVER_IMPORTS)
    written = {
        (node.module, alias.name): alias.asname or alias.name
        for line in lines
        for node in ast.parse(line).body
        for alias in node.names
    }
    assert written == {key: alias for key, (alias, _uses) in gate.IMPORTS.items()}
