"""Every speed figure of docs/PERFORMANCE.md, in one run:

    python benchmarks/run.py [--seconds 2] [--runs 5] [--json results.json] [--quick]

1. the machine: processor, cores, Python, and the load average before and after the run;
2. per game (the seed games and the classics) and player count: random playouts/s and
   decisions/s of the compiled engine (one `random.Random(seed)` per match choosing uniformly
   among the legal actions, as the yardstick);
3. compiled / hand-written decisions/s for Thirteens (4 and 6 players) and Jailbreak (3), side by
   side in alternating windows (benchmarks/yardstick.py), with the native build of the engine as a
   third side where Cython is installed (the extra `native`);
4. per game: compile time (in process, no cache), `load_game` served by the compile cache, and
   `cardrules validate FILE` as a new process (wall time, median of --runs), once with the file
   validated before (its engine and findings cached) and once from an empty cache folder (the
   first validation after an edit: parse, compile and every check);
5. clones/s of a state ten decisions into a match, per game at its smallest player count;
6. `cardrules --help` start-up (wall time, median of --runs);
7. `cardrules simulate` of Thirteens with `--workers 2` against `--workers 1` (wall time);
8. where pyspiel imports (the `rl` or `test` extra): classics of `games/classics/` against
   OpenSpiel's own C++ versions (gin_rummy, bridge, cribbage, crazy_eights), decisions/s of both
   by the same random driver in alternating processor-time chunks, and the ratio
   (benchmarks/openspiel_compare.py, which says how each pair's rules differ); without pyspiel
   the slot is `null` with the reason.

The machine may be shared: figures of one run are comparable with each other (and the ratios of
3 are measured side by side), not with another run's on a different load.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import pathlib
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import openspiel_compare, yardstick  # noqa: E402
from dsl.api import compile_file, load_game  # noqa: E402
from dsl.runtime.errors import RuleGap  # noqa: E402

# the seed games, then the classics: every rule file the project ships
GAMES = sorted((ROOT / "games").glob("*.cardrules")) + sorted((ROOT / "games" / "classics").glob("*.cardrules"))
YARDSTICK = [("thirteens", 4), ("thirteens", 6), ("jailbreak", 3)]


def machine() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "system": platform.platform(),
        "load_before": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }


def playouts(engine, players: int, seconds: float) -> dict:
    """Whole random matches for about `seconds`: matches/s and decisions/s."""
    decisions = matches = 0
    seed = 0
    started = time.perf_counter()
    while True:
        state, rng = engine.new_game(players=players, seed=seed), random.Random(seed)
        seed += 1
        try:
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
        except RuleGap:
            pass  # a match that reached a rule gap ended there
        matches += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return {"players": players, "playouts_per_s": matches / elapsed, "decisions_per_s": decisions / elapsed}


def clones_per_s(engine, players: int) -> float:
    state, rng = engine.new_game(players=players, seed=1), random.Random(1)
    for _ in range(10):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    best = float("inf")
    for _ in range(5):  # the fastest of five batches: the one the machine's load disturbed least
        started = time.perf_counter()
        for _ in range(2000):
            state.clone()
        best = min(best, (time.perf_counter() - started) / 2000)
    return 1 / best


def cardrules_command() -> list[str]:
    script = pathlib.Path(sys.executable).parent / "cardrules"
    return [str(script)] if script.exists() else [sys.executable, "-m", "dsl.cli"]


def wall(command: list[str], runs: int, env: dict | None = None) -> float:
    """Median wall time of a command, in seconds (its output discarded)."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def compile_figures(path: pathlib.Path, runs: int, cache_env: dict) -> dict:
    compile_file(str(path))  # imports and templates warm
    times = []
    for _ in range(3):
        started = time.perf_counter()
        compile_file(str(path))
        times.append(time.perf_counter() - started)
    os.environ["CARDRULES_CACHE"] = cache_env["CARDRULES_CACHE"]
    load_game(str(path))  # the entry is written
    cached = []
    for _ in range(3):
        started = time.perf_counter()
        load_game(str(path))
        cached.append(time.perf_counter() - started)
    command = [*cardrules_command(), "validate", str(path)]
    wall(command, 1, cache_env)  # the engine and the findings are in the cache from now on
    validate = wall(command, runs, cache_env)
    # the first validation after an edit: an empty cache folder for each run, nothing kept
    fresh = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="cardrules-bench-fresh-") as empty:
            fresh.append(wall(command, 1, dict(cache_env, CARDRULES_CACHE=empty)))
    return {
        "compile_ms": 1000 * statistics.median(times),
        "cached_load_ms": 1000 * statistics.median(cached),
        "validate_ms": 1000 * validate,
        "validate_fresh_ms": 1000 * statistics.median(fresh),
    }


