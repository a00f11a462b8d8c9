"""A native engine (`load_game(path, native=True)`, the generated module built by Cython) plays
exactly as the Python engine of the same rule file: the same seeded matches move for move, the
same decisions, observations, results and saved states, the same clones, the same API errors and
the same located rule gaps. It is built once per cache folder and reused by later processes;
without Cython, asking for it is a located diagnostic, not a traceback."""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import pathlib
import random
import shutil
import subprocess
import sys
import tempfile
import textwrap

import pytest

import dsl
from dsl.api import load_game
from dsl.report.diagnostics import DiagnosticError
from dsl.runtime.errors import BadArgument, IllegalAction, RuleGap
from tests.conftest import ROOT
from tests.engine_state import frozen
from tests.match_record import MOST_DECISIONS, first_difference, match, play_on, player_counts, readings_for, snapshot

pytest.importorskip("Cython")

FAST_GAMES = [ROOT / "games" / "jailbreak.cardrules", ROOT / "games" / "thirteens.cardrules"]
ALL_GAMES = sorted((ROOT / "games").glob("*.cardrules")) + sorted((ROOT / "games" / "classics").glob("*.cardrules"))
SLOW_GAMES = [path for path in ALL_GAMES if path not in FAST_GAMES]
# The fast games always, every other one in the slow run (its engine built once for all tests).
GAME_CASES = FAST_GAMES + [pytest.param(path, marks=pytest.mark.slow) for path in SLOW_GAMES]
FAULTS = ROOT / "tests" / "data" / "native" / "faults.cardrules"
SEEDS = (0, 1, 2)


def game_id(path) -> str:
    return path.stem


@pytest.fixture(scope="module")
def native_cache(tmp_path_factory):
    """A compile cache of this module alone: its `native/` folder holds the extensions built here."""
    folder = tmp_path_factory.mktemp("native-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDRULES_CACHE", str(folder))
        yield folder


@pytest.fixture(scope="module")
def engines(native_cache):
    """`engines(path)`: the Python and the native engine of a rule file, each built once."""
    built = {}

    def pair(path):
        if path not in built:
            built[path] = (load_game(str(path)), load_game(str(path), native=True))
        return built[path]

    return pair


def assert_same_matches(python, native):
    for players in player_counts(python):
        for seed in SEEDS:
            expected, got = match(python, players, seed), match(native, players, seed)
            assert expected == got, f"{players} players, seed {seed}: {first_difference(expected, got)}"


# ---------------------------------------------------------------- the same matches


def test_the_native_engine_is_a_c_extension_of_the_same_game(engines):
    python, native = engines(FAST_GAMES[0])
    assert native.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert native.RULES == python.RULES
    assert type(native.new_game(2, seed=0)).__module__ == native.__name__ != python.__name__


@pytest.mark.parametrize("path", FAST_GAMES, ids=game_id)
def test_a_native_engine_plays_its_seeded_matches_as_the_python_engine(engines, path):
    assert_same_matches(*engines(path))


@pytest.mark.slow
@pytest.mark.parametrize("path", SLOW_GAMES, ids=game_id)
def test_every_native_engine_plays_its_seeded_matches_as_the_python_engine(engines, path):
    assert_same_matches(*engines(path))


# ---------------------------------------------------------------- clones and saved states


