"""Engines compiled to native code: the generated module built as a C extension by Cython, its
state's fields typed. Optional (the `native` extra); the Python module stays the reference."""

from .build import NativeUnavailable, load_native

__all__ = ["NativeUnavailable", "load_native"]
