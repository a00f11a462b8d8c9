"""The Jinja environment of the compiler: the engine module template and the macro files of the
lowering (`lowering/statements.py.j2`, `lowering/decisions.py.j2`, `lowering/trick.py.j2`), each
construct's Python written in one place.

Templates only ever receive text that `escape` made safe or that the compiler made itself; they
add no user text of their own (autoescape is off because the output is Python, not HTML)."""

from __future__ import annotations

import functools

import jinja2

from . import escape, layout
from .precompiled import PrecompiledLoader


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        # compiled templates shipped in the package while they are fresh (see `precompiled`)
        loader=PrecompiledLoader(jinja2.PackageLoader("dsl.compiler", "templates")),
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # the output is Python, every literal is emitted with repr
    )
    env.filters["pyrepr"] = escape.literal
    # Layout as `ruff format` would write it; each takes the text before it on its line.
    env.filters["table"] = escape.literal_block  # plain data: `{{ data|table("NAME = ") }}`
    env.filters["code_tuple"] = lambda items, lead: layout.collection(list(items), lead, tuple_=True)
    env.filters["code_call"] = lambda function, args, lead, trail=0: layout.call(function, list(args), lead, trail)
    env.filters["each"] = lambda items, form: [form.format(item) for item in items]
    return env


@functools.lru_cache(maxsize=None)
def macros(name: str):
    """The macros of `templates/lowering/<name>.py.j2`, callable as `macros("trick").played(...)`."""
    return environment().get_template(f"lowering/{name}.py.j2").module
