"""`cardrules validate --assumptions`: every uncited rule, declaration and default, and the
language's implicit policies, grouped by what they decide."""

from __future__ import annotations

import contextlib
import io
import json

from dsl.api import compile_source
from dsl.cli import run
from dsl.lint.assumptions import DEAL, END, GROUPS, SCORING, SEATING, list_assumptions

RULES = """game "Half cited"
source ru = "rules.txt"
players 2                                          @ru:1
cards {
  deck standard                                    @ru:2
}
zone deck shared seen by nobody                     @ru:2
zone hand per player seen by owner
var points: int per player = 0
var target: int = 50
flow {
  shuffle deck                                     @ru:3
  deal evenly from deck to hand
  for each player p {
    points of p = count cards in hand of p where card is red
  }
}
result points                                      @ru:5
winners highest
"""


def assumptions(text: str = RULES):
    return list_assumptions(compile_source(text, "half.cardrules").model)


def test_uncited_rules_are_listed_and_cited_ones_are_not():
    found = {(a.group, a.what, a.span.line) for a in assumptions() if not a.policy}
    assert (DEAL, "zone 'hand'", 8) in found and (DEAL, "an even deal", 13) in found
    assert (END, "the start value of 'target'", 10) in found
    assert (SCORING, "an assignment of 'points'", 15) in found
    lines = {line for _, _, line in found}
    assert not lines & {3, 5, 7, 12, 18}  # players, deck, zone deck, shuffle, result are cited
    assert 9 not in lines  # a score that starts at 0 is bookkeeping, not a choice


def test_a_rule_inside_a_cited_one_is_supported_by_it():
    cited_loop = RULES.replace(
        "card is red\n  }", "card is red\n  }                                                @ru:4"
    )
    found = {a.span.line for a in assumptions(cited_loop) if not a.policy}
    assert not found & {14, 15}


def test_implicit_policies_are_listed():
    policies = {(a.group, a.what) for a in assumptions() if a.policy}
    assert (SEATING, "a deal with no 'starting' seat goes round from player 0") in policies
    assert any(group == END and "names every player who shares" in what for group, what in policies)
    assert all(a.group in GROUPS for a in assumptions())


def test_an_uncited_result_is_an_end_of_match_assumption():
    assert not any(a.what == "what decides the winner (result)" for a in assumptions())
    uncited = RULES.replace("result points                                      @ru:5", "result points")
    assert any(a.group == END and a.what == "what decides the winner (result)" for a in assumptions(uncited))


def test_cli_lists_them_grouped_with_a_count(tmp_path):
    path = tmp_path / "half.cardrules"
    path.write_text(RULES, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = run(["validate", "--assumptions", str(path)])
    text = out.getvalue()
    assert code == 0 and "  deal (" in text and "  scoring (" in text and "[policy]" in text
    assert text.rstrip().splitlines()[-1].endswith("assumptions in 1 file")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        run(["validate", "--assumptions", "--format", "json", str(path)])
    [entry] = json.loads(out.getvalue())["files"]
    assert {"group", "what", "line", "file", "policy"} == set(entry["assumptions"][0])
