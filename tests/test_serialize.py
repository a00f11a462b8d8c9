"""A state is its game, players, readings and history of actions and chance outcomes (and its
seed in the seeded mode): `serialize` / the engine's `deserialize`, `pickle` and `to_json` /
`from_json` give the same state back in both chance modes, for every rule file of the project.
A saved text is input: one that does not fit is refused with `BadArgument`, never a bare error."""

from __future__ import annotations

import json
import pickle
import random
import shutil
import subprocess
import sys

import pytest

from dsl import load_game
from dsl.api import compile_source, module_from_source
from dsl.runtime.errors import BadArgument

from .conftest import ROOT

EVERY_GAME = sorted((ROOT / "games").rglob("*.cardrules"))


def played(engine, chance: str, steps: int, seed: int = 5, players: int | None = None):
    """A state `steps` random actions (and chance outcomes) into a match."""
    players = players or engine.RULES["players"][0]
    state, rng = engine.new_game(players, seed, chance=chance), random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(sorted(state.legal_actions())))
    return state


def same_state(a, b) -> None:
    assert type(a) is type(b)
    assert a.to_json() == b.to_json()
    assert a.history == b.history
    assert a.is_chance_node() == b.is_chance_node() and a.is_terminal() == b.is_terminal()
    assert a.legal_actions() == b.legal_actions() and a.current_player == b.current_player
    for seat in range(a.n):
        assert a.observation_tensor(seat) == b.observation_tensor(seat)
    # ... and they play on alike: the generator (seeded) or the chance nodes (explicit) included.
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(30):
        if a.is_terminal():
            break
        a.apply(rng_a.choice(sorted(a.legal_actions())))
        b.apply(rng_b.choice(sorted(b.legal_actions())))
    assert a.to_json() == b.to_json() and a.history == b.history


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
@pytest.mark.parametrize("path", EVERY_GAME, ids=[p.stem for p in EVERY_GAME])
def test_serialize_pickle_and_json_give_the_same_state(path, chance):
    engine = load_game(str(path))
    for steps in (0, 25):
        state = played(engine, chance, steps)
        text = state.serialize()
        record = json.loads(text)
        assert (record["players"], record["chance"], record["actions"]) == (state.n, chance, state.history)
        assert "fields" not in record  # the seed and the history are the whole state
        same_state(engine.deserialize(text), state.clone())
        same_state(pickle.loads(pickle.dumps(state)), state.clone())
        try:
            assert engine.from_json(state.to_json()).to_json() == state.to_json()
        except BadArgument as refused:  # between two runs of the rules: only serialize keeps its chance
            assert state.is_chance_node() and "field 'cur'" in str(refused)


def test_a_resampled_world_is_saved_with_its_fields_and_comes_back_exactly():
    engine = load_game(str(ROOT / "games" / "thirteens.cardrules"))
    state = played(engine, "seeded", 12)
    world = state.resample(state.current_player, random.Random(7))
    text = world.serialize()
    assert "fields" in json.loads(text)  # its generator is fresh: its seed does not lead to it
    same_state(engine.deserialize(text), world.clone())
    same_state(pickle.loads(pickle.dumps(world)), world.clone())


def test_a_state_of_a_compiled_game_module_pickles_by_the_module_name():
    import generated.jailbreak as engine

    state = played(engine, "seeded", 10)
    assert b"generated.jailbreak" in pickle.dumps(state)
    same_state(pickle.loads(pickle.dumps(state)), state.clone())


def test_a_pickle_loads_in_another_process_from_the_rule_file(tmp_path):
    rules = tmp_path / "jailbreak.cardrules"
    shutil.copy(ROOT / "games" / "jailbreak.cardrules", rules)
    engine = load_game(str(rules))
    state = played(engine, "explicit", 20)
    saved = tmp_path / "state.pickle"
    saved.write_bytes(pickle.dumps(state))
    code = f"import pickle, sys\nstate = pickle.loads(open({str(saved)!r}, 'rb').read())\nprint(state.serialize())\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == state.serialize()

    # The rule file changed since: the pickle does not load a different game.
    rules.write_text(rules.read_text() + "\n# changed\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 1 and "UnpicklingError" in out.stderr and "changed since" in out.stderr


def test_an_engine_compiled_from_text_refuses_to_pickle_with_a_reason():
    path = ROOT / "games" / "prisoners.cardrules"
    compiled = compile_source(path.read_text(), str(path))
    engine = module_from_source(compiled.source, "prisoners_from_text")
    state = engine.new_game(engine.RULES["players"][0], 1)
    with pytest.raises(pickle.PicklingError, match="serialize"):
        pickle.dumps(state)
    assert engine.deserialize(state.serialize()).to_json() == state.to_json()  # the text still works


def _bad_texts(good: dict) -> list:
    def changed(**entries):
        return json.dumps({**good, **entries})

    without_players = {k: v for k, v in good.items() if k != "players"}
    return [
        None,
        42,
        "",
        "not json",
        "[1, 2]",
        "{" * 100_000,
        json.dumps(without_players),
        changed(format="something else"),
        changed(version=99),
        changed(game="Bridge"),
        changed(players=1),
        changed(players=True),
        changed(players="3"),
        changed(readings=["a"]),
        changed(readings={"no such ambiguity": "x"}),
        changed(chance="dice"),
        changed(seed="0"),
        changed(seed=10**40),
        changed(actions="1,2"),
        changed(actions=[1.5]),
        changed(actions=[-1]),
        changed(actions=[True]),
        changed(actions=[10**30]),
        changed(actions=good["actions"] + [99_999]),
        changed(actions=[0] * 2_000_000),
        changed(extra=1),
        changed(fields=[]),
        changed(fields={"n": 3}),
    ]


@pytest.mark.parametrize("chance", ["seeded", "explicit"])
def test_a_text_that_does_not_fit_is_refused_with_a_message(chance):
    engine = load_game(str(ROOT / "games" / "thirteens.cardrules"))
    state = played(engine, chance, 15)
    good = json.loads(state.serialize())
    for text in _bad_texts(good):
        with pytest.raises(BadArgument) as refused:
            engine.deserialize(text)
        assert str(refused.value), text
    finished = played(engine, chance, 10_000)
    assert finished.is_terminal()
    record = json.loads(finished.serialize())
    record["actions"].append(record["actions"][-1])
    with pytest.raises(BadArgument, match="after the end"):
        engine.deserialize(json.dumps(record))
