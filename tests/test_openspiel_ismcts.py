"""OpenSpiel's information-set MCTS plays compiled games: it resamples each root state from the
searching seat's information state (`resample_from_infostate`)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from dsl import load_game  # noqa: E402
from dsl.integrations import openspiel  # noqa: E402

from .conftest import ROOT  # noqa: E402


def _bot(game, seed: int):
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(seed))


def _play(game, bots, rng) -> list[float]:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


@pytest.mark.slow
def test_ismcts_plays_full_matches_of_a_trick_game():
    game = openspiel.load(load_game(ROOT / "games" / "classics" / "briscola.cardrules"), players=2)
    rng = np.random.RandomState(0)
    for match in range(3):
        bots = [_bot(game, 10 * match + seat) for seat in range(2)]
        returns = _play(game, bots, rng)
        assert len(returns) == 2


def test_a_resampled_root_has_the_information_state_of_the_searching_seat():
    game = openspiel.load(load_game(ROOT / "games" / "thirteens.cardrules"), players=4)
    state, rng = game.new_initial_state(), np.random.RandomState(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(12):  # the deal, then a few decisions
        while state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        seat = state.current_player()
        hands = set()
        for _ in range(4):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            assert world.legal_actions() == state.legal_actions()
            hands.add(tuple(world.engine_state.z_hand[(seat + 1) % 4]))
        assert len(hands) > 1  # another seat's hand is dealt again
        state.apply_action(state.legal_actions()[rng.randint(len(state.legal_actions()))])
