"""`cardrules validate --assumptions`: every uncited rule, declaration and default, and the
language's implicit policies, grouped by what they decide."""

from __future__ import annotations

import contextlib
import io
import json

from dsl.api import compile_source
from dsl.cli import run
from dsl.lint.assumptions import DEAL, END, GROUPS, SCORING, SEATING, list_assumptions
from dsl.lint.conventions import CATALOGUE

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
    policies = {(a.group, a.what, a.span.line) for a in assumptions() if a.policy}
    assert (SEATING, "this deal goes round from player 0 (no 'from' seat)", 13) in policies
    assert any(what.startswith("every player plays for himself") for _, what, _ in policies)
    assert any(group == END and "names every player who shares" in what for group, what, _ in policies)
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


SCORED = """game "Scored"
source ru = "rules.txt"
players 2                                          @ru:1
cards {
  deck standard                                    @ru:2
}
zone deck shared seen by nobody                     @ru:2
zone hand per player seen by owner                  @ru:2
var points: int per player = 0
ambiguity r "Which split?" @ru:4 {
  reading a "the best"
  reading b "down the list"
  default a                                        @ru:4
}
scoring melds                                      @ru:3 {
  pattern pair: 2 of a rank => 1                   @ru:3
  STATED
}
flow {
  deal 5 from deck to hand each                    @ru:2
  for each player p {
    points of p = scoring melds of hand of p       @ru:3
  }
}
result points                                      @ru:5
"""


def solver_policies(stated: str) -> tuple[set[str], set[str]]:
    """(implicit solver policies, uncited solver rules) listed for a scoring that states `stated`."""
    found = assumptions(SCORED.replace("STATED", stated))
    policies = {a.what.split("(")[-1].rstrip(")") for a in found if a.policy and a.group == SCORING}
    rules = {a.what for a in found if not a.policy and a.group == SCORING}
    return policies, rules


def test_an_unstated_solver_policy_is_listed_as_implicit():
    assert solver_policies("") == ({"'groups disjoint'", "'split best'"}, set())


def test_a_stated_and_cited_solver_policy_is_not_an_assumption():
    assert solver_policies('groups disjoint  @ru:4 "once"\n  split best  @ru:4') == (set(), set())
    # a cited `reusable` line states the reuse policy: the other cards count once
    assert solver_policies("reusable A  @ru:4\n  split greedy @ru:4") == (set(), set())


def test_a_stated_but_uncited_policy_is_an_uncited_rule():
    policies, rules = solver_policies("groups overlapping\n  split reading r { a => best b => greedy }")
    assert policies == set()
    assert rules == {"'groups' policy of scoring 'melds'", "'split' policy of scoring 'melds'"}
    assert solver_policies("reusable A")[1] == {"the reusable cards of scoring 'melds'"}


def test_a_deal_that_names_its_first_seat_and_stated_individual_play_are_not_implicit():
    text = SCORED.replace("STATED", "").replace("deal 5 from deck to hand each", "deal 5 from deck to hand each from 1")
    text = text.replace("players 2 ", "individual play  @ru:1\nplayers 2 ")
    assert not [a for a in assumptions(text) if a.policy and a.group in (SEATING, "other")]
    uncited = text.replace("individual play  @ru:1", "individual play")
    assert [a.what for a in assumptions(uncited) if a.what == "individual play"] == ["individual play"]


def test_the_game_page_has_the_assumptions_grouped_as_validate_groups_them(tmp_path):
    path = tmp_path / "half.cardrules"
    path.write_text(RULES, encoding="utf-8")
    page_path = tmp_path / "half.md"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert run(["doc", str(path), "--out", str(page_path)]) == 0
    page = page_path.read_text(encoding="utf-8")
    section = page.split("## Assumptions", 1)[1].split("\n## ", 1)[0]
    found = assumptions()
    headings = [line[4:].rsplit(" (", 1)[0].lower() for line in section.splitlines() if line.startswith("### ")]
    assert headings == [g for g in GROUPS if any(a.group == g for a in found)]
    assert "- line 8: zone 'hand'" in section and "- line 13: an even deal" in section
    assert section.count("(implicit policy)") == sum(a.policy for a in found)


def _tie_policy(text: str) -> list[str]:
    return [a.what for a in assumptions(text) if a.policy and a.group == END]


def test_a_stated_tie_rule_or_a_house_leaves_no_implicit_tie_policy():
    assert _tie_policy(RULES) == ["'winners highest' names every player who shares the best result"]
    cited = RULES.replace("winners highest", "winners highest, ties share  @ru:5")
    assert _tie_policy(cited) == []
    assert not [a for a in assumptions(cited) if "ties" in a.what or "winners" in a.what]
    uncited = RULES.replace("winners highest", "winners highest, ties draw")
    assert _tie_policy(uncited) == []
    assert [a.what for a in assumptions(uncited) if a.what.startswith("how equal")] == [
        "how equal best results end ('ties draw')"
    ]
    house = RULES.replace("zone hand", "house bank\nzone hand").replace("winners highest", "winners against bank")
    assert _tie_policy(house) == []


