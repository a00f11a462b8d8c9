"""What every generated engine builds on: the state-machine driver and small card helpers.

A generated module defines card tables, one function per basic block of the rules' state
machine, and a `State` subclass listing its fields.  Decisions are suspension points: a block
that needs a player's choice stores the legal actions, sets `pc` to the block that resumes, and
returns -1.  The state is therefore plain data, cheap to clone and to serialise.
"""

from __future__ import annotations

import operator
import random
from typing import Sequence

from .errors import IllegalAction, RuleGap

# Blocks a single `apply` may run before the rules are declared to loop without end.
STEP_LIMIT = 2_000_000

SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")


class Snapshot:
    """Frozen values a scoring's patterns read (readings, trump...), so a solver can be cached."""

    def __init__(self, **values):
        self.__dict__.update(values)


class BaseState:
    """The engine API of DESIGN section 5; subclasses add the game's fields and tables."""

    # Filled in by the generated subclass.
    _BLOCKS: tuple = ()
    _ZONES: tuple = ()  # (attribute, name, per_player, visibility, grouped)
    _VARS: tuple = ()  # (attribute, name, per_player, type, visibility)
    _LOCALS: tuple = ()  # (attribute, name, type)
    _CARD_TEXT: tuple = ()
    _N_CARDS = 0
    _OPTIONS: tuple = ()
    _AMBIGUITIES: tuple = ()  # (name, (reading, ...), default index)
    _PLAYERS: tuple = ()
    _N_HITS = 0

    # ------------------------------------------------------------ construction
    def _setup(self, players: int, seed: int, readings: dict | None):
        if players not in self._PLAYERS:
            raise ValueError(f"this game takes {', '.join(map(str, self._PLAYERS))} players, not {players}")
        self.n = players
        self.seed = seed
        self.rng = random.Random(seed)
        chosen = dict(readings or {})
        self.readings = {}
        for name, options, default in self._AMBIGUITIES:
            value = chosen.pop(name, options[default])
            if value not in options:
                raise ValueError(f"'{value}' is not a reading of '{name}' (readings: {', '.join(options)})")
            self.readings[name] = value
            setattr(self, "r_" + name, options.index(value))
        if chosen:
            raise ValueError(f"no ambiguity named {', '.join(sorted(chosen))}")
        self.pc = 0
        self.cur = -1
        self.legal: list[int] = []
        self.choice = -1
        self.decisions = 0
        self.done = False
        self.history: list[int] = []
        self.hits = [0] * self._N_HITS
        self.led = None
        self.winner = None

    def _copy_base_into(self, c: "BaseState") -> None:
        """The fields every engine has, copied for `clone` (the generated part copies the rest)."""
        c.n, c.seed, c.readings = self.n, self.seed, dict(self.readings)
        c.rng = random.Random()
        c.rng.setstate(self.rng.getstate())
        c.pc, c.cur, c.legal, c.choice = self.pc, self.cur, list(self.legal), self.choice
        c.decisions, c.done, c.history, c.hits = self.decisions, self.done, list(self.history), list(self.hits)
        c.led, c.winner, c.cards = self.led, self.winner, self.cards

    # ------------------------------------------------------------ the driver
    def _run(self):
        blocks = self._BLOCKS
        pc = self.pc
        steps = 0
        while pc >= 0:
            pc = blocks[pc](self)
            steps += 1
            if steps > STEP_LIMIT:
                raise RuleGap("non-termination", 0, "the rules ran without a decision or an end")

    def _decide(self, player: int, legal: list[int], resume: int, line: int) -> int:
        if not legal:
            raise RuleGap("no-legal-move", line, f"player {player} has no legal move")
        self.cur = player
        self.legal = legal
        self.pc = resume
        return -1

    def _finish(self) -> int:
        self.done = True
        self.cur = -1
        self.legal = []
        return -1

    # ------------------------------------------------------------ engine API
    @property
    def current_player(self) -> int:
        return self.cur

    def legal_actions(self) -> list[int]:
        return list(self.legal)

    def apply(self, action: int) -> None:
        if self.done or action not in self.legal:
            raise IllegalAction(f"{action!r} is not a legal action here")
        self.choice = action
        self.history.append(action)
        self.decisions += 1
        self._run()

    def is_terminal(self) -> bool:
        return self.done

    def returns(self) -> list[float]:
        return [float(x) for x in self._result()]

    def winners(self) -> list[int]:
        if not self.done:
            return []
        scores = self._result()
        best = (min if self._WINNERS == "lowest" else max)(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def action_str(self, action: int) -> str:
        n_cards, n_options = self._N_CARDS, len(self._OPTIONS)
        if 0 <= action < n_cards:
            return "play " + self._CARD_TEXT[action]
        if action < n_cards + n_options:
            return self._OPTIONS[action - n_cards]
        if action < n_cards + n_options + 4:
            return "suit " + SUIT_SYMBOLS[action - n_cards - n_options]
        return f"bid {action - n_cards - n_options - 4}"

    def _cards_text(self, cards) -> list:
        text = self._CARD_TEXT
        return [self._cards_text(c) if isinstance(c, list) else text[c] for c in cards]

    def _hidden(self, cards) -> dict:
        return {"hidden": True, "count": size(cards)}

    def observation(self, seat: int) -> dict:
        """What `seat` may know: its own visible zones, public zones and counts of the rest."""
        zones = {}
        for attr, name, per_player, visibility, _grouped in self._ZONES:
            value = getattr(self, attr)
            if not per_player:
                zones[name] = self._cards_text(value) if visibility == "everyone" else self._hidden(value)
                continue
            shown = []
            for owner, cards in enumerate(value):
                visible = visibility == "everyone" or (visibility == "owner" and owner == seat)
                shown.append(self._cards_text(cards) if visible else self._hidden(cards))
            zones[name] = shown
        return {
            "seat": seat,
            "players": self.n,
            "current_player": self.cur,
            "legal_actions": list(self.legal) if seat == self.cur else [],
            "zones": zones,
            "vars": self._public_vars(seat),
            "readings": dict(self.readings),
        }

    def _public_vars(self, seat: int | None = None) -> dict:
        """Every variable (seat None, for to_json), or what `seat` may see of them."""
        out = {}
        for attr, name, per_player, type_, visibility in self._VARS:
            value = self._plain(getattr(self, attr), type_)
            if seat is None or visibility == "everyone":
                out[name] = value
            elif visibility == "owner" and per_player:
                out[name] = [v if owner == seat else {"hidden": True} for owner, v in enumerate(value)]
            else:
                out[name] = {"hidden": True}
        out["led"] = self._plain(self.led, "suit")
        out["winner"] = self.winner
        return out

    def _plain(self, value, type_):
        if isinstance(value, list):
            return [self._plain(v, type_) for v in value]
        if value is None:
            return None
        if type_ == "suit":
            return SUIT_SYMBOLS[value]
        if type_ == "card":
            return self._CARD_TEXT[value]
        if type_ == "option":
            return self._OPTIONS[value]
        return value

    def to_json(self) -> dict:
        zones = {name: self._cards_text(getattr(self, attr)) for attr, name, *_ in self._ZONES}
        local_values = {name: self._plain(getattr(self, attr), type_) for attr, name, type_ in self._LOCALS}
        return {
            "game": self._GAME,
            "players": self.n,
            "seed": self.seed,
            "readings": dict(self.readings),
            "pc": self.pc,
            "current_player": self.cur,
            "legal_actions": list(self.legal),
            "terminal": self.done,
            "decisions": self.decisions,
            "history": list(self.history),
            "deck": self._cards_text(self.cards),
            "zones": zones,
            "vars": self._public_vars(),
            "locals": local_values,
        }

    def __repr__(self) -> str:
        return f"<{self._GAME} state: {self.n} players, {self.decisions} decisions, player {self.cur} to act>"


# ---------------------------------------------------------------- helpers used by generated code


def flat(groups) -> list[int]:
    return [c for g in groups for c in g]


def size(cards) -> int:
    if cards and isinstance(cards[0], list):
        return sum(len(g) for g in cards)
    return len(cards)


def top(cards: list, line: int) -> int:
    if not cards:
        raise RuleGap("empty-draw", line, "there is no card to look at: the pile is empty")
    return cards[-1]


def first(items: list, line: int) -> int:
    if not items:
        raise RuleGap("empty-draw", line, "there is nothing there: the collection is empty")
    return items[0]


def take_top(source: list, count: int, line: int) -> list[int]:
    if count > len(source):
        raise RuleGap("empty-draw", line, f"{count} card(s) needed but only {len(source)} left")
    if count <= 0:
        return []
    taken = source[-count:]
    del source[-count:]
    taken.reverse()
    return taken


def take_middle(source: list, count: int, line: int) -> list[int]:
    if count > len(source):
        raise RuleGap("empty-draw", line, f"{count} card(s) needed but only {len(source)} left")
    start = (len(source) - count) // 2
    taken = source[start : start + count]
    del source[start : start + count]
    return taken


def take_card(source: list, card: int, line: int) -> int:
    try:
        source.remove(card)
    except ValueError:
        raise RuleGap("missing-card", line, "the card is not where the rule takes it from") from None
    return card


def value(table: Sequence, card: int, line: int) -> int:
    v = table[card]
    if v is None:
        raise RuleGap("type-mismatch", line, "this card has no value in the table")
    return v


def sum_values(table: Sequence, cards, line: int) -> int:
    total = 0
    for c in cards:
        v = table[c]
        if v is None:
            raise RuleGap("type-mismatch", line, "a card has no value in the table")
        total += v
    return total


def highest(cards, order: Sequence[int], rank: Sequence[int], line: int) -> int:
    best, best_pos = None, -1
    for c in cards:
        pos = order[rank[c]]
        if pos > best_pos:
            best, best_pos = c, pos
    if best is None:
        raise RuleGap("empty-draw", line, "no ranked card to compare")
    return best


def extreme(players: list[int], key, which: str) -> list[int]:
    if not players:
        return []
    values = [key(p) for p in players]
    target = max(values) if which == "highest" else min(values)
    return [p for p, v in zip(players, values, strict=True) if v == target]


def seats_from(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


def distinct_kinds(cards, kind: Sequence[int]) -> list[int]:
    """Identical cards (two decks) are one action: keep the first of each kind."""
    seen = set()
    out = []
    for c in cards:
        k = kind[c]
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def deal_round_robin(source: list, hands: list[list[int]], per_player: int, start: int, line: int):
    n = len(hands)
    if per_player * n > len(source):
        raise RuleGap("empty-draw", line, f"{per_player * n} cards needed to deal but only {len(source)} left")
    for _ in range(per_player):
        for i in range(n):
            hands[(start + i) % n].append(source.pop())


_COMPARE = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


def expectation(line: int, text: str, left, op: str, right) -> tuple:
    """One checked `expect` of an example: (line, text, holds, (left, right))."""
    return (line, text, bool(_COMPARE[op](left, right)), (left, right))


def gap(code: str, line: int, message: str):
    raise RuleGap(code, line, message)


def tie_break(candidates: list[tuple[int, int]], rule: str | None, line: int) -> int:
    """candidates: (index in play order, card) sharing the best rank; returns the play index."""
    if len(candidates) == 1:
        return candidates[0][0]
    if rule == "first":
        return min(i for i, _ in candidates)
    if rule == "last":
        return max(i for i, _ in candidates)
    raise RuleGap("unspecified-tie", line, "two equal cards tie for the trick and no tie rule says who wins")
