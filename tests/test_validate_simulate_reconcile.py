"""`validate --simulate N` lets play speak on the conservative static warnings: a warning play ran
into carries the reproducing seed (one finding), one play never saw is an info."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

from dsl.cli import run

DATA = Path(__file__).parent / "data" / "diagnostics"

ALMOST_NEVER = """game "Three suits of four"
players 2
cards {
  deck standard
}
zone deck shared seen by nobody
zone hand per player seen by owner
zone table shared seen by everyone
flow {
  shuffle deck
  deal 13 from deck to hand each
  0 chooses card c from hand of 0 where suit == ♥ else where suit == ♠ else where suit == ♦
  move card c from hand of 0 to table
}
"""


def validate(*args: str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = run(["validate", *args, "--format", "json"])
    return code, json.loads(out.getvalue())["files"][0]["diagnostics"]


def test_a_warning_play_confirms_is_one_finding_with_the_seed():
    _, found = validate(str(DATA / "empty_draw_in_loop.cardrules"), "--simulate", "3")
    draws = [d for d in found if d["code"] == "empty-draw"]
    assert len(draws) == 1 and draws[0]["severity"] == "warning"
    assert any(note.startswith("seen in play:") for note in draws[0]["notes"])
    assert any("--seed 0 --games 1" in note for note in draws[0]["notes"])


def test_a_warning_play_never_saw_becomes_an_info(tmp_path):
    path = tmp_path / "three_suits.cardrules"
    path.write_text(ALMOST_NEVER, encoding="utf-8")
    _, static = validate(str(path))
    assert [(d["code"], d["severity"]) for d in static] == [("no-legal-move", "warning")]
    code, played = validate(str(path), "--simulate", "5")
    [d] = [d for d in played if d["code"] == "no-legal-move"]
    assert d["severity"] == "info" and "not seen in 5 matches" in d["message"]
    assert code == 0 and validate(str(path), "--simulate", "5", "--strict")[0] == 0
