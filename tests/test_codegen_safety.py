"""User text never reaches generated code unescaped: hostile names, strings and comments compile
to a module that does exactly what the rules say and nothing else."""

from __future__ import annotations

import ast
import importlib.util

import pytest
from typer.testing import CliRunner

from dsl.api import check_source, compile_file, compile_source, load_game, module_from_source
from dsl.cli import app
from dsl.compiler import escape
from dsl.compiler.gate import check_module
from dsl.report.diagnostics import DiagnosticError
from dsl.runtime.errors import RuleGap
from tests.conftest import GAMES, ROOT


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


# --- the file name: the compiler's own additions to the module must be as safe as the text ------

# A value table is commented at the module's top level, where a line break in the comment would
# start a statement that runs on import.
PLAIN_GAME = (
    'game "g"\nplayers 2\ncards {\n  deck standard\n  value v: A=1\n}\n'
    "zone deck shared seen by nobody\nvar z: int per player = 0\nflow { }\nresult z\n"
)
SENTINEL = "PWNED"
PAYLOAD = f"__import__('pathlib').Path({SENTINEL!r}).touch()"
LINE_BREAKS = ["\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


def hostile_name(brk: str = "\n") -> str:
    return f"y{brk}{PAYLOAD}{brk}#.cardrules"


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    """The payload touches a file relative to the working directory (a '/' cannot be in a name)."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def hostile_file(folder, brk: str = "\n", text: str = PLAIN_GAME):
    path = folder / hostile_name(brk)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("brk", LINE_BREAKS, ids=[f"U+{ord(b):04X}" for b in LINE_BREAKS])
def test_no_line_break_of_a_file_name_reaches_the_engine(workdir, brk):
    path = hostile_file(workdir, brk)
    diagnostics = check_source(PLAIN_GAME, str(path))
    assert not [d for d in diagnostics if d.is_error], [d.message for d in diagnostics]
    compiled = compile_source(PLAIN_GAME, str(path))
    assert f"# y?{PAYLOAD}?#.cardrules:5: value v: A=1" in compiled.source
    assert brk == "\n" or brk not in compiled.source
    assert check_module(compiled.source) == []
    engine = module_from_source(compiled.source, "hostile")
    engine.new_game(players=2, seed=0)
    assert not (workdir / SENTINEL).exists()


def test_validate_on_a_hostile_file_name_runs_nothing(workdir):
    path = hostile_file(workdir)
    result = CliRunner().invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert not (workdir / SENTINEL).exists()


def test_a_compiled_module_of_a_hostile_file_name_imports_without_running_it(workdir):
    path = hostile_file(workdir)
    out = workdir / "out"
    result = CliRunner().invoke(app, ["compile", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    (written,) = out.glob("*.py")
    spec = importlib.util.spec_from_file_location("hostile_engine", written)
    engine = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(engine)
    assert engine.new_game(players=2, seed=0).is_terminal()
    assert not (workdir / SENTINEL).exists()


def test_load_game_and_new_game_on_a_hostile_file_name_run_nothing(workdir):
    engine = load_game(str(hostile_file(workdir)))
    engine.new_game(players=2, seed=3)
    assert engine.RULES["file"] == "y?" + PAYLOAD + "?#.cardrules"
    assert not (workdir / SENTINEL).exists()


def test_a_hostile_base_file_name_of_a_variant_runs_nothing(workdir):
    base = hostile_file(workdir)
    base_literal = hostile_name().replace("\n", "\\n")
    variant = workdir / "variant.cardrules"
    variant.write_text(f'game "v" variant of "{base_literal}"\nvar z: int per player = 1\n', encoding="utf-8")
    diagnostics = check_source(variant.read_text(encoding="utf-8"), str(variant))
    assert not [d for d in diagnostics if d.is_error], [d.message for d in diagnostics]
    compiled = compile_source(variant.read_text(encoding="utf-8"), str(variant))
    assert f"# y?{PAYLOAD}?#.cardrules:5: value v: A=1" in compiled.source
    load_game(str(variant)).new_game(players=2, seed=0)
    assert base.exists() and not (workdir / SENTINEL).exists()


# --- names: a user name the engine cannot hold is a located error, never an internal one ---------


@pytest.mark.parametrize("bad", ["__class__", "_hidden", "a__b"])
def test_a_reserved_name_is_a_located_error(bad):
    text = f'game "g"\nplayers 2\nzone deck shared seen by nobody\nvar {bad}: int per player = 0\n'
    text += f"flow {{ }}\nresult {bad}\n"
    diagnostics = check_source(text, "names.cardrules")
    codes = [d.code for d in diagnostics if d.is_error]
    assert codes == ["reserved-name"], [(d.code, d.message) for d in diagnostics]
    found = next(d for d in diagnostics if d.code == "reserved-name")
    assert (found.span.line, found.span.column, found.span.end_column) == (4, 5, 4 + len(bad))
    assert bad in found.message


# --- the gate: even if escaping failed, the module would be refused, not run ---------------------


def test_with_escaping_broken_the_gate_still_refuses_the_module(workdir, monkeypatch):
    monkeypatch.setattr(escape, "comment", lambda text: text)
    path = hostile_file(workdir)
    diagnostics = check_source(PLAIN_GAME, str(path))
    refused = [d for d in diagnostics if d.code == "unsafe-code"]
    assert len(refused) == 1 and refused[0].is_error, [(d.code, d.message) for d in diagnostics]
    assert refused[0].message.startswith("the generated module was refused")
    # The injected line either parses (and the walk names the forbidden call) or breaks the
    # indentation of the function it lands in (and the parse refuses it): never does it run.
    reasons = " ".join([refused[0].message, *refused[0].notes])
    assert "'__import__'" in reasons or "not valid Python" in reasons, reasons
    assert "internal-error" not in {d.code for d in diagnostics}
    with pytest.raises(DiagnosticError):  # the compiler is patched in memory, which a cache keyed
        load_game(str(path), cache=False)  # by the compiler's files cannot know: compile afresh
    assert not (workdir / SENTINEL).exists()


HOSTILE_MODULES = {
    "import os\n": (1, "import"),
    "x = 1\ny = eval('1 + 1')\n": (2, "eval"),
    "def f(x):\n    return getattr(x, '__class__')\n": (2, "getattr"),
    "def f(g):\n    return g.__globals__\n": (2, "__globals__"),
    "data = open('/etc/passwd').read()\n": (1, "open"),
    "from os import system\n": (1, "os"),
    "import dsl.runtime\n": (1, "import"),
    "f = 0\nframe = (x for x in ()).gi_frame\n": (2, "gi_frame"),
    "def f():\n    global g\n": (2, "global"),
    "x = [].__class__\n": (1, "__class__"),
    "def f(s):\n    return s.rng.seed(1)\n": (2, "seed"),
    "from dsl.runtime import engine as _rt\nx = _rt.random\n": (2, "_rt.random"),
    "x = [len][0]('ab')\n": (1, "computed"),
    "len = print\n": (1, "print"),
}


@pytest.mark.parametrize("source", list(HOSTILE_MODULES), ids=range(len(HOSTILE_MODULES)))
def test_the_gate_refuses_hostile_modules_with_a_located_problem(source, workdir):
    line, word = HOSTILE_MODULES[source]
    problems = check_module(source)
    assert problems, source
    assert problems[0].line == line and problems[0].column >= 1
    assert any(word in p.message for p in problems), [str(p) for p in problems]
    with pytest.raises(DiagnosticError) as refused:
        module_from_source(source + f"\n{PAYLOAD}\n", "hostile")
    assert refused.value.diagnostics[0].code == "unsafe-code"
    assert not (workdir / SENTINEL).exists()


@pytest.mark.parametrize("module", sorted((ROOT / "generated").glob("*.py")), ids=lambda p: p.stem)
def test_every_committed_engine_passes_the_gate(module):
    assert check_module(module.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_every_game_compiles_to_a_module_the_gate_accepts(game):
    compiled = compile_file(str(game))
    assert compiled.ok and check_module(compiled.source) == []
