"""Random playouts of one rule file, by processor time:

    python benchmarks/playouts.py games/classics/gin_rummy.cardrules [--players 2] [--matches 1] [--first-seed 300]

Loads the engine (`dsl.load_game`), plays one unmeasured match (seed 0: imports, the scorers'
memos of that match), then `--matches` whole matches from `--first-seed` on, each driven by the
yardstick's random agent (a `random.Random(seed)` choosing uniformly among the legal actions),
and prints their decisions and decisions per second of processor time. Seeds other than the
warm-up's keep the scorers' memos from serving the measured matches from an earlier pass over
the same deals. Run it under two trees (`PYTHONPATH=<tree> python benchmarks/playouts.py ...`),
alternating, to compare a change of the runtime or the compiler with its starting point.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))  # after PYTHONPATH: the tree being measured comes first

from dsl.api import load_game  # noqa: E402


def play(engine, players: int, seeds) -> int:
    decisions = 0
    for seed in seeds:
        state, rng = engine.new_game(players, seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rules", help="a .cardrules file")
    parser.add_argument("--players", type=int, default=None, help="player count (default: the smallest allowed)")
    parser.add_argument("--matches", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=300)
    args = parser.parse_args(argv)
    engine = load_game(args.rules)
    players = args.players or engine.RULES["min_players"]
    play(engine, players, [0])
    started = time.process_time()
    decisions = play(engine, players, range(args.first_seed, args.first_seed + args.matches))
    seconds = time.process_time() - started
    print(f"{decisions} decisions in {seconds:.2f} s of processor time: {decisions / seconds:,.0f}/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
