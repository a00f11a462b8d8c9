"""What every generated engine builds on: the state-machine driver and small card helpers.

A generated module defines card tables, one function per basic block of the rules' state
machine, and a `State` subclass listing its fields.  Decisions are suspension points: a block
that needs a player's choice stores the legal actions, sets `pc` to the block that resumes, and
returns -1.  The state is therefore plain data, cheap to clone and to serialise.

A fault of Python inside the rules' code (a seat past the table, a `none` used as a card) comes
out of the API as a located `RuleGap` (see `faults`), never as a bare exception.
"""

from __future__ import annotations

import operator
import random
import weakref
from typing import Sequence

from . import observe, resample as _resample, saved
from . import serialized

# new_game of the engines in explicit-chance mode, and their module-level deserialize
from .serialized import deserialize_state, explicit_game  # noqa: F401
from .errors import BadArgument, IllegalAction, RuleGap
from .decks import RANK_TEXT, SUIT_SYMBOLS, standard_deck  # noqa: F401 (standard_deck: engines of the standard deck)

# Helpers the engines of games with teams, a house or knocked-out seats call: allowed by the gate on purpose.
from . import standings
from .standings import deal_to_seats, in_play_from, join, next_in_play, partner, share, share_team  # noqa: F401
from .standings import team_numbers, team_value  # noqa: F401
from .faults import API_ERRORS, FAULTS, guard_examples, guarded, rule_fault, rule_line_of_function  # noqa: F401 (guard_examples: for engines)

# What the engines of every game call to record a match's events when asked (see `events`).
from . import events as _events
from .events import deal_sizes, record_deal, record_decision, record_draw, record_gather, record_held  # noqa: F401
from .events import record_move, record_play, record_set, record_shuffle, record_trick_end  # noqa: F401

# Blocks a single `apply` may run before the rules are declared to loop without end.
# Blocks run between two decisions before the rules count as endless: a block ends at a decision,
# so a real game runs a handful between two; an endless loop is stopped within about a second.
STEP_LIMIT = 100_000
_STEPS = range(STEP_LIMIT)
# per State class: the readings asked for -> what `_setup` sets (see BaseState._readings_of); a
# class dropped with its module takes its entry with it
_READINGS_SEEN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class Snapshot:
    """Frozen values a scoring's patterns read (readings, trump...), so a solver can be cached."""

    def __init__(self, **values):
        self.__dict__.update(values)


