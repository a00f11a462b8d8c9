"""Rule checks: independent functions `(model, engine) -> list[Diagnostic]`, run in order.

Name resolution and typing (`symbols`, `typecheck`) run first and stop the pipeline on errors;
the checks listed in `checks` look at the rules themselves and never stop it.  The findings of
random matches (`validate --simulate N`) come from `dsl.sim.findings`, which sits above this
package.

Importing the package imports no check: a validation its cache answers (`lint.cache`) and the
command line's own helper `source_files` need none of them, nor the AST and the
compiler they import (about 0.1 s of a fresh process).
"""

from __future__ import annotations


def run_checks(model, engine) -> list:
    """Every diagnostic of the checks of `checks.STATIC_CHECKS`, in their order."""
    from .checks import run_checks as run

    return run(model, engine)
