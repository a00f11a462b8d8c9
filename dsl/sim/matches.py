"""Play many seeded matches of an engine with simple agents and summarise what happened.

Reproducibility is the point: match `i` of a run with seed `S` uses engine seed `S + i`, and its
agents draw from a separate RNG derived from that same number, so `--seed S+i --games 1`
replays match `i` exactly, in any process and with any number of workers.

Counting conventions (documented here because reports depend on them):

- A match is *completed* when the engine reaches a terminal state. Matches that end in a rule
  gap, an engine error or the step cap are not completed and carry no outcome.
- `wins[s]` counts completed matches that seat `s` won alone, or with its partners only (the
  winners are one team); a match won by several seats or teams is counted once in `ties` and as
  a win for nobody. `win_rate[s]` is `wins[s] / completed`.
- `mean_score`, `mean_length` and `score_spread` are over completed matches;
  `mean_decisions` is over all matches (decisions applied before the match ended, for any reason).
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import importlib.util
import multiprocessing
import random
import re
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from dsl.agents import SeatView, make_agent, resolve_agent
from dsl.agents.registry import UnknownAgent
from dsl.runtime.errors import IllegalAction, RuleGap
from dsl.sim.limits import DEFAULT_MAX_STEPS, MAX_WORKERS
from dsl.sim.stats import mean, wilson_interval

EngineLoader = Callable[[], ModuleType]


# Matches per task sent to a worker process: small enough that results (and log lines) come back
# while the run goes on and an interrupt loses little work, large enough to keep overhead low.
MAX_CHUNK = 32


class SimulationUsageError(ValueError):
    """The run was asked for something it cannot do (bad player count, unknown agent or reading)."""


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM turned into KeyboardInterrupt) during a run, with what was finished.

    `results` maps match index to result for every match that finished (including those given
    to `run_matches` as already `finished`); `summary` is the summary of exactly those.
    """

    def __init__(self, results: dict[int, MatchResult], summary: dict):
        super().__init__(f"interrupted after {len(results)} matches")
        self.results = results
        self.summary = summary


# --- agents -----------------------------------------------------------------------------------


def seat_agents(agents: Sequence[str] | None, players: int) -> list[str]:
    """One agent name per seat; a shorter list is cycled, none means all `random`."""
    names = list(agents) if agents else ["random"]
    for name in dict.fromkeys(names):
        try:
            resolve_agent(name)
        except UnknownAgent as exc:
            raise SimulationUsageError(str(exc)) from None
    return [names[seat % len(names)] for seat in range(players)]


def agent_rng(match_seed: int) -> random.Random:
    # A string seed is hashed deterministically (not with PYTHONHASHSEED), so this is stable
    # across processes and independent of the engine's own RNG stream for the same number.
    return random.Random(f"cardrules-agents:{match_seed}")


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


# --- one match --------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchConfig:
    """Everything a worker needs to play matches, apart from the engine itself (picklable)."""

    players: int
    readings: tuple[tuple[str, str], ...]
    agents: tuple[str, ...]
    max_steps: int
    record_actions: bool = False  # keep each match's actions (for the match log)


@dataclass(frozen=True)
class MatchResult:
    seed: int
    decisions: int
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] | None = None  # None unless the match completed
    gap: tuple[str, int, str] | None = None  # (code, line, message) when it ended early
    truncated: bool = False
    actions: tuple[int, ...] = ()  # only when MatchConfig.record_actions
    sides: int | None = None  # how many teams the winners form (None: one per winner)

    @property
    def completed(self) -> bool:
        return self.scores is not None


def _sides(engine: ModuleType, state, winners: tuple[int, ...]) -> int | None:
    """How many sides the winners form: one team of partners is one; each seat that beat a
    house is a win of its own. None when every winner is a side (no fixed teams)."""
    rules = getattr(engine, "RULES", {})
    if rules.get("outcome") == "house":
        return 1 if winners else 0
    teams = rules.get("teams")
    if not teams or not teams.get("fixed"):
        return None  # partners for one deal each score alone
    return len([team for team in state.teams() if set(team) & set(winners)])


