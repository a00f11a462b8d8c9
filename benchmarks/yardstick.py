"""Compiled engines against careful hand-written ones: decisions per second, side by side.

    python benchmarks/yardstick.py --seconds 20 [--windows 10] [--game thirteens] [--json out.json] [--native]

For Thirteens at every player count it allows (3-6) and Jailbreak at every count (2-8), the
engine compiled from the rule file (`dsl.load_game`) and the hand-written one in
benchmarks/handwritten/ are driven by the same random agent: a `random.Random(seed)` per match
choosing uniformly among the legal actions until the match ends, seeds 0, 1, 2... on each side.

Each side gets `--seconds` of measured play per player count, cut into `--windows` windows that
alternate between the two sides, and the side that goes first alternates from one pair of windows
to the next, so a load that comes and goes on a shared machine falls on both alike. A window plays
whole matches until its time is up. Before measuring, each side plays one unmeasured window
(imports, caches and the scorers' memos warm up). The report gives decisions per second of each
side over all its windows, the ratio compiled / hand-written, and the lowest and highest ratio of
a pair of neighbouring windows, which shows how much the load moved during the run. `--native`
adds the native build of the engine (`load_game(..., native=True)`, the extra `native`) as a
third side in the same rounds of windows, with its own ratio to the hand-written engine.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import pathlib
import platform
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.handwritten import jailbreak as handwritten_jailbreak  # noqa: E402
from benchmarks.handwritten import thirteens as handwritten_thirteens  # noqa: E402
from dsl.api import load_game  # noqa: E402

GAMES = {
    "thirteens": ("games/thirteens.cardrules", handwritten_thirteens, (3, 4, 5, 6)),
    "jailbreak": ("games/jailbreak.cardrules", handwritten_jailbreak, (2, 3, 4, 5, 6, 7, 8)),
}


class Side:
    """One engine being timed: its own seed counter, decisions and time across its windows."""

    def __init__(self, name: str, new_game, players: int):
        self.name, self.new_game, self.players = name, new_game, players
        self.seed = 0
        self.decisions = 0
        self.matches = 0
        self.elapsed = 0.0
        self.windows: list[float] = []  # decisions per second of each measured window

    def window(self, seconds: float, measured: bool = True) -> None:
        new_game, players = self.new_game, self.players
        decisions = matches = 0
        started = time.perf_counter()
        deadline = started + seconds
        while True:
            state, rng = new_game(players, self.seed), random.Random(self.seed)
            self.seed += 1
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
            matches += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        if measured:
            self.decisions += decisions
            self.matches += matches
            self.elapsed += now - started
            self.windows.append(decisions / (now - started))

    @property
    def rate(self) -> float:
        return self.decisions / self.elapsed

    def summary(self) -> dict:
        return {
            "decisions_per_s": self.rate,
            "decisions": self.decisions,
            "matches": self.matches,
            "mean_decisions_per_match": self.decisions / self.matches,
            "seconds": self.elapsed,
            "window_decisions_per_s": self.windows,
        }


@functools.lru_cache(maxsize=None)
def engine(game: str, native: bool):
    """The compiled engine of a game, loaded once per run: like the hand-written engine's module,
    it keeps its scorers' memos from one row (player count) to the next."""
    return load_game(str(ROOT / GAMES[game][0]), native=native)


def compare(game: str, players: int, seconds: float, windows: int, native: bool = False) -> dict:
    """The compiled engine (and with `native`, its native build too) against the hand-written one."""
    handwritten = GAMES[game][1]
    sides = [Side("compiled", engine(game, False).new_game, players)]
    if native:
        sides.append(Side("native", engine(game, True).new_game, players))
    sides.append(Side("hand-written", handwritten.new_game, players))
    per_window = seconds / windows
    for side in sides:
        side.window(per_window, measured=False)
    for w in range(windows):
        # the sides in one order in even rounds of windows, in the other in odd ones
        for side in sides if w % 2 == 0 else sides[::-1]:
            side.window(per_window)
    hand_side = sides[-1]
    row = {"game": game, "players": players, "handwritten": hand_side.summary()}
    for side in sides[:-1]:
        prefix = "" if side.name == "compiled" else side.name + "_"
        pair_ratios = [c / h for c, h in zip(side.windows, hand_side.windows, strict=True)]
        row[side.name] = side.summary()
        row[prefix + "ratio"] = side.rate / hand_side.rate
        row[prefix + "ratio_lowest_window"] = min(pair_ratios)
        row[prefix + "ratio_highest_window"] = max(pair_ratios)
    return row


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per side and player count")
    parser.add_argument("--windows", type=int, default=10, help="alternating windows per side and player count")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, action="append", help="only this player count (repeatable)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    parser.add_argument(
        "--native", action="store_true", help="also the native build of the engine (the extra `native`)"
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.windows < 1:
        parser.error("--seconds must be positive and --windows at least 1")

    load_before = os.getloadavg()
    rows = []
    header = f"{'game':<10} {'players':>7} {'compiled/s':>11} {'hand/s':>11} {'ratio':>6}  windows"
    print(header + ("     native/s  ratio  windows" if args.native else ""), flush=True)
    for game in args.game or list(GAMES):
        for players in GAMES[game][2]:
            if args.players and players not in args.players:
                continue
            row = compare(game, players, args.seconds, args.windows, args.native)
            rows.append(row)
            line = (
                f"{game:<10} {players:>7} {row['compiled']['decisions_per_s']:>11.0f} "
                f"{row['handwritten']['decisions_per_s']:>11.0f} {row['ratio']:>6.3f}  "
                f"{row['ratio_lowest_window']:.3f}-{row['ratio_highest_window']:.3f}"
            )
            if args.native:
                line += (
                    f" {row['native']['decisions_per_s']:>11.0f} {row['native_ratio']:>6.3f}  "
                    f"{row['native_ratio_lowest_window']:.3f}-{row['native_ratio_highest_window']:.3f}"
                )
            print(line, flush=True)
    load_after = os.getloadavg()
    print(
        f"load average (1 min) {load_before[0]:.2f} before, {load_after[0]:.2f} after, on {os.cpu_count()} cores",
        file=sys.stderr,
    )
    if args.json:
        report = {
            "python": platform.python_version(),
            "cores": os.cpu_count(),
            "load_average_before": load_before,
            "load_average_after": load_after,
            "seconds_per_side": args.seconds,
            "windows": args.windows,
            "results": rows,
        }
        pathlib.Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
