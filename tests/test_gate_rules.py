"""Each rule of the gate on its own: a small module that breaks only that rule is refused at its
line with a message naming what is wrong, and the forms engines write pass."""

from __future__ import annotations

import pytest

from dsl.compiler.gate import check_module

RT = "from dsl.runtime import engine as _rt\n"
ERRORS = "from dsl.runtime.errors import IllegalAction, RuleGap\n"

# source: (line of the problem, words of its message)
REFUSED = {
    # the runtime module
    RT + "x = _rt\n": (2, "'_rt' is used only as _rt.NAME"),
    "x = _rt\n": (1, "'_rt' is used only as _rt.NAME"),
    RT + "x = [_rt][0].gap\n": (2, "'_rt' is used only as _rt.NAME"),
    RT + "f = _rt.gap\n": (2, "_rt.gap may only be called"),
    RT + "x = _rt.random_pick.keywords\n": (2, "_rt.random_pick may only be called"),
    RT + "_rt.gap = len\n": (2, "assigning _rt.gap"),
    RT + "x = _rt.rule_line_of_function(len)\n": (2, "_rt.rule_line_of_function is not a runtime function"),
    RT + "x = _rt._resample\n": (2, "_rt._resample is not a runtime function"),
    "from dsl.runtime import engine\n": (1, "importing 'engine' from dsl.runtime as None"),
    "from dsl.runtime import engine as rt\n": (1, "as 'rt'"),
    RT + "_rt = 1\n": (2, "rebinding '_rt'"),
    # other imports
    "from dsl.runtime.faults import functools\n": (1, "importing 'functools' from dsl.runtime.faults"),
    "from dsl.runtime.engine import random\n": (1, "an import from dsl.runtime.engine"),
    "from __future__ import annotations\n": (1, "an import from __future__"),
    "from .engine import gap\n": (1, "an import from .engine"),
    "def f():\n    from dsl.runtime.errors import RuleGap\n": (2, "inside a function"),
    ERRORS + "from dsl.runtime.errors import RuleGap\n": (2, "binding 'RuleGap' a second time"),
    ERRORS + "x = RuleGap\n": (2, "'RuleGap' (imported) may only be"),
    ERRORS + "x = RuleGap.args\n": (2, "'RuleGap' (imported) may only be"),
    "from dsl.runtime.faults import FAULTS\nx = FAULTS[0]\n": (2, "'FAULTS' (imported) may only be caught"),
    "from dsl.runtime.combos import Pattern as _Pattern\nclass X(_Pattern):\n    pass\n": (2, "may only be called"),
    # attributes
    "def f(s):\n    return s._rng\n": (2, "the attribute '_rng'"),
    "def f(s):\n    return s._decide\n": (2, "the attribute '_decide'"),
    "def f(x):\n    return x._decide(1, [], 0, 0)\n": (2, "the attribute '_decide'"),
    "def f(s):\n    return s._helper()\n": (2, "the attribute '_helper'"),
    "def f(s):\n    return s.v_x.append\n": (2, "the method 'append' may only be called"),
    "def f(s):\n    return s.rng.seed(1)\n": (2, "a call to the method 'seed'"),
    "def f(s):\n    return '{0.n}'.format(s)\n": (2, "the attribute 'format'"),
    # calls and their arguments
    "def f(s):\n    return sorted(s.v_x, key=s.rng.random)\n": (2, "the argument key= of 'sorted'"),
    "def f(s):\n    return min(s.v_x, key=len)\n": (2, "the argument key= of 'min'"),
    "def f(s):\n    return sorted(s.v_x, reverse=True)\n": (2, "the argument reverse= of 'sorted'"),
    "def f(s):\n    return len(*s.v_x)\n": (2, "a `*` unpacking"),
    "def f(s):\n    return s.z_hand.extend(**s.v_x)\n": (2, "a `**` argument"),
    "def f(s):\n    return isinstance(s, bool)\n": (2, "the builtin 'bool' may only be called"),
    "def f(s):\n    return s.v_x(1)\n": (2, "a call to the method 'v_x'"),
    "def f(s):\n    g = s.rng.random\n    return g()\n": (3, "a call to 'g'"),
    "def f(s):\n    return max(s.v_x, key=lambda v: v(1))\n": (2, "a call to 'v'"),
    "x = [len][0]([])\n": (1, "a call to a computed function"),
    # names
    "def f(len):\n    return 0\n": (1, "rebinding 'len' (a parameter)"),
    "x = [0 for sorted in []]\n": (1, "rebinding 'sorted'"),
    "def f(s):\n    for max in s.v_x:\n        pass\n": (2, "rebinding 'max'"),
    "def g():\n    return 0\n\n\ndef f(s):\n    g = 1\n": (6, "rebinding 'g'"),
    "def f():\n    return 0\n\n\ndef f():\n    return 1\n": (5, "binding 'f' a second time"),
    "def len(x):\n    return 0\n": (1, "would hide"),
    ERRORS + "class RuleGap:\n    pass\n": (2, "would hide"),
    "x = vars()\n": (1, "the builtin 'vars'"),
    # lambdas, functions and classes
    "x = (lambda: 0)\n": (1, "a lambda is allowed only as a keyword argument"),
    "def f(s):\n    return max(s.v_x, key=lambda v, w=s: v)\n": (2, "a default value of a lambda parameter"),
    "def f(s, n=len):\n    return 0\n": (1, "a default value other than a constant"),
    "def f(s, *rest):\n    return 0\n": (1, "only plain parameters"),
    "def f(s: len):\n    return 0\n": (1, "an annotation other than a string"),
    "def f(s) -> int:\n    return 0\n": (1, "a return annotation"),
    "def f(s):\n    def g():\n        return 0\n    return 0\n": (2, "inside a function"),
    "class A:\n    class B:\n        pass\n": (2, "inside a function or class"),
    "class A:\n    if True:\n        x = 1\n": (2, "may hold only assignments and methods"),
    RT + "class S(_rt.gap):\n    pass\n": (2, "may derive only from a class of the module or of the runtime"),
    "class S(object):\n    pass\n": (1, "the builtin 'object'"),
    # syntax engines are not made of
    "x = 2 ** 8\n": (1, "the operator `**`"),
    "x = {**{}}\n": (1, "a `**` unpacking in a dict"),
    "x: int = 1\n": (1, "an annotated assignment"),
    "def f(s):\n    assert s\n": (2, "an `assert` statement"),
    "match 1:\n    case x:\n        pass\n": (1, "a `match` statement"),
    "x = {k: 1 for k in []}\n": (1, "a dict comprehension"),
}


