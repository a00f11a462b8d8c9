"""Two generated engines of one game against each other, by processor time on the same matches:

    git show HEAD~1:generated/jailbreak.py > /tmp/before.py
    python benchmarks/ab_modules.py /tmp/before.py generated/jailbreak.py --players 3 --matches 150

Each engine module (a file `cardrules compile` wrote) plays seeds 0..N-1 with the yardstick's
random agent; the two alternate `--pairs` times, the one that goes first alternating too, and the
report is the median over the pairs of (time of the first) / (time of the second): above 1, the
second is faster. A change to the compiler is measured this way, generated code before and
after, in one process, so that a machine whose load moves by the second moves both alike.
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def load(path: str, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def seconds(engine, players: int, matches: int) -> float:
    started = time.process_time()
    for seed in range(matches):
        state, rng = engine.new_game(players, seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return time.process_time() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", help="a generated engine module (.py)")
    parser.add_argument("second", help="another engine module of the same game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--matches", type=int, default=20, help="matches per timing (seeds 0..N-1)")
    parser.add_argument("--pairs", type=int, default=30)
    args = parser.parse_args(argv)
    first, second = load(args.first, "first_engine"), load(args.second, "second_engine")
    for engine in (first, second):  # warm up: the scorers' memos
        seconds(engine, args.players, args.matches)
    ratios = []
    for i in range(args.pairs):
        if i % 2:
            a, b = seconds(first, args.players, args.matches), seconds(second, args.players, args.matches)
        else:
            b, a = seconds(second, args.players, args.matches), seconds(first, args.players, args.matches)
        ratios.append(a / b)
    print(f"time of the first / time of the second, median of {args.pairs} pairs: {statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
