"""The search agents, the budget they take and the plug-ins, through the agent interface and the CLI."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl import load_game
from dsl.cli.shared import app
from dsl.agents import SeatView, agent_names, make_agent
from dsl.agents.playout import Budget, BadBudget
from tests.conftest import GAMES
from tests.test_resample import TINY
from tests.language_helpers import engine

ROOT = Path(__file__).resolve().parent.parent


def test_the_search_agents_are_built_in():
    assert {"random", "first", "greedy", "mcts"} <= set(agent_names())


@pytest.mark.parametrize(("text", "amount", "timed"), [("200", 200, False), ("50ms", 50, True), (" 7 ", 7, False)])
def test_a_budget_is_iterations_or_milliseconds(text, amount, timed):
    budget = Budget(text, 10)
    assert (budget.amount, budget.timed) == (amount, timed)
    if not timed:
        assert len(list(budget.running())) == amount


@pytest.mark.parametrize("text", ["0", "fast", "10s", "-3", "5 ms ms"])
def test_a_bad_budget_says_what_a_budget_is(text):
    with pytest.raises(BadBudget, match="iterations"):
        Budget(text, 10)


def test_a_timed_budget_runs_at_least_one_iteration():
    assert len(list(Budget("1ms", 10).running())) >= 1


@pytest.mark.parametrize("name", ["greedy", "mcts"])
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_search_agents_choose_legal_actions_in_every_game(name, path):
    module = load_game(path)
    players = module.RULES["players"][0]
    state, rng = module.new_game(players, 4), random.Random(4)
    agents = [make_agent(name, seat, rng, budget="4") for seat in range(players)]
    for _ in range(12):
        if state.is_terminal():
            break
        seat, legal = state.current_player, state.legal_actions()
        action = agents[seat].act(SeatView(state, seat, legal))
        assert action in legal
        state.apply(action)


def _wins(module, names, matches: int) -> list[int]:
    wins = [0] * len(names)
    for seed in range(matches):
        state, rng = module.new_game(len(names), seed), random.Random(seed)
        agents = [make_agent(name, seat, rng, budget="30") for seat, name in enumerate(names)]
        while not state.is_terminal():
            seat = state.current_player
            state.apply(agents[seat].act(SeatView(state, seat)))
        for seat in state.winners():
            wins[seat] += 1
    return wins


def test_mcts_beats_random_in_a_small_trick_game():
    module = engine(TINY)
    wins = _wins(module, ["mcts", "random"], 60)
    assert wins[0] > wins[1] + 10, wins


def test_greedy_beats_random_in_a_small_trick_game():
    module = engine(TINY)
    wins = _wins(module, ["greedy", "random"], 60)
    assert wins[0] > wins[1] + 5, wins


def test_the_same_seed_gives_the_same_mcts_decisions():
    module = load_game(GAMES[[p.stem for p in GAMES].index("thirteens")])
    choices = []
    for _ in range(2):
        state, rng = module.new_game(4, 9), random.Random(9)
        agent = make_agent("mcts", state.current_player, rng, budget="10")
        choices.append(agent.act(SeatView(state, state.current_player)))
    assert choices[0] == choices[1]


def test_the_plugin_example_of_the_docs_is_the_one_tested():
    example = (ROOT / "tests" / "agents_plugin_example.py").read_text(encoding="utf-8")
    doc = (ROOT / "docs" / "AGENTS.md").read_text(encoding="utf-8")
    code = example.split('"""', 2)[2].strip()
    assert code in doc
    assert len(code.splitlines()) <= 20


def test_a_plugin_agent_plays_through_simulate():
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            str(ROOT / "games" / "thirteens.cardrules"),
            "--players",
            "3",
            "--games",
            "2",
            "--agents",
            "tests.agents_plugin_example:LookaheadAgent,random",
            "--seed",
            "3",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "completed 2/2" in result.output
    assert "tests.agents_plugin_example:LookaheadAgent" in result.output


@pytest.mark.parametrize(
    ("agent", "message"),
    [
        ("RaisingAgent", "the tests.agents_faulty:RaisingAgent agent of seat 0 failed: ZeroDivisionError"),
        ("WorldGapAgent", "met a rule gap in a world it sampled: 1 card(s) needed but only 0 left"),
        ("IllegalAgent", "chose action"),
    ],
)
def test_an_agent_that_fails_is_reported_as_the_agent_s_failure_not_the_rules(agent, message, tmp_path):
    out = tmp_path / "run.json"
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            str(ROOT / "games" / "thirteens.cardrules"),
            "--players",
            "3",
            "--games",
            "2",
            "--agents",
            f"tests.agents_faulty:{agent},random,random",
            "--json",
            str(out),
        ],
    )
    assert result.exit_code == 1, result.output
    gaps = json.loads(out.read_text(encoding="utf-8"))["rule_gaps"]
    assert [gap["code"] for gap in gaps] == ["agent-error"]
    assert message in gaps[0]["message"]
    assert gaps[0]["count"] == 2


def test_a_playout_stops_at_the_next_deal_even_when_the_deal_scored_nothing():
    # A Gin Rummy hand whose stock runs out is dealt again with no score: a playout that waited
    # for the scores to move would play hand after hand.
    from dsl.agents.playout import random_playout

    module = load_game("games/classics/gin_rummy.cardrules")
    stopped_by_deal = 0
    for seed in range(12):
        state = module.new_game(2, seed)
        start, deals = state.returns(), state.deals
        random_playout(state, random.Random(seed))
        if state.returns() == start and not state.is_terminal():
            assert state.deals == deals + 1
            stopped_by_deal += 1
        else:
            assert state.deals <= deals + 1
    assert stopped_by_deal > 0
