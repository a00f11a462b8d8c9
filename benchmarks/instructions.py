"""Instructions per decision of each engine, counted by valgrind's callgrind:

    python benchmarks/instructions.py [--game thirteens] [--players 4] [--matches 40] [--warm 40]

Timings on a shared machine move with its load; the number of instructions a run executes does
not. For each side (the hand-written engine, the compiled engine, its native build) this runs
two processes under callgrind that import everything and play `--warm` matches (seeds 0, 1,
...), then one of them plays `--matches` more (seeds 0, 1, ... again: with `--warm` as large, the
scorers' memos hold every trick of them, as in a long simulation), and reports the difference of
their instruction counts divided by the decisions of those matches. Fewer instructions is not
the same as less time (an interpreter's instructions take more cycles each than the native
engine's), so this measures a change of one engine against itself; `cpu_ratio.py` and
`yardstick.py` give the ratios of time. Needs valgrind (`apt-get install valgrind`).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SIDES = ("hand-written", "compiled", "native")

# the played part, run in the measured process: `play` is cpu_ratio's random agent
_PLAY = """
import json, sys
sys.path.insert(0, sys.argv[1])
from benchmarks.cpu_ratio import play
side, game, players, warm, matches = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
if side == "hand-written":
    import importlib
    new_game = importlib.import_module("benchmarks.handwritten." + game).new_game
else:
    from dsl.api import load_game
    new_game = load_game(sys.argv[1] + "/games/" + game + ".cardrules", native=side == "native").new_game
play(new_game, players, warm)
print(json.dumps(play(new_game, players, matches)))
"""


def counted(side: str, game: str, players: int, warm: int, matches: int) -> tuple[int, int]:
    """(instructions, decisions) of a process that warms up and then plays `matches` matches."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", _PLAY]
    command += [str(ROOT), side, game, str(players), str(warm), str(matches)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(f"{side}: the measured process failed:\n{done.stderr[-2000:]}")
    found = re.search(r"Collected\s*:\s*(\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"{side}: callgrind reported no instruction count")
    return int(found.group(1)), json.loads(done.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("thirteens", "jailbreak"), default="thirteens")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=40, help="measured matches")
    parser.add_argument("--warm", type=int, default=40, help="matches played before, in both processes")
    parser.add_argument("--side", choices=SIDES, action="append", help="only this side (repeatable)")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    for side in args.side or SIDES:
        total, decisions = counted(side, args.game, args.players, args.warm, args.matches)
        base, _ = counted(side, args.game, args.players, args.warm, 0)
        per = (total - base) / decisions
        print(f"{args.game} {args.players}p {side:<13} {decisions:>7} decisions {per:>9,.0f} instructions/decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
