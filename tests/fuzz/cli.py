"""`python -m tests.fuzz`: the long fuzzing run and its report."""

from __future__ import annotations

import argparse
import hashlib
import heapq
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from collections import Counter, defaultdict

from .inputs import GENERATORS, make_input
from .minimise import minimise
from .pool import BASE_SECONDS, MEMORY_LIMIT, WALL_FACTOR, Job, Pool

SLOWEST = 15
CHECKPOINT = 1000  # inputs between two writes of the report during a run
# Failures without a stack to say where they come from are told apart by the input's generator.
BY_GENERATOR = {"timeout", "worker-died", "sentinel"}
# How `--save` names an input of each kind (the `.path.json` beside it holds its path and options).
EXTENSIONS = {"rules": ".cardrules", "state": ".state.json", "log": ".jsonl", "lsp": ".lsp.jsonl"}


def _arguments(argv):
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--inputs", type=int, default=10_000, help="how many inputs to check")
    parser.add_argument("--seed", type=int, default=1, help="the same seed checks the same inputs")
    parser.add_argument("--start", type=int, default=0, help="index of the first input (to resume or reproduce)")
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument(
        "--generators",
        default=",".join(GENERATORS),
        help=f"comma-separated generators to draw from, in their shares (default: all, {', '.join(GENERATORS)})",
    )
    parser.add_argument("--report", help="write the JSON report to this file")
    parser.add_argument("--save", help="directory for failing and slowest inputs (text and path)")
    parser.add_argument("--memory", type=int, default=MEMORY_LIMIT // 1024**2, help="MB of address space per worker")
    parser.add_argument("--base-seconds", type=float, default=BASE_SECONDS, help="time allowance besides 1 s per 10 KB")
    parser.add_argument(
        "--wall-factor", type=float, default=WALL_FACTOR, help="wall time, in time limits, before a waiting input stops"
    )
    parser.add_argument("--minimise", type=int, default=300, help="trials to shrink each failure class (0: none)")
    parser.add_argument("--minimise-seconds", type=float, default=20.0, help="time to shrink each failure class")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument("--replay", metavar="FILE", help="check one saved input (FILE and FILE's .path.json) and exit")
    args = parser.parse_args(argv)
    mix = tuple(name.strip() for name in args.generators.split(",") if name.strip())
    unknown = [name for name in mix if name not in GENERATORS]
    if unknown or not mix:
        parser.error(f"unknown generator {', '.join(unknown) or '(none)'}; choose among {', '.join(GENERATORS)}")
    args.mix = tuple(name for name in GENERATORS if name in mix)  # the stream depends on the set, not its order
    return args


def _save(directory: str | None, stem: str, text: str, path: str, kind: str = "rules", options=None) -> str | None:
    if not directory:
        return None
    os.makedirs(directory, exist_ok=True)
    digest = hashlib.sha1((kind + "\0" + path + "\0" + text).encode("utf-8", "surrogatepass")).hexdigest()[:10]
    base = os.path.join(directory, f"{stem}-{digest}")
    with open(base + EXTENSIONS[kind], "w", encoding="utf-8", errors="surrogatepass", newline="") as handle:
        handle.write(text)
    with open(base + ".path.json", "w", encoding="utf-8") as handle:
        json.dump({"path": path, "kind": kind, "options": options or {}}, handle, ensure_ascii=True)
    return base + EXTENSIONS[kind]


def _saved_input(name: str) -> tuple[str, str, str, dict]:
    """(text, path, kind, options) of an input `--save` wrote."""
    with open(name, encoding="utf-8", errors="surrogatepass", newline="") as handle:
        text = handle.read()
    longest_first = sorted(EXTENSIONS.values(), key=len, reverse=True)  # `.lsp.jsonl` before `.jsonl`
    base = next((name.removesuffix(ext) for ext in longest_first if name.endswith(ext)), name)
    with open(base + ".path.json", encoding="utf-8") as handle:
        meta = json.load(handle)
    return text, meta["path"], meta.get("kind", "rules"), meta.get("options", {})


def _key(failure, item) -> str:
    return f"{failure.key} [{item.label}]" if failure.kind in BY_GENERATOR else failure.key


def run(args) -> dict:
    scratch = tempfile.mkdtemp(prefix="cardrules-fuzz-")
    memory = args.memory * 1024**2
    pool = Pool(args.workers, scratch, memory=memory, base_seconds=args.base_seconds, wall_factor=args.wall_factor)
    per_generator: dict[str, Counter] = defaultdict(Counter)
    per_label: Counter = Counter()
    classes: dict[str, dict] = {}
    failures: list[dict] = []
    slowest: list[tuple[float, int, dict]] = []
    started = time.monotonic()
    done = 0
    finished: set[int] = set()
    interrupted = False
    reproductions: list[dict] = []

    def report() -> dict:
        elapsed = time.monotonic() - started
        through = args.start
        while through in finished:
            through += 1
        slow = sorted(slowest, key=lambda e: -e[0])
        out = {
            "command": "python -m tests.fuzz " + " ".join(sys.argv[1:]),
            "seed": args.seed,
            "generators_drawn": list(args.mix),
            "inputs": done,
            "seconds": round(elapsed, 1),
            "inputs_per_second": round(done / max(elapsed, 1e-9), 2),
            "workers_replaced": pool.replaced,
            "complete": done == args.inputs,
            # every input before this index was checked: a later run goes on from there
            "checked_through": through,
            "generators": {name: dict(counts) for name, counts in sorted(per_generator.items())},
            "operators": dict(sorted(per_label.items())),
            "failure_classes": reproductions
            or [
                {"class": key, "count": entry["count"], "message": entry["failure"].message}
                for key, entry in sorted(classes.items())
            ],
            "failures": failures,
            "slowest": [record for _, _, record, _ in slow],
        }
        if not out["complete"]:
            rest = args.start + args.inputs - through
            out["resume"] = f"--seed {args.seed} --start {through} --inputs {rest}"
            if args.mix != tuple(GENERATORS):
                out["resume"] += f" --generators {','.join(args.mix)}"
        return out

    def jobs():
        for index in range(args.start, args.start + args.inputs):
            item = make_input(args.seed, index, args.mix)
            yield Job(item, item.text, item.path, seed=index, kind=item.kind, options=item.options)

    def stop(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        try:
            for job, outcome in pool.run(jobs()):
                item = job.key
                done += 1
                finished.add(item.index)
                counts = per_generator[item.generator]
                counts["inputs"] += 1
                counts[f"stage:{outcome.stage}"] += 1
                per_label[item.label] += 1
                if outcome.failures:
                    counts["failing inputs"] += 1
                    saved = _save(args.save, f"fail-{item.index}", item.text, item.path, item.kind, item.options)
                for failure in outcome.failures:
                    key = _key(failure, item)
                    entry = classes.setdefault(key, {"count": 0, "first": item, "failure": failure})
                    entry["count"] += 1
                    failures.append(
                        {
                            "class": key,
                            "kind": failure.kind,
                            "message": failure.message,
                            "index": item.index,
                            "generator": item.label,
                            "origin": item.origin,
                            "path": item.path,
                            "size": len(item.text),
                            "saved": saved,
                        }
                    )
                record = {"index": item.index, "generator": item.label, "origin": item.origin, "path": item.path}
                record |= {"size": len(item.text), "seconds": round(outcome.seconds, 3)}
                record["wall_seconds"] = round(outcome.wall_seconds, 3)
                entry = (outcome.seconds, item.index, record, item)
                if len(slowest) < SLOWEST:
                    heapq.heappush(slowest, entry)
                else:
                    heapq.heappushpop(slowest, entry)
                if not args.quiet and (done % 250 == 0 or done == args.inputs):
                    rate = done / max(1e-9, time.monotonic() - started)
                    print(f"{done}/{args.inputs} inputs, {rate:.1f}/s, {len(classes)} failure classes", file=sys.stderr)
                if args.report and done % CHECKPOINT == 0:
                    write_report(args.report, report())
        except KeyboardInterrupt:
            interrupted = True
        try:
            for key, entry in sorted(classes.items()):
                if interrupted:
                    break
                item = entry["first"]
                small = item.text
                if args.minimise and entry["failure"].kind not in BY_GENERATOR:
                    if not args.quiet:
                        print(f"minimising {key}", file=sys.stderr)
                    small = minimise(
                        pool,
                        item.text,
                        item.path,
                        entry["failure"].key,
                        trials=args.minimise,
                        seconds=args.minimise_seconds,
                        kind=item.kind,
                        options=item.options,
                    )
                reproductions.append(
                    {
                        "class": key,
                        "count": entry["count"],
                        "message": entry["failure"].message,
                        "generator": item.label,
                        "index": item.index,
                        "path": item.path,
                        "text": small,
                        "saved": _save(args.save, "min", small, item.path, item.kind, item.options),
                    }
                )
        except KeyboardInterrupt:
            interrupted = True
    finally:
        signal.signal(signal.SIGTERM, previous)
        pool.close()
        shutil.rmtree(scratch, ignore_errors=True)
    for _, _, record, item in slowest:
        record["saved"] = _save(args.save, f"slow-{item.index}", item.text, item.path, item.kind, item.options)
    return report()


def write_report(path: str, report: dict) -> None:
    """Write then rename, so a run stopped at any moment leaves the last whole report."""
    partial = path + ".partial"
    with open(partial, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(report, indent=2, ensure_ascii=True) + "\n")
    os.replace(partial, path)


def replay(args) -> int:
    """Check one input saved by `--save`, under the same limits, and print its outcome."""
    text, path, kind, options = _saved_input(args.replay)
    scratch = tempfile.mkdtemp(prefix="cardrules-fuzz-")
    pool = Pool(1, scratch, memory=args.memory * 1024**2, base_seconds=args.base_seconds, wall_factor=args.wall_factor)
    try:
        for _, outcome in pool.run([Job(None, text, path, kind=kind, options=options)]):
            print(json.dumps({"path": path, "kind": kind, **outcome.to_dict()}, indent=2, ensure_ascii=True))
            return 1 if outcome.failures else 0
    finally:
        pool.close()
        shutil.rmtree(scratch, ignore_errors=True)
    return 1


def main(argv=None) -> int:
    args = _arguments(argv)
    if args.replay:
        return replay(args)
    report = run(args)
    if args.report:
        write_report(args.report, report)
    summary = {k: v for k, v in report.items() if k not in ("failures", "failure_classes")}
    summary["failure_classes"] = {c["class"]: c["count"] for c in report["failure_classes"]}
    print(json.dumps(summary, indent=2, ensure_ascii=True))
    if report["failure_classes"]:
        return 1
    return 0 if report["complete"] else 130