def openspiel_figures(quick: bool) -> tuple[dict | None, str | None]:
    """The OpenSpiel C++ comparison, printed: (its figures, None), or (None, why it did not run)."""
    reason = openspiel_compare.available()
    if reason:
        print(f"\nOpenSpiel C++ comparison: not measured: {reason}")
        return None, reason
    pairs, chunk, matches = (2, 0.05, 1) if quick else (20, 0.15, 3)
    print(f"\nOpenSpiel C++ comparison ({pairs} pairs of {chunk} s chunks of processor time per game):", flush=True)
    rows = openspiel_compare.run(None, pairs, chunk, matches)
    print("\n".join(openspiel_compare.table_lines(rows)))
    print("(rule differences of each pair: python benchmarks/openspiel_compare.py, or the JSON's notes)")
    return {"pairs": pairs, "chunk_seconds": chunk, "rows": rows}, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds of play per game and player count")
    parser.add_argument("--runs", type=int, default=5, help="runs of each command timed as a new process")
    parser.add_argument("--games", type=int, default=200, help="matches of the --workers comparison")
    parser.add_argument("--quick", action="store_true", help="short figures, to see that everything runs")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.runs, args.games = 0.3, 1, 20
    cache = tempfile.mkdtemp(prefix="cardrules-bench-cache-")
    env = dict(os.environ, CARDRULES_CACHE=cache)
    results: dict = {"machine": machine(), "games": [], "yardstick": [], "startup": {}, "workers": {}}
    print("machine:", json.dumps(results["machine"]), flush=True)

    print(f"\n{'game':<18} {'players':>7} {'playouts/s':>10} {'decisions/s':>11}", flush=True)
    for path in GAMES:
        engine = load_game(str(path))
        entry = {"file": path.name, "rows": []}
        for players in engine.RULES["players"]:
            row = playouts(engine, players, args.seconds)
            entry["rows"].append(row)
            print(f"{path.stem:<18} {players:>7} {row['playouts_per_s']:>10.1f} {row['decisions_per_s']:>11.0f}")
        entry["clones_per_s"] = clones_per_s(engine, engine.RULES["players"][0])
        entry.update(compile_figures(path, args.runs, env))
        results["games"].append(entry)

    print(
        f"\n{'game':<18} {'compile ms':>10} {'cached load ms':>14} {'validate ms':>11}"
        f" {'fresh validate ms':>17} {'clones/s':>9}"
    )
    for entry in results["games"]:
        print(
            f"{pathlib.Path(entry['file']).stem:<18} {entry['compile_ms']:>10.0f} {entry['cached_load_ms']:>14.1f}"
            f" {entry['validate_ms']:>11.0f} {entry['validate_fresh_ms']:>17.0f} {entry['clones_per_s']:>9.0f}"
        )

    native = importlib.util.find_spec("Cython") is not None  # the native build needs the extra `native`
    header = f"\n{'yardstick':<18} {'players':>7} {'compiled/s':>10} {'hand/s':>9} {'ratio':>6}"
    print(header + (f" {'native/s':>9} {'ratio':>6}" if native else " (native: no Cython)"), flush=True)
    for game, players in YARDSTICK:
        row = yardstick.compare(game, players, max(args.seconds, 0.5), 2 if args.quick else 6, native)
        results["yardstick"].append(row)
        line = (
            f"{game:<18} {players:>7} {row['compiled']['decisions_per_s']:>10.0f}"
            f" {row['handwritten']['decisions_per_s']:>9.0f} {row['ratio']:>6.3f}"
        )
        if native:
            line += f" {row['native']['decisions_per_s']:>9.0f} {row['native_ratio']:>6.3f}"
        print(line, flush=True)

    results["startup"]["help_ms"] = 1000 * wall([*cardrules_command(), "--help"], args.runs, env)
    print(f"\ncardrules --help: {results['startup']['help_ms']:.0f} ms (median of {args.runs})")

    simulate = [*cardrules_command(), "simulate", str(ROOT / "games" / "thirteens.cardrules"), "--players", "4"]
    simulate += ["--games", str(args.games)]
    for workers in (1, 2):
        seconds = wall([*simulate, "--workers", str(workers)], 1, env)
        results["workers"][str(workers)] = seconds
        print(f"simulate thirteens, 4 players, {args.games} matches, --workers {workers}: {seconds:.2f} s")

    results["openspiel"], results["openspiel_missing"] = openspiel_figures(args.quick)
    results["machine"]["load_after"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    print(f"load average (1 min): {results['machine']['load_before']} before, {results['machine']['load_after']} after")
    shutil.rmtree(cache, ignore_errors=True)
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
