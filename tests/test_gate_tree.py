"""The engine module runs from the syntax tree the gate checked: the code is the one compiling
its source gives, and a module the gate refuses is never compiled."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest

from dsl import api
from dsl.compiler import gate
from dsl.report.diagnostics import DiagnosticError

ROOT = Path(__file__).resolve().parent.parent
ENGINES = sorted((ROOT / "generated").glob("*.py"))


@pytest.mark.parametrize("engine", [ENGINES[0], ROOT / "generated" / "thirteens.py"], ids=lambda p: p.stem)
def test_the_code_from_the_checked_tree_is_the_code_of_the_source(engine):
    source = engine.read_text(encoding="utf-8") + f"\n# {engine.stem}, checked afresh\n"
    assert gate.check_module(source) == []  # the walk parses it, and holds the tree it accepted
    from_tree = gate.checked_code(source, "<engine>")
    assert marshal.dumps(from_tree) == marshal.dumps(compile(source, "<engine>", "exec"))
    # Asked again (the tree was handed over once): the same code, from the source.
    assert marshal.dumps(gate.checked_code(source, "<engine>")) == marshal.dumps(from_tree)


def test_a_refused_module_is_not_compiled():
    source = "import os\nos.system('true')\n"
    with pytest.raises(gate.UnsafeModule):
        gate.checked_code(source, "<engine>")
    with pytest.raises(DiagnosticError) as raised:
        api.module_from_source(source, "hostile")
    assert [d.code for d in raised.value.diagnostics] == ["unsafe-code"]


def test_an_engine_runs_from_its_checked_tree():
    source = (ROOT / "generated" / "thirteens.py").read_text(encoding="utf-8")
    module = api.module_from_source(source, "thirteens")
    state = module.new_game(4, seed=3)
    assert state.legal_actions()
