"""Game facts from the rules: the compiler proves zero sum and the result's bounds where the rules
show them, and OpenSpiel's exploitability runs on a poker written in cardrules (Kuhn poker,
tests/data/poker), with the value of OpenSpiel's own `kuhn_poker`."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import exploitability  # noqa: E402

from dsl import load_game  # noqa: E402
from dsl.integrations import openspiel  # noqa: E402

from .conftest import ROOT  # noqa: E402

KUHN = ROOT / "tests" / "data" / "poker" / "kuhn.cardrules"


def test_the_compiler_proves_kuhn_poker_zero_sum_within_two_chips():
    rules = load_game(str(KUHN)).RULES
    assert (rules["zero_sum"], rules["utility_sum"], rules["min_utility"], rules["max_utility"]) == (True, 0, -2, 2)
    game = openspiel.load(KUHN)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-2.0, 2.0, 0.0)


def test_a_result_with_no_proof_stays_general_sum_and_wins_of_two_are_zero_sum():
    thirteens = load_game(str(ROOT / "games" / "thirteens.cardrules"))
    assert not thirteens.RULES["zero_sum"] and thirteens.RULES["max_utility"] is None  # `total +=`: no bound
    assert openspiel.load(thirteens).get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    cheat = load_game(str(ROOT / "games" / "classics" / "cheat.cardrules"))
    assert (cheat.RULES["min_utility"], cheat.RULES["max_utility"]) == (0, 1)  # `won of ... = 1` only
    briscola = ROOT / "games" / "classics" / "briscola.cardrules"
    assert openspiel.load(briscola, players=2, utility="win").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert openspiel.load(briscola, players=3, utility="win").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_nash_conv_of_the_uniform_policy_is_that_of_openspiels_kuhn_poker():
    ours = openspiel.load(KUHN)
    theirs = pyspiel.load_game("kuhn_poker")
    ours_value = exploitability.nash_conv(ours, policy.UniformRandomPolicy(ours))
    theirs_value = exploitability.nash_conv(theirs, policy.UniformRandomPolicy(theirs))
    assert ours_value == pytest.approx(theirs_value) and ours_value > 0.5
    assert exploitability.exploitability(ours, policy.UniformRandomPolicy(ours)) == pytest.approx(ours_value / 2)
