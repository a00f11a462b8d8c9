"""The compiler's Jinja templates, shipped already compiled to Python, so no process spends the
~0.12 s that Jinja takes to compile them on every run.

    python -m dsl.compiler.write_templates --write    # after changing a template (a test checks)

`--write` turns each template of `templates/` into a module of `compiled_templates/` (Jinja's own
compiled form, the one its ModuleLoader reads) that records the SHA-256 of what it was compiled
from: the template's text, the environment's options and Jinja's version. The loader below
serves that module only while the fingerprint of the template as it is now matches; otherwise
(a template edited since, another Jinja) it compiles the template from its text as before. So a
stale module costs time, never a different engine. Nothing is written at run time: the modules
are part of the package, as trusted as its other code.
"""

from __future__ import annotations

import hashlib
import importlib
import pathlib

import jinja2

PACKAGE = "dsl.compiler.compiled_templates"
FOLDER = pathlib.Path(__file__).resolve().parent / "compiled_templates"
_OPTIONS = ("trim_blocks", "lstrip_blocks", "keep_trailing_newline", "autoescape")


def module_name(template: str) -> str:
    return "t_" + "".join(ch if ch.isalnum() else "_" for ch in template)


def fingerprint(environment: jinja2.Environment, source: str) -> str:
    options = ",".join(f"{name}={getattr(environment, name)!r}" for name in _OPTIONS)
    return hashlib.sha256(f"jinja2 {jinja2.__version__}\0{options}\0{source}".encode()).hexdigest()


class PrecompiledLoader(jinja2.BaseLoader):
    """Templates from `source_loader`, taken from their compiled modules while those are fresh."""

    def __init__(self, source_loader: jinja2.BaseLoader):
        self.source_loader = source_loader

    def get_source(self, environment, template):
        return self.source_loader.get_source(environment, template)

    def list_templates(self):
        return self.source_loader.list_templates()

    def load(self, environment, name, globals=None):
        source, filename, uptodate = self.get_source(environment, name)
        try:
            module = importlib.import_module(f"{PACKAGE}.{module_name(name)}")
        except ImportError:
            module = None
        if module is not None and getattr(module, "FINGERPRINT", None) == fingerprint(environment, source):
            # as Jinja's own ModuleLoader builds a template from its module
            return environment.template_class.from_module_dict(environment, vars(module), globals or {})
        code = environment.compile(source, name, filename)
        return environment.template_class.from_code(environment, code, environment.make_globals(globals), uptodate)


def compiled_modules(environment: jinja2.Environment) -> dict[str, str]:
    """File name -> text of the compiled module of every template."""
    out = {"__init__.py": '"""Jinja templates of the compiler, compiled: see `dsl.compiler.precompiled`."""\n'}
    for name in environment.list_templates():
        source, filename, _ = environment.loader.get_source(environment, name)
        code = environment.compile(source, name, filename, raw=True, defer_init=True)
        header = f"# Compiled from templates/{name} by `python -m dsl.compiler.write_templates --write`: do not edit.\n"
        out[module_name(name) + ".py"] = header + f"FINGERPRINT = {fingerprint(environment, source)!r}\n" + code + "\n"
    return out
