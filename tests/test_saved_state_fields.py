"""`from_json` takes a saved state only when every field holds what the engine declares for it.

A saved state is data from anywhere. Each field of a mid-game state is replaced in turn by
values of the wrong type or range (text, none, floats, negatives, huge numbers, lists of the
wrong length, nested lists, a card twice, unknown and missing fields): `from_json` either
refuses it with `BadArgument` (a `ValueError`) naming the field, or the state it loads answers
every call of the engine API with a result or a `RuleGap` / `IllegalAction`, never a bare
Python error. Every state the engines save themselves still loads."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from dsl import load_game
from dsl.runtime.errors import BadArgument, IllegalAction, RuleGap

from .conftest import GAMES, ROOT

FUZZED_GAMES = [
    ROOT / "games" / "thirteens.cardrules",
    ROOT / "games" / "jailbreak.cardrules",
    ROOT / "games" / "prisoners.cardrules",
    ROOT / "games" / "classics" / "bridge.cardrules",
    ROOT / "games" / "classics" / "cribbage.cardrules",
    ROOT / "games" / "classics" / "belote.cardrules",
]
HUGE = 10**30
EVERY_GAME = GAMES + sorted((ROOT / "games" / "classics").glob("*.cardrules"))


def engine_for(path):
    return load_game(str(path))


def mid_game(engine, decisions: int = 7, seed: int = 3):
    """A state some random decisions into a match at the game's smallest table."""
    state = engine.new_game(players=engine.RULES["players"][0], seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def wrong_values(value) -> list:
    """Values a field should not hold, given the one it holds."""
    out = ["a", "", None, 3.5, -1, -7, HUGE, -HUGE, True, [], [[]], [["a"]], [None], [3.5], {"a": 1}, [HUGE]]
    if isinstance(value, int) and not isinstance(value, bool):
        out += [value + 1, value + 1000, [value]]
    if isinstance(value, list):
        out += [value + value[:1], value[:-1], [value], value + [0], [-1] + value[1:], value + [HUGE]]
        if value and isinstance(value[0], list):
            out += [[v + v[:1] for v in value], [["a"]] * len(value), [None] * len(value), [[HUGE]] * len(value)]
            out += [value[:-1], value + [[]]]
    if isinstance(value, dict):
        out += [{**value, "unknown": "x"}, {k: 99 for k in value}, {}]
    return out


def mutations(saved: dict):
    """(what was changed, the damaged saved state) for each field and each wrong value of it."""
    fields = saved["fields"]
    for name, value in fields.items():
        for wrong in wrong_values(value):
            damaged = copy.deepcopy(saved)
            damaged["fields"][name] = wrong
            yield f"{name}={wrong!r}"[:120], name, damaged
        missing = copy.deepcopy(saved)
        del missing["fields"][name]
        yield f"without {name}", name, missing
    unknown = copy.deepcopy(saved)
    unknown["fields"]["z_unknown"] = []
    yield "unknown field", "z_unknown", unknown


def duplicated_card(engine, saved: dict):
    """The saved state with one card of a zone put again into another zone (or the same one)."""
    fields = copy.deepcopy(saved["fields"])
    zones = [attr for attr, *_ in engine.State._ZONES]
    placed = [(attr, c) for attr in zones for c in flat(fields[attr])]
    attr, card = placed[0]
    other = next(z for z in zones if z != attr)
    target = fields[other]
    while target and isinstance(target[0], list):
        target = target[0]
    if isinstance(target, list) and (not target or not isinstance(target[0], list)):
        target.append(card)
    return {**saved, "fields": fields}


def flat(value) -> list:
    if isinstance(value, list):
        return [c for v in value for c in flat(v)]
    return [value]


def every_call_answers(state, players: int) -> None:
    """Each call of the engine API on a loaded state, each allowed only its documented errors."""
    calls = [
        state.to_json,
        state.legal_actions,
        state.returns,
        state.winners,
        state.clone,
        state.is_terminal,
        state.teams,
        lambda: repr(state),
    ]
    calls += [lambda seat=seat: state.observation(seat) for seat in range(players)]
    calls += [lambda seat=seat: state.observation_tensor(seat) for seat in range(players)]
    for call in calls:
        try:
            call()
        except (RuleGap, IllegalAction):
            pass
    legal = state.legal_actions()
    if legal and not state.is_terminal():
        try:
            state.apply(legal[0])
            state.to_json()
            state.returns()
        except (RuleGap, IllegalAction):
            pass


def load_or_refuse(engine, damaged: dict, field: str, players: int) -> str | None:
    """None when the damaged state is refused well or loads into a working state, else why not."""
    try:
        state = engine.from_json(damaged)
    except BadArgument as refused:
        if field not in str(refused) and "rng" != field:
            return f"refused without naming the field: {refused}"
        return None
    except Exception as exc:  # noqa: BLE001 (the point: anything else is a defect)
        return f"from_json raised {type(exc).__name__}: {exc}"
    try:
        every_call_answers(state, players)
    except Exception as exc:  # noqa: BLE001
        return f"loaded, then {type(exc).__name__}: {exc}"
    return None


@pytest.mark.parametrize("path", FUZZED_GAMES, ids=[p.stem for p in FUZZED_GAMES])
def test_every_wrong_field_is_refused_or_harmless(path):
    engine = engine_for(path)
    state = mid_game(engine)
    saved = state.to_json()
    players = state.n
    failures = []
    for what, field, damaged in mutations(saved):
        why = load_or_refuse(engine, damaged, field, players)
        if why is not None:
            failures.append(f"{what}: {why}")
    assert not failures, f"{len(failures)} damaged saved states got through:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize("path", FUZZED_GAMES, ids=[p.stem for p in FUZZED_GAMES])
def test_a_card_in_two_places_is_refused(path):
    engine = engine_for(path)
    saved = mid_game(engine).to_json()
    with pytest.raises(BadArgument, match="in one place only"):
        engine.from_json(duplicated_card(engine, saved))


@pytest.mark.parametrize("path", FUZZED_GAMES[:3], ids=[p.stem for p in FUZZED_GAMES[:3]])
def test_a_card_from_outside_the_deck_is_refused(path):
    engine = engine_for(path)
    saved = mid_game(engine).to_json()
    hand = next(attr for attr, _name, per_player, *_ in engine.State._ZONES if per_player)
    saved["fields"][hand][0].append(engine.State._N_CARDS + 5)
    with pytest.raises(BadArgument, match=hand):
        engine.from_json(saved)


def test_the_refusal_is_a_value_error_naming_field_and_reason():
    engine = engine_for(FUZZED_GAMES[0])
    saved = mid_game(engine).to_json()
    saved["fields"]["done"] = None
    with pytest.raises(ValueError, match=r"'done'.*(true or false|bool)"):
        engine.from_json(saved)
    saved = mid_game(engine).to_json()
    saved["fields"]["z_deck"] = ["a"]
    with pytest.raises(BadArgument, match="'z_deck'"):
        engine.from_json(saved)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_plain_value_in_any_field_is_refused_or_harmless(data):
    path = data.draw(st.sampled_from(FUZZED_GAMES[:3]), label="game")
    engine = engine_for(path)
    saved = mid_game(engine).to_json()
    field = data.draw(st.sampled_from(sorted(saved["fields"])), label="field")
    saved["fields"][field] = data.draw(JSON_VALUES, label="value")
    why = load_or_refuse(engine, saved, field, saved["players"])
    assert why is None, why


@pytest.mark.parametrize("path", EVERY_GAME, ids=[p.stem for p in EVERY_GAME])
def test_every_state_an_engine_saves_loads_again(path):
    """Over random matches of every game, every few decisions: the checks refuse nothing real."""
    engine = engine_for(path)
    for players in engine.RULES["players"][:2]:
        for seed in range(2):
            state = engine.new_game(players=players, seed=seed)
            rng = random.Random(seed)
            for step in range(400):
                if step % 5 == 0 or state.is_terminal():
                    saved = state.to_json()
                    assert engine.from_json(saved).to_json() == saved
                if state.is_terminal():
                    break
                try:
                    state.apply(rng.choice(state.legal_actions()))
                except RuleGap:
                    break


@pytest.mark.slow
def test_a_native_engine_refuses_the_same_wrong_fields(tmp_path, monkeypatch):
    """A native state restores through the same checks (`NativeState` keeps `from_json`)."""
    pytest.importorskip("Cython")
    monkeypatch.setenv("CARDRULES_CACHE", str(tmp_path))
    path = FUZZED_GAMES[0]
    native = load_game(str(path), native=True)
    saved = mid_game(native).to_json()
    failures = []
    for what, field, damaged in mutations(saved):
        why = load_or_refuse(native, damaged, field, saved["players"])
        if why is not None:
            failures.append(f"{what}: {why}")
    assert not failures, "\n".join(failures[:40])


@pytest.mark.parametrize("internal", [[-1] * 625, [2**40] * 625, [2**32] + [0] * 624])
def test_a_damaged_random_generator_state_is_refused(internal):
    engine = engine_for(FUZZED_GAMES[0])
    saved = mid_game(engine).to_json()
    saved["fields"]["rng"] = [saved["fields"]["rng"][0], internal, None]
    with pytest.raises(BadArgument, match="random generator"):
        engine.from_json(saved)


@pytest.mark.parametrize("path", EVERY_GAME, ids=[p.stem for p in EVERY_GAME])
def test_a_loop_holding_items_of_another_kind_is_refused(path):
    # A loop waiting at a decision keeps the seats, cards, groups or counts it goes through in a
    # field of the state: each entry must be what the loop hands its name next.
    engine = engine_for(path)
    accepted = []
    saved = mid_game(engine, decisions=0).to_json()
    for field in [name for name in saved["fields"] if name.startswith("loop_items")]:
        for wrong in ([[[0]]], [-1], [10**6], [None]):
            damaged = copy.deepcopy(saved)
            damaged["fields"][field] = wrong
            try:
                engine.from_json(damaged)
            except BadArgument as refused:
                assert field in str(refused)
            else:
                accepted.append(f"{field}={wrong!r}")
    assert not accepted, "accepted: " + ", ".join(accepted[:20])


@pytest.mark.parametrize(
    "change",
    [
        {"legal": []},  # a seat to move with nothing to choose: legal_actions() is never empty then
        {"legal": [10**6]},  # an action beyond the game's actions
        {"legal": "twice"},  # the same action offered twice
        {"cur": -1},  # nobody to move in a match still going
        {"done": True},  # an ended match with a seat still to move
    ],
    ids=["no-legal", "beyond", "twice", "nobody", "ended"],
)
@pytest.mark.parametrize("path", FUZZED_GAMES[:2] + EVERY_GAME[-1:], ids=lambda p: p.stem)
def test_a_decision_that_does_not_fit_the_match_is_refused(path, change):
    engine = engine_for(path)
    saved = mid_game(engine).to_json()
    fields = saved["fields"]
    assert not fields["done"] and fields["legal"]
    if change.get("legal") == "twice":
        change = {"legal": fields["legal"] + fields["legal"][:1]}
    fields.update(change)
    with pytest.raises(BadArgument, match=f"field '({'|'.join(change)}|cur|legal|done)'"):
        engine.from_json(saved)
