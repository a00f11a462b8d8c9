"""Run many seeded matches of an engine, in this process, a process pool or on Ray, and add them up.

Reproducibility is the point: match `i` of a run with seed `S` plays seed `S + i` (see
`dsl.sim.play` for the seeding), so `--seed S+i --games 1` replays match `i` exactly, in any
process and with any number of workers, and the summary (`dsl.sim.tally`, which documents the
counting conventions) is the same for `--workers 1`, `--workers N` and `--backend ray`.
"""

from __future__ import annotations

import multiprocessing
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType

from dsl.sim.engines import EngineLoader, default_loader, load_engine_module  # noqa: F401 (re-exported)
from dsl.sim.limits import DEFAULT_MAX_STEPS, MAX_WORKERS
from dsl.sim.play import (  # noqa: F401 (re-exported: the names callers know this module by)
    MatchConfig,
    MatchResult,
    SimulationUsageError,
    agent_rng,
    play_match,
    seat_agents,
)
from dsl.sim.progress import progress_bar  # noqa: F401 (re-exported)
from dsl.sim.tally import Tally

# Matches per task sent to a worker: large enough that the cost of a task (pickling, a round
# trip) is small beside the matches, small enough that results and log lines come back while
# the run goes on, the progress bar moves steadily and an interrupt loses little work.
MAX_CHUNK = 64


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM turned into KeyboardInterrupt) during a run, with what was finished.

    `finished` counts the matches that finished (including those given to `run_matches` as
    already `finished`); `summary` is the summary of exactly those.
    """

    def __init__(self, finished: int, summary: dict):
        super().__init__(f"interrupted after {finished} matches")
        self.finished = finished
        self.summary = summary


# --- rules metadata ---------------------------------------------------------------------------


def default_readings(rules: dict) -> dict[str, str]:
    """The default reading of every ambiguity (the first reading when none is marked default)."""
    chosen = {}
    for ambiguity in rules.get("ambiguities", []):
        default = ambiguity.get("default") or (ambiguity.get("readings") or [None])[0]
        if default is not None:
            chosen[ambiguity["name"]] = default
    return chosen


def resolve_readings(rules: dict, overrides: dict[str, str] | None) -> dict[str, str]:
    """Defaults with `overrides` applied; unknown names or values raise SimulationUsageError."""
    by_name = {a["name"]: a for a in rules.get("ambiguities", [])}
    chosen = default_readings(rules)
    for name, value in (overrides or {}).items():
        if name not in by_name:
            choices = ", ".join(sorted(by_name)) or "(this game declares no ambiguities)"
            raise SimulationUsageError(f"unknown reading name {name!r}; choose from: {choices}")
        readings = list(by_name[name].get("readings", []))
        if value not in readings:
            raise SimulationUsageError(f"unknown reading {value!r} for {name!r}; choose from: {', '.join(readings)}")
        chosen[name] = value
    return chosen


def check_players(rules: dict, players: int) -> None:
    allowed = list(rules.get("players", []))
    if players not in allowed:
        shown = ", ".join(str(p) for p in allowed) or "none"
        raise SimulationUsageError(
            f"{rules.get('name', 'this game')} cannot be played by {players} players; allowed: {shown}"
        )


# --- a run ------------------------------------------------------------------------------------


def run_matches(
    engine: ModuleType,
    players: int,
    games: int,
    seed: int,
    readings: dict[str, str] | None = None,
    agents: Sequence[str] | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    workers: int = 1,
    progress: bool = True,
    loader: EngineLoader | None = None,
    backend: str = "local",
    finished: dict[int, MatchResult] | None = None,
    on_result: Callable[[int, MatchResult], None] | None = None,
    record_actions: bool = False,
    budget: str | None = None,
    ray_address: str | None = None,
) -> dict:
    """Play `games` matches with seeds `seed .. seed+games-1` and return the summary dict.

    `loader` re-creates the engine in worker processes (`workers > 1` or `backend="ray"`); it
    must be picklable, e.g. `functools.partial(load_game, path)`. When omitted it is inferred for
    importable modules and `.py` files. Results do not depend on `workers` or `backend`.

    `finished` holds matches (by index) played earlier, e.g. read back from a match log: they are
    not played again, and the summary is the same as if they had been. `on_result(index, result)`
    is called in the main process as each new match finishes (in any order with several workers).
    A KeyboardInterrupt stops the workers and raises `SimulationInterrupted` with what finished.
    Memory does not grow with `games`: results are added up as they arrive and then dropped.
    """
    config = match_config(
        engine.RULES, players, games, readings, agents, max_steps, workers, backend, record_actions, budget
    )
    tally = Tally(engine.RULES, config)
    earlier = {i: r for i, r in (finished or {}).items() if 0 <= i < games}
    for index in sorted(earlier):
        tally.add(earlier[index])
    # Generated lazily, batch by batch: a run of a million matches never lists them all.
    missing = Pending(seed, games, set(earlier))
    del earlier

    def record(index: int, result: MatchResult) -> None:
        if on_result is not None:
            on_result(index, result)
        tally.add(result)

    started = time.perf_counter()
    try:
        with progress_bar(games, enabled=progress, already=tally.games) as advance:
            if not missing:
                pass
            elif backend == "ray":
                _run_on_ray(_require_loader(engine, loader), config, missing, workers, record, advance, ray_address)
            elif workers == 1:
                for index in missing.indices():
                    record(index, play_match(engine, config, seed + index))
                    advance(1)
            else:
                _run_on_pool(_require_loader(engine, loader), config, missing, workers, record, advance)
    except KeyboardInterrupt:
        elapsed = time.perf_counter() - started
        raise SimulationInterrupted(tally.games, tally.summary(seed, elapsed)) from None
    return tally.summary(seed, time.perf_counter() - started)


def match_config(
    rules: dict,
    players: int,
    games: int,
    readings: dict[str, str] | None,
    agents: Sequence[str] | None,
    max_steps: int,
    workers: int = 1,
    backend: str = "local",
    record_actions: bool = False,
    budget: str | None = None,
) -> MatchConfig:
    """The checked configuration of a run; SimulationUsageError for any bad request."""
    check_players(rules, players)
    if games < 1:
        raise SimulationUsageError("--games must be at least 1")
    if max_steps < 1:
        raise SimulationUsageError("--max-steps must be at least 1")
    if not 1 <= workers <= MAX_WORKERS:
        raise SimulationUsageError(f"--workers must be between 1 and {MAX_WORKERS}, not {workers}")
    if backend not in ("local", "ray"):
        raise SimulationUsageError(f"unknown backend {backend!r}; choose from: local, ray")
    chosen = resolve_readings(rules, readings)
    names = tuple(seat_agents(agents, players))
    return MatchConfig(players, tuple(sorted(chosen.items())), names, max_steps, record_actions, budget)


def _require_loader(engine: ModuleType, loader: EngineLoader | None) -> EngineLoader:
    loader = loader or default_loader(engine)
    if loader is None:
        raise SimulationUsageError("running in several processes needs a way to load the engine there; pass `loader`")
    return loader


Chunk = list[tuple[int, int]]  # (match index, seed) pairs


class Pending:
    """The matches of a run still to play (those not `done` earlier), in index order."""

    def __init__(self, seed: int, games: int, done: set[int]):
        self.seed, self.games, self.done = seed, games, done

    def __len__(self) -> int:
        return self.games - len(self.done)

    def indices(self) -> Iterator[int]:
        return (index for index in range(self.games) if index not in self.done)

    def chunk_size(self, workers: int) -> int:
        # Several batches per worker keep every worker busy to the end.
        return max(1, min(MAX_CHUNK, -(-len(self) // (workers * 8))))

    def chunks(self, workers: int) -> Iterator[Chunk]:
        """Batches of consecutive matches, made as the pool asks for them."""
        size, batch = self.chunk_size(workers), []
        for index in self.indices():
            batch.append((index, self.seed + index))
            if len(batch) == size:
                yield batch
                batch = []
        if batch:
            yield batch


# --- a process pool ---------------------------------------------------------------------------

_worker_engine: ModuleType | None = None


def _init_worker(loader: EngineLoader) -> None:
    global _worker_engine
    # Ctrl-C reaches the whole process group: the parent alone decides what to do with it (stop
    # the pool, report what finished); workers just get terminated, without a traceback each.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_engine = loader()


def _pool_task(task: tuple[MatchConfig, Chunk]) -> list[tuple[int, MatchResult]]:
    config, chunk = task
    assert _worker_engine is not None, "worker was not initialised with an engine"
    return [(index, play_match(_worker_engine, config, seed)) for index, seed in chunk]


def _run_on_pool(loader, config, matches: Pending, workers, record, advance) -> None:
    processes = min(workers, -(-len(matches) // matches.chunk_size(workers)))
    # spawn, not fork: the progress bar runs a thread, and forking a threaded process is unsafe.
    context = multiprocessing.get_context("spawn")
    # Leaving the `with` (normally or on KeyboardInterrupt) terminates the workers.
    with context.Pool(processes, initializer=_init_worker, initargs=(loader,)) as pool:
        tasks = ((config, chunk) for chunk in matches.chunks(workers))
        for results in pool.imap_unordered(_pool_task, tasks):
            for index, result in results:
                record(index, result)
            advance(len(results))


# --- Ray --------------------------------------------------------------------------------------


class _RayWorker:
    """One Ray actor per worker: loads the engine once, then plays the batches it is sent."""

    def __init__(self, loader: EngineLoader):
        self.engine = loader()

    def play(self, config: MatchConfig, chunk: Chunk) -> list[tuple[int, MatchResult]]:
        return [(index, play_match(self.engine, config, seed)) for index, seed in chunk]


def _start_ray(ray, address: str | None, **options) -> None:
    """`ray.init`, with Ctrl-C and SIGTERM held while Ray starts and acted on once it has: a
    signal in the seconds Ray takes to start stops the run like any other (KeyboardInterrupt).

    Ray installs SIGTERM handlers of its own as it starts (Python ones that exit, and a C one that
    prints a crash report): they are replaced by the command's again, so that SIGTERM during the
    run stops it cleanly too. A SystemExit out of `ray.init` is one of Ray's handlers meeting a
    signal before the holding one was back."""
    held: list[int] = []
    watched = (signal.SIGINT, signal.SIGTERM)
    try:
        previous = {signum: signal.signal(signum, lambda signum, _frame: held.append(signum)) for signum in watched}
    except ValueError:  # not the main thread: signals are not ours to handle
        previous = {}
    try:
        ray.init(**options)
    except SystemExit:
        held.append(signal.SIGTERM)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise SimulationUsageError(f"cannot start or reach Ray ({address or 'local'}): {exc}") from None
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if held:
        if ray.is_initialized():
            ray.shutdown()
        raise KeyboardInterrupt


def _run_on_ray(loader, config, matches, workers, record, advance, address: str | None) -> None:
    try:
        import ray  # type: ignore[import-not-found]
        from ray.util import ActorPool  # type: ignore[import-not-found]
    except ImportError:
        raise SimulationUsageError(
            "--backend ray needs the 'ray' package (pip install 'cardrules[ray]'); or use --backend local"
        ) from None
    started_here = not ray.is_initialized()
    if started_here:
        options = {"address": address} if address else {"num_cpus": workers, "include_dashboard": False}
        _start_ray(ray, address, ignore_reinit_error=True, log_to_driver=False, logging_level="ERROR", **options)
    actor = ray.remote(_RayWorker)
    actors = [actor.remote(loader) for _ in range(workers)]
    try:
        pool = ActorPool(actors)
        for results in pool.map_unordered(lambda a, chunk: a.play.remote(config, chunk), matches.chunks(workers)):
            for index, result in results:
                record(index, result)
            advance(len(results))
    finally:
        for one in actors:
            ray.kill(one)
        if started_here:
            ray.shutdown()
