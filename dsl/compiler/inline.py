"""Block inlining: a block that only one jump leads to is written out at that jump.

The driver runs one block function per step (`pc = blocks[pc](s)`), so each `return N` between
two decisions costs a trip through it. When block N is reached from one jump only (it is no
decision's resume point and no other block jumps to it), its lines can take the place of that
jump: the block that jumped now goes on with N's code itself. Jailbreak's choice to pass or hunt
then runs three blocks instead of four.

One limit comes from resampling (`dsl.runtime.knowledge`): it runs again the block that offered a
choice of cards to learn what the player could have held, so a block that comes to hold such a
decision this way must be one that can run again to no effect: one that only counts a branch and
tests. A choice among options (pass or hunt) says nothing about cards and is never run again.
An inlined block keeps a function of one line in its place, so that block numbers do not move;
nothing reaches it.
"""

from __future__ import annotations

import re

from .program import Program

_JUMP = re.compile(r"^(?P<indent>\s*)return (?P<block>\d+)  # to (?P<name>\w+)$")
_DECISION = re.compile(r"_decide\(|\bs\.pc\b")
# A decision among options only: `_decide(who, [52, 53], resume, line)`, every action past the cards.
# (stored inline as `s.cur, s.legal, s.pc, s.asked_at = who, [52, 53], resume, line`, or so passed
# to `_decide`)
_OPTIONS_ONLY = re.compile(r", \[(?P<actions>\d+(?:, \d+)*)\], \d+, \d+\)?(  #.*)?$")
# The lines of a block that may run again to no effect: a branch counted, a test, a jump.
_HARMLESS = (
    re.compile(r"^s\.hits\[\d+\] \+= 1$"),
    re.compile(r"^(if|elif) (?P<cond>.+):$"),
    re.compile(r"^else:$"),
    re.compile(r"^return \d+  # to \w+$"),
)
_CALL = re.compile(r"([\w.]+)\(")
_PURE_CALLS = frozenset({"len", "bool", "any", "all", "min", "max", "sum", "abs"})


def _code(lines: list[str]) -> list[str]:
    return [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]


def _harmless(lines: list[str]) -> bool:
    """Whether running the block again changes nothing but its branch counters."""
    for line in _code(lines):
        match = next((m for m in (p.match(line) for p in _HARMLESS) if m), None)
        if match is None:
            return False
        cond = match.groupdict().get("cond")
        if cond is not None and any(call not in _PURE_CALLS for call in _CALL.findall(cond)):
            return False
    return True


def _offers_cards(lines: list[str], n_cards: int) -> bool:
    """Whether a block holds a decision that may offer cards (anything but a literal option list)."""
    for line in lines:
        if not _DECISION.search(line):
            continue
        options = _OPTIONS_ONLY.search(line)
        if options is None or any(int(a) < n_cards for a in options["actions"].split(", ")):
            return True
    return False


def _mentions(program: Program, name: str, gone: set[int]) -> int:
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    lines = [line for b, block in enumerate(program.blocks) if b not in gone for line in block]
    lines += [line for f in program.functions for line in f.lines]
    return sum(len(pattern.findall(line)) for line in lines)


def _single_jump(program: Program, target: int, gone: set[int]) -> tuple[int, int] | None:
    """(block, line index) of the one jump to `target`, if that is the only mention of it in the
    blocks still run (`gone`: those already written out elsewhere)."""
    name = program.block_names[target]
    if _mentions(program, name, gone) != 1:  # a resume point (`# then name`) or a second jump
        return None
    for b, lines in enumerate(program.blocks):
        if b in gone:
            continue
        for i, line in enumerate(lines):
            jump = _JUMP.match(line)
            if jump and int(jump["block"]) == target and b != target:
                return b, i
    return None


def inline_blocks(program: Program, n_cards: int) -> None:
    """Write out, in place, every block reached by one jump only at that jump (see above)."""
    inlined: set[int] = set()
    into: dict[int, int] = {}  # inlined block -> the block its code went into
    changed = True
    while changed:
        changed = False
        for target in range(1, len(program.blocks)):
            if target in inlined:
                continue
            site = _single_jump(program, target, inlined)
            if site is None:
                continue
            block, index = site
            body = program.blocks[target]
            if _offers_cards(body, n_cards) and not _harmless(program.blocks[block]):
                continue  # the decision would move into a block resampling cannot run again
            indent = _JUMP.match(program.blocks[block][index])["indent"]
            moved = [indent + line[4:] if line.startswith("    ") else indent + line for line in body]
            program.blocks[block][index : index + 1] = moved
            inlined.add(target)
            into[target] = block
            changed = True
    for target in inlined:  # what stays of them: a function nothing reaches, holding its number
        where = program.block_names[into[target]]
        program.blocks[target][:] = [
            f"    # written out in {where}, the one block that went on here",
            f"    _rt.gap('unreachable', 0, 'block {target} runs inside block {into[target]}')",
        ]
