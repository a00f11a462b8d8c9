"""The OpenSpiel and PettingZoo wrappers on games with teams, a house, knocked-out seats and a
simultaneous pass: their own API tests pass, and the tensors they give are the engine's, at the
shapes RULES announces."""

from __future__ import annotations

import pathlib
import random
import warnings

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from dsl import load_game  # noqa: E402
from dsl.integrations import openspiel  # noqa: E402
from dsl.integrations import pettingzoo as pz  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent
FILES = [
    ROOT / "data" / "standings" / "called_partner.cardrules",
    ROOT / "data" / "standings" / "knockout_whist.cardrules",
    ROOT / "data" / "standings" / "short_whist.cardrules",
    ROOT / "data" / "standings" / "small_blackjack.cardrules",
    ROOT / "fixtures" / "language" / "hearts_short.cardrules",
]
# The smallest player count of each: OpenSpiel's random test plays whole matches.
CASES = [(path, load_game(path).RULES["players"][0]) for path in FILES]
IDS = [f"{p.stem}-{n}" for p, n in CASES]


@pytest.mark.parametrize("path,players", CASES, ids=IDS)
def test_every_action_offered_is_in_the_announced_action_space(path, players):
    # A choice of a seat (the called partner) comes after the bids: it was left out of the count.
    engine = load_game(path)
    count = engine.RULES["num_distinct_actions"]
    for seed in range(20):
        state, rng = engine.new_game(players, seed=seed), random.Random(seed)
        for _ in range(100):
            if state.is_terminal():
                break
            assert all(0 <= action < count for action in state.legal_actions()), state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("path,players", CASES, ids=IDS)
def test_openspiel_random_simulation_passes(path, players):
    game = openspiel.load(path, players=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("path,players", CASES, ids=IDS)
def test_openspiel_tensors_are_the_engine_s_at_the_announced_shapes(path, players):
    engine = load_game(path)
    game = openspiel.load(engine, players=players)
    (obs_size,) = engine.RULES["observation_shape"][players]
    (info_size,) = engine.RULES["information_state_shape"][players]
    assert game.observation_tensor_shape() == [obs_size]
    assert game.information_state_tensor_shape() == [info_size]
    state, rng = game.new_initial_state(), random.Random(1)
    for _ in range(200):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            for seat in range(players):
                expected = np.asarray(state.engine_state.observation_tensor(seat), np.float32)
                np.testing.assert_array_equal(np.asarray(state.observation_tensor(seat)), expected)
                info = np.asarray(state.information_state_tensor(seat))
                assert info.shape == (info_size,)
                np.testing.assert_array_equal(info[:obs_size], expected)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("path,players", CASES, ids=IDS)
def test_pettingzoo_api_test_passes(path, players):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation (space for each agent|is not a NumPy array)")
        api_test(pz.env(path, players=players, render_mode="ansi"), num_cycles=200)
