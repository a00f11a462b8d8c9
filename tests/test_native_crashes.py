"""Native engines never take the process down: rule files whose native build once crashed the
interpreter, each played natively in a process of its own (a crash there fails the test instead of
ending the run) and compared with the Python engine playing the same actions."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

from dsl import load_game
from dsl.native.helpers import branch_values

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOUDIZHU = ROOT / "tests" / "data" / "native" / "doudizhu"

_PLAY_NATIVELY = """
import json, sys
from dsl import load_game
path, seed, actions = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
state = load_game(path, native=True).new_game(players=3, seed=seed)
for action in actions:
    state.apply(action)
print(json.dumps(state.returns()))
"""


@pytest.mark.slow
def test_a_conditional_choosing_between_and_chains_plays_natively_as_in_python(tmp_path):
    # A Dou Dizhu written by a new user: at the sixth action of seed 11 its native engine read a
    # C temporary that Cython's code for `(a and b and c) if t else d` had left unset.
    path = DOUDIZHU / "doudizhu.cardrules"
    actions = json.loads((DOUDIZHU / "seed11_actions.json").read_text())
    python_state = load_game(path).new_game(players=3, seed=11)
    for action in actions:
        python_state.apply(action)
    env = dict(os.environ, CARDRULES_CACHE=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", _PLAY_NATIVELY, str(path), "11", json.dumps(actions)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == python_state.returns()


def _rewritten(code: str) -> str:
    return "\n".join(branch_values(textwrap.dedent(code).strip("\n").split("\n")).lines)


@pytest.mark.parametrize(
    "code, expected",
    [
        ("x = (a <= 13 and b >= 3) if t == 4 else d", "x = (_branch_value(a <= 13 and b >= 3)) if t == 4 else d"),
        ("x = d if t else (a or b)", "x = d if t else (_branch_value(a or b))"),
        (
            "x = (a and b) if t else ((c and d) if u else e)",
            "x = (_branch_value(a and b)) if t else ((_branch_value(c and d)) if u else e)",
        ),
        ("x = (a and\n     b) if t else d", "x = (_branch_value(a and\n     b)) if t else d"),
    ],
)
def test_an_and_or_chain_chosen_by_a_conditional_is_passed_through_the_helper(code, expected):
    assert _rewritten(code) == expected


@pytest.mark.parametrize(
    "code",
    [
        "x = a and b",  # no conditional
        "x = y if (a and b) else d",  # the chain is the condition: Cython tests it as a C boolean
        "x = f(a and b) if t else d",  # inside a branch, not the branch
        "x = (not (a and b)) if t else d",
    ],
)
def test_other_chains_are_left_as_they_are(code):
    assert _rewritten(code) == code


def test_a_module_without_the_form_gets_no_helper():
    done = branch_values(["x = a and b", "y = 1 if t else 2"])
    assert (done.code, done.declarations) == ([], [])
