"""Follow the flow without playing, tracking how many cards each zone holds.

For one player count and one choice of readings, the statements are run on sizes (and card
identities while they are known: before a shuffle, or for `move cards where <test on the
card>`).  Conditions are evaluated when they only depend on what is known, and otherwise both
branches are followed and merged.  Loops run their body once with what is known on entry;
after the loop, what the body changes is forgotten.  What the checks want is the `Record`s: at
each deal, draw or move of counted cards, how many were there and how many were needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from collections.abc import Callable

from ..ast import nodes as n
from ..ast.visitor import StmtVisitor
from .effects import triggers_on, writes
from .evaluate import (
    UNKNOWN,
    Evaluator,
    Pile,
    Probe,
    Unknown,
    cached,
    deck_for,
    differing,
    join_piles,
    reading_fields,
    reading_variants,
)

MAX_STEPS = 20_000  # statements interpreted per run; a bound against deeply nested loops


@dataclass
class Record:
    stmt: n.Stmt
    players: int
    readings: dict
    available: int | None  # cards in the source pile, when known
    needed: int | None  # cards the statement takes, when known
    remainder: int | None = None  # for `deal evenly`: cards that do not divide


@dataclass
class Run:
    players: int
    readings: dict
    deck: list[int] | None
    records: list[Record] = field(default_factory=list)


class _Ended(Exception):
    pass


class _StateFields(dict):
    """The fields a probe knows: the fixed ones and the locals, and `z_<zone>` for each zone whose
    cards (or size) are known, seat by seat for a zone per player when every seat's is. A zone's
    is looked up when an expression first asks for it: most ask for one or two of the zones."""

    def __init__(self, fixed: dict, state: dict):
        super().__init__(fixed)
        self.state = state

    def __missing__(self, key: str):
        name = key[2:]
        pile = self.state.get(name) if key.startswith("z_") and name != ENDED else None
        if isinstance(pile, list):
            value = [p.value() for p in pile]
            if all(v is not None for v in value):
                self[key] = value
                return value
        elif pile is not None and pile.value() is not None:
            self[key] = value = pile.value()
            return value
        raise KeyError(key)


ENDED = "__ended__"  # key set in a state whose path has ended the game


Step = Callable[[n.Stmt, dict, dict], dict]  # (statement, state, locals) -> state after it


class PileTracker(StmtVisitor[Step]):
    """Runs the flow on pile sizes.  Visiting a statement gives the step that runs its kind (the
    visitor passes only the statement, and a step also needs the state and locals it runs in)."""

    def __init__(self, model, engine, evaluator: Evaluator, players: int, readings: dict, deck: list[int] | None):
        self.model, self.engine, self.x = model, engine, evaluator
        self.n = players
        self.run = Run(players, readings, deck)
        self.fixed = {"n": players, **reading_fields(model, readings)}
        self.looked_at: set[str] = set()  # every field of the state the run's expressions asked for
        self.steps = 0

    # ------------------------------------------------------------ state = zone name -> Pile or [Pile]
    def initial(self) -> dict:
        """Every card starts in the first shared zone, in deck order (as the engine does)."""
        deck = self.run.deck
        first = next((name for name, zone in self.model.zones.items() if not zone.per_player), None)
        state = {}
        for name, zone in self.model.zones.items():
            if zone.per_player:
                state[name] = [Pile(0, ())] * self.n
            elif name == first:
                state[name] = Pile(len(deck), tuple(deck), True) if deck is not None else UNKNOWN
            else:
                state[name] = Pile(0, ())
        return state

    def probe(self, state: dict, local: dict) -> Probe:
        fields = _StateFields(self.fixed, state)
        fields.update({"l_" + k: v for k, v in local.items()})
        return Probe(fields, self.looked_at)

    def eval(self, expr, state, local):
        if expr is None:
            raise Unknown("nothing")
        return self.x.value(expr, self.probe(state, local))

    def get(self, state, ref: n.ZoneRef, local) -> tuple[Pile, int | None]:
        pile = state[ref.name]
        if not isinstance(pile, list):
            return pile, None
        try:
            seat = self.eval(ref.owner, state, local)
            return pile[seat % self.n], seat % self.n
        except (Unknown, TypeError):
            return UNKNOWN, -1

    def put(self, state, ref: n.ZoneRef | str, seat, pile: Pile):
        name = ref if isinstance(ref, str) else ref.name
        if isinstance(state[name], list):
            seats = list(state[name])
            if seat is None or seat < 0:
                state[name] = [UNKNOWN] * self.n
                return
            seats[seat] = pile
            state[name] = seats
        else:
            state[name] = pile

    def forget(self, state, effects: set[str]):
        for effect in effects:
            if effect.startswith("zone:") and effect[5:] in state:
                name = effect[5:]
                state[name] = [UNKNOWN] * self.n if isinstance(state[name], list) else UNKNOWN

    # ------------------------------------------------------------ running
    def follow(self) -> Run:
        try:
            self.block(self.model.game.flow, self.initial(), {})
        except _Ended:
            pass
        return self.run

    def block(self, block, state, local):
        for stmt in block.stmts if block else []:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise _Ended
            if state.get(ENDED):
                return state
            state = self.visit(stmt)(stmt, state, local)
        return state

    def record(self, stmt, available, needed, remainder=None):
        self.run.records.append(Record(stmt, self.n, self.run.readings, available, needed, remainder))

    def merge(self, states: list[dict]) -> dict:
        live = [s for s in states if not s.get(ENDED)] or states[:1]
        out = dict(live[0])
        for name in live[0]:
            if name == ENDED:
                continue
            for other in live[1:]:
                out[name] = join_piles(out[name], other[name])
        return out

    # ------------------------------------------------------------ statements
    def forget_writes(self, stmt, state, local):
        """A statement that moves no counted cards: what it may change is no longer known."""
        state = dict(state)
        self.forget(state, writes(self.model, stmt))
        return state

    def run_shuffle(self, s, state, local):
        state = dict(state)
        pile, seat = self.get(state, s.zone, local)
        self.put(state, s.zone, seat, Pile(pile.size, tuple(sorted(pile.cards)) if pile.cards else pile.cards))
        return state

    def run_gather(self, s, state, local):
        empty = Pile(0, ())
        state = {k: ([empty] * self.n if isinstance(v, list) else empty) for k, v in state.items() if k != ENDED}
        deck = self.run.deck
        state[s.dest.name] = Pile(len(deck), tuple(deck), True) if deck is not None else UNKNOWN
        return state

    def _take(self, state, ref, local, count, where="top"):
        """Take `count` cards from a pile; returns (taken Pile, the pile's size before)."""
        pile, seat = self.get(state, ref, local)
        if pile.size is None or count is None:
            self.put(state, ref, seat, UNKNOWN)
            return UNKNOWN, pile.size
        if count > pile.size:
            self.put(state, ref, seat, UNKNOWN)
            return UNKNOWN, pile.size
        known = pile.cards is not None and pile.ordered and where == "top"
        taken = tuple(reversed(pile.cards[len(pile.cards) - count :])) if known else None
        left = pile.cards[: len(pile.cards) - count] if known else None
        self.put(state, ref, seat, Pile(pile.size - count, left, known))
        return Pile(count, taken, known), pile.size

    def _add(self, state, ref, local, moved: Pile):
        pile, seat = self.get(state, ref, local)
        if pile.size is None or moved.size is None:
            self.put(state, ref, seat, UNKNOWN)
            return
        cards = pile.cards + moved.cards if pile.cards is not None and moved.cards is not None else None
        ordered = pile.ordered and moved.ordered
        self.put(state, ref, seat, Pile(pile.size + moved.size, cards, ordered and cards is not None))

    def _count(self, expr, state, local):
        try:
            value = self.eval(expr, state, local)
            return value if isinstance(value, int) else None
        except Unknown:
            return None

    def run_move(self, s, state, local):
        state = dict(state)
        if s.amount in ("top", "middle"):
            count = self._count(s.arg, state, local)
            moved, before = self._take(state, s.source, local, count, s.amount)
            self.record(s, before, count)
        elif s.amount == "all":
            moved, seat = self.get(state, s.source, local)
            self.put(state, s.source, seat, Pile(0, ()) if seat != -1 else UNKNOWN)
        elif s.amount == "where":
            moved = self._split(s, state, local)
        else:
            pile, seat = self.get(state, s.source, local)
            self.put(state, s.source, seat, Pile(pile.size - 1) if pile.size else UNKNOWN)
            moved = Pile(1)
        self._add(state, s.dest, local, moved)
        if s.place != "top":  # under the pile, at random or shuffled in: the order is no longer known
            pile, seat = self.get(state, s.dest, local)
            if pile.size is not None:
                self.put(state, s.dest, seat, Pile(pile.size, pile.cards, False))
        return state

    def _split(self, s, state, local) -> Pile:
        pile, seat = self.get(state, s.source, local)
        try:
            if pile.cards is None:
                raise Unknown("cards")
            probe = self.probe(state, local)
            keep = [self.x.value(s.arg, probe, card=c) for c in pile.cards]
        except Unknown:
            self.put(state, s.source, seat, UNKNOWN)
            return UNKNOWN
        moved = tuple(c for c, k in zip(pile.cards, keep, strict=True) if k)
        left = tuple(c for c, k in zip(pile.cards, keep, strict=True) if not k)
        self.put(state, s.source, seat, Pile(len(left), left, pile.ordered))
        return Pile(len(moved), moved, pile.ordered)

    def _deal(self, state, zone: str, each: int | None):
        hands = state[zone]
        state[zone] = [Pile(h.size + each) if h.size is not None and each is not None else UNKNOWN for h in hands]

    def run_deal_each(self, s, state, local):
        state = dict(state)
        count = self._count(s.count, state, local)
        needed = count * self.n if count is not None else None
        moved, before = self._take(state, s.source, local, needed)
        self.record(s, before, needed)
        self._deal(state, s.zone, count if moved.size is not None else None)
        return state

    def run_deal_evenly(self, s, state, local):
        state = dict(state)
        pile, seat = self.get(state, s.source, local)
        if pile.size is None:
            self.record(s, None, None)
            self._deal(state, s.zone, None)
            self.put(state, s.source, seat, UNKNOWN)
            return state
        each, rest = divmod(pile.size, self.n)
        self.record(s, pile.size, each * self.n, rest)
        self._deal(state, s.zone, each)
        self.put(state, s.source, seat, Pile(rest) if s.rest is None else Pile(0, ()))
        if s.rest is not None:
            self._add(state, s.rest, local, Pile(rest))
        return state

    def run_draw(self, s, state, local):
        state = dict(state)
        count = self._count(s.count, state, local)
        moved, before = self._take(state, s.source, local, count)
        self.record(s, before, count)
        self._add(state, s.dest, local, moved)
        for trig in triggers_on(self.model, s.dest.name):
            self.forget(state, writes(self.model, trig.body))
        return state

    def run_if(self, s, state, local):
        outcomes, rest = [], state
        for cond, body in s.branches:
            try:
                truth = bool(self.eval(cond, rest, local))
            except Unknown:
                truth = None
            if truth is False:
                continue
            outcomes.append(self.block(body, dict(rest), local))
            if truth is True:
                return self.merge(outcomes)
        outcomes.append(self.block(s.otherwise, dict(rest), local) if s.otherwise else dict(rest))
        return self.merge(outcomes)

    def _loop(self, body, state, local):
        # One pass with what is known on entry.  A later pass would only know less: what the
        # body changes is forgotten after the loop (a `gather` inside still makes it known).
        self.block(body, dict(state), local)
        after = dict(state)
        self.forget(after, writes(self.model, body))
        return after

    def run_while(self, s, state, local):
        try:
            if not self.eval(s.cond, state, local):
                return state
        except Unknown:
            pass
        return self._loop(s.body, state, local)

    def run_repeat(self, s, state, local):
        return self._loop(s.body, state, local)

    def run_for_players(self, s, state, local):
        try:
            start = self.eval(s.start, state, local) if s.start is not None else 0
            seats = [(start + i) % self.n for i in range(self.n)]
        except Unknown:
            if self._false_for_every_seat(s.cond, state, local):
                return state
            return self._loop(s.body, state, local)
        for seat in seats:
            inner = {**local, s.var: seat}
            if s.cond is not None:
                try:
                    if not self.eval(s.cond, state, inner):
                        continue
                except Unknown:
                    state = self.merge([state, self.block(s.body, dict(state), inner)])
                    continue
            state = self.block(s.body, dict(state), inner)
        return state

    def _false_for_every_seat(self, cond, state, local) -> bool:
        """A loop condition that does not look at the seat (`where not stock is empty`) and is
        false skips every seat, whatever seat the loop starts from."""
        try:
            return cond is not None and not self.eval(cond, state, local)
        except Unknown:
            return False

    def run_trick(self, s, state, local):
        state = dict(state)
        hands = state.get(s.play_from)
        if s.among is None and isinstance(hands, list):
            state[s.play_from] = [Pile(h.size - 1) if h.size else UNKNOWN for h in hands]
        elif s.play_from in state:
            self.forget(state, {"zone:" + s.play_from})
        self.forget(state, {"zone:" + s.take_into} if s.take_into else set())
        if s.proxy is not None:  # one seat plays from another zone of his
            self.forget(state, {"zone:" + s.proxy.zone})
        return state

    def run_end_game(self, s, state, local):
        return {**state, ENDED: True}

    # ------------------------------------------------------------ the step of each kind
    def visit_Shuffle(self, stmt):
        return self.run_shuffle

    def visit_Gather(self, stmt):
        return self.run_gather

    def visit_Move(self, stmt):
        return self.run_move

    def visit_DealEach(self, stmt):
        return self.run_deal_each

    def visit_DealEvenly(self, stmt):
        return self.run_deal_evenly

    def visit_Draw(self, stmt):
        return self.run_draw

    def visit_If(self, stmt):
        return self.run_if

    def visit_While(self, stmt):
        return self.run_while

    def visit_Repeat(self, stmt):
        return self.run_repeat

    def visit_ForPlayers(self, stmt):
        return self.run_for_players

    def visit_Trick(self, stmt):
        return self.run_trick

    def visit_EndGame(self, stmt):
        return self.run_end_game

    def visit_Gap(self, stmt):
        return self.run_end_game

    def visit_Standing(self, stmt):
        return self.run_end_game if stmt.kind == "draw" else self.forget_writes

    def visit_ForEach(self, stmt):
        return self.forget_writes

    def visit_RepeatTimes(self, stmt):
        return self.forget_writes

    def visit_ChooseValue(self, stmt):
        return self.forget_writes

    def visit_ForGroups(self, stmt):
        return self.forget_writes

    def visit_Assign(self, stmt):
        return self.forget_writes

    def visit_ChooseCard(self, stmt):
        return self.forget_writes

    def visit_ChooseCards(self, stmt):
        return self.forget_writes

    def visit_ChooseOption(self, stmt):
        return self.forget_writes

    def visit_ChooseSuit(self, stmt):
        return self.forget_writes

    def visit_Bid(self, stmt):
        return self.forget_writes


def follow_all(model, engine) -> list[Run]:
    """One run per allowed player count and reading variant, shared by the checks."""

    def compute():
        evaluator = Evaluator(model, engine)
        variants = reading_variants(model)
        runs = []
        for players in model.players:
            defaults = PileTracker(
                model, engine, evaluator, players, variants[0], deck_for(engine, players, variants[0], model)
            )
            runs.append(defaults.follow())
            for readings in variants[1:]:
                deck = deck_for(engine, players, readings, model)
                same = _as_under(defaults, readings, deck)
                runs.append(same or PileTracker(model, engine, evaluator, players, readings, deck).follow())
        return runs

    return cached(model, "piles", compute)


def _as_under(done: PileTracker, readings: dict, deck: list[int] | None) -> Run | None:
    """The run `done` made, as made under `readings` with this deck, when it cannot differ: the
    follower is deterministic, and reads the readings only through the state's `r_` fields and
    the deck it starts with; a run that never asked for the field of any reading that changed,
    from the same deck, takes the same path to the same records. None when it may differ."""
    run = done.run
    changed = differing(run.readings, readings)
    if deck != run.deck or any("r_" + name in done.looked_at for name in changed):
        return None
    records = [replace(record, readings=readings) for record in run.records]
    return Run(run.players, readings, deck, records)