class BaseState:
    """The engine API every compiled game exposes; subclasses add the game's fields and tables."""

    # Filled in by the generated subclass.
    _BLOCKS: tuple = ()
    _ZONES: tuple = ()  # (attribute, name, per_player, visibility, grouped)
    _VARS: tuple = ()  # (attribute, name, per_player, type, visibility)
    _LOCALS: tuple = ()  # (attribute, name, type)
    _CARD_TEXT: tuple = ()
    _SUIT_TEXT: tuple = SUIT_SYMBOLS  # what the game calls its suits (`suits coins cups ...`)
    _RANK_TEXT: tuple = RANK_TEXT  # what the game calls its ranks (`ranks asso 2 ... re`)
    _N_CARDS = 0
    _OPTIONS: tuple = ()
    # After the bids: {"bid_span", "seats", "ranks", "bid_names"} (see the language reference).
    _LATE_ACTIONS: dict | None = None
    _AMBIGUITIES: tuple = ()  # (name, (reading, ...), default index)
    # (field, shape) for every field the compiler gave the game: what `from_json` accepts (see `saved`)
    _FIELD_SHAPES: tuple = ()
    _PLAYERS: tuple = ()
    _N_HITS = 0
    _N_ACTIONS = None  # how many actions the game has (None: a bid without an upper end)
    # Outcomes (see `standings`): "best" (winners highest|lowest), "loser" or "house"; how equal
    # best results end ("share", "draw", None: not said, they share); whether the result is a
    # value the members of a team share (else a team scores the sum of its members' results).
    _OUTCOME = "best"
    _TIES = None
    _RESULT_SHARED = False
    _TEAMS_FIXED = True  # False when teams form in play: each seat then keeps its own result
    # What the observation shows beyond zones and variables, in the engines that have it: the
    # number of teams, a house, knocked-out seats, the held-back picks' fields (see `observe`).
    _OBSERVED: dict | None = None
    # The events of the match when it is recorded (`events.Recorder`), set on the state then; a
    # state that does not record reads this None, one test per recorded statement.
    recorder = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # The generated `__init__` runs the rules' set-up code (variable values, the first blocks).
        if "__init__" in cls.__dict__:
            cls.__init__ = guarded(cls.__dict__["__init__"])

    # ------------------------------------------------------------ construction
    def _setup(self, players: int, seed: int, readings: dict | None, rng: random.Random | None = None):
        if not _is_int(players) or players not in self._PLAYERS:
            shown = ", ".join(map(str, self._PLAYERS)) + (" player" if list(self._PLAYERS) == [1] else " players")
            raise BadArgument(f"this game takes {shown}, not {players!r}")
        self.n = players
        self.seed = seed
        self.rng = random.Random(seed) if rng is None else rng  # explicit chance scripts the generator
        if rng is not None and hasattr(rng, "bind"):
            rng.bind(self)  # a lazy shuffle looks at where the state's cards went
        names, fields = self._readings_of(readings)
        self.readings = dict(names)
        self._set_readings(fields)
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
        # How many tricks were taken and deals dealt so far: what a simulation reports as the
        # length of a match in the game's own terms, and what a replay narrates.
        self.tricks = 0
        self.deals = 0
        self.asked_at = 0

    # A match begins by reading its ambiguities: the names asked for checked against the game's,
    # and each one's number set on the state (`r_<name>`). A simulation starts thousands of
    # matches under one set of readings, so each set is worked out once per class.
    _READINGS_CACHED = 4096

    @classmethod
    def _readings_of(cls, readings: dict | None) -> tuple[dict, dict]:
        """({ambiguity: reading}, {"r_<ambiguity>": its number}) for the readings asked for."""
        try:
            key = tuple(readings.items()) if readings else ()
            hash(key)
        except (AttributeError, TypeError):
            key = None  # not a dict of plain values: checked below, never cached
        cache = _READINGS_SEEN.setdefault(cls, {})
        found = cache.get(key) if key is not None else None
        if found is None:
            found = cls._check_readings(readings)
            if key is not None:
                if len(cache) >= cls._READINGS_CACHED:
                    cache.clear()
                cache[key] = found
        return found

    @classmethod
    def _check_readings(cls, readings) -> tuple[dict, dict]:
        chosen = dict(readings or {})
        names, fields = {}, {}
        for name, options, default in cls._AMBIGUITIES:
            value = chosen.pop(name, options[default])
            if value not in options:
                raise BadArgument(f"'{value}' is not a reading of '{name}' (readings: {', '.join(options)})")
            names[name] = value
            fields["r_" + name] = options.index(value)
        if chosen:
            raise BadArgument(f"no ambiguity named {', '.join(sorted(chosen))}")
        return names, fields

    def _set_readings(self, fields: dict) -> None:
        self.__dict__.update(fields)

    # ------------------------------------------------------------ the random generator
    # Copying a generator's state (`getstate`, 625 ints) costs most of a clone, and a search clones
    # one state thousands of times and then rarely draws from the copies (a deal shuffles once). So
    # a state keeps either a live generator (`_rng`) or, once cloned, the saved state it has
    # reached (`_rng_saved`, an immutable tuple that the state and all its clones share), and
    # builds a live generator again from it when the rules next draw. Draws only ever go through
    # the live generator, so the saved tuple always is the state the generator would have.
    _rng = None
    _rng_saved = None
    _RNG_FIELDS = ("_rng", "_rng_saved")
    _UNSAVED_FIELDS = ("recorder",)  # what a saved state leaves out: a record is not the state

    @property
    def rng(self) -> random.Random:
        live = self._rng
        if live is None:
            live = self._rng = random.Random.__new__(random.Random)
            live.setstate(self._rng_saved)
            self._rng_saved = None
        return live

    @rng.setter
    def rng(self, generator: random.Random) -> None:
        self._rng, self._rng_saved = generator, None

    def _rng_state(self) -> tuple:
        return self._rng.getstate() if self._rng is not None else self._rng_saved

    def _clone_base(self) -> "BaseState":
        """The start of `clone`: a state of the same class holding every field of this one, with
        the fields every engine has copied; the generated part then copies the game's own
        containers (zones, lists, groups). Scalars and tuples are taken as they are in one
        dictionary copy, instead of one assignment each."""
        c = object.__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.readings, c.legal = dict(self.readings), list(self.legal)
        c.history, c.hits = list(self.history), list(self.hits)
        self._share_rng_with(c)
        if self.recorder is not None:
            c.recorder = self.recorder.copy()
        return c

    def _copy_base_into(self, c: "BaseState") -> None:
        """The fields every engine has, copied for `clone` (the generated part copies the rest)."""
        c.n, c.seed, c.readings = self.n, self.seed, dict(self.readings)
        self._share_rng_with(c)
        c.pc, c.cur, c.legal, c.choice = self.pc, self.cur, list(self.legal), self.choice
        c.decisions, c.done, c.history, c.hits = self.decisions, self.done, list(self.history), list(self.hits)
        c.led, c.winner, c.cards = self.led, self.winner, self.cards
        c.tricks, c.deals, c.asked_at = self.tricks, self.deals, self.asked_at
        if self.recorder is not None:
            c.recorder = self.recorder.copy()

    def _share_rng_with(self, c: "BaseState") -> None:
        live = self._rng
        if live is None:
            c._rng, c._rng_saved = None, self._rng_saved
        elif type(live) is random.Random:
            saved = live.getstate()  # both go on from this state, each building its own generator
            self._rng, self._rng_saved = None, saved
            c._rng, c._rng_saved = None, saved
        else:  # a scripted generator of explicit chance: the clone gets a plain one, as it always has
            c.rng = random.Random()
            c.rng.setstate(live.getstate())

    # ------------------------------------------------------------ the driver
    def _run(self):
        blocks = self._BLOCKS
        pc = self.pc
        try:  # free until something is raised: the lookup of the rule line waits for a fault
            for _ in _STEPS:
                block = blocks[pc]
                pc = block(self)
                if pc < 0:
                    return
            raise RuleGap("non-termination", rule_line_of_function(block), "the rules ran without a decision or an end")
        except API_ERRORS:
            raise
        except FAULTS as exc:
            raise rule_fault(exc) from exc

    def _decide(self, player: int, legal: list[int], resume: int, line: int) -> int:
        if type(player) is not int or not 0 <= player < self.n:  # (bool is not int: no seat either)
            # The rules asked a seat that is not at the table (or not set yet) to decide.
            code = "unset-value" if player is None else "no-such-seat"
            raise RuleGap(code, line, f"the rule asks {player!r} to decide, but the seats are 0 to {self.n - 1}")
        if not legal:
            raise RuleGap("no-legal-move", line, f"player {player} has no legal move")
        self.cur = player
        self.legal = legal
        self.pc = resume
        self.asked_at = line  # the rule file line of this decision, for `play`'s `?`
        return -1

    def _finish(self) -> int:
        if self.recorder is not None:
            _events.finish(self)
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
        # `True in [1]` and `1.0 in [1]` hold in Python: only a real int may name an action. A
        # finished match accepts none. (The usual case, a plain int, costs one type test.)
        if (
            action not in self.legal
            or (type(action) is not int and (type(action) is bool or not isinstance(action, int)))
            or self.done
        ):
            raise IllegalAction(f"{action!r} is not a legal action here")
        self.choice = action
        self.history.append(action)
        self.decisions += 1
        # The driver loop of `_run`, written out here: this is the one call of every decision.
        blocks, pc = self._BLOCKS, self.pc
        try:
            for _ in _STEPS:
                block = blocks[pc]
                pc = block(self)
                if pc < 0:
                    return
            raise RuleGap("non-termination", rule_line_of_function(block), "the rules ran without a decision or an end")
        except API_ERRORS:
            raise
        except FAULTS as exc:
            raise rule_fault(exc) from exc

    def is_terminal(self) -> bool:
        return self.done

    def is_chance_node(self) -> bool:
        return False  # the seeded mode draws its chance events from `rng` (see `chance` for the other)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def observation_tensor(self, seat: int) -> list[float]:
        """What `seat` may know, as floats laid out by the rule file (see `observe`)."""
        self._check_seat(seat)
        return observe.observation_tensor(self, seat)

    # ------------------------------------------------------------ events
    def _start_recording(self) -> None:
        """Record this match's events from now on (`new_game(..., record=True)`, before its set-up)."""
        _events.start(self)

    def events(self, seat: int | None = None) -> list[dict]:
        """Every event recorded so far, as dicts; with `seat`, as that seat saw them (see `events`)."""
        if seat is not None:
            self._check_seat(seat)
        return _events.events(self, seat)

    def returns(self) -> list[float]:
        return [float(x) for x in self._scores()]

    def winners(self) -> list[int]:
        if not self.done:
            return []
        return standings.winners(self, self._scores())

    def teams(self) -> list[list[int]]:
        """The teams at this moment (one seat each in a game without teams), in seat order."""
        return standings.teams_of(self)

    def _scores(self) -> list:
        """The result of each seat (a house's, after the seats, left out); partners share theirs."""
        try:
            return standings.shared_returns(self, self._result()[: self.n])
        except API_ERRORS:
            raise
        except FAULTS as exc:
            raise rule_fault(exc) from exc

    def resample(self, seat: int, rng: random.Random) -> "BaseState":
        """A world `seat` cannot tell from this one: what it saw kept, the hidden cards dealt again
        uniformly among the deals the rules allow, and a fresh generator (see `resample`)."""
        return _resample.resample(self, seat, rng)

    def _check_seat(self, seat) -> None:
        if not _is_int(seat) or not 0 <= seat < self.n:
            raise BadArgument(f"{seat!r} is not a seat of this {self.n}-player game (seats are 0 to {self.n - 1})")

    def action_str(self, action: int) -> str:
        n_cards, n_options = self._N_CARDS, len(self._OPTIONS)
        if 0 <= action < n_cards:
            return "play " + self._CARD_TEXT[action]
        if action < n_cards + n_options:
            return self._OPTIONS[action - n_cards]
        if action < n_cards + n_options + 4:
            return "suit " + self._SUIT_TEXT[action - n_cards - n_options]
        value = action - n_cards - n_options - 4
        late = self._LATE_ACTIONS
        if late is None:
            return f"bid {value}"
        if late["bid_span"] is None or value < late["bid_span"]:
            return late["bid_names"].get(value, f"bid {value}")
        value -= late["bid_span"]
        if value < late["seats"]:
            return f"player {value}"
        value -= late["seats"]
        if value < len(late["ranks"]):
            return "rank " + late["ranks"][value]
        value -= len(late["ranks"])
        return f"{late['suited_options'][value // 4]} {self._SUIT_TEXT[value % 4]}"

    def _cards_text(self, cards) -> list:
        text = self._CARD_TEXT
        return [self._cards_text(c) if isinstance(c, list) else text[c] for c in cards]

    def _hidden(self, cards) -> dict:
        return {"hidden": True, "count": size(cards)}

    def observation(self, seat: int) -> dict:
        """What `seat` may know: its own visible zones, public zones and counts of the rest."""
        self._check_seat(seat)
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
            **observe.observed_facts(self, seat),  # teams, seats out, held-back picks: where the game has them
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
            return self._SUIT_TEXT[value]
        if type_ == "card":
            return self._CARD_TEXT[value]
        if type_ == "option":
            return self._OPTIONS[value]
        if type_ == "rank":
            return self._RANK_TEXT[value]
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
            # Everything above is for reading; `fields` is the state itself, for `from_json`.
            "fields": self._fields_json(),
        }

    def _field_values(self) -> dict:
        """Every field of the state by name (a native engine keeps some outside `vars`)."""
        return vars(self)

    def _fields_json(self) -> dict:
        """Every attribute of the state (zones, variables, the machine's position, the counters
        and fields the lowering adds...), as JSON-friendly copies; the RNG as its state list."""
        fields = {
            name: copied(value) if isinstance(value, _NESTED) else value
            for name, value in self._field_values().items()
            if name not in self._RNG_FIELDS and name not in self._UNSAVED_FIELDS
        }
        version, internal, gauss = self._rng_state()
        fields["rng"] = [version, list(internal), gauss]
        return fields

    @classmethod
    def from_json(cls, data: dict) -> "BaseState":
        """The state `to_json` saved, ready to play on exactly as the original would."""
        fields = data.get("fields") if isinstance(data, dict) else None
        if not isinstance(fields, dict) or data.get("game") != cls._GAME:
            raise BadArgument(f"this is not a saved state of {cls._GAME} (the output of to_json, with its 'fields')")
        saved.check_set_up(cls, fields)
        try:
            # A fresh state checks the player count and readings and names the fields to expect.
            state = cls(fields.get("n"), fields.get("seed", 0), fields.get("readings"), run=False)
        except RuleGap as gap:
            raise BadArgument(f"this saved state cannot be set up again: {gap}") from gap
        except BadArgument as wrong:  # the player count is checked already: the readings
            raise saved.refuse("readings", f"does not fit: {wrong}") from None
        expected_names = (set(state._field_values()) - set(cls._RNG_FIELDS) - set(cls._UNSAVED_FIELDS)) | {"rng"}
        missing, unknown = expected_names - set(fields), set(fields) - expected_names
        if missing or unknown:
            names = ", ".join(sorted(missing) + sorted(unknown))
            raise BadArgument(f"this saved state does not fit {cls._GAME} (fields missing or unknown: {names})")
        saved.check_fields(state, fields)
        for name, value in fields.items():
            if name == "rng" or name in saved.SET_UP_FIELDS:  # the fresh state's own, checked to match
                continue
            try:
                setattr(state, name, copied(value))
            except (TypeError, OverflowError) as exc:  # a native engine's typed field (an int, a list)
                raise BadArgument(f"field '{name}' of this saved state cannot hold {value!r} ({exc})") from None
        try:
            version, internal, gauss = fields["rng"]
            if not _generator_words(internal):
                raise ValueError("it should hold 624 words of 32 bits and a position from 0 to 624")
            state.rng.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError) as exc:
            raise BadArgument(f"the random generator state of this saved state is damaged ({exc})") from exc
        return state

    def serialize(self) -> str:
        """The state as text (game, players, readings, seed, actions): the engine's `deserialize`
        gives it back, and `pickle` stores it so (see `serialized`)."""
        return serialized.serialize(self)

    def __reduce__(self):
        return serialized.reduce_state(self)

    def __deepcopy__(self, memo) -> "BaseState":
        return self.clone()  # exact and fast, where pickling's route would replay the match

    def __repr__(self) -> str:
        return f"<{self._GAME} state: {self.n} players, {self.decisions} decisions, player {self.cur} to act>"


