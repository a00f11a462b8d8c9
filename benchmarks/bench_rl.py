"""Decisions per second of random play through the learning-library wrappers, against the bare engine.

    python benchmarks/bench_rl.py [--games N] [--players P] [thirteens jailbreak ...]

The same random policy (a uniform legal move from a seeded generator) plays N games of each
rule file: on the bare engine (seeded chance), on the bare engine in explicit-chance mode (chance
outcomes drawn from the same generator), through the PettingZoo AEC environment (observations
and masks built at every step, as a learner would read them) and through the OpenSpiel game
(chance nodes applied one by one).  Needs the `rl` extra.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dsl import load_game  # noqa: E402

CAP = 2_000  # decisions per game at most, so an endless random game cannot stall the run


def bare(engine, players, seed, chance="seeded"):
    state, policy, chance_rng = engine.new_game(players, seed, chance=chance), random.Random(seed), random.Random(seed)
    steps = 0
    while not state.is_terminal() and steps < CAP:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply(outcomes[chance_rng.randrange(len(outcomes))][0])
            continue
        state.apply(policy.choice(sorted(state.legal_actions())))
        steps += 1
    return steps


def pettingzoo(engine, players, seed):
    from dsl.integrations import pettingzoo as pz

    env, policy, steps = pz.env(engine, players=players), random.Random(seed), 0
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        observation, _reward, termination, truncation, _info = env.last()
        if termination or truncation or steps >= CAP:
            env.step(None) if (termination or truncation) else env.agents.clear()
            continue
        env.step(policy.choice(observation["action_mask"].nonzero()[0].tolist()))
        steps += 1
    return steps


def openspiel(engine, players, seed):
    from dsl.integrations import openspiel as osp

    game = osp.load(engine, players=players)
    state, policy, chance_rng, steps = game.new_initial_state(), random.Random(seed), random.Random(seed), 0
    while not state.is_terminal() and steps < CAP:
        if state.is_chance_node():
            # pyspiel lists chance outcomes sorted; draw in the engine's order to play the same games.
            outcomes = state.engine_state.chance_outcomes()
            state.apply_action(outcomes[chance_rng.randrange(len(outcomes))][0])
            continue
        state.apply_action(policy.choice(state.legal_actions()))
        steps += 1
    return steps


WAYS = {
    "engine": bare,
    "engine, explicit chance": lambda e, p, s: bare(e, p, s, "explicit"),
    "PettingZoo": pettingzoo,
    "OpenSpiel": openspiel,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", default=["thirteens", "jailbreak"])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    for name in args.names:
        engine = load_game(str(ROOT / "games" / f"{name}.cardrules"))
        players = args.players or engine.RULES["players"][0]
        for way, play in WAYS.items():
            start, steps = time.perf_counter(), 0
            for seed in range(args.games):
                steps += play(engine, players, seed)
            elapsed = time.perf_counter() - start
            print(f"{name:<12} {players}p  {way:<24} {steps:>8} decisions  {steps / elapsed:>10.0f} decisions/s")


if __name__ == "__main__":
    main()
