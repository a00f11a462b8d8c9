"""Games per second of every compiled engine and compile time of every rule file.

    python benchmarks/bench_engines.py [--games N] [--json out.json]

Random agents, one process, seeds 0..N-1; a match that hits a rule gap still counts (it ended).
Numbers are printed as a table, with decisions per second and the compile time of each file.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dsl.api import compile_file, load_game  # noqa: E402
from dsl.runtime.errors import RuleGap  # noqa: E402


def play(engine, players: int, seed: int) -> int:
    state = engine.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    try:
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    except RuleGap:
        pass
    return state.decisions


def bench_game(path: pathlib.Path, games: int) -> dict:
    started = time.perf_counter()
    compile_times = []
    for _ in range(3):
        t = time.perf_counter()
        compile_file(str(path))
        compile_times.append(time.perf_counter() - t)
    engine = load_game(str(path))
    rows = []
    for players in engine.RULES["players"]:
        t = time.perf_counter()
        decisions = sum(play(engine, players, seed) for seed in range(games))
        elapsed = time.perf_counter() - t
        rows.append(
            {
                "players": players,
                "games_per_s": games / elapsed,
                "decisions_per_s": decisions / elapsed,
                "mean_decisions": decisions / games,
            }
        )
    return {
        "game": engine.RULES["name"],
        "file": path.name,
        "compile_s": statistics.median(compile_times),
        "rows": rows,
        "elapsed_s": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--json", type=pathlib.Path)
    parser.add_argument("files", nargs="*", type=pathlib.Path)
    args = parser.parse_args()
    files = args.files or sorted((ROOT / "games").glob("*.cardrules"))
    results = [bench_game(path, args.games) for path in files]
    print(f"{'game':<16} {'compile ms':>10} {'players':>7} {'games/s':>9} {'decisions/s':>12} {'decisions':>9}")
    for res in results:
        for i, row in enumerate(res["rows"]):
            compile_ms = f"{res['compile_s'] * 1000:.0f}" if i == 0 else ""
            print(
                f"{res['game'] if i == 0 else '':<16} {compile_ms:>10} {row['players']:>7} "
                f"{row['games_per_s']:>9.1f} {row['decisions_per_s']:>12.0f} {row['mean_decisions']:>9.1f}"
            )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
