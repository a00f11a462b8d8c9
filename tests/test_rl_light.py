"""The core install stays light: `import dsl` and the engines never import the learning libraries."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def test_import_dsl_and_an_engine_imports_none_of_the_learning_libraries(root):
    code = (
        "import sys, dsl\n"
        f"engine = dsl.load_game({str(root / 'games' / 'thirteens.cardrules')!r})\n"
        "state = engine.new_game(3, 0, chance='explicit')\n"
        "state.apply(state.chance_outcomes()[0][0])\n"
        "while state.is_chance_node(): state.apply(state.chance_outcomes()[0][0])\n"
        "state.observation_tensor(0)\n"
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
