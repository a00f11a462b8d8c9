"""The `cardrules` program: the process is tuned for a short command, then the command line runs.

A command allocates a great many long-lived objects as it starts (the imported modules, the
parser's tables, the AST node classes, the rule file's tree) and frees few of them, so the cyclic
garbage collector, which by default looks at the young objects after every 700 allocations, ran
about 140 times in one `cardrules validate` and took about a seventh of its processor time while
finding almost nothing to free. Here it waits for 50 000: cycles are still collected, and a
validation's peak memory is the same (about 41 MB). When the command is done, every object is
frozen (`gc.freeze`): the interpreter's last full collection as it exits then has nothing to
walk (it took 50-100 ms after a validation, to free nothing the exit would not free anyway).
Only the program does this; importing `dsl` or `dsl.cli` leaves the collector as it was."""

from __future__ import annotations

import gc
import sys
from typing import NoReturn

YOUNG_OBJECTS_BEFORE_A_COLLECTION = 50_000


def main() -> NoReturn:
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS_BEFORE_A_COLLECTION, older, oldest)
    from dsl.cli import run

    try:
        code = run()
    finally:
        gc.freeze()
    sys.exit(code)
