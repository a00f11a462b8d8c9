"""The gate lets a `try` statement through in one shape only: every handler catches names the
module imported or defined and raises again at once, either the caught exception itself (bare
`raise`) or `f(name) from name` with `f` such a name, so nothing a handler catches is swallowed.
Every other `try` is a located problem (the native flavour of every generated engine, whose
`apply` needs the allowed shape, passes the gate: `test_gate_engines`)."""

from __future__ import annotations

import ast

import pytest

from dsl.compiler.gate import check_module


PRELUDE = """from dsl.runtime.faults import FAULTS, rule_fault
from dsl.runtime.errors import IllegalAction, RuleGap


def translate(exc):
    return exc


class Slip(RuleGap):
    pass


ERRORS = (Slip,)
other = None


"""
TRY_LINE = PRELUDE.count("\n") + 3  # the `try` of `apply`, below


def module(handlers: str, body: str = "s.legal.append(1)") -> str:
    """A module whose function `apply` runs `body` inside `try:` followed by `handlers`."""
    return PRELUDE + f"def apply(s):\n    # a state's move\n    try:\n        {body}\n{handlers}"


def handler(*lines: str, catch: str = "except FAULTS as exc:") -> str:
    return f"    {catch}\n" + "".join(f"        {line}\n" for line in lines)


ACCEPTED = {
    "a bare raise": handler("raise"),
    "the runtime's translation of the caught exception": handler("raise rule_fault(exc) from exc"),
    "a translation by a function of the module": handler("raise translate(exc) from exc"),
    "a tuple of imported exception names": handler("raise", catch="except (RuleGap, IllegalAction):"),
    "several handlers, each raising again": (
        handler("raise", catch="except (RuleGap, IllegalAction):") + handler("raise rule_fault(exc) from exc")
    ),
    "an exception class the module defines": handler("raise", catch="except Slip:"),
}

TRY_REFUSED = "a `try` statement is not allowed (only one whose every handler raises again)"
REFUSED = {
    "a handler that passes": handler("pass"),
    "a handler that returns": handler("return -1"),
    "a handler that returns the fault": handler("return rule_fault(exc)"),
    "a call before the raise": handler("rule_fault(exc)", "raise"),
    "a raise followed by more": handler("raise", "pass"),
    "a raise of another name": handler("raise other"),
    "a raise of a class": handler("raise RuleGap"),
    "a translation of another value": handler("raise rule_fault(other) from exc"),
    "a translation of a constant": handler("raise rule_fault(1) from exc"),
    "a translation caused by another value": handler("raise rule_fault(exc) from other"),
    "a translation without its cause": handler("raise rule_fault(exc)"),
    "a translation caused by nothing": handler("raise rule_fault(exc) from None"),
    "a translation with a second argument": handler("raise rule_fault(exc, exc) from exc"),
    "a translation with a keyword argument": handler("raise rule_fault(exc, line=1) from exc"),
    "a translation by keyword": handler("raise rule_fault(exc=exc) from exc"),
    "a translation by an allowed method": handler("raise s.get(exc) from exc"),
    "a raise of the translation of an unnamed handler": handler(
        "raise rule_fault(exc) from exc", catch="except FAULTS:"
    ),
    "a builtin exception type": handler("raise", catch="except Exception:"),
    "a builtin among the types": handler("raise", catch="except (FAULTS, Exception):"),
    "a bare except": handler("raise", catch="except:"),
    "an attribute as the type": handler("raise", catch="except s.errors:"),
    "a type bound by a plain assignment": handler("raise", catch="except ERRORS:"),
    "a type computed by a call": handler("raise", catch="except translate(Slip):"),
    "an else": handler("raise") + "    else:\n        s.legal.append(2)\n",
    "a finally": handler("raise") + "    finally:\n        s.legal.append(2)\n",
    "a finally alone": "    finally:\n        s.legal.append(2)\n",
}


@pytest.mark.parametrize("handlers", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_a_try_whose_every_handler_raises_again_passes(handlers):
    source = module(handlers)
    assert any(isinstance(node, ast.Try) for node in ast.walk(ast.parse(source)))
    assert check_module(source) == []


@pytest.mark.parametrize("handlers", REFUSED.values(), ids=REFUSED.keys())
def test_any_other_try_is_refused_at_its_line(handlers):
    problems = [(p.line, p.column, p.message) for p in check_module(module(handlers))]
    # (a builtin named in a handler is also refused as a name: that is not the point here)
    assert [p for p in problems if "builtin" not in p[2]] == [(TRY_LINE, 5, TRY_REFUSED)]


def test_except_star_is_refused():
    if not hasattr(ast, "TryStar"):
        pytest.skip("`except*` is Python 3.11's")
    problems = check_module(module(handler("raise", catch="except* FAULTS:")))
    assert [(p.line, p.message) for p in problems] == [(TRY_LINE, "a `try` statement with `except*` is not allowed")]


def test_what_an_allowed_try_holds_is_checked_as_anywhere_else():
    messages = [p.message for p in check_module(module(handler("raise"), body="eval('1')"))]
    assert "a call to 'eval' is not allowed" in messages and TRY_REFUSED not in messages
    inner = module(
        handler("raise"), body="try:\n            s.legal.append(1)\n        except FAULTS:\n            pass"
    )
    assert [(p.line, p.message) for p in check_module(inner)] == [(TRY_LINE + 1, TRY_REFUSED)]  # the inner one


def test_the_raise_of_an_allowed_handler_is_checked_as_anywhere_else():
    # The shape is right but the translation is a name the gate refuses everywhere (and the
    # handler binds that name: the try itself is refused for it).
    source = module(handler("raise rule_fault(__x) from __x", catch="except FAULTS as __x:"))
    assert sorted(p.message for p in check_module(source)) == sorted(
        [TRY_REFUSED] + ["the name '__x' is not allowed"] * 2
    )


@pytest.mark.parametrize("name", ["__builtins__", "rule_fault", "len"])
def test_a_handler_may_not_bind_a_name_the_gate_refuses_elsewhere(name):
    assert check_module(module(handler("raise", catch=f"except FAULTS as {name}:"))) != []


def test_the_same_names_are_refused_when_assigned():
    for name in ("__builtins__", "rule_fault"):
        assert check_module(module("    except FAULTS:\n        raise\n", body=f"{name} = 1")) != []
