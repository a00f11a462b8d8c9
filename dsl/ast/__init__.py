"""The cardrules abstract syntax tree and its construction from a Lark parse tree."""

from . import nodes  # noqa: F401
