"""Runs that scale: the same results for any worker count and on Ray, the budget reaching every
agent, and memory that does not grow with the number of matches."""

from __future__ import annotations

import importlib.util
import tracemalloc
from pathlib import Path

import pytest

from dsl.sim.matches import load_engine_module, run_matches

FIXTURES = Path(__file__).parent / "fixtures"
TIMING = ("elapsed_s", "games_per_s")


def without_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING}


@pytest.fixture(scope="module", params=["coinflip_engine.py", "partners_engine.py"])
def engine(request):
    return load_engine_module(str(FIXTURES / request.param))


def run(engine, **options):
    players = engine.RULES["players"][-1]
    return run_matches(engine, players, options.pop("games", 300), 5, progress=False, **options)


def test_one_and_two_workers_give_identical_wins_scores_and_every_statistic(engine):
    one, two = run(engine, workers=1), run(engine, workers=2)
    assert one["wins"] == two["wins"] and one["mean_score"] == two["mean_score"]
    assert without_timing(one) == without_timing(two)


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="the 'ray' extra is not installed")
def test_a_local_ray_gives_the_results_of_local_workers(engine):
    local = run(engine, workers=2)
    on_ray = run(engine, workers=2, backend="ray")
    assert on_ray["wins"] == local["wins"] and on_ray["mean_score"] == local["mean_score"]
    assert without_timing(on_ray) == without_timing(local)


class BudgetSpy:
    """A plug-in agent that plays the first move and remembers the options it was given."""

    given: list = []

    def __init__(self, seat, rng, **options):
        BudgetSpy.given.append(options.get("budget"))

    def act(self, view) -> int:
        return view.legal_actions()[0]


def test_the_budget_reaches_every_agent_as_typed(engine):
    BudgetSpy.given = []
    summary = run(engine, games=3, agents=[f"{__name__}:BudgetSpy"], budget="50ms")
    assert BudgetSpy.given == ["50ms"] * (3 * summary["players"])
    assert summary["budget"] == "50ms"


def test_memory_does_not_grow_with_the_number_of_matches():
    engine = load_engine_module(str(FIXTURES / "coinflip_engine.py"))

    def peak(games: int) -> int:
        tracemalloc.start()
        run_matches(engine, 2, games, 0, progress=False)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    peak(4000)  # the first runs also fill caches (imports, interned values): not what is measured
    small, large = peak(200), peak(8000)
    assert large < small * 1.5  # 40 times the matches, about the same memory
