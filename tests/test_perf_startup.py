"""Start-up work the compiler no longer repeats: its templates ship compiled, and a compiled
template is used only while it matches its source."""

import subprocess
import sys

import jinja2

from dsl.compiler import precompiled
from dsl.compiler.templating import environment


def test_the_shipped_compiled_templates_are_fresh():
    """After editing a template, run `python -m dsl.compiler.write_templates --write`."""
    done = subprocess.run([sys.executable, "-m", "dsl.compiler.write_templates"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_template_is_served_from_its_compiled_module():
    env = environment()
    for name in env.list_templates():
        template = env.get_template(name)
        module = sys.modules.get(f"{precompiled.PACKAGE}.{precompiled.module_name(name)}")
        assert module is not None and template.root_render_func is module.root, name


def test_a_template_edited_since_it_was_compiled_is_compiled_from_its_text():
    edited = jinja2.DictLoader({"engine.py.j2": "edited {{ 1 + 1 }}\n"})
    env = jinja2.Environment(loader=precompiled.PrecompiledLoader(edited), keep_trailing_newline=True)
    assert env.get_template("engine.py.j2").render() == "edited 2\n"


def test_the_same_text_under_other_options_is_compiled_from_its_text():
    real = environment()
    source, _, _ = real.loader.get_source(real, "engine.py.j2")
    loader = precompiled.PrecompiledLoader(jinja2.DictLoader({"engine.py.j2": source}))
    other = jinja2.Environment(loader=loader, trim_blocks=False, lstrip_blocks=True, keep_trailing_newline=True)
    other.filters.update(real.filters)
    module = sys.modules[f"{precompiled.PACKAGE}.{precompiled.module_name('engine.py.j2')}"]
    assert other.get_template("engine.py.j2").root_render_func is not module.root
