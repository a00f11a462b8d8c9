"""Long-lived worker processes, each under a memory cap, checking one input at a time.

The parent enforces the time limit: a worker that overruns it is killed and replaced, and one
that dies (segfault, memory cap reached outside Python's reach) is recorded and replaced too.

The limit bounds the processor time a worker spends on an input, so that a busy machine does not
turn a slow moment into a failure; an input that waits rather than works (a read that blocks) is
stopped by wall time, at `wall_factor` times the limit (30 by default: a worker at low priority
on a machine loaded tenfold still finishes its work, while a read that blocks is still stopped)."""

from __future__ import annotations

import multiprocessing
import os
import resource
import time
from dataclasses import dataclass, field
from multiprocessing.connection import wait

from .clock import cpu_seconds
from .lsp_messages import SECRET
from .lsp_session import Session
from .properties import ROOT, Failure, Outcome, check, check_sentinel, materialise
from .resume_logs import check_resume
from .states import check_state

MEMORY_LIMIT = 2 * 1024**3
BASE_SECONDS = 5.0
SECONDS_PER_10KB = 1.0
WALL_FACTOR = 30.0


def time_limit(text: str, path: str, base: float = BASE_SECONDS) -> float:
    return base + SECONDS_PER_10KB * (len(text) + len(path)) / 10_000


@dataclass
class Job:
    key: object  # the caller's handle, returned with the outcome
    text: str
    path: str
    seed: int = 0
    kind: str = "rules"  # rules | state | log | lsp: what the text is and which property checks it
    options: dict = field(default_factory=dict)
    limit: float = 0.0  # the time limit, set by the pool


def _check_kind(
    job: Job, text: str, path: str, sentinel: str, scratch: str, memory: int, wall_factor: float
) -> Outcome:
    global _session
    if job.kind == "state":
        outcome = check_state(text, path, job.seed)
    elif job.kind == "log":
        outcome = check_resume(text, job.options, scratch)
    elif job.kind == "lsp":
        if _session is None:
            _session = Session(scratch, memory)
        outcome = _session.check(text.replace(SECRET, _session.secret), job.limit, wall_factor)
    else:
        return check(text, path, sentinel, job.seed)
    check_sentinel(sentinel, job.kind, outcome)
    return outcome


_session: Session | None = None  # the language server a worker keeps across its lsp inputs


def _serve(conn, memory: int, scratch: str, wall_factor: float = WALL_FACTOR) -> None:
    os.chdir(ROOT)  # rule files name their variant bases relative to the repository
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)  # a base file named /dev/stdin must not wait for the terminal
    if memory:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    fifo = os.path.join(scratch, "fifo")
    while True:
        try:
            job = conn.recv()
        except EOFError:
            return
        if job is None:
            if _session is not None:
                _session.close()
            return
        sentinel = os.path.join(scratch, f"sentinel-{os.getpid()}")
        if os.path.lexists(sentinel):
            os.unlink(sentinel)
        text, path = materialise(job.text, job.path, sentinel, fifo)
        started, started_cpu = time.perf_counter(), time.process_time()
        try:
            outcome = _check_kind(job, text, path, sentinel, scratch, memory, wall_factor)
        except MemoryError as exc:
            outcome = Outcome([Failure("check-raised", "MemoryError outside the pipeline", str(exc))])
        outcome.seconds = time.process_time() - started_cpu
        outcome.wall_seconds = time.perf_counter() - started
        try:
            conn.send(outcome)
        except Exception as exc:  # noqa: BLE001 - e.g. an unpicklable message; still report something
            conn.send(
                Outcome([Failure("worker-died", "result not sendable", repr(exc)[:300])], seconds=outcome.seconds)
            )


class Worker:
    def __init__(self, context, memory: int, scratch: str, wall_factor: float = WALL_FACTOR):
        self.wall_factor = wall_factor
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, memory, scratch, wall_factor), daemon=True)
        self.process.start()
        child.close()
        self.job: Job | None = None
        self.deadline = 0.0
        self.started = 0.0
        self.limit = 0.0
        self.cpu_at_start: float | None = None

    def give(self, job: Job, limit: float) -> None:
        self.job, self.started, self.deadline, self.limit = job, time.monotonic(), time.monotonic() + limit, limit
        job.limit = limit
        self.cpu_at_start = cpu_seconds(self.process.pid)
        self.conn.send(job)

    def cpu_used(self) -> float | None:
        now = cpu_seconds(self.process.pid)
        return None if now is None or self.cpu_at_start is None else now - self.cpu_at_start

    def overran(self, now: float) -> bool:
        """At the deadline: True if the input used its processor time (or waited too long);
        otherwise the deadline moves on by the time it has left."""
        used = self.cpu_used()
        if used is None or used >= self.limit or now - self.started >= self.wall_factor * self.limit:
            return True
        self.deadline = min(now + self.limit - used, self.started + self.wall_factor * self.limit)
        return False

    def kill(self) -> None:
        self.process.kill()
        self.process.join(5)
        self.conn.close()


class Pool:
    def __init__(
        self,
        workers: int,
        scratch: str,
        memory: int = MEMORY_LIMIT,
        base_seconds: float = BASE_SECONDS,
        wall_factor: float = WALL_FACTOR,
    ):
        self.wall_factor = wall_factor
        self.context = multiprocessing.get_context("fork")
        self.memory, self.scratch, self.base_seconds = memory, scratch, base_seconds
        fifo = os.path.join(scratch, "fifo")
        if not os.path.exists(fifo):
            os.mkfifo(fifo)
        self.workers = [Worker(self.context, memory, scratch, wall_factor) for _ in range(workers)]
        self.replaced = 0

    def close(self) -> None:
        for worker in self.workers:
            try:
                worker.conn.send(None)
            except OSError:
                pass
            worker.process.join(2)
            if worker.process.is_alive():
                worker.kill()

    def _replace(self, worker: Worker) -> None:
        worker.kill()
        self.workers[self.workers.index(worker)] = Worker(self.context, self.memory, self.scratch, self.wall_factor)
        self.replaced += 1

    def run(self, jobs):
        """Yields (job, outcome) as they finish, in any order; keeps every worker busy."""
        jobs = iter(jobs)
        pending = True
        while True:
            for worker in self.workers:
                if worker.job is None and pending:
                    job = next(jobs, None)
                    if job is None:
                        pending = False
                    else:
                        worker.give(job, time_limit(job.text, job.path, self.base_seconds))
            busy = [w for w in self.workers if w.job is not None]
            if not busy:
                return
            timeout = max(0.0, min(w.deadline for w in busy) - time.monotonic())
            ready = wait([w.conn for w in busy], timeout=timeout)
            now = time.monotonic()
            for worker in busy:
                if worker.conn in ready:
                    job = worker.job
                    try:
                        outcome = worker.conn.recv()
                    except (EOFError, OSError):
                        worker.process.join(5)
                        code = worker.process.exitcode
                        outcome = Outcome([Failure("worker-died", f"exit code {code}", "the worker process died")])
                        outcome.seconds = now - worker.started
                        self._replace(worker)
                    worker.job = None
                    yield job, outcome
                elif now >= worker.deadline and worker.overran(now):
                    job = worker.job
                    used, wall = worker.cpu_used(), now - worker.started
                    self._replace(worker)
                    spent = f"{used:.1f} s of processor time, " if used is not None else ""
                    message = f"limit {worker.limit:.1f} s; killed after {spent}{wall:.1f} s"
                    outcome = Outcome([Failure("timeout", "time limit", message)])
                    outcome.seconds = used if used is not None else wall
                    outcome.wall_seconds = wall
                    yield job, outcome
