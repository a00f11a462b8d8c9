"""Jailbreak written by hand: the yardstick the compiled engine of games/jailbreak.cardrules is measured by.

The rules are those of the rule file under its default readings: one deal is the match; every
player decides once a round, clockwise from the one who opens it; when all pass the round is
played again; cards drawn to break a tie join the pot and only the cards a player receives after
a round trigger the red ace, black ace and red jack; a red ace hands half of more than 12 convicts
(rounded up) to the others or collects convicts one at a time up to 12, taking the top of each
prison; a black ace wins the next round that is played for its first holder, whether he hunts or
not; a red jack's player gets another card straight away; freed convicts go under the reserve;
the deal ends as soon as the dealer gives out his last card; a jack scores 3, a red ace 2, a two
4 and any other card 1. Nothing here comes from the cardrules package: this is the plain Python a
careful programmer would write for this one game, so the comparison shows what the compiler costs.

It draws its random numbers as the compiled engine does (one `randrange` for the dealer, one
`shuffle` of the same 52 card ids), so both engines deal the same cards from the same seed; the
tests lean on that to check the two play the same game move for move.

Cards are the compiled engine's ids, 13 * suit + rank (suits spades, hearts, diamonds, clubs;
rank 0 is the 2, rank 12 the ace); the two actions are PASS (52) and HUNT (53), as there.
"""

from __future__ import annotations

import random

PLAYERS = tuple(range(2, 9))
N_CARDS = 52
PASS, HUNT = 52, 53
ACTIONS = (PASS, HUNT)
PRISON_LIMIT = 12  # a red ace evens its player's prison out at 12 convicts

RANK = tuple(c % 13 for c in range(N_CARDS))  # the order of strength: 2 lowest, ace highest
RED_ACES = (25, 38)  # A♥ A♦
BLACK_ACES = (12, 51)  # A♠ A♣
RED_JACKS = (22, 35)  # J♥ J♦
# what a card does when a player receives it: one table lookup per card received
PLAIN, RED_ACE, BLACK_ACE, RED_JACK = range(4)
EFFECT = tuple(
    RED_ACE if c in RED_ACES else BLACK_ACE if c in BLACK_ACES else RED_JACK if c in RED_JACKS else PLAIN
    for c in range(N_CARDS)
)
# points of a card in a prison at the end: a two 4, a jack 3, a red ace 2, anything else 1
POINTS = tuple(4 if RANK[c] == 0 else 3 if RANK[c] == 9 else 2 if c in RED_ACES else 1 for c in range(N_CARDS))


class IllegalAction(ValueError):
    """An action that is not in legal_actions()."""


