"""Entries of a compile cache as the cache tests read and tamper with them."""

from __future__ import annotations

import json
import pathlib

from dsl.compiler import cache as compile_cache
from dsl.lint import cache as findings_cache


def entries(cache: pathlib.Path) -> list[pathlib.Path]:
    """The engines' entries (the folder also holds the findings of validations, in one of its own)."""
    return sorted(p for p in cache.rglob("*.json") if p.parent.parent == cache)


def findings_entries(cache: pathlib.Path) -> list[pathlib.Path]:
    return sorted((cache / findings_cache.KIND).rglob("*.json"))


def plant_code(entry: pathlib.Path, marker: pathlib.Path) -> None:
    """Put code that writes `marker` in front of the entry's engine, with a digest that fits it:
    an entry the compiler never wrote but whose own check cannot tell."""
    data = json.loads(entry.read_text())
    data["source"] = f"import pathlib\npathlib.Path({str(marker)!r}).write_text('ran')\n" + data["source"]
    data["source_sha256"] = compile_cache.digest(data["source"])
    entry.write_text(json.dumps(data))
