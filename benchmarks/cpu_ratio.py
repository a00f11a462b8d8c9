"""Compiled against hand-written engines by processor time on a fixed set of matches:

    python benchmarks/cpu_ratio.py [--repeat 3] [--pairs 40] [--native]

`yardstick.py` times windows of wall-clock time, which a shared machine's load moves by 2x from
one window to the next. This plays the same seeds on each side (0..N-1, the yardstick's
random agent), times them with `time.process_time`, alternates the sides `--repeat` times and
keeps the fastest pass of each: what the code costs, as far as a busy machine lets one see it.
Run it under two trees (`PYTHONPATH=<tree> python <tree>/benchmarks/cpu_ratio.py`) to compare a
change with its starting point. `--native` times the native build of each engine (the extra
`native`: `load_game(..., native=True)`) as a third side, against the same hand-written one.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.handwritten import jailbreak as handwritten_jailbreak  # noqa: E402
from benchmarks.handwritten import thirteens as handwritten_thirteens  # noqa: E402
from dsl.api import load_game  # noqa: E402

# (game, hand-written engine, players, matches): about a second of play per side each.
CASES = (
    ("thirteens", handwritten_thirteens, 4, 150),
    ("thirteens", handwritten_thirteens, 6, 100),
    ("jailbreak", handwritten_jailbreak, 3, 1500),
)


def play(new_game, players: int, matches: int) -> int:
    decisions = 0
    for seed in range(matches):
        state, rng = new_game(players, seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


def timed(new_game, players: int, matches: int) -> tuple[int, float]:
    started = time.process_time()
    decisions = play(new_game, players, matches)
    return decisions, time.process_time() - started


def paired(sides: dict, players: int, matches: int, pairs: int) -> tuple[dict, dict]:
    """Short alternating chunks of the same seeds on every side, `pairs` times: (decisions/s of each
    side over its fastest half of chunks, for each side but the hand-written one the median of its
    chunks' ratios of decisions/s to the hand-written chunk next to it). A load that changes from
    one second to the next falls on the chunks of a round alike. The two engines list the same
    legal actions in another order, so the random agent plays other games from the same seeds:
    the ratio is of rates, not of the chunks' times."""
    chunk = max(1, matches // 10)
    times: dict = {name: [] for name in sides}
    counts: dict = {}
    ratios: dict = {name: [] for name in sides if name != "hand-written"}
    for i in range(pairs):
        order = list(sides.items()) if i % 2 == 0 else list(reversed(sides.items()))
        for name, new_game in order:
            counts[name], seconds = timed(new_game, players, chunk)
            times[name].append(seconds)
        for name in ratios:  # decisions/s against decisions/s: the sides' random games differ in length
            hand_rate = counts["hand-written"] / times["hand-written"][-1]
            ratios[name].append(counts[name] / times[name][-1] / hand_rate)
    fastest = {name: sorted(t)[: max(1, len(t) // 2)] for name, t in times.items()}
    rate = {name: counts[name] * len(fastest[name]) / sum(fastest[name]) for name in sides}
    return rate, {name: statistics.median(r) for name, r in ratios.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="alternating passes per side (the fastest counts)")
    parser.add_argument(
        "--pairs",
        type=int,
        default=0,
        help="instead: this many pairs of short alternating chunks (a tenth of the matches each), "
        "reporting the median ratio of the pairs",
    )
    parser.add_argument("--native", action="store_true", help="also time the native build of each engine")
    args = parser.parse_args(argv)
    for game, handwritten, players, matches in CASES:
        path = str(ROOT / "games" / f"{game}.cardrules")
        sides = {"compiled": load_game(path).new_game, "hand-written": handwritten.new_game}
        if args.native:
            sides["native"] = load_game(path, native=True).new_game
        for new_game in sides.values():  # warm up: imports, the scorers' memos
            play(new_game, players, 20)
        if args.pairs:
            rate, ratios = paired(sides, players, matches, args.pairs)
            shown = ", ".join(f"{name} {rate[name]:,.0f}/s" for name in sides)
            medians = ", ".join(f"{name} {ratio:.3f}" for name, ratio in ratios.items())
            print(f"{game} {players}p: {shown}; median ratio to hand-written of {args.pairs} pairs: {medians}")
            continue
        best = dict.fromkeys(sides, float("inf"))
        decisions = {}
        for _ in range(args.repeat):
            for name, new_game in sides.items():
                decisions[name], seconds = timed(new_game, players, matches)
                best[name] = min(best[name], seconds)
        rate = {name: decisions[name] / best[name] for name in sides}
        shown = ", ".join(f"{name} {rate[name]:,.0f}/s" for name in sides)
        ratios = ", ".join(f"{name} {rate[name] / rate['hand-written']:.3f}" for name in sides if name[0] != "h")
        print(f"{game} {players}p: {shown}; ratio to hand-written: {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