def _is_int(value) -> bool:
    """A real int: `True` and `1.0` compare equal to 1 but name no seat, action or count."""
    return isinstance(value, int) and not isinstance(value, bool)


def copied(value):
    """A deep copy of plain data (lists, dicts, scalars), tuples becoming lists as in JSON."""
    if isinstance(value, (list, tuple)):
        return [copied(v) if isinstance(v, _NESTED) else v for v in value]
    if isinstance(value, dict):
        return {k: copied(v) if isinstance(v, _NESTED) else v for k, v in value.items()}
    return value


_NESTED = (list, tuple, dict)


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


def take_one(source: list, line: int) -> int:
    """`take_top(source, 1, line)`'s one card, without the list."""
    if not source:
        raise RuleGap("empty-draw", line, "1 card(s) needed but only 0 left")
    return source.pop()


def place_bottom(pile: list, cards: list) -> None:
    """Put `cards` (in the order they were taken) one by one under `pile`: its bottom is index 0."""
    pile[:0] = cards[::-1]


def place_random(pile: list, cards: list, rng: random.Random) -> None:
    """Put each card at a random position of `pile`, from under the bottom to over the top."""
    for card in cards:
        pile.insert(rng.randrange(len(pile) + 1), card)


def random_pick(rng: random.Random, items):
    """One of `items` (seats or cards), or None when there is none."""
    items = list(items)
    return items[rng.randrange(len(items))] if items else None


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


