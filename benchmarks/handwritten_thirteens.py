"""A careful hand-written Thirteens engine (default readings), the yardstick for the compiled one.

    python benchmarks/handwritten_thirteens.py [--games N]

Same rules as games/thirteens.cardrules under its default readings, same combination solver, same
random agents; it prints decisions per second for both engines and their ratio.  Only the
engine overhead differs: that is what the comparison measures.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dsl.runtime.combos import Pattern, Scoring  # noqa: E402

RANK = [r for _ in range(4) for r in range(13)] + [13, 13]
SUIT = [s for s in range(4) for _ in range(13)] + [-1, -1]
KIND = [RANK[c] * 5 + SUIT[c] + 1 for c in range(54)]
MELD = [(r + 2 if r < 9 else {9: 2, 10: 3, 11: 4, 12: 1}[r]) if r < 13 else None for r in RANK]
ORDER = list(range(13)) + [-1]
SOLVER = Scoring(
    [
        Pattern("thirteen", "sum", target=13, values=tuple(MELD), score=lambda g: 1),
        Pattern("pair", "same_rank", size=2, score=lambda g: 1),
        Pattern("run", "sequence", size=3, order=tuple(ORDER), score=lambda g: 1),
    ],
    RANK,
    SUIT,
    KIND,
    leftover=lambda g: 1 if any(RANK[c] != 13 for c in g) else 0,
)


class Thirteens:
    def __init__(self, players: int, seed: int):
        self.n, self.rng = players, random.Random(seed)
        self.total = [0] * players
        self.dealer = self.rng.randrange(players)
        self.done = False
        self._deal()

    def _deal(self):
        deck = list(range(54))
        self.rng.shuffle(deck)
        per = len(deck) // self.n
        self.hands = [[] for _ in range(self.n)]
        for _ in range(per):
            for i in range(self.n):
                self.hands[i].append(deck.pop())
        stock = deck
        self.trump = None if not stock or RANK[stock[-1]] == 13 else SUIT[stock[-1]]
        self.taken = [[] for _ in range(self.n)]
        self.leader = (self.dealer + 1) % self.n
        self._start_trick()

    def _start_trick(self):
        self.order = [(self.leader + i) % self.n for i in range(self.n)]
        self.turn, self.table, self.seats, self.led = 0, [], [], None
        self._legal()

    def _legal(self):
        hand = self.hands[self.order[self.turn]]
        legal = [c for c in hand if SUIT[c] == self.led] or list(hand)
        seen, self.legal = set(), []
        for c in legal:
            if KIND[c] not in seen:
                seen.add(KIND[c])
                self.legal.append(c)

    def legal_actions(self):
        return list(self.legal)

    def is_terminal(self):
        return self.done

    def apply(self, card: int):
        if card not in self.legal:
            raise ValueError(card)
        seat = self.order[self.turn]
        self.hands[seat].remove(card)
        self.table.append(card)
        self.seats.append(seat)
        if self.led is None and SUIT[card] >= 0:
            self.led = SUIT[card]
        self.turn += 1
        if self.turn < self.n:
            self._legal()
            return
        self._finish_trick()

    def _finish_trick(self):
        suits = [self.led] if any(RANK[c] == 13 for c in self.table) else [self.trump, self.led]
        for suit in suits:
            cands = [i for i, c in enumerate(self.table) if suit is not None and SUIT[c] == suit]
            if cands:
                best = max(cands, key=lambda i: ORDER[RANK[self.table[i]]])
                break
        winner = self.seats[best]
        self.taken[winner].append(self.table)
        self.leader = winner
        if self.hands[self.leader]:
            self._start_trick()
            return
        for p in range(self.n):
            points = sum(SOLVER.best(g) - 4 * sum(1 for c in g if RANK[c] == 13) for g in self.taken[p])
            self.total[p] += points - (3 if not self.taken[p] else 0)
        self.dealer = (self.dealer + 1) % self.n
        if max(self.total) >= 50:
            self.done, self.legal = True, []
        else:
            self._deal()


def decisions_per_second(new_game, players: int, games: int) -> float:
    decisions, started = 0, time.perf_counter()
    for seed in range(games):
        state, rng = new_game(players, seed), random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    from generated import thirteens

    for players in (3, 4, 5, 6):
        hand = decisions_per_second(Thirteens, players, args.games)
        compiled = decisions_per_second(lambda n, s: thirteens.new_game(n, s), players, args.games)
        print(
            f"{players} players: hand-written {hand:9.0f}/s  compiled {compiled:9.0f}/s  "
            f"compiled/hand-written {compiled / hand:.2f}"
        )


if __name__ == "__main__":
    main()