def play_match(engine: ModuleType, config: MatchConfig, seed: int) -> MatchResult:
    """Play one match; never raises for problems inside the engine, it reports them instead."""
    rng = agent_rng(seed)  # shared by the seats: one stream per match, whatever the agents
    agents = [make_agent(name, seat, rng) for seat, name in enumerate(config.agents)]
    taken: list[int] = []
    steps = 0

    def ended(**outcome) -> MatchResult:
        actions = tuple(taken) if config.record_actions else ()
        return MatchResult(seed, steps, actions=actions, **outcome)

    try:
        state = engine.new_game(config.players, seed, dict(config.readings))
        while not state.is_terminal():
            if steps >= config.max_steps:
                message = f"no end after {config.max_steps} decisions (--max-steps)"
                return ended(gap=("non-termination", 0, message), truncated=True)
            legal = state.legal_actions()
            if not legal:
                # The API promises a RuleGap instead; report an engine that breaks it anyway.
                return ended(gap=("no-legal-move", 0, "legal_actions() is empty in a non-terminal state"))
            seat = state.current_player
            action = agents[seat].act(SeatView(state, seat, legal))
            if config.record_actions:
                taken.append(action)
            state.apply(action)
            steps += 1
        scores = tuple(float(score) for score in state.returns())
        winners = tuple(state.winners())
        return ended(winners=winners, scores=scores, sides=_sides(engine, state, winners))
    except RuleGap as gap:
        return ended(gap=(gap.code, int(gap.line or 0), gap.message))
    except IllegalAction as exc:
        # The agents only pick from legal_actions(), so this is the engine contradicting itself.
        return ended(gap=("illegal-action", 0, str(exc)))
    except Exception as exc:  # noqa: BLE001 - an engine bug must not end the whole run
        first_line = (str(exc).splitlines() or [""])[0][:200]
        return ended(gap=("internal-error", 0, f"{type(exc).__name__}: {first_line}"))


# --- loading engines (also in worker processes) -----------------------------------------------


def load_engine_module(path: str) -> ModuleType:
    """Import an engine module from a `.py` file (e.g. a compiled `generated/<game>.py`)."""
    file = Path(path)
    name = "cardrules_engine_" + re.sub(r"\W", "_", file.stem)
    spec = importlib.util.spec_from_file_location(name, file)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import an engine from {path}")
    module = importlib.util.module_from_spec(spec)
    # Registered so that dataclasses and pickling inside the engine can find their module.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def default_loader(engine: ModuleType) -> EngineLoader | None:
    """A picklable way to load `engine` again in another process, if one can be inferred."""
    # Only a module backed by a real .py file can be re-created elsewhere; one built in memory
    # (e.g. by `load_game`) needs an explicit loader.
    file = getattr(engine, "__file__", None)
    if not (isinstance(file, str) and file.endswith(".py") and Path(file).is_file()):
        return None
    name = getattr(engine, "__name__", "")
    spec = getattr(engine, "__spec__", None)
    imported_normally = (
        name not in ("", "__main__")
        and not name.startswith("cardrules_engine_")
        and sys.modules.get(name) is engine
        and spec is not None
        and spec.origin == file
    )
    if imported_normally:
        return functools.partial(importlib.import_module, name)
    return functools.partial(load_engine_module, file)


_worker_engine: ModuleType | None = None


def _init_worker(loader: EngineLoader) -> None:
    global _worker_engine
    # Ctrl-C reaches the whole process group: the parent alone decides what to do with it (stop
    # the pool, report what finished); workers just get terminated, without a traceback each.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_engine = loader()


Chunk = list[tuple[int, int]]  # (match index, seed) pairs


def _pool_task(task: tuple[MatchConfig, Chunk]) -> list[tuple[int, MatchResult]]:
    config, chunk = task
    assert _worker_engine is not None, "worker was not initialised with an engine"
    return [(index, play_match(_worker_engine, config, seed)) for index, seed in chunk]