def extreme_keyed(keyed: list[tuple[int, object]], which: str) -> list[int]:
    """Seats given with their keys, `[(seat, key), ...]`: the seats of the highest (or lowest)
    key, in the order given."""
    if not keyed:
        return []
    keys = [k for _, k in keyed]
    target = max(keys) if which == "highest" else min(keys)
    return [p for p, k in keyed if k == target]


def played_by(seats: list[int], cards: list[int], card: int, line: int) -> int:
    """The seat that played `card` in the trick in play (or the last one taken): the i-th card
    played is the i-th seat of the trick's order (in play, the order holds the seats still to play too)."""
    for seat, played in zip(seats, cards, strict=False):
        if played == card:
            return seat
    raise RuleGap("missing-card", line, "the card was not played in this trick")


def counted(hits: list, index: int, value):
    """`value`, a reading's value the rules just read, counted as fired (`rules_fired`)."""
    hits[index] += 1
    return value


def hold_back(held: list, card: int, owner, chooser: int) -> None:
    """A card chosen in a simultaneous loop, kept aside with where it goes until the loop ends,
    and who chose it: the one seat whose observation shows it meanwhile (see `observe`)."""
    held.append([card, owner, chooser])


def seats_from(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


def seat_orders(most: int) -> tuple:
    """`SEATS[n][start]`: the seats of an n-player table clockwise from `start`, for every count
    up to `most`, built once when an engine is imported instead of a list each time a rule goes
    round the table."""
    return tuple(tuple(tuple((start + i) % n for i in range(n)) for start in range(n)) for n in range(most + 1))


def twins(kind: Sequence[int]) -> frozenset[int]:
    """The cards of a kind table that share their kind with another card (the jokers of a deck
    with two, every card of two decks): an engine works them out once, when it is imported."""
    count: dict = {}
    for k in kind:
        count[k] = count.get(k, 0) + 1
    return frozenset(c for c, k in enumerate(kind) if count[k] > 1)


def cards_where(table: Sequence[bool]) -> frozenset[int]:
    """The cards a per-card pattern table holds, as a set: `table has Joker` is then one
    `isdisjoint` and `count cards in g where card is Joker` one intersection, both run in C."""
    return frozenset(c for c, yes in enumerate(table) if yes)


def table_codes(table: Sequence) -> bytes | None:
    """A per-card table as one byte per card, its entry plus two (0 for none), for a native engine
    to compare entries as C integers (`dsl.native.helpers`); None when an entry is anything else
    than none or a whole number from -1 to 253 (the engine then compares the entries themselves)."""
    if not isinstance(table, (tuple, list)):
        return None
    codes = []
    for entry in table:
        if entry is None:
            codes.append(0)
        elif isinstance(entry, int) and -1 <= entry <= 253:
            codes.append(entry + 2)
        else:
            return None
    return bytes(codes)


def distinct_kinds(cards, kind: Sequence[int], twinned: frozenset[int]) -> list[int]:
    """Identical cards (two decks) are one action: keep the first of each kind. `twinned` is the
    engine's table of the cards that have a twin (`twins(KIND)`)."""
    if twinned.isdisjoint(cards):  # the usual case: no card with a twin
        return list(cards)
    held = twinned.intersection(cards)
    # The next usual case: the hand holds one joker of two, or twins of different kinds. Telling it
    # from a repeat takes one set of the held twins' kinds, in C, not a Python loop over the hand.
    if len(held) == 1 or len({kind[c] for c in held}) == len(held):
        return list(cards)
    seen = set()
    out = []
    for c in cards:
        if c in twinned:  # only a card with a twin can repeat a kind
            k = kind[c]
            if k in seen:
                continue
            seen.add(k)
        out.append(c)
    return out


def deal_round_robin(source: list, hands: list[list[int]], per_player: int, start: int, line: int):
    n = len(hands)
    if per_player * n > len(source):
        raise RuleGap("empty-draw", line, f"{per_player * n} cards needed to deal but only {len(source)} left")
    # One card at a time round the table from the top (the end of the list): seat `start + i`
    # gets every n-th card of the dealt part read from the top, taken here by slices.
    dealt = per_player * n
    if dealt <= 0:
        return
    from_top = source[len(source) - dealt :][::-1]
    del source[len(source) - dealt :]
    for i in range(n):
        hands[(start + i) % n].extend(from_top[i::n])


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


def _generator_words(internal) -> bool:
    """The internal state of Python's generator as `getstate` gives it: 624 words of 32 bits and
    the position in them (`setstate` would take larger numbers, cut to 32 bits, without a word)."""
    return (
        isinstance(internal, (list, tuple))
        and len(internal) == 625
        and all(type(word) is int and 0 <= word < 2**32 for word in internal[:624])
        and type(internal[624]) is int
        and 0 <= internal[624] <= 624
    )


def repeat_count(count: int, line: int, limit: int) -> int:
    """The count of a `repeat N times` loop, refused past `limit` passes as a loop that runs
    without end would be: a count computed from the state (or read from a saved state) cannot
    make a loop run for hours or a list of its passes fill the memory."""
    if count > limit:
        raise RuleGap("non-termination", line, f"this loop would pass {count} times, more than {limit}")
    return count


def tied_winner(first: int, last: int, rule: str | None, line: int) -> int:
    """Two or more cards share the best rank of a winner rule, the first of them played at index
    `first` of the trick and the last at `last`: the tie rule picks one (its play index)."""
    if rule == "first":
        return first
    if rule == "last":
        return last
    raise RuleGap("unspecified-tie", line, "two equal cards tie for the trick and no tie rule says who wins")
