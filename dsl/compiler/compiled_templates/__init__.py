"""Jinja templates of the compiler, compiled: see `dsl.compiler.precompiled`."""
