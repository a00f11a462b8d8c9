"""Every game of games/, at every player count, is an OpenSpiel game that passes OpenSpiel's own
random simulation test, and an OpenSpiel algorithm runs on it unchanged."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from dsl import load_game  # noqa: E402
from dsl.integrations import openspiel  # noqa: E402

from .conftest import GAMES  # noqa: E402
from .rl_cases import NO_DECISIONS, cases  # noqa: E402

# A saved OpenSpiel state is rebuilt by replaying its history, and an information state is rebuilt
# from the whole history, at every step: a random simulation costs the square of a match's length.
# In the suite, every game at its smallest table, with the round trip where its random matches are
# short; every game at every table with the round trip is the campaign (docs/RL.md):
#   python -m pytest -m campaign tests/test_rl_openspiel.py
SLOW = {("belote", "*"), ("bridge", "*"), ("thirteens", "*"), ("thirteens_to_100", "*"), ("president", "*")}
SLOW |= {("sheepshead", "*"), ("cribbage", "*"), ("mau_mau", "*"), ("jailbreak", "*"), ("prisoners", "*")}
# Random matches of thousands of steps: minutes even without the round trip (Gin Rummy's average
# 31,000 decisions, Cheat's thousands), so only in the campaign.
CAMPAIGN_ONLY = {"gin_rummy", "cheat"}
# Matches long enough that the round trip at every step takes minutes: without it in the suite.
UNSERIALIZED_IN_SUITE = {"thirteens_to_100"}


def _suite_cases():
    return [case for case in cases(SLOW, players="fewest") if case.values[0].stem not in CAMPAIGN_ONLY]


@pytest.mark.parametrize("path,players", _suite_cases())
def test_random_simulation_passes(path, players):
    game = openspiel.load(path, players=players)
    assert game.num_players() == players
    serialize = path.stem not in UNSERIALIZED_IN_SUITE
    pyspiel.random_sim_test(game, num_sims=2, serialize=serialize, verbose=False)


@pytest.mark.campaign
@pytest.mark.slow
@pytest.mark.parametrize("path,players", cases(set()))
def test_random_simulation_with_serialization_passes_at_every_table(path, players):
    game = openspiel.load(path, players=players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("path", NO_DECISIONS, ids=[p.stem for p in NO_DECISIONS])
def test_a_game_without_decisions_is_refused(path):
    with pytest.raises(ValueError, match="no player ever decides"):
        openspiel.load(path)


def test_a_state_serializes_with_its_game_and_comes_back():
    game = openspiel.load(GAMES[0], players=3)
    state, rng = game.new_initial_state(), np.random.RandomState(2)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)
    assert again.information_state_string(0) == state.information_state_string(0)
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, state_back = pyspiel.deserialize_game_and_state(text)
    assert game_back.num_players() == 3 and state_back.history() == state.history()
    assert state_back.information_state_tensor(1) == state.information_state_tensor(1)


def test_the_game_loads_by_name_with_its_parameters():
    engine = load_game(GAMES[0])
    openspiel.register(engine)
    name = f"cardrules_{GAMES[0].stem}"
    players = engine.RULES["players"][-1]
    game = pyspiel.load_game(name, {"players": players, "utility": "win"})
    assert game.num_players() == players
    assert game.num_distinct_actions() == engine.RULES["num_distinct_actions"]
    assert game.observation_tensor_shape() == engine.RULES["observation_shape"][players]
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.max_utility() == 1.0
    state = game.new_initial_state()
    assert state.is_chance_node()


def test_a_reading_is_a_game_parameter():
    engine = load_game(GAMES[0])
    amb = engine.RULES["ambiguities"][0]
    other = [r for r in amb["readings"] if r != amb["default"]][0]
    game = openspiel.load(engine, readings={amb["name"]: other})
    assert game.get_parameters()[amb["name"]] == other


def test_mcts_plays_a_move():
    from open_spiel.python.algorithms import mcts

    game = openspiel.load(next(p for p in GAMES if p.stem == "jailbreak"), players=2)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=mcts.RandomRolloutEvaluator(1))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    action = bot.step(state)
    assert action in state.legal_actions()


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_observations_agree_through_every_route(path):
    import random

    import numpy as np
    from open_spiel.python.observation import make_observation

    engine = load_game(path)
    players = engine.RULES["players"][0]
    game = openspiel.load(engine, players=players)
    observation = make_observation(game)
    info_state = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    state, rng, before = game.new_initial_state(), random.Random(0), None
    for _ in range(120):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            twin = state.clone()
            for seat in range(players):
                observation.set_from(state, seat)
                expected = np.asarray(state.engine_state.observation_tensor(seat), np.float32)
                np.testing.assert_array_equal(observation.tensor, expected)
                np.testing.assert_array_equal(np.asarray(state.observation_tensor(seat)), expected)
                assert twin.observation_string(seat) == state.observation_string(seat)
                assert twin.information_state_string(seat) == info_state.string_from(state, seat)
            before = [state.information_state_string(seat) for seat in range(players)]
        state.apply_action(rng.choice(state.legal_actions()))
        if before is not None and not state.is_chance_node() and not state.is_terminal():
            # Perfect recall: a seat's information state only grows (its last line is the present).
            for seat, text in enumerate(before):
                assert state.information_state_string(seat).startswith(text[: text.rfind("\n")])


def _played_openspiel(engine, players: int, seed: int, steps: int):
    """An OpenSpiel state after `steps` random chance outcomes and decisions."""
    import random

    game = openspiel.load(engine, players=players)
    state, rng = game.new_initial_state(), random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_information_state_tensor_has_its_shape_and_never_forgets(path):
    engine = load_game(path)
    players = engine.RULES["players"][0]
    game = openspiel.load(engine, players=players)
    assert game.get_type().provides_information_state_tensor
    (size,) = engine.RULES["information_state_shape"][players]
    assert game.information_state_tensor_shape() == [size]
    history = engine.RULES["observation_shape"][players][0]  # the summary of the past follows the observation
    state, rng = game.new_initial_state(), np.random.RandomState(0)
    before = [np.zeros(size - history, np.float32) for _ in range(players)]
    grew = 0
    for _ in range(400):
        if state.is_terminal():
            break
        for seat in range(players):
            tensor = np.asarray(state.information_state_tensor(seat))
            assert tensor.shape == (size,)
            past = tensor[history:]
            assert (past >= before[seat]).all(), "a seat forgot a card it saw played or an action of its own"
            grew += int((past > before[seat]).any())
            before[seat] = past
        state.apply_action(rng.choice(state.legal_actions()))
    assert grew > 0


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_information_state_tensor_ignores_cards_hidden_from_the_seat(path):
    from dsl.runtime import observe

    engine = load_game(path)
    players = engine.RULES["players"][0]
    n_actions = engine.RULES["num_distinct_actions"]
    _game, state = _played_openspiel(engine, players, seed=4, steps=75)
    points = list(state.points)
    current = state.engine_state._state
    moved = 0
    for seat in range(players):
        expected = observe.information_state_tensor(points, current, seat, n_actions)
        assert list(np.float32(x) for x in expected) == list(state.information_state_tensor(seat))
        # Move every hidden card of every state of the history to another place among the hidden
        # ones: the seat's information state does not change.
        permuted = []
        for before, actor, action in points:
            permuted.append((_hidden_shuffled(before, seat), actor, action))
        shuffled = _hidden_shuffled(current, seat)
        moved += shuffled.to_json()["zones"] != current.to_json()["zones"]
        assert observe.information_state_tensor(permuted, shuffled, seat, n_actions) == expected
    assert moved, "no hidden card was moved: the test would prove nothing"


def _hidden_shuffled(state, seat: int):
    import random

    other = state.clone()
    piles = []
    for attr, _name, per_player, visibility, grouped in other._ZONES:
        value = getattr(other, attr)
        for owner in range(other.n) if per_player else [None]:
            pile = value[owner] if per_player else value
            seen = visibility == "everyone" or (visibility == "owner" and owner == seat)
            if not seen and not grouped:
                piles.append(pile)
    cards = [c for pile in piles for c in pile]
    random.Random(len(cards)).shuffle(cards)
    for pile in piles:
        pile[:], cards = cards[: len(pile)], cards[len(pile) :]
    return other


MAU_MAU = GAMES[0].parent / "classics" / "mau_mau.cardrules"


def test_a_game_whose_scores_tell_nobody_apart_is_played_for_wins():
    # Mau-Mau's winners are the seats still in; its result gives every seat 0. OpenSpiel wants the
    # lowest utility below the highest: the rules' scores cannot be the utility, wins are.
    game = openspiel.load(MAU_MAU, players=2)
    assert game.get_parameters()["utility"] == "win"
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_asking_for_the_scores_of_such_a_game_is_refused_plainly():
    with pytest.raises(ValueError, match="every seat the same score"):
        openspiel.load(MAU_MAU, players=2, utility="score")
