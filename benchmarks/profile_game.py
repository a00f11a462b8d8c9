"""cProfile of random matches of one game, the functions that take the most time first:

    python benchmarks/profile_game.py thirteens 4 30 [--sort cumtime] [--top 25] [--handwritten]

Plays matches with seeds 0..N-1 at the given player count, each driven by the yardstick's random
agent (a `random.Random(seed)` choosing uniformly among the legal actions), under cProfile.
`--handwritten` profiles the yardstick's hand-written engine of the game instead (thirteens and
jailbreak have one), to see where the compiled engine spends time the hand-written one does not.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
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
    parser.add_argument("--handwritten", action="store_true", help="the hand-written engine of the yardstick")
    args = parser.parse_args()
    if args.handwritten:
        engine = importlib.import_module(f"benchmarks.handwritten.{args.game}")
    else:
        engine = load_game(str(ROOT / "games" / f"{args.game}.cardrules"))
    profile = cProfile.Profile()
    decisions = profile.runcall(play, engine, args.players, args.matches)
    print(f"{args.matches} matches, {decisions} decisions")
    pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
