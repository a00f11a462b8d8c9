"""Thirteens written by hand: the yardstick the compiled engine of games/thirteens.cardrules is measured by.

The rules are those of the rule file under its default readings (one point a thirteen, a trick
with leftover non-joker cards scores 1, the ace is high in runs only, a led joker is followed by
the suit of the first suited card, no trump when the stock is empty, the highest total at 50 or
more wins and ties share). Nothing here comes from the cardrules package: this is the plain
Python a careful programmer would write for this one game, so the comparison shows what the
compiler costs.

It even draws its random numbers as the compiled engine does (one `randrange` for the first dealer,
one `shuffle` of the same 54 card ids per deal), so both engines deal the same cards from the same
seed. The tests lean on that to check the two play the same game move for move.

Cards are the compiled engine's ids: 13 * suit + rank for the 52 suited cards (rank 0 is the 2,
rank 12 the ace), 52 and 53 for the jokers. Internally a joker has suit 4 (no suit) and rank 13.
"""

from __future__ import annotations

import random

PLAYERS = (3, 4, 5, 6)
TARGET = 50  # the match ends after the deal in which someone reaches it
JOKER_SUIT = 4
JOKER_RANK = 13
N_CARDS = 54

SUIT = tuple(c // 13 for c in range(52)) + (JOKER_SUIT, JOKER_SUIT)
RANK = tuple(c % 13 for c in range(52)) + (JOKER_RANK, JOKER_RANK)
# meld value by rank, for the thirteens: 2..10 at face value, J=2 Q=3 K=4 A=1; a joker has none
MELD = (2, 3, 4, 5, 6, 7, 8, 9, 10, 2, 3, 4, 1, None)

# ---------------------------------------------------------------- trick scoring
# A trick's score depends only on the ranks it holds (pairs and runs ignore suit, thirteens sum
# rank values, the leftover point asks only whether a non-joker is left). So a trick is keyed by
# its multiset of ranks, packed as a 3-bit count per rank: the key of a trick is simply the sum of
# its cards' weights, built up card by card while the trick is played, with no sorting.
RANK_BITS = 3  # a count of 0..7 per rank: a trick holds at most 4 cards of a rank
_COUNT_MASK = (1 << RANK_BITS) - 1
RANK_WEIGHT = tuple(1 << (RANK_BITS * r) for r in range(JOKER_RANK + 1))
WEIGHT = tuple(RANK_WEIGHT[RANK[c]] for c in range(N_CARDS))  # by card id


def count(key: int, rank: int) -> int:
    """How many cards of this rank a packed multiset holds."""
    return (key >> (RANK_BITS * rank)) & _COUNT_MASK


def _sum_to(key: int, low: int, target: int):
    """Every sub-multiset of key, of cards of rank >= low, whose meld values add up to target, as
    packed keys. Ranks are tried in ascending order so each sub-multiset comes once."""
    if target == 0:
        yield 0
        return
    for r in range(low, JOKER_RANK):
        value = MELD[r]
        if value <= target and count(key, r):
            weight = RANK_WEIGHT[r]
            for rest in _sum_to(key - weight, r, target - value):
                yield rest + weight


_BEST: dict[tuple[int, bool], int] = {}  # (packed multiset, leftover so far) -> best score


def _best(key: int, leftover: bool) -> int:
    """Best score of the cards of a packed multiset: one point per group (thirteen, pair, run) of a
    partition, plus one if some non-joker is left in no group (leftover: one already is).

    Every partition is reached once by deciding the fate of the lowest card still to place: it
    stays unused, or it joins one group of which it is the lowest card. What is left is again a
    rank multiset, so the memo is shared by all tricks: their sub-multisets repeat a lot."""
    if not key:
        return 1 if leftover else 0
    got = _BEST.get((key, leftover))
    if got is not None:
        return got
    r = ((key & -key).bit_length() - 1) // RANK_BITS  # the lowest rank present
    rest = key - RANK_WEIGHT[r]
    best = _best(rest, leftover or r != JOKER_RANK)  # unused
    if count(rest, r):  # a pair (two jokers make one too: they share a rank)
        best = max(best, 1 + _best(rest - RANK_WEIGHT[r], leftover))
    if r + 2 < JOKER_RANK and count(rest, r + 1) and count(rest, r + 2):  # a run up; the ace is high only
        best = max(best, 1 + _best(rest - RANK_WEIGHT[r + 1] - RANK_WEIGHT[r + 2], leftover))
    if r != JOKER_RANK:  # a thirteen: cards of this rank or above adding up with this one to 13
        for others in _sum_to(rest, r, 13 - MELD[r]):
            best = max(best, 1 + _best(rest - others, leftover))
    _BEST[(key, leftover)] = best
    return best


def combination_score(key: int) -> int:
    """Best combination score of a trick (before the joker penalty), of its packed rank multiset."""
    return _best(key, False)


def score_cards(cards) -> int:
    """combination_score of a collection of card ids."""
    return combination_score(sum(WEIGHT[c] for c in cards))


_TRICK_POINTS: dict[int, int] = {}  # packed rank multiset -> what the trick is worth to its taker


def trick_points(key: int) -> int:
    """Combinations minus 4 for each joker taken."""
    got = _TRICK_POINTS.get(key)
    if got is None:
        jokers = count(key, JOKER_RANK)
        got = _TRICK_POINTS[key] = combination_score(key) - 4 * jokers
    return got


# ---------------------------------------------------------------- the game


class IllegalAction(ValueError):
    """An action that is not in legal_actions()."""


class Thirteens:
    """A match: deals repeat until someone's total reaches the target."""

    def __init__(self, players: int, seed: int = 0):
        if players not in PLAYERS:
            raise ValueError(f"Thirteens takes 3 to 6 players, not {players}")
        self.n = players
        self.rng = random.Random(seed)
        self.total = [0] * players
        self.dealer = self.rng.randrange(players)  # the first dealer is chosen by lot
        self.done = False
        self.decisions = 0
        self._deal()

    # ------------------------------------------------------------ phase 1: the deal
    def _deal(self):
        deck = list(range(N_CARDS))
        self.rng.shuffle(deck)
        n, per = self.n, N_CARDS // self.n
        # The cards go out one at a time round the table from the end of the deck, so seat i gets
        # every n-th card of the reversed deck. Hands are kept per suit (the jokers as a fifth
        # "suit", in the order dealt): following suit is then one lookup.
        dealt = deck[::-1]
        self.hands = []
        for seat in range(n):
            cards = dealt[seat : n * per : n]
            self.hands.append([[c for c in cards if lo <= c < lo + 13] for lo in (0, 13, 26, 39, 52)])
        del deck[len(deck) - n * per :]
        # What is left is the stock; its top card is turned for trump. At 3 and 6 players nothing
        # is left, and a turned joker means no trump either.
        self.trump = SUIT[deck[-1]] if deck and SUIT[deck[-1]] != JOKER_SUIT else None
        self.cards_left = N_CARDS // n  # in each hand: all hands stay the same size
        self.deal_points = [0] * n  # combinations of the tricks taken in this deal
        self.tricks_won = [0] * n
        self._start_trick((self.dealer + 1) % n)  # the player left of the dealer leads

    # ------------------------------------------------------------ phase 2: the tricks
    def _start_trick(self, leader: int):
        self.leader = leader
        self.current_player = leader
        self.played = 0
        self.led = None  # the suit of the first suited card: a led joker leaves it open
        self.has_joker = False
        # the best card so far of the led suit and of trump, as (rank, seat); -1 while none
        self.led_rank, self.led_seat = -1, -1
        self.trump_rank, self.trump_seat = -1, -1
        self.trick_key = 0  # packed rank multiset of the trick, for its scoring

    def legal_actions(self) -> list[int]:
        if self.done:
            return []
        hand = self.hands[self.current_player]
        if self.led is not None:
            follow = hand[self.led]
            if follow:
                return follow[:]
        cards = hand[0] + hand[1] + hand[2] + hand[3]
        if hand[JOKER_SUIT]:
            cards.append(hand[JOKER_SUIT][0])  # the two jokers are the same card: one action
        return cards

    def apply(self, card: int) -> None:
        # Legal: held, the offered one of two jokers, and following suit if the player can.
        hand = self.hands[self.current_player]
        suit = SUIT[card] if 0 <= card < N_CARDS else None
        led = self.led
        if (
            self.done
            or suit is None
            or card not in hand[suit]
            or (suit == JOKER_SUIT and card != hand[JOKER_SUIT][0])
            or (led is not None and suit != led and hand[led])
        ):
            raise IllegalAction(f"{card!r} is not a legal action here")
        self.decisions += 1
        seat = self.current_player
        rank = RANK[card]
        hand[suit].remove(card)
        self.trick_key += WEIGHT[card]
        # Keep the winner up to date as cards fall, so the trick needs no second pass.
        if suit == JOKER_SUIT:
            self.has_joker = True
        else:
            if led is None:
                self.led = led = suit
            if suit == led and rank > self.led_rank:
                self.led_rank, self.led_seat = rank, seat
            if suit == self.trump and rank > self.trump_rank:
                self.trump_rank, self.trump_seat = rank, seat
        self.played += 1
        if self.played < self.n:
            self.current_player = (seat + 1) % self.n
            return
        self._finish_trick()

    def _finish_trick(self):
        # A joker in the trick cancels every trump: the highest card of the led suit wins. Without
        # one, the highest trump wins, else the highest card of the led suit. Every trick holds a
        # suited card (at most 2 jokers, at least 3 cards), so the led suit always has a winner.
        if self.has_joker or self.trump_seat < 0:
            winner = self.led_seat
        else:
            winner = self.trump_seat
        self.deal_points[winner] += trick_points(self.trick_key)
        self.tricks_won[winner] += 1
        self.cards_left -= 1
        if self.cards_left:
            self._start_trick(winner)  # the winner leads the next trick
        else:
            self._score_deal()

    # ------------------------------------------------------------ phase 3: scoring and the match end
    def _score_deal(self):
        for seat in range(self.n):
            # a player who took no trick loses 3
            self.total[seat] += self.deal_points[seat] if self.tricks_won[seat] else -3
        self.dealer = (self.dealer + 1) % self.n  # the deal passes clockwise
        if max(self.total) >= TARGET:
            self.done = True
            self.current_player = -1
        else:
            self._deal()

    # ------------------------------------------------------------ the rest of the engine API
    def is_terminal(self) -> bool:
        return self.done

    def returns(self) -> list[float]:
        return [float(t) for t in self.total]

    def winners(self) -> list[int]:
        if not self.done:
            return []
        best = max(self.total)
        return [seat for seat, t in enumerate(self.total) if t == best]

    def hand(self, seat: int) -> list[int]:
        """The cards a player holds, in no particular order."""
        return [c for suit in self.hands[seat] for c in suit]

    def clone(self) -> "Thirteens":
        c = Thirteens.__new__(Thirteens)
        c.__dict__.update(self.__dict__)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.total = self.total[:]
        c.hands = [[suit[:] for suit in hand] for hand in self.hands]
        c.deal_points = self.deal_points[:]
        c.tricks_won = self.tricks_won[:]
        return c


def new_game(players: int, seed: int = 0) -> Thirteens:
    return Thirteens(players, seed)