class Jailbreak:
    """One deal, which is the whole match: rounds of passing or hunting until the reserve runs out."""

    def __init__(self, players: int, seed: int = 0):
        if players not in PLAYERS:
            raise ValueError(f"Jailbreak takes 2 to 8 players, not {players}")
        self.n = players
        # the seats clockwise from each seat, itself first: every "for each player from" of the rules
        self.clockwise = tuple(tuple((start + i) % players for i in range(players)) for start in range(players))
        self.rng = random.Random(seed)
        self.dealer = self.rng.randrange(players)  # chosen by lot
        self.total = [0] * players
        self.done = False
        self.decisions = 0
        self.current_player = -1
        self._deal()

    # ------------------------------------------------------------ phase 1: the deal
    def _deal(self):
        n = self.n
        self.reserve = list(range(N_CARDS))  # the top of the reserve is the end of the list
        self.rng.shuffle(self.reserve)
        self.hand = [None] * n  # a player holds one card at most, unseen
        self.prison = [[] for _ in range(n)]  # the top of a prison is the end of its list
        self.table = []
        self.claim = None  # a black ace was received: this player takes the next round played
        self.out = False  # the dealer has given out the last card of the reserve
        # One card each, clockwise from the dealer's left. Cards dealt now trigger nothing.
        for seat in self.clockwise[(self.dealer + 1) % n]:
            self.hand[seat] = self.reserve.pop()
        self.starter = self.dealer  # the dealer opens the first round
        self._start_round()
        self._next_decision()

    # ------------------------------------------------------------ phase 2: a round of decisions
    def _start_round(self):
        self.sure = self.claim  # the black ace claim this round honours
        self.claim = None
        self.hunters = []  # seats, in the order they hunted
        self.hunted_card = [None] * self.n
        self.turn = 0  # how many seats from the starter have had their turn

    def _next_decision(self):
        """The next player to decide, or the end of the round (and then the next decision)."""
        # Every player decides once, clockwise from the starter; one without a card cannot hunt.
        # A round that ends starts another, until the deal is over: a loop, not a recursion.
        while not self.done:
            n, hand, order = self.n, self.hand, self.clockwise[self.starter]
            while self.turn < n:
                seat = order[self.turn]
                if hand[seat] is not None:
                    self.current_player = seat
                    return
                self.turn += 1
            self._end_round()

    def legal_actions(self) -> list[int]:
        return [] if self.done else [PASS, HUNT]

    def apply(self, action: int) -> None:
        if self.done or (action != PASS and action != HUNT):
            raise IllegalAction(f"{action!r} is not a legal action here")
        self.decisions += 1
        if action == HUNT:  # the card goes face up on the table
            seat = self.current_player
            card = self.hand[seat]
            self.hand[seat] = None
            self.hunters.append(seat)
            self.hunted_card[seat] = card
            self.table.append(card)
        self.turn = turn = self.turn + 1
        if turn < self.n:
            seat = self.clockwise[self.starter][turn]
            if self.hand[seat] is not None:
                self.current_player = seat  # the usual case: the next seat decides
                return
        self._next_decision()

    # ------------------------------------------------------------ phase 3: who takes the table
    def _end_round(self):
        game_over = False
        if not self.hunters:
            # Nobody hunted: nothing is won and the round is played again; a claim waits for it.
            if self.claim is None:
                self.claim = self.sure
        else:
            if self.sure is not None:
                taker = self.sure  # the black ace takes the round, hunting or not
            else:
                taker, game_over = self._duel()
            if game_over:
                self.table = []  # the undecided pot belongs to nobody
            else:
                self.prison[taker].extend(self.table)
                self.table = []
                self.starter = taker  # the winner opens the next round
        if not game_over:
            self._hand_out_cards()
        if game_over or self.out or not self.reserve:
            self._score()
        else:
            self._start_round()  # _next_decision goes on from its first seat

    def _duel(self):
        """(taker, game_over): the highest hunted card wins; tied players draw from the reserve,
        their cards joining the pot, until one is highest or the reserve is too short."""
        n, cards, hunters = self.n, self.hunted_card, self.hunters
        if len(hunters) == 1:
            return hunters[0], False  # a lone hunter takes his own card back
        best = max(RANK[cards[seat]] for seat in hunters)
        in_duel = [seat for seat in range(n) if cards[seat] is not None and RANK[cards[seat]] == best]
        while len(in_duel) > 1:
            if len(self.reserve) < len(in_duel):
                return None, True  # the reserve cannot break the tie: the game ends
            if len(self.reserve) == len(in_duel):
                self.out = True  # these are its last cards
            drawn = {}
            for seat in self.clockwise[self.starter]:  # clockwise from the starter; they trigger nothing
                if seat in in_duel:
                    drawn[seat] = self.reserve.pop()
            top = max(RANK[card] for card in drawn.values())
            in_duel = [seat for seat in in_duel if RANK[drawn[seat]] == top]
            self.table.extend(drawn[seat] for seat in sorted(drawn))  # into the pot, seat by seat
        return in_duel[0], False

    # ------------------------------------------------------------ phase 4: new cards, and what they trigger
    def _hand_out_cards(self):
        # Clockwise from the round's winner, every player without a card receives one, again and
        # again (a red jack leaves its player empty-handed), until the last card is given out.
        hand, reserve, order = self.hand, self.reserve, self.clockwise[self.starter]
        while None in hand and reserve and not self.out:
            for seat in order:
                if hand[seat] is None and reserve and not self.out:
                    if len(reserve) == 1:
                        self.out = True
                    card = reserve.pop()
                    hand[seat] = card
                    if EFFECT[card]:
                        self._trigger(seat, card)

    def _trigger(self, seat: int, card: int):
        effect = EFFECT[card]
        if effect == RED_ACE:
            self._red_ace(seat)
        elif effect == BLACK_ACE:
            if self.claim is None:  # the first to receive one before a round has it
                self.claim = seat
        else:
            # every convict is freed under the reserve; the jack becomes the only one
            self.reserve[:0] = self.prison[seat]
            self.prison[seat] = [card]
            self.hand[seat] = None

    def _red_ace(self, seat: int):
        prisons = self.prison
        own = prisons[seat]
        others = self.clockwise[seat][1:]  # clockwise from his left
        if len(own) > PRISON_LIMIT:
            # Half, rounded up, off the top of his prison, dealt one by one round the others.
            give = (len(own) + 1) // 2
            freed = own[-give:]
            del own[-give:]
            for i, convict in enumerate(freed):
                prisons[others[i % len(others)]].append(convict)
        elif len(own) < PRISON_LIMIT:
            # One convict off the top of each other prison in turn, until he has 12 or none are left.
            while len(own) < PRISON_LIMIT and any(prisons[t] for t in others):
                for t in others:
                    if prisons[t] and len(own) < PRISON_LIMIT:
                        own.append(prisons[t].pop())

    # ------------------------------------------------------------ phase 5: scoring
    def _score(self):
        for seat in range(self.n):
            self.total[seat] += sum(POINTS[c] for c in self.prison[seat])
        self.dealer = (self.dealer + 1) % self.n
        self.done = True
        self.current_player = -1

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

    def clone(self) -> "Jailbreak":
        c = Jailbreak.__new__(Jailbreak)
        c.__dict__.update(self.__dict__)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.total = self.total[:]
        c.reserve = self.reserve[:]
        c.hand = self.hand[:]
        c.prison = [p[:] for p in self.prison]
        c.table = self.table[:]
        c.hunters = self.hunters[:]
        c.hunted_card = self.hunted_card[:]
        return c


def new_game(players: int, seed: int = 0) -> Jailbreak:
    return Jailbreak(players, seed)
