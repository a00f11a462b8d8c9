"""The node classes' written-out methods (`dsl/ast/node_methods.py`) behave as the ones
`@dataclass` writes: each class is compared with a standard dataclass of the same fields."""

from __future__ import annotations

import dataclasses
import inspect
from dataclasses import field

import pytest

from dsl.ast import gen_methods, node_class
from dsl.ast import nodes as n
from dsl.report.diagnostics import Span

CLASSES = gen_methods.node_classes()
DOCUMENTED = gen_methods.classes_with_docstrings()


def test_the_written_out_methods_are_up_to_date():
    assert gen_methods.main(["--check"]) == 0


def test_there_are_node_classes_to_compare():
    assert len(CLASSES) > 90 and n.Num in CLASSES and n.Game in CLASSES


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_each_class_uses_its_written_out_methods(cls):
    for method in ("__init__", "__repr__", "__eq__"):
        assert getattr(cls, method).__module__ == "dsl.ast.node_methods", method
        assert getattr(cls, method).__qualname__ == f"{cls.__qualname__}.{method}"


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_each_class_is_the_dataclass_of_its_fields(cls):
    twin = gen_methods.standard_twin(cls)
    assert str(inspect.signature(cls)) == str(inspect.signature(twin))
    assert cls.__match_args__ == twin.__match_args__
    assert cls.__hash__ is None
    if cls.__name__ not in DOCUMENTED:
        assert cls.__doc__ == twin.__doc__


def _arguments(cls, salt: int) -> dict:
    """A value for every field: numbers and strings, and a list for the fields made anew."""
    values = {}
    for i, f in enumerate(dataclasses.fields(cls)):
        values[f.name] = [salt, i] if f.default_factory is not dataclasses.MISSING else f"{f.name}-{salt}"
    values["span"] = Span(salt, 1, salt, 5)
    return values


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_init_repr_and_equality_are_the_dataclass_ones(cls):
    twin = gen_methods.standard_twin(cls)
    values = _arguments(cls, 1)
    mine, theirs = cls(**values), twin(**values)
    assert repr(mine) == repr(theirs)
    assert vars(mine) == vars(theirs)
    assert mine == cls(**values) and not (mine != cls(**values))
    assert mine != theirs  # another class: never equal
    for f in dataclasses.fields(cls):
        changed = cls(**{**values, f.name: "changed"})
        assert (changed == mine) is (not f.compare), f.name
        assert (changed == mine) is (twin(**{**values, f.name: "changed"}) == theirs), f.name


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_defaults_are_the_dataclass_ones(cls):
    twin = gen_methods.standard_twin(cls)
    required = {f.name: 0 for f in dataclasses.fields(cls) if f.default is f.default_factory is dataclasses.MISSING}
    mine, theirs = cls(**required), twin(**required)
    assert repr(mine) == repr(theirs)
    made_anew = [f.name for f in dataclasses.fields(cls) if f.default_factory is not dataclasses.MISSING]
    for name in made_anew:  # one list per node, never shared
        assert getattr(mine, name) == [] and getattr(mine, name) is not getattr(cls(**required), name)


def test_positional_arguments_and_keyword_only_fields():
    cite = n.Cite("ru", 3, "phrase", span=Span(2, 1, 2, 9))
    assert (cite.source, cite.line, cite.quote, cite.span) == ("ru", 3, "phrase", Span(2, 1, 2, 9))
    with pytest.raises(TypeError):
        n.Cite("ru", 3, "phrase", Span(2, 1, 2, 9))  # span is keyword-only
    with pytest.raises(TypeError):
        n.Cite("ru")  # line is required


def test_the_checker_type_of_an_expression_is_not_compared():
    assert n.Num(3, type="int") == n.Num(3)
    assert n.Num(3) != n.Num(4)
    assert dataclasses.replace(n.Num(3, type="int"), value=4) == n.Num(4)


def test_a_node_that_contains_itself_is_shown_without_recursing():
    items = n.TupleLit([])
    items.items.append(items)
    assert repr(items).startswith("TupleLit(") and "items=[...]" in repr(items)


def test_a_class_whose_fields_changed_since_the_methods_were_written_is_a_standard_dataclass():
    class Num:  # the name of a node class, with other fields than the written-out methods expect
        __qualname__ = "Num"
        weight: int
        label: str = "none"
        tags: list = field(default_factory=list)

    made = node_class.node(Num)
    assert made.__init__.__module__ != "dsl.ast.node_methods"
    assert repr(made(3)) == "Num(weight=3, label='none', tags=[])"
    assert made(3) == made(3) and made(3) != made(4)
