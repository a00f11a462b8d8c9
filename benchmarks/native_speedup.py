"""Native engines against the Python engines of the same rule files, game by game:

    python benchmarks/native_speedup.py [--pairs 6] [--seconds 0.3] [FILE ...]

For each rule file (default: every file of games/ and games/classics/): the time to build its
native engine (`load_game(path, native=True)` with an empty cache folder: Cython and the C
compiler), then random playouts of the same seeds on both engines, in alternating chunks of
about `--seconds` of processor time each, `--pairs` times, at the smallest player count that
asks for decisions; the
median of the chunk pairs' ratios of decisions per second, native over Python. Then clones per
second of a state a few decisions into a match, likewise alternated. Needs the extra `native`.
"""

from __future__ import annotations

import argparse
import functools
import os
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

from benchmarks.playouts import play  # noqa: E402
from dsl.api import load_game  # noqa: E402


def _matches_for(engine, players: int, seconds: float) -> int:
    """How many matches take about `seconds` of processor time on this engine."""
    started, count = time.process_time(), 0
    while time.process_time() - started < seconds / 3:
        play(engine, players, [count])
        count += 1
    return max(1, count * 3)


def _timed_play(engine, players: int, seeds) -> float:
    """Decisions per second of processor time over the seeds, played again until 50 ms have
    passed (a game of few decisions can finish within the clock's resolution)."""
    started, decisions = time.process_time(), 0
    while True:
        decisions += play(engine, players, seeds)
        elapsed = time.process_time() - started
        if elapsed >= 0.05:
            return decisions / elapsed


def _timed_clones(engine, players: int, count: int) -> float:
    state = engine.new_game(players, 1)
    for _ in range(3):
        if not state.is_terminal():
            state.apply(state.legal_actions()[0])
    started, clones = time.process_time(), 0
    while True:
        for _ in range(count):
            state.clone()
        clones += count
        elapsed = time.process_time() - started
        if elapsed >= 0.05:
            return clones / elapsed


def _alternated(measure, python, native, pairs: int) -> float:
    ratios = []
    for i in range(pairs):
        if i % 2:
            n, p = measure(native), measure(python)
        else:
            p, n = measure(python), measure(native)
        ratios.append(n / p)
    return statistics.median(ratios)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", help="rule files (default: games/ and games/classics/)")
    parser.add_argument("--pairs", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=0.3)
    args = parser.parse_args(argv)
    files = args.files or sorted(map(str, (ROOT / "games").glob("*.cardrules"))) + sorted(
        map(str, (ROOT / "games" / "classics").glob("*.cardrules"))
    )
    os.environ["CARDRULES_CACHE"] = tempfile.mkdtemp(prefix="native-speedup-")
    print(f"{'game':<22} {'players':>7} {'build s':>8} {'python/s':>10} {'native/s':>10} {'ratio':>6} {'clones':>7}")
    for path in files:
        python = load_game(path)
        started = time.perf_counter()
        native = load_game(path, native=True)
        built = time.perf_counter() - started
        # the smallest player count whose matches ask for decisions (Old Maid's two players have none)
        players = next((n for n in python.RULES["players"] if play(python, n, range(5))), None)
        if players is None:
            continue
        matches = _matches_for(python, players, args.seconds)
        seeds = range(100, 100 + matches)
        play(python, players, seeds), play(native, players, seeds)  # the scorers' memos, both sides
        playouts = functools.partial(_timed_play, players=players, seeds=seeds)
        ratio = _alternated(playouts, python, native, args.pairs)
        rates = [playouts(engine) for engine in (python, native)]
        clones = _alternated(functools.partial(_timed_clones, players=players, count=2000), python, native, args.pairs)
        name = pathlib.Path(path).stem
        print(
            f"{name:<22} {players:>7} {built:>8.1f} {rates[0]:>10,.0f} {rates[1]:>10,.0f} {ratio:>6.2f} {clones:>7.2f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
