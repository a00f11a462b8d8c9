"""A recorded match tells what happened, from the compiled rules: every card's move with the rule
line that made it, who saw which card, the decisions, the deals and tricks, and each value some
seat can see as it changes. Recording is asked for; a match plays the same with or without it."""

from __future__ import annotations

import json
import pathlib
import random
from collections import Counter

import pytest

from dsl import load_game
from dsl.runtime.errors import BadArgument

ROOT = pathlib.Path(__file__).resolve().parent.parent
EVENTS = ROOT / "tests" / "data" / "events"
GAMES = sorted((ROOT / "games").glob("*.cardrules")) + sorted((ROOT / "games" / "classics").glob("*.cardrules"))
KINDS = {"move", "reveal", "shuffle", "chance", "decision", "set", "deal_start", "trick_end", "deal_end", "end"}


def _engine(path: pathlib.Path):
    return load_game(str(path))


def _players(engine) -> int:
    return engine.State._PLAYERS[-1]


def _play(state, seed: int, steps: int = 400):
    """Random play; the states at each decision point (and the last), with the recorded ones."""
    rng = random.Random(seed)
    yield state
    while not state.is_terminal() and steps > 0:
        state.apply(rng.choice(state.legal_actions()))
        steps -= 1
        yield state


def _zone(engine, place: str) -> tuple[dict, int | None]:
    """The zone an event names (`hand of 2`, `deck`) and its owner."""
    name, _, owner = place.partition(" of ")
    zone = next(z for z in engine.RULES["zones"] if z["name"] == name)
    return zone, int(owner) if owner else None


def _sees(zone: dict, owner: int | None, seat: int) -> bool:
    return zone["visibility"] == "everyone" or (zone["visibility"] == "owner" and owner == seat)


def _cards_of(cards) -> list[str]:
    return [c for item in cards for c in (_cards_of(item) if isinstance(item, list) else [item])]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recording_changes_nothing_of_the_match(path):
    engine = _engine(path)
    players = _players(engine)
    plain = engine.new_game(players, seed=3)
    recorded = engine.new_game(players, seed=3, record=True)
    assert plain.events() == [] and recorded.events()
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(300):
        if plain.is_terminal():
            break
        plain.apply(rng_a.choice(plain.legal_actions()))
        recorded.apply(rng_b.choice(recorded.legal_actions()))
    assert recorded.to_json() == plain.to_json()
    assert all(event["kind"] in KINDS for event in recorded.events())
    assert "recorder" not in json.dumps(recorded.to_json()["fields"])


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_moves_recorded_explain_every_change_of_the_zones(path):
    """At every decision, each zone holds what it held before anything was recorded plus the
    cards recorded moving in, less those recorded moving out: no move is left out or made up."""
    engine = _engine(path)
    state = engine.new_game(_players(engine), seed=11, record=True)
    moved: dict[str, Counter] = {}
    seen, before = 0, None
    for at in _play(state, seed=2):
        events = at.events()
        for event in events[seen:]:
            if event["kind"] in ("move", "reveal"):
                moved.setdefault(event["from"], Counter()).subtract(event["cards"])
                moved.setdefault(event["to"], Counter()).update(event["cards"])
        seen = len(events)
        unexplained = {}
        for place, cards in _places(engine, at).items():
            rest = Counter(cards)
            rest.subtract(moved.get(place, Counter()))
            unexplained[place] = {card: k for card, k in rest.items() if k}
        before = unexplained if before is None else before
        assert unexplained == before, at.decisions
    assert all(k > 0 for held in before.values() for k in held.values())


def _places(engine, state) -> dict[str, list[str]]:
    """The cards of every zone of the state, by the name events give it."""
    out = {}
    for name, value in state.to_json()["zones"].items():
        if next(z for z in engine.RULES["zones"] if z["name"] == name)["per_player"]:
            out.update({f"{name} of {owner}": _cards_of(cards) for owner, cards in enumerate(value)})
        else:
            out[name] = _cards_of(value)
    return out


