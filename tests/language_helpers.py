"""Compiling small rule files for the language tests, through the public API."""

from __future__ import annotations

from dsl.api import check_source, compile_source, module_from_source

HEAD = """
game "g"
players 3
cards { deck standard }
zone deck shared seen by nobody
zone hand per player seen by owner
zone pile shared seen by everyone
"""


def engine(text: str):
    compiled = compile_source(text, "t.cardrules")
    assert compiled.ok, [f"{d.span.line}: {d.message}" for d in compiled.diagnostics]
    return module_from_source(compiled.source, "t")


def errors(text: str) -> list:
    return [d for d in check_source(text, "t.cardrules") if d.severity == "error"]


def labels(state) -> list[str]:
    return [state.action_str(a) for a in state.legal_actions()]


def play(state, label: str) -> None:
    """Apply the legal action whose label is `label`."""
    by_label = {state.action_str(a): a for a in state.legal_actions()}
    assert label in by_label, (label, sorted(by_label))
    state.apply(by_label[label])


def var(state, name: str):
    return state.observation(0)["vars"][name]
