"""Jump threading: a jump to a block that does nothing but jump on goes to where it leads.

Lowering ends every `if`, loop and choice in a block of its own, so the end of one branch is
often a chain of blocks that only say `return N` (`_if_296_after` to `_if_295_after` to
`_for_293_next`), and the driver would run each of them on the way. This pass rewrites every
`return N  # to name` whose target is such a forwarder into a jump to the end of the chain. The
forwarders stay in the program (their numbers do not move), the lines keep their places (the
table of rule lines still holds), and a cycle of forwarders, rules that loop doing nothing, is
left as it is, for the driver's step limit to report.
"""

from __future__ import annotations

import re

from .program import Program

_JUMP = re.compile(r"^(?P<indent>\s*)return (?P<block>\d+)  # to \w+$")


def _forwarded_to(lines: list[str]) -> int | None:
    """The block a block only jumps on to (its comments aside), or None when it does more."""
    code = [line for line in lines if not line.strip().startswith("#")]
    if len(code) != 1:
        return None
    jump = _JUMP.match(code[0])
    return int(jump["block"]) if jump else None


def _final_targets(program: Program) -> dict[int, int]:
    """For each forwarder, the first block along its chain that does something."""
    forward = {b: t for b, lines in enumerate(program.blocks) if (t := _forwarded_to(lines)) is not None}
    final = {}
    for start in forward:
        seen, block = {start}, forward[start]
        while block in forward and block not in seen:
            seen.add(block)
            block = forward[block]
        if block not in forward:  # (a chain that comes back on itself is left alone)
            final[start] = block
    return final


def thread_jumps(program: Program) -> None:
    """Rewrite, in place, every jump to a forwarder as a jump to the end of its chain."""
    final = _final_targets(program)
    if not final:
        return
    for lines in program.blocks:
        for i, line in enumerate(lines):
            jump = _JUMP.match(line)
            if jump and int(jump["block"]) in final:
                lines[i] = jump["indent"] + program.jump(final[int(jump["block"])])
