"""User text never reaches generated code unescaped: hostile names, strings and comments compile
to a module that does exactly what the rules say and nothing else."""

from __future__ import annotations

import ast

from dsl.api import compile_source, module_from_source
from dsl.runtime.errors import RuleGap


def test_hostile_text_compiles_to_safe_python(root):
    text = (root / "tests" / "data" / "hostile.cardrules").read_text(encoding="utf-8")
    compiled = compile_source(text, "hostile.cardrules")
    assert compiled.ok, [d.message for d in compiled.diagnostics]
    tree = ast.parse(compiled.source)
    imported = {
        alias.name for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names
    }
    assert "os" not in imported
    called = {
        node.func.attr for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    assert "system" not in called
    engine = module_from_source(compiled.source, "hostile")
    assert engine.RULES["name"] == 'x"""); import os; os.system("echo owned") #'
    state = engine.new_game(players=2, seed=1)
    assert state.is_terminal()
    assert state.to_json()["vars"]["class"] == 1
    try:
        engine.new_game(players=2, seed=1, readings={"exec": "__import__"})
    except RuleGap as gap:
        assert gap.message == '"); raise SystemExit(); ("'
    else:
        raise AssertionError("the explicit gap should have been raised")


def test_carriage_return_in_a_comment_cannot_start_code():
    text = (
        'game "cr"\nplayers 2\nzone deck shared seen by nobody\nvar z: int per player = 0\n'
        "flow {\n  shuffle deck # harmless\rz = 1\n}\nresult z\n"
    )
    compiled = compile_source(text, "cr.cardrules")
    assert compiled.ok, [d.message for d in compiled.diagnostics]
    assert "\r" not in compiled.source
    assert "# cr.cardrules:6: shuffle deck # harmless?z = 1" in compiled.source
