"""Where a compiled engine spends its time, block by block, without cProfile's cost per call:

    python benchmarks/block_times.py thirteens 4 150 [--warm 400]

Plays `--warm` unmeasured matches first (the scorers' memos fill), then the given number of
matches with every block function of the engine's state machine wrapped in a timer. Each line
is one block and where it went: `name -> N` when it jumped to block N (Thirteens' while test
going on to a trick, or scoring the deal and dealing again), `name (asks)` when it stopped at a
decision or the end: how often per decision, and its time per decision and per call, less the
wrapper's own cost. What is left of a decision's time is the driver (`apply`, `legal_actions`)
and the random agent.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.playouts import play  # noqa: E402  (the yardstick's random driver)
from dsl.api import load_game  # noqa: E402

clock = time.perf_counter


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a rule file's name in games/, without .cardrules")
    parser.add_argument("players", type=int)
    parser.add_argument("matches", type=int)
    parser.add_argument("--warm", type=int, default=400, help="unmeasured matches first")
    args = parser.parse_args(argv)
    engine = load_game(str(ROOT / "games" / f"{args.game}.cardrules"))
    play(engine, args.players, range(10_000, 10_000 + args.warm))
    spent: collections.Counter = collections.Counter()
    calls: collections.Counter = collections.Counter()

    def timed(block):
        def run(s):
            started = clock()
            went = block(s)
            key = f"{block.__name__} -> {went}" if went >= 0 else f"{block.__name__} (asks)"
            spent[key] += clock() - started
            calls[key] += 1
            return went

        return run

    idle = timed(lambda s: -1)
    for _ in range(100_000):
        idle(None)
    overhead = spent.pop("<lambda> (asks)") / calls.pop("<lambda> (asks)")
    blocks = engine.State._BLOCKS
    engine.State._BLOCKS = tuple(timed(b) for b in blocks)
    try:
        started = clock()
        decisions = play(engine, args.players, range(args.matches))
        total = clock() - started
    finally:
        engine.State._BLOCKS = blocks
    print(
        f"{decisions} decisions, {total / decisions * 1e6:.2f} us each"
        f" (wrapped; the wrapper {overhead * 1e6:.2f} us a call)"
    )
    for name, seconds in spent.most_common():
        own = seconds - overhead * calls[name]
        print(
            f"  {name:34s} {calls[name] / decisions:6.2f} calls/decision  {own / decisions * 1e6:6.2f} us/decision"
            f"  {own / calls[name] * 1e6:7.2f} us/call"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