def test_a_loop_over_teams_is_named_as_one():
    text = RULES.replace("players 2 ", "players 4 ").replace(
        "var target: int = 50", "var target: int = 50\nteams partners opposite"
    )
    text = text.replace("result points", "for each team t { target = 1 }\n}\nresult points", 1)
    text = text.replace(
        "    points of p = count cards in hand of p where card is red\n  }\n}", "    points of p = 0\n  }"
    )
    found = [a.what for a in assumptions(text) if "loop" in a.what]
    assert found == ["a loop over teams"]


CONVENTIONS = """game "Four at tricks"
source en = "rules.txt"
players 4                                          @en:1 "four players"
cards {
  deck standard                                    @en:1 "one pack"
}
zone deck shared seen by nobody
zone hand per player seen by owner
zone table shared seen by everyone
zone taken per player seen by owner
var points: int per player = 0
ambiguity trick_tie "Equal cards?" @en:3 {
  reading first "the first played wins"
  reading last "the last played wins"
  default first
}
flow {
  shuffle deck
  deal evenly from deck to hand
  while not hand of 0 is empty {
    trick {
      lead 0                                       @en:2
      play from hand to table
      follow suit == led else any                  @en:2 "must follow suit"
      winner {
        highest where suit == led
      }
      tie reading trick_tie { first => first last => last }
      take into taken
    }
  }
  for each player p { points of p = size of taken of p }
}
result points                                      @en:4 "most cards"
winners highest
"""
RULES_TXT = "Four players play with one pack.\nThe dealer leads; players follow suit.\nTwo equal cards?\n"
RULES_TXT += "Whoever takes most cards wins.\n"


def conventions_of(tmp_path, text: str = CONVENTIONS) -> dict:
    path = tmp_path / "four.cardrules"
    path.write_text(text, encoding="utf-8")
    (tmp_path / "rules.txt").write_text(RULES_TXT, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert run(["validate", "--assumptions", "--format", "json", str(path)]) == 0
    [entry] = json.loads(out.getvalue())["files"]
    return entry


def test_the_catalogue_asks_what_every_card_game_must_settle():
    keys = {q.key for q in CATALOGUE}
    assert {"decks", "deal_order", "first_leader", "turn_order", "follow", "trick_ties", "partners"} <= keys
    assert {"card_reuse", "run_suits", "twins", "leftovers", "end_of_deal", "end_of_match", "final_ties"} <= keys


def test_each_question_is_answered_by_citation_ambiguity_or_encoding(tmp_path):
    entry = conventions_of(tmp_path)
    answers = {c["question"]: c for c in entry["conventions"]}
    assert answers["players"]["answer"] == "citation"
    assert answers["follow"]["answer"] == "citation"
    assert answers["trick_ties"]["answer"] == "ambiguity"
    assert answers["trick_ties"]["places"][0]["ambiguity"] == "trick_tie"
    assert answers["deal_order"]["answer"] == "encoding"  # no 'from': seat 0, the language's default
    assert answers["partners"]["answer"] == "encoding"  # four players, nothing said of partners
    assert answers["final_ties"]["answer"] == "encoding"
    assert entry["convention_answers"] == {
        how: sum(c["answer"] == how for c in entry["conventions"]) for how in ("citation", "ambiguity", "encoding")
    }


def test_a_citation_that_does_not_show_the_answer_is_reported_as_such(tmp_path):
    entry = conventions_of(tmp_path)
    answers = {c["question"]: c for c in entry["conventions"]}
    [lead] = answers["first_leader"]["places"]
    assert lead["cite"] == "en:2" and "without a quote" in lead["quote_problem"]
    wrong = CONVENTIONS.replace('@en:2 "must follow suit"', '@en:2 "must follow the suit"')
    [follow] = {c["question"]: c for c in conventions_of(tmp_path, wrong)["conventions"]}["follow"]["places"]
    assert follow["quote_problem"] == 'the quote "must follow the suit" is not in en:2'


def test_the_text_report_gives_the_counts_and_each_answer(tmp_path):
    path = tmp_path / "four.cardrules"
    path.write_text(CONVENTIONS, encoding="utf-8")
    (tmp_path / "rules.txt").write_text(RULES_TXT, encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert run(["validate", "--assumptions", str(path)]) == 0
    text = out.getvalue()
    assert "conventions (" in text and "answered by citation" in text
    assert "who wins a trick when two cards rank equal: ambiguity" in text
    assert "! cited without a quote" in text
