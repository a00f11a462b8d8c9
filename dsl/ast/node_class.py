"""`@node`: a dataclass whose `__init__`, `__repr__` and `__eq__` were written out ahead of time.

`@dataclass` writes the source of each of those methods and compiles it, one `exec` per method,
every time the program starts: for the 95 node classes of the tree that was about 45 ms of each
command's start. The methods are the same at every start, so they are generated once, from the
classes' fields, into `dsl/ast/node_methods.py` (`python -m dsl.ast.gen_methods --write`,
checked for drift by `tests/test_ast_node_methods.py`); `@node` makes the class a dataclass
without those three methods (its fields, `dataclasses.fields`, `replace` and `__match_args__`
stay the standard ones) and puts the written-out ones in their place. A class whose fields no
longer match what the methods were written for (the module was not regenerated) is made a
plain `@dataclass`: slower to start, never wrong.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields

from . import node_methods


def shape(cls) -> tuple:
    """What the written-out methods of a dataclass depend on: each field's name, whether it is
    keyword-only, compared and shown, and its default."""
    return tuple(
        (
            f.name,
            f.kw_only,
            f.compare,
            f.repr,
            None if f.default is MISSING else repr(f.default),
            None if f.default_factory is MISSING else f.default_factory.__name__,
        )
        for f in fields(cls)
    )


def node(cls):
    written = node_methods.METHODS.get(cls.__qualname__)
    if written is None:
        return dataclass(cls)
    expected_shape, init, show, equal, doc = written
    as_declared = {k: v for k, v in cls.__dict__.items() if k not in ("__dict__", "__weakref__")}
    if not cls.__doc__ and doc is not None:
        cls.__doc__ = doc  # what @dataclass writes for a class without a docstring
    cls = dataclass(cls, init=False, repr=False, eq=False)
    if shape(cls) != expected_shape:
        # dataclass() has replaced the fields' declarations on the class: start again from them.
        return dataclass(type(cls)(cls.__name__, cls.__bases__, as_declared))
    for name, method in (("__init__", init), ("__repr__", show), ("__eq__", equal)):
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
    # As @dataclass does for a mutable class that compares by value: its instances are unhashable.
    cls.__hash__ = None
    return cls