def _loader_task(loader: EngineLoader, config: MatchConfig, chunk: Chunk) -> list[tuple[int, MatchResult]]:
    engine = loader()
    return [(index, play_match(engine, config, seed)) for index, seed in chunk]


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
) -> dict:
    """Play `games` matches with seeds `seed .. seed+games-1` and return the summary dict.

    `loader` re-creates the engine in worker processes (`workers > 1` or `backend="ray"`); it
    must be picklable, e.g. `functools.partial(load_game, path)`. When omitted it is inferred for
    importable modules and `.py` files. Results do not depend on `workers` or `backend`.

    `finished` holds matches (by index) played earlier, e.g. read back from a match log: they are
    not played again, and the summary is the same as if they had been. `on_result(index, result)`
    is called in the main process as each new match finishes (in any order with several workers).
    A KeyboardInterrupt stops the workers and raises `SimulationInterrupted` with what finished.
    """
    config = match_config(engine.RULES, players, games, readings, agents, max_steps, workers, backend, record_actions)
    done: dict[int, MatchResult] = {i: r for i, r in (finished or {}).items() if 0 <= i < games}
    missing = [(index, seed + index) for index in range(games) if index not in done]
    game = engine.RULES.get("name", "?")

    def record(index: int, result: MatchResult) -> None:
        if on_result is not None:
            on_result(index, result)
        # The actions are for the log only; thousands of long matches would hold a lot of memory.
        done[index] = dataclasses.replace(result, actions=()) if result.actions else result

    started = time.perf_counter()
    try:
        with progress_bar(games, enabled=progress, already=len(done)) as advance:
            if not missing:
                pass
            elif backend == "ray":
                _run_on_ray(_require_loader(engine, loader), config, missing, workers, record, advance)
            elif workers == 1:
                for index, match_seed in missing:
                    record(index, play_match(engine, config, match_seed))
                    advance(1)
            else:
                _run_on_pool(_require_loader(engine, loader), config, missing, workers, record, advance)
    except KeyboardInterrupt:
        elapsed = time.perf_counter() - started
        partial = summarize(game, config, seed, in_order(done), elapsed)
        raise SimulationInterrupted(dict(done), partial) from None
    elapsed = time.perf_counter() - started
    return summarize(game, config, seed, in_order(done), elapsed)


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
    return MatchConfig(
        players, tuple(sorted(chosen.items())), tuple(seat_agents(agents, players)), max_steps, record_actions
    )


def in_order(results: dict[int, MatchResult]) -> list[MatchResult]:
    """Results by match index, i.e. in seed order, whatever order they finished in."""
    return [results[index] for index in sorted(results)]


def _require_loader(engine: ModuleType, loader: EngineLoader | None) -> EngineLoader:
    loader = loader or default_loader(engine)
    if loader is None:
        raise SimulationUsageError("running in several processes needs a way to load the engine there; pass `loader`")
    return loader


