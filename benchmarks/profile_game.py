"""cProfile of random matches of one game, the functions that take the most time first:

    python benchmarks/profile_game.py thirteens 4 30 [--sort cumtime] [--top 25]

Plays matches with seeds 0..N-1 at the given player count, each driven by the yardstick's random
agent (a `random.Random(seed)` choosing uniformly among the legal actions), under cProfile.
"""

from __future__ import annotations

import argparse
import cProfile
import pathlib
import pstats
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dsl.api import load_game  # noqa: E402


def play(engine, players: int, matches: int) -> int:
    decisions = 0
    for seed in range(matches):
        state, rng = engine.new_game(players=players, seed=seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a rule file's name in games/, without .cardrules")
    parser.add_argument("players", type=int)
    parser.add_argument("matches", type=int)
    parser.add_argument("--sort", default="tottime", help="a pstats sort key (tottime, cumtime...)")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    engine = load_game(str(ROOT / "games" / f"{args.game}.cardrules"))
    profile = cProfile.Profile()
    decisions = profile.runcall(play, engine, args.players, args.matches)
    print(f"{args.matches} matches, {decisions} decisions")
    pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