@pytest.mark.parametrize("path", GAMES + sorted(EVENTS.glob("*.cardrules")), ids=lambda p: p.stem)
def test_a_seat_sees_a_card_in_an_event_only_where_it_could_see_it(path):
    engine = _engine(path)
    players = _players(engine)
    for seed in (1, 2):
        state = engine.new_game(players, seed=seed, record=True)
        for _ in _play(state, seed=seed):
            pass
        everything = state.events()
        for seat in range(players):
            seen_by_seat = state.events(seat=seat)
            assert len(seen_by_seat) == len([e for e in everything if e["kind"] != "set" or _saw(e, seat)])
            for event in seen_by_seat:
                if event["kind"] in ("move", "reveal"):
                    (src, src_owner), (dst, dst_owner) = _zone(engine, event["from"]), _zone(engine, event["to"])
                    could = _sees(src, src_owner, seat) or _sees(dst, dst_owner, seat)
                    assert ("cards" in event) == could, (seat, event)
                    assert "count" in event or "cards" in event
                if event["kind"] == "decision" and "label" in event and event["label"].startswith("play "):
                    assert event["seat"] == seat or event["seen_by"] == "all", (seat, event)


def _saw(event: dict, seat: int) -> bool:
    return event["seen_by"] == "all" or seat in event["seen_by"]


def test_a_pass_is_a_move_from_hand_to_hand_and_a_discard_one_to_the_kitty():
    engine = _engine(EVENTS / "pass_and_discard.cardrules")
    state = engine.new_game(3, seed=4, record=True)
    for _ in _play(state, seed=4):
        pass
    moves = [e for e in state.events() if e["kind"] == "move"]
    passes = [e for e in moves if e["line"] == 22]
    assert [(e["from"], e["to"], e["seen_by"]) for e in passes] == [
        ("hand of 0", "hand of 1", [0, 1]),
        ("hand of 1", "hand of 2", [1, 2]),
        ("hand of 2", "hand of 0", [0, 2]),
    ]
    discards = [e for e in moves if e["line"] == 25]
    assert [(e["from"], e["to"], e["seen_by"]) for e in discards] == [(f"hand of {p}", "kitty", [p]) for p in range(3)]
    seat_two = state.events(seat=2)
    assert [("cards" in e, e.get("count")) for e in seat_two if e["kind"] == "move" and e["line"] == 22] == [
        (False, 1),
        (True, None),
        (True, None),
    ]
    assert all("cards" not in e for e in seat_two if e["kind"] == "move" and e["line"] == 25 and e["seat"] != 2)
    # the pass and the discard are decisions of their own, not plays of a trick
    tricks = [e for e in state.events() if e["kind"] == "trick_end"]
    assert len(tricks) == 4 and all(e["line"] == 28 for e in tricks)


def test_a_hand_dealt_three_then_two_is_one_deal():
    engine = _engine(EVENTS / "pass_and_discard.cardrules")
    state = engine.new_game(3, seed=1, record=True)
    kinds = [e["kind"] for e in state.events()]
    assert kinds.count("deal_start") == 1 and state.deals == 1
    for _ in _play(state, seed=1):
        pass
    kinds = [e["kind"] for e in state.events()]
    assert kinds.count("deal_start") == kinds.count("deal_end") == 1 and kinds[-1] == "end"


def test_a_card_nobody_could_see_is_revealed_when_it_is_played():
    engine = _engine(ROOT / "games" / "jailbreak.cardrules")
    state = engine.new_game(2, seed=4, record=True)
    dealt = [e for e in state.events(seat=0) if e["kind"] == "move" and e["to"] == "hand of 0"]
    assert dealt and all("cards" not in e and e["seen_by"] == [] for e in dealt)  # not even its owner sees it
    for _ in _play(state, seed=4):
        pass
    revealed = [e for e in state.events(seat=0) if e["kind"] == "reveal" and e["from"].startswith("hand of ")]
    assert revealed and all(e["seen_by"] == "all" and e["cards"] for e in revealed)


def test_values_some_seat_sees_are_recorded_as_they_change():
    engine = _engine(ROOT / "games" / "thirteens.cardrules")
    state = engine.new_game(4, seed=0, record=True)
    sets = {e["name"]: e for e in state.events() if e["kind"] == "set"}
    assert sets["trump"]["value"] == state.observation(0)["vars"]["trump"] and sets["trump"]["line"] > 0
    for _ in _play(state, seed=0, steps=60):
        pass
    changes = [e for e in state.events() if e["kind"] == "set" and e["name"] == "total"]
    last = {e["seat"]: e["value"] for e in changes}
    assert last and all(state.observation(0)["vars"]["total"][seat] == value for seat, value in last.items())


def test_a_clone_keeps_its_own_record_and_a_bad_seat_is_refused():
    engine = _engine(ROOT / "games" / "thirteens.cardrules")
    state = engine.new_game(4, seed=0, record=True)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(copy.events()) > len(state.events())
    with pytest.raises(BadArgument):
        state.events(seat=4)
