"""Bounded fuzzing in the suite: the properties of `tests.fuzz` (check_source never raises nor
reports an internal error, a compiled engine plays raising only RuleGap/IllegalAction, no
payload ever runs) over a few hundred generated inputs.  `python -m tests.fuzz` runs the same
generators at length.

Inputs that can exhaust memory or time (huge numbers, deep nesting, devices and FIFOs as
variant bases) are checked in a worker process under the harness's memory cap and time limit,
so a regression fails the test instead of hanging the suite; the rest are checked here.
Shrinking is off: a failure prints the input; `python -m tests.fuzz` shrinks its failures."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.fuzz import hostile
from tests.fuzz.grammar import rule_texts
from tests.fuzz.inputs import variant_text
from tests.fuzz.mutations import OPERATORS, ROOT, mutate, seed_files
from tests.fuzz.pool import Job, Pool
from tests.fuzz.properties import check, materialise

SEEDS = [(str(p.relative_to(ROOT)), p) for p in seed_files()]
SMALL = [(name, p) for name, p in SEEDS if p.stat().st_size < 3000]


def fuzz_settings(examples: int):
    return settings(
        max_examples=examples,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        derandomize=True,  # the suite checks the same inputs every run; `python -m tests.fuzz` explores
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    )


@pytest.fixture(scope="module")
def isolated(tmp_path_factory):
    """Checks an input in a capped worker process; the outcome says how long it took.

    Here the time limit only catches a hang (a busy machine must not fail the suite); the time
    budget itself is measured by the long run, `python -m tests.fuzz`."""
    pool = Pool(1, str(tmp_path_factory.mktemp("fuzz")), base_seconds=30.0)

    def run(text: str, path: str):
        for _, outcome in pool.run([Job(None, text, path)]):
            return outcome

    yield run
    pool.close()


@pytest.fixture
def in_process(tmp_path):
    sentinel = str(tmp_path / "sentinel")

    def run(text: str, path: str):
        text, path = materialise(text, path, sentinel)
        return check(text, path, sentinel)

    return run


def assert_holds(outcome, text: str, path: str) -> None:
    shown = text if len(text) < 3000 else text[:3000] + "..."
    assert not outcome.failures, ([f"{f.key}: {f.message}" for f in outcome.failures], path, shown)


# ------------------------------------------------------------ grammar
@fuzz_settings(40)
@given(text=rule_texts("start", hostile=False))
def test_files_the_grammar_derives(in_process, text):
    assert_holds(in_process(text, "games/generated.cardrules"), text, "games/generated.cardrules")


@fuzz_settings(20)
@given(text=rule_texts("items", hostile=False))
def test_headerless_items_the_grammar_derives(in_process, text):
    assert_holds(in_process(text, "generated.cardrules"), text, "generated.cardrules")


@fuzz_settings(40)
@given(
    text=rule_texts("start", hostile=True),
    name=st.sampled_from(["games/generated.cardrules", *hostile.hostile_file_names()]),
)
def test_grammar_texts_with_hostile_terminals(isolated, text, name):
    assert_holds(isolated(text, name), text, name)


# ------------------------------------------------------------ mutations of the project's rule files
IN_PROCESS_OPERATORS = [
    "delete_line",
    "duplicate_line",
    "swap_lines",
    "truncate",
    "insert_junk",
    "python_names",
    "line_breaks_in_literals",
]
ISOLATED_OPERATORS = ["huge_numbers", "deepen_nesting"]
assert set(IN_PROCESS_OPERATORS + ISOLATED_OPERATORS) == set(OPERATORS)


def operator_params(names):
    return [pytest.param(n) for n in names]


@pytest.mark.parametrize("operator", operator_params(IN_PROCESS_OPERATORS))
@fuzz_settings(15)
@given(seed=st.sampled_from(SEEDS), rng_seed=st.integers(0, 2**32))
def test_mutated_rule_files(in_process, operator, seed, rng_seed):
    name, path = seed
    _, text = mutate(path.read_text("utf-8"), random.Random(rng_seed), operator)
    assert_holds(in_process(text, name), text, name)


@pytest.mark.parametrize("operator", operator_params(ISOLATED_OPERATORS))
@fuzz_settings(10)
@given(seed=st.sampled_from(SMALL), rng_seed=st.integers(0, 2**32))
def test_mutated_rule_files_within_limits(isolated, operator, seed, rng_seed):
    name, path = seed
    _, text = mutate(path.read_text("utf-8"), random.Random(rng_seed), operator)
    assert_holds(isolated(text, name), text, name)


# ------------------------------------------------------------ hostile names and paths
@fuzz_settings(30)
@given(
    seed=st.sampled_from(SMALL),
    directory=st.sampled_from(hostile.hostile_directories()),
    name=st.sampled_from(hostile.hostile_file_names()),
)
def test_hostile_file_names(in_process, seed, directory, name):
    text = seed[1].read_text("utf-8")
    assert_holds(in_process(text, directory + name), text, directory + name)


@fuzz_settings(20)
@given(seed=st.sampled_from(SMALL), name=st.sampled_from(hostile.hostile_file_names()), choice=st.integers(0, 3))
def test_editor_uris_as_paths(in_process, seed, name, choice):
    text = seed[1].read_text("utf-8")
    path = hostile.lsp_uris(name)[choice]
    assert_holds(in_process(text, path), text, path)


SAFE_BASES = ["../../x", "../../../../../../../../etc/passwd", "/", ".", "", "thirteens.cardrules", "x\rz.cardrules"]
VARIANT_SEEDS = ["games/thirteens_to_100.cardrules", "tests/data/diagnostics/clean_game.cardrules"]


def base_params():
    params = []
    for seed in VARIANT_SEEDS:
        for base in hostile.variant_bases():
            params.append(pytest.param(seed, base, id=f"{seed.rsplit('/', 1)[1]}-{base[:40]!r}"))
    return params


@pytest.mark.parametrize(("seed", "base"), base_params())
def test_hostile_variant_bases(isolated, root, seed, base):
    text = variant_text((root / seed).read_text("utf-8"), base)
    for path in ("games/v.cardrules", f"x\n{hostile.PAYLOAD}\n.cardrules"):
        assert_holds(isolated(text, path), text, path)


# ------------------------------------------------------------ the harness itself can fail
def test_a_payload_that_runs_is_reported(in_process, monkeypatch):
    import dsl

    real = dsl.check_source

    def leaky(text, path="<input>", **kwargs):
        exec(text.split("#!", 1)[1])  # noqa: S102 - the fault the harness must catch
        return real(text, path, **kwargs)

    monkeypatch.setattr(dsl, "check_source", leaky)
    text = 'game "g"\n#!' + hostile.PAYLOAD + "\n"
    kinds = [f.kind for f in in_process(text, "g.cardrules").failures]
    assert kinds == ["sentinel"]


def test_internal_errors_are_classified_by_their_origin(in_process, monkeypatch):
    import dsl.api

    def broken(text, path):
        raise KeyError("boom")

    monkeypatch.setattr(dsl.api, "parse", broken)
    failures = in_process('game "g"\nplayers 2\n', "g.cardrules").failures
    assert [f.kind for f in failures] == ["internal-error"]
    # The innermost frame of the project, not of the test, names the class.
    assert failures[0].where.startswith("KeyError at dsl/api.py:"), failures[0].where


def test_hung_and_dead_workers_are_recorded_and_replaced(tmp_path, monkeypatch):
    import os
    import time

    import tests.fuzz.pool as pool_module

    real = pool_module.check

    def faulty(text, path, sentinel, seed=0):
        if text == "hang":
            time.sleep(60)
        if text == "spin":
            while True:
                pass
        if text == "die":
            os._exit(7)
        return real(text, path, sentinel, seed)

    monkeypatch.setattr(pool_module, "check", faulty)  # the workers fork with it
    # a limit far above what the plain input needs, even in a fresh worker on a loaded machine
    pool = Pool(1, str(tmp_path), base_seconds=1.5, wall_factor=4.0)
    try:
        jobs = [Job(name, name, "g.cardrules") for name in ("hang", "spin", "die", 'game "g"\n')]
        outcomes = {job.key: outcome for job, outcome in pool.run(jobs)}
    finally:
        pool.close()
    assert [f.kind for f in outcomes["hang"].failures] == ["timeout"]
    # waiting is stopped by wall time (four times the limit), working by processor time
    assert outcomes["hang"].wall_seconds >= 4 * 1.5
    assert [f.kind for f in outcomes["spin"].failures] == ["timeout"]
    assert "processor time" in outcomes["spin"].failures[0].message
    # killed for its processor time, unless a loaded machine gave it so little that the wall
    # limit came first
    assert outcomes["spin"].seconds >= 1.5 or outcomes["spin"].wall_seconds >= 4 * 1.5
    assert [(f.kind, f.where) for f in outcomes["die"].failures] == [("worker-died", "exit code 7")]
    assert outcomes['game "g"\n'].failures == []
    assert pool.replaced == 3


def test_an_interrupted_run_reports_what_it_checked_and_how_to_go_on(tmp_path, monkeypatch, capsys):
    import json

    import tests.fuzz.cli as fuzz_cli
    from tests.fuzz.properties import Outcome

    class StoppedAfterTwo:
        replaced = 0

        def __init__(self, *args, **kwargs):
            pass

        def run(self, jobs):
            for job in list(jobs)[:2]:
                yield job, Outcome(stage="played", seconds=0.01, wall_seconds=0.01)
            raise KeyboardInterrupt  # Ctrl-C, or SIGTERM, which the run turns into one

        def close(self):
            pass

    monkeypatch.setattr(fuzz_cli, "Pool", StoppedAfterTwo)
    report_path = tmp_path / "fuzz.json"
    code = fuzz_cli.main(["--inputs", "5", "--seed", "3", "--start", "10", "--report", str(report_path), "--quiet"])
    report = json.loads(report_path.read_text())
    assert code == 130
    assert report["inputs"] == 2 and report["complete"] is False
    assert report["checked_through"] == 12
    assert report["resume"] == "--seed 3 --start 12 --inputs 3"
    assert json.loads(capsys.readouterr().out)["inputs"] == 2