def _chunks(matches: Chunk, workers: int) -> list[Chunk]:
    # Several chunks per worker keep all workers busy and the progress bar moving.
    size = max(1, min(MAX_CHUNK, -(-len(matches) // (workers * 4))))
    return [matches[i : i + size] for i in range(0, len(matches), size)]


def _run_on_pool(loader, config, matches, workers, record, advance) -> None:
    chunks = _chunks(matches, workers)
    # spawn, not fork: the progress bar runs a thread, and forking a threaded process is unsafe.
    context = multiprocessing.get_context("spawn")
    # Leaving the `with` (normally or on KeyboardInterrupt) terminates the workers.
    with context.Pool(min(workers, len(chunks)), initializer=_init_worker, initargs=(loader,)) as pool:
        for results in pool.imap_unordered(_pool_task, [(config, chunk) for chunk in chunks]):
            for index, result in results:
                record(index, result)
            advance(len(results))


def _run_on_ray(loader, config, matches, workers, record, advance) -> None:
    try:
        import ray  # type: ignore[import-not-found]
    except ImportError:
        raise SimulationUsageError(
            "--backend ray needs the 'ray' package (pip install ray); or use --backend local"
        ) from None
    ray.init(ignore_reinit_error=True, log_to_driver=False)
    remote_task = ray.remote(_loader_task)
    pending = [remote_task.remote(loader, config, chunk) for chunk in _chunks(matches, workers)]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            results = ray.get(done[0])
            for index, result in results:
                record(index, result)
            advance(len(results))
    except KeyboardInterrupt:
        for task in pending:
            ray.cancel(task, force=True)
        raise


class progress_bar:
    """A transient rich progress bar on stderr, yielding an `advance(n)` callable."""

    def __init__(self, total: int, enabled: bool, already: int = 0):
        self.total = total
        self.already = already
        self.enabled = enabled
        self.progress = None

    def __enter__(self) -> Callable[[int], None]:
        if not self.enabled:
            return lambda n: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        console = Console(stderr=True)
        self.progress = Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,
        )
        self.progress.start()
        task = self.progress.add_task("matches", total=self.total, completed=self.already)
        return lambda n: self.progress.advance(task, n)

    def __exit__(self, *exc) -> None:
        if self.progress is not None:
            self.progress.stop()


# --- summary ----------------------------------------------------------------------------------


def summarize(game: str, config: MatchConfig, seed: int, results: list[MatchResult], elapsed: float) -> dict:
    """The `simulate --json` object for `results`, which must be in seed order.

    Only `elapsed_s` and `games_per_s` depend on anything but the results (the clock): a resumed
    run gives the same object as an uninterrupted one apart from these two keys.
    """
    players = config.players
    completed = [r for r in results if r.completed]
    wins = [0] * players
    ties = no_winner = 0
    for result in completed:
        sides = result.sides if result.sides is not None else len(result.winners)
        if result.winners and sides == 1:  # one seat, or one team of partners
            for seat in result.winners:
                wins[seat] += 1
        elif result.winners:
            ties += 1
        else:
            no_winner += 1
    n = len(completed)
    final_scores = [[r.scores[s] for r in completed] for s in range(players)]
    spreads = [max(r.scores) - min(r.scores) if r.scores else 0.0 for r in completed]
    lengths = [r.decisions for r in completed]
    return {
        "game": game,
        "players": players,
        "games": len(results),
        "seed": seed,
        "agents": list(config.agents),
        "readings": dict(config.readings),
        "completed": n,
        "wins": wins,
        "ties": ties,
        "no_winner": no_winner,
        "win_rate": [w / n if n else 0.0 for w in wins],
        "win_rate_ci95": [list(wilson_interval(w, n)) for w in wins],
        "tie_rate": ties / n if n else 0.0,
        "mean_decisions": mean([r.decisions for r in results]),
        "mean_length": mean(lengths),
        "mean_score": [mean(scores) for scores in final_scores],
        "score_spread": mean(spreads),
        "rule_gaps": _count_rule_gaps(results),
        "truncated": sum(1 for r in results if r.truncated),
        "elapsed_s": round(elapsed, 6),
        "games_per_s": round(len(results) / elapsed, 3) if elapsed > 0 else 0.0,
        # Per completed match, for plots and significance tests.
        "final_scores": final_scores,
        "lengths": lengths,
        "spreads": spreads,
    }


def _count_rule_gaps(results: list[MatchResult]) -> list[dict]:
    found: dict[tuple[str, int], dict] = {}
    for result in results:
        if result.gap is None:
            continue
        code, line, message = result.gap
        entry = found.get((code, line))
        if entry is None:
            # Results arrive in seed order, so the first one seen is the smallest seed.
            found[(code, line)] = {
                "code": code,
                "line": line,
                "count": 1,
                "example_seed": result.seed,
                "message": message,
            }
        else:
            entry["count"] += 1
    return sorted(found.values(), key=lambda g: (-g["count"], g["code"], g["line"]))