@pytest.mark.parametrize("source", list(REFUSED), ids=range(len(REFUSED)))
def test_a_module_breaking_one_rule_is_refused_at_its_line(source):
    line, words = REFUSED[source]
    problems = check_module(source)
    assert any(p.line == line and p.column >= 1 and words in p.message for p in problems), [str(p) for p in problems]


ACCEPTED = {
    "the engine's imports": RT
    + "from dsl.runtime.combos import Pattern as _Pattern, Scoring as _Scoring\n"
    + ERRORS
    + "from dsl.runtime.faults import API_ERRORS, FAULTS, rule_fault\n"
    + "from dsl.runtime.native_driver import NativeState\n",
    "the state class and the driver's methods": RT
    + "class State(_rt.BaseState):\n"
    + "    _BLOCKS = ()\n\n"
    + "    def __init__(self, players):\n"
    + "        self._setup(players, 0, None)\n"
    + "        self._init_fields(players)\n\n"
    + "    def _init_fields(self, players):\n"
    + "        self.v_x = [0] * players\n\n\n"
    + "def block(s):\n"
    + "    return s._decide(0, [1], 2, 3)\n",
    "a runtime call": RT + "def f(s):\n    return _rt.take_top(s.z_deck, 4)\n",
    "a key of sorted, min and max": (
        "def rank(c):\n    return -c\n\n\n"
        "def f(s):\n    return sorted(s.v_x, key=lambda v: -v), max(s.v_x, key=rank), min(s.v_x)\n"
    ),
    "a pattern's lambda": "from dsl.runtime.combos import Pattern as _Pattern\n"
    + "P = _Pattern(name='pair', size=2, where=lambda c: c > 1)\n",
    "an int test": "def f(action):\n    return isinstance(action, int) and action is not True\n",
    "a raised error": ERRORS + "def f(action):\n    raise IllegalAction(f'{action!r} is not a legal action here')\n",
    "a string annotation": "def f(s: '_Fields', n=0):\n    return n\n",
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_the_forms_engines_write_pass(source):
    assert check_module(source) == []
