"""Gin Rummy (games/classics/gin_rummy.cardrules): melds, knocking and scoring, through the engine API.

Hands are constructed through the public state round trip (`to_json` / `from_json`): a real state
at a knock decision is given chosen hands, then the knock is played and the engine scores it."""

from __future__ import annotations

from dsl.api import check_source

SUITED_RUNS = """
game "Runs in one suit"
players 2
cards {
  deck standard
  order A 2 3 4 5 6 7 8 9 10 J Q K
  value points: A=1 2..10=face J=10 Q=10 K=10
}
zone deck shared seen by nobody
scoring melded {
  pattern run: 3 in sequence of a suit => sum points of group
}
flow { end game }
example "a run in one suit is a meld" { expect scoring melded of [4♠ 5♠ 6♠] == 15 }
example "a run across suits is none" { expect scoring melded of [4♠ 5♥ 6♠] == 0 }
example "two runs side by side" { expect scoring melded of [4♠ 5♠ 6♠ 4♥ 5♥ 6♥ 7♦] == 30 }
example "a run inside a longer hand" { expect scoring melded of [A♣ 2♣ 3♣ 3♦ 9♠ 10♠ J♠ Q♠ K♥] == 36 }
"""


def test_a_run_of_a_suit_takes_cards_of_one_suit_only():
    found = [(d.severity, d.code, d.message) for d in check_source(SUITED_RUNS, "runs.cardrules")]
    assert [f for f in found if f[0] in ("error", "warning")] == []
