"""What `cardrules validate` says about every rule file, recorded so that a change meant only to
make it faster can be shown to say exactly the same.

    python benchmarks/validate_outputs.py --write before.json     # on the code before
    python benchmarks/validate_outputs.py --compare before.json   # on the code after

Each file is validated in this one process, as `--format json` and as text, three times: with
the compile cache off, then with an empty cache (filling it) and again with that cache warm. The
record holds, per file and mode, the exit code, stdout and stderr, byte for byte.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ["games", "games/classics", "tests/data/diagnostics"]


def rule_files() -> list[Path]:
    return [p for folder in FOLDERS for p in sorted((ROOT / folder).glob("*.cardrules"))]


def run_validate(argv: list[str]) -> dict:
    from dsl.cli import run

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(argv)
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}


def record() -> dict:
    files = [str(p.relative_to(ROOT)) for p in rule_files()]
    found: dict = {}
    previous_dir, previous_cache = Path.cwd(), os.environ.get("CARDRULES_CACHE")
    os.chdir(ROOT)
    try:
        with tempfile.TemporaryDirectory() as cache_dir:
            for mode, cache in [("cache-off", "off"), ("cache-cold", cache_dir), ("cache-warm", cache_dir)]:
                os.environ["CARDRULES_CACHE"] = cache
                for file in files:
                    for form in ["json", "text"]:
                        found[f"{mode} {form} {file}"] = run_validate(["validate", "--format", form, file])
    finally:
        os.chdir(previous_dir)
        if previous_cache is None:
            os.environ.pop("CARDRULES_CACHE", None)
        else:
            os.environ["CARDRULES_CACHE"] = previous_cache
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", type=Path, help="record the outputs in this file")
    action.add_argument("--compare", type=Path, help="compare the outputs with this record")
    args = parser.parse_args(argv)
    found = record()
    if args.write:
        args.write.write_text(json.dumps(found, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{len(found)} outputs of {len(rule_files())} files recorded in {args.write}")
        return 0
    expected = json.loads(args.compare.read_text(encoding="utf-8"))
    differing = sorted(k for k in expected if expected[k] != found.get(k))
    for key in differing:
        print(f"differs: {key}" if key in found else f"missing: {key}")
    for key in sorted(found.keys() - expected.keys()):
        print(f"new (not in the record): {key}")
    print(f"{len(expected) - len(differing)} of {len(expected)} recorded outputs identical")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