def halfway(engine, players: int, seed: int):
    """A state halfway through a seeded match of random moves (and still going on)."""
    state = engine.new_game(players, seed=seed, readings=readings_for(engine, seed))
    length = len(play_on(state.clone(), players, random.Random(seed))) - 2  # its decisions
    if length < 2:
        pytest.skip("a match of this game takes no decisions (it plays itself out in new_game)")
    chooser = random.Random(seed)
    for _ in range(length // 2):
        state.apply(chooser.choice(state.legal_actions()))
    return state


def upset(value):
    """Change every list in `value` in place, at every depth."""
    if isinstance(value, list):
        for item in value:
            upset(item)
        value.append(-7)
    elif isinstance(value, dict):
        for item in value.values():
            upset(item)


@pytest.mark.parametrize("path", GAME_CASES, ids=game_id)
def test_a_native_clone_plays_on_as_its_original_and_as_the_python_clone(engines, path):
    python, native = engines(path)
    players = python.RULES["players"][0]
    original = halfway(native, players, seed=4)
    python_original = halfway(python, players, seed=4)
    before = snapshot(original, players)
    clone, python_clone = original.clone(), python_original.clone()
    assert snapshot(clone, players) == before == snapshot(python_clone, players)

    went_on = play_on(clone, players, random.Random(9))
    assert snapshot(original, players) == before  # the clone's moves changed nothing of the original
    assert play_on(python_clone, players, random.Random(9)) == went_on
    assert play_on(original, players, random.Random(9)) == went_on


@pytest.mark.parametrize("path", GAME_CASES, ids=game_id)
def test_changing_every_field_of_a_native_clone_leaves_the_original_alone(engines, path):
    _python, native = engines(path)
    players = native.RULES["players"][-1]
    original = halfway(native, players, seed=5)
    before = snapshot(original, players)
    clone = original.clone()
    names = [name for name in clone.to_json()["fields"] if name not in ("rng", "cards")]  # the deck is shared by design
    fields = frozen([getattr(clone, name) for name in names])
    for name in names:
        upset(getattr(clone, name))
    assert frozen([getattr(clone, name) for name in names]) != fields
    assert snapshot(original, players) == before


@pytest.mark.parametrize("path", GAME_CASES, ids=game_id)
def test_a_native_state_saved_and_restored_plays_on_as_the_original(engines, path):
    python, native = engines(path)
    counts = python.RULES["players"]
    players = counts[len(counts) // 2]
    original = halfway(native, players, seed=6)
    saved = original.to_json()
    assert json.loads(json.dumps(saved)) == saved  # plain JSON
    restored = native.from_json(json.loads(json.dumps(saved)))
    assert frozen(restored.to_json()) == frozen(saved)
    went_on = play_on(original, players, random.Random(3))
    assert play_on(restored, players, random.Random(3)) == went_on
    # A Python engine's saved state is the same text: each engine restores the other's.
    python_original = halfway(python, players, seed=6)
    assert frozen(python_original.to_json()) == frozen(saved)
    assert play_on(native.from_json(python_original.to_json()), players, random.Random(3)) == went_on
    assert play_on(python.from_json(saved), players, random.Random(3)) == went_on


# ---------------------------------------------------------------- chance and hidden cards


def explicit_match(engine, players: int, seed: int) -> list:
    """A match in the explicit chance mode, the chance outcomes drawn like the decisions."""
    state = engine.new_game(players, seed=seed, chance="explicit")
    chooser, steps = random.Random(seed), []
    while not state.is_terminal() and len(steps) < MOST_DECISIONS:
        if state.is_chance_node():
            steps.append(frozen(["chance", state.chance_outcomes()]))
            state.apply(chooser.choice(state.chance_outcomes())[0])
        else:
            steps.append(frozen([state.current_player, state.legal_actions()]))
            state.apply(chooser.choice(state.legal_actions()))
    return steps + [snapshot(state, players)]


@pytest.mark.parametrize("path", GAME_CASES, ids=game_id)
def test_a_native_engine_plays_its_chance_nodes_as_the_python_engine(engines, path):
    python, native = engines(path)
    players = python.RULES["players"][-1]
    expected, got = explicit_match(python, players, 3), explicit_match(native, players, 3)
    assert expected == got, first_difference(expected, got)


@pytest.mark.parametrize("path", GAME_CASES, ids=game_id)
def test_a_native_state_resampled_is_the_python_state_resampled(engines, path):
    python, native = engines(path)
    players = python.RULES["players"][0]
    worlds = []
    for engine in (python, native):
        state = halfway(engine, players, seed=7)
        world = state.resample(players - 1, random.Random(5))
        assert type(world) is type(state)
        worlds.append([snapshot(world, players), play_on(world, players, random.Random(8))])
    assert worlds[0] == worlds[1]


@pytest.mark.parametrize("name, value", [("pc", None), ("decisions", 1.5), ("r_thirteen_points", "one")])
def test_native_from_json_refuses_a_damaged_typed_field(engines, name, value):
    _python, native = engines(FAST_GAMES[1])
    saved = native.new_game(3, seed=1).to_json()
    saved["fields"][name] = value
    with pytest.raises(BadArgument):
        native.from_json(saved)


# ---------------------------------------------------------------- the engine API's errors


def a_state_where_one_is_legal(engine, players: int):
    """The first state of the seeded matches where action 1 is legal, so that `True` and `1.0`
    would pass for it if `apply` let them (a game whose actions are all options, numbered after
    the cards, has none such: then its first state)."""
    for seed in range(5):
        chooser = random.Random(seed)
        state = engine.new_game(players, seed=seed)
        while not state.is_terminal():
            if 1 in state.legal_actions():
                return state
            state.apply(chooser.choice(state.legal_actions()))
    return engine.new_game(players, seed=0)


def raised_by(state, action) -> str:
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    return str(refused.value)


@pytest.mark.parametrize("path", GAME_CASES, ids=game_id)
def test_native_apply_refuses_what_python_apply_refuses(engines, path):
    python, native = engines(path)
    players = python.RULES["players"][0]
    states = [a_state_where_one_is_legal(engine, players) for engine in (python, native)]
    if states[0].is_terminal():
        pytest.skip("a match of this game takes no decisions (it plays itself out in new_game)")
    assert snapshot(states[0], players) == snapshot(states[1], players)
    illegal = next(a for a in range(python.RULES["num_distinct_actions"]) if a not in states[0].legal_actions())
    legal = states[0].legal_actions()
    for action in (illegal, -1, True, False, 1.0, float(legal[0]), float(legal[-1]), "1", None, legal[:1]):
        before = snapshot(states[1], players)
        assert raised_by(states[1], action) == raised_by(states[0], action), action
        assert snapshot(states[1], players) == before, action
    for state in states:
        state.apply(legal[0])
        assert type(state.history[-1]) is int
        chooser = random.Random(1)
        for _ in range(MOST_DECISIONS):
            if state.is_terminal():
                break
            state.apply(chooser.choice(state.legal_actions()))
        assert state.is_terminal(), "the match should have ended"
    for action in (0, 1, states[0].history[-1]):
        assert raised_by(states[1], action) == raised_by(states[0], action)
    assert snapshot(states[0], players) == snapshot(states[1], players)


# ---------------------------------------------------------------- rule gaps


def fault_readings() -> list[str]:
    text = FAULTS.read_text(encoding="utf-8")
    return [line.split()[1] for line in text.splitlines() if line.strip().startswith("reading ")]


def branch_lines(reading: str) -> range:
    """The lines of the rule file's branch `if reading fault is <reading> { ... }`."""
    lines = FAULTS.read_text(encoding="utf-8").splitlines()
    opening = f"  if reading fault is {reading} {{"
    start = lines.index(opening) + 1
    end = lines.index("  }", start)
    return range(start + 1, end + 1)


def gap_of(engine, reading: str) -> tuple:
    """The rule gap a three-seat match under `reading` runs into, playing its first legal moves."""
    with pytest.raises(RuleGap) as gap:
        state = engine.new_game(3, seed=0, readings={"fault": reading})
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
    return gap.value.code, gap.value.line, gap.value.message


# (An endless loop once named the block the native driver would have run next, where Python names
# the block that ran last: the `*_endless` readings failed until the driver kept the last.)
FAULT_CASES = [reading for reading in fault_readings() if reading != "none"]


def test_the_fault_file_plays_cleanly_under_its_default_reading(engines):
    python, native = engines(FAULTS)
    assert match(python, 3, 0) == match(native, 3, 0)
    state = native.new_game(3, seed=0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    assert (state.returns(), state.winners()) == ([1.0, 0.0, 0.0], [0])  # `pts of 0 = 1`, and no fault


@pytest.mark.parametrize("reading", FAULT_CASES)
def test_a_rule_fault_is_the_same_located_rule_gap_in_both_engines(engines, reading):
    python, native = engines(FAULTS)
    expected = gap_of(python, reading)
    assert expected[1] in branch_lines(reading), expected
    assert gap_of(native, reading) == expected


# ---------------------------------------------------------------- the build, once


def extensions(folder) -> dict:
    """The built extensions in a cache folder, by name, with their modification times."""
    native = folder / "native"
    return {p.name: p.stat().st_mtime_ns for p in native.iterdir() if p.name.endswith((".so", ".pyd"))}


PLAY_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from dsl.api import load_game
    engine = load_game(sys.argv[1], native=True)
    state = engine.new_game(3, seed=0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    print(json.dumps({"file": engine.__file__, "returns": state.returns()}))
    """
)
# a build would fail: only a load of the built copy works
REUSE_SCRIPT = 'import sys\nsys.modules["Cython.Build"] = None\n' + PLAY_SCRIPT


def test_a_second_process_loads_the_built_extension_without_building(engines, native_cache):
    _python, native = engines(FAULTS)
    built = extensions(native_cache)
    mine = [name for name in built if name.startswith(native.__name__)]
    assert len(mine) == 1 and native.__file__ == str(native_cache / "native" / mine[0])
    everything = sorted(p.name for p in (native_cache / "native").iterdir())
    env = {**os.environ, "CARDRULES_CACHE": str(native_cache)}
    done = subprocess.run(
        [sys.executable, "-c", REUSE_SCRIPT, str(FAULTS)], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"file": native.__file__, "returns": [1.0, 0.0, 0.0]}
    assert extensions(native_cache) == built  # the same files, none written again
    assert sorted(p.name for p in (native_cache / "native").iterdir()) == everything


def test_a_built_extension_is_recorded_with_the_digest_of_its_bytes(engines, native_cache):
    _python, native = engines(FAULTS)
    built = pathlib.Path(native.__file__)
    record = json.loads((built.parent / f"{native.__name__}.json").read_text(encoding="utf-8"))
    assert record["extension"] == built.name
    assert record["extension_sha256"] == hashlib.sha256(built.read_bytes()).hexdigest()


@pytest.mark.slow
def test_an_extension_planted_where_the_build_would_be_is_never_loaded(engines, native_cache, tmp_path):
    """The path of a native engine in the cache is predictable: a file put there that is not the
    build recorded beside it (here a working extension of another engine, whose loading alone
    would run its code) is built over, never imported."""
    _python, native = engines(FAULTS)
    _python, other = engines(FAST_GAMES[0])
    cache = tmp_path / "cache"
    shutil.copytree(native_cache, cache)
    planted = cache / "native" / pathlib.Path(native.__file__).name
    shutil.copyfile(other.__file__, planted)
    env = {**os.environ, "CARDRULES_CACHE": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", PLAY_SCRIPT, str(FAULTS)], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"file": str(planted), "returns": [1.0, 0.0, 0.0]}
    assert planted.read_bytes() != pathlib.Path(other.__file__).read_bytes()  # built again in its place


@pytest.mark.slow
def test_with_the_cache_off_the_native_engine_is_built_in_a_temporary_folder(engines, monkeypatch, tmp_path):
    python, _native = engines(FAULTS)
    monkeypatch.setenv("CARDRULES_CACHE", "off")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    built = load_game(str(FAULTS), native=True)
    assert built.__file__.startswith(str(tmp_path))
    assert match(built, 3, 0) == match(python, 3, 0)


# ---------------------------------------------------------------- without Cython


def test_without_cython_a_native_load_is_a_located_diagnostic(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "Cython", None)  # `import Cython` now fails
    monkeypatch.setenv("CARDRULES_CACHE", str(tmp_path / "cache"))
    with pytest.raises(DiagnosticError) as refused:
        load_game(str(FAULTS), native=True)
    (diagnostic,) = refused.value.diagnostics
    assert diagnostic.code == "native-unavailable" and diagnostic.is_error
    assert "cardrules[native]" in diagnostic.hint
    assert diagnostic.file == str(FAULTS)
    assert load_game(str(FAULTS)).new_game(3, seed=0).legal_actions()  # the Python engine still loads


def test_the_package_s_load_game_builds_the_native_engine(native_cache):
    engine = dsl.load_game(str(FAULTS), native=True)
    assert engine.__file__.startswith(str(native_cache))
