"""What recording events costs a match that does not record: the engines of a few games as the
compiler wrote them before the events (a git revision's `generated/`) against today's, on the same
seeded random matches, in one process, alternating:

    python benchmarks/events_overhead.py --before 8539ac9 --pairs 20

For each game the report is the median over the pairs of (time of today's engine) / (time of the
engine before): 1.03 would be 3 % slower. Both engines run on today's runtime, whose part of the
cost (a test when a match ends or a state is cloned) is outside the decisions timed here.
With `--record` today's engine records too, for what recording costs when it is asked for.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ab_modules import load  # noqa: E402

GAMES = {"thirteens": 4, "jailbreak": 3, "bridge": 4}


def seconds(engine, players: int, matches: int, record: bool = False) -> float:
    started = time.process_time()
    for seed in range(matches):
        state = engine.new_game(players, seed, record=True) if record else engine.new_game(players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return time.process_time() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="a git revision whose generated/ has no events")
    parser.add_argument("--matches", type=int, default=10, help="matches per timing (seeds 0..N-1)")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--record", action="store_true", help="today's engines record their events")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    folder = pathlib.Path(tempfile.mkdtemp())
    for game in args.games.split(","):
        old = folder / f"{game}_before.py"
        source = subprocess.run(
            ["git", "show", f"{args.before}:generated/{game}.py"], cwd=ROOT, capture_output=True, check=True, text=True
        )
        old.write_text(source.stdout, encoding="utf-8")
        before, today = load(str(old), f"{game}_before"), load(str(ROOT / "generated" / f"{game}.py"), f"{game}_today")
        players = GAMES[game]
        seconds(before, players, args.matches)
        seconds(today, players, args.matches, args.record)
        ratios = []
        for i in range(args.pairs):
            if i % 2:
                a = seconds(today, players, args.matches, args.record)
                b = seconds(before, players, args.matches)
            else:
                b = seconds(before, players, args.matches)
                a = seconds(today, players, args.matches, args.record)
            ratios.append(a / b)
        ratio = statistics.median(ratios)
        print(f"{game} ({players} players): today / before, median of {args.pairs} pairs: {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
