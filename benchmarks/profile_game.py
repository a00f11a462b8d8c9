"""cProfile of random matches of one game, the functions that take the most time first:

    python benchmarks/profile_game.py thirteens 4 30 [--sort cumtime] [--top 25] [--handwritten]
    python benchmarks/profile_game.py thirteens 4 30 --module /tmp/before.py   # a generated file

Plays matches with seeds 0..N-1 at the given player count, each driven by the yardstick's random
agent (a `random.Random(seed)` choosing uniformly among the legal actions), under cProfile.
`--handwritten` profiles the yardstick's hand-written engine of the game instead (thirteens and
jailbreak have one), to see where the compiled engine spends time the hand-written one does not.
`--module` profiles a generated engine file instead (`git show C^:generated/thirteens.py`), to
see what a change of the compiler did to the calls a decision makes. Each profile follows one
unmeasured pass over the same matches, so that the scorers' memos are full.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import importlib.util
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
    parser.add_argument("--module", help="a generated engine file to profile instead of the rule file's")
    args = parser.parse_args()
    if args.handwritten:
        engine = importlib.import_module(f"benchmarks.handwritten.{args.game}")
    elif args.module:
        spec = importlib.util.spec_from_file_location("profiled_engine", args.module)
        engine = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(engine)
    else:
        engine = load_game(str(ROOT / "games" / f"{args.game}.cardrules"))
    play(engine, args.players, args.matches)  # unmeasured: the memos fill
    profile = cProfile.Profile()
    decisions = profile.runcall(play, engine, args.players, args.matches)
    print(f"{args.matches} matches, {decisions} decisions")
    pstats.Stats(profile).sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
