"""Processor time per decision of each agent, and matches per processor-second, in one game.

    python benchmarks/bench_agents.py games/thirteens.cardrules --players 4 \
        --agents mcts,random,random,random --games 4 [--budget 24]

Processor time (not wall time), so a busy machine does not inflate it.  Seeds 1000..1000+N-1;
the seats share one random generator per match, as in `simulate`.
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
from dsl.agents import SeatView, make_agent  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--agents", required=True, help="one name per seat, comma-separated")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--budget", default=None)
    args = parser.parse_args()
    module, names = load_game(args.game), args.agents.split(",")
    spent: dict[str, list[float]] = {name: [0.0, 0] for name in names}
    wins = [0] * args.players
    start = time.process_time()
    for match in range(args.games):
        state, rng = module.new_game(args.players, 1000 + match), random.Random(match)
        agents = [make_agent(name, seat, rng, budget=args.budget) for seat, name in enumerate(names)]
        while not state.is_terminal():
            seat = state.current_player
            before = time.process_time()
            action = agents[seat].act(SeatView(state, seat, state.legal_actions()))
            spent[names[seat]][0] += time.process_time() - before
            spent[names[seat]][1] += 1
            state.apply(action)
        for seat in state.winners():
            wins[seat] += 1
    total = time.process_time() - start
    print(f"{args.games} matches, {total / args.games:.2f} processor s per match, wins per seat {wins}")
    for name, (seconds, decisions) in spent.items():
        print(f"  {name:>8}: {decisions} decisions, {1000 * seconds / max(decisions, 1):.2f} ms per decision")


if __name__ == "__main__":
    main()
