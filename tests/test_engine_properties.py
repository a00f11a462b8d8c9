"""Invariants every compiled engine must keep, checked with hypothesis on every game in games/:
no card is lost or duplicated, an observation never shows another seat's hidden cards, the same
seed and actions replay the same game, a clone is an independent copy of the whole state, and a
state saved by to_json comes back whole and plays on as the original."""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dsl import load_game
from dsl.runtime.errors import IllegalAction, RuleGap

from .conftest import GAMES
from .engine_state import differences, shared_objects, whole_state

MAX_STEPS = 400
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# For properties run once per game and player count.
PER_COUNT = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.lru_cache(maxsize=None)
def engine_for(path):
    return load_game(str(path))


def game_ids():
    return [p.stem for p in GAMES]


def all_cards(zones) -> Counter:
    counts: Counter = Counter()

    def walk(value):
        if isinstance(value, list):
            for item in value:
                walk(item)
        else:
            counts[value] += 1

    for value in zones.values():
        walk(value)
    return counts


def play(state, seed: int, steps: int = MAX_STEPS, each=None) -> RuleGap | None:
    """Random legal moves; `each(state)` after every one. Stops at a rule gap (returned; the
    state is then left as the gap found it) or at the step cap."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return None
        try:
            state.apply(rng.choice(state.legal_actions()))
        except RuleGap as gap:
            return gap
        if each:
            each(state)
    return None


def game_and_player_counts():
    return [
        pytest.param(path, players, id=f"{path.stem}-{players}")
        for path in GAMES
        for players in engine_for(path).RULES["players"]
    ]


def new_state(engine, data, seed, players=None):
    if players is None:
        players = data.draw(st.sampled_from(engine.RULES["players"]), label="players")
    readings = {}
    for amb in engine.RULES["ambiguities"]:
        readings[amb["name"]] = data.draw(st.sampled_from(amb["readings"]), label=amb["name"])
    try:
        return engine.new_game(players=players, seed=seed, readings=readings)
    except RuleGap:
        return None


@pytest.mark.parametrize("path", GAMES, ids=game_ids())
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_no_card_is_lost_or_duplicated(path, data, seed):
    engine = engine_for(path)
    state = new_state(engine, data, seed)
    if state is None:
        return

    def conserved(s):
        snapshot = s.to_json()
        assert all_cards(snapshot["zones"]) == Counter(snapshot["deck"])

    conserved(state)
    play(state, seed, each=conserved)


@pytest.mark.parametrize("path", GAMES, ids=game_ids())
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_observation_hides_other_seats_cards(path, data, seed):
    engine = engine_for(path)
    state = new_state(engine, data, seed)
    if state is None:
        return
    zones = {z["name"]: z for z in engine.RULES["zones"]}

    def hidden_properly(s):
        for seat in range(s.n):
            obs = s.observation(seat)
            if seat != s.current_player:
                assert obs["legal_actions"] == []
            for name, shown in obs["zones"].items():
                zone = zones[name]
                if not zone["per_player"]:
                    if zone["visibility"] != "everyone":
                        assert isinstance(shown, dict) and shown["hidden"]
                    continue
                for owner, cards in enumerate(shown):
                    visible = zone["visibility"] == "everyone" or (zone["visibility"] == "owner" and owner == seat)
                    if not visible:
                        assert isinstance(cards, dict) and cards["hidden"], (name, owner, seat)
                        assert set(cards) == {"hidden", "count"}
            for var in engine.RULES["vars"]:
                shown = obs["vars"][var["name"]]
                if var["visibility"] == "nobody":
                    assert shown == {"hidden": True}, var["name"]
                elif var["visibility"] == "owner":
                    assert all(v == {"hidden": True} for owner, v in enumerate(shown) if owner != seat)

    hidden_properly(state)
    play(state, seed, each=hidden_properly)


@pytest.mark.parametrize("path", GAMES, ids=game_ids())
@SETTINGS
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_same_seed_and_actions_replay_the_same_game(path, data, seed):
    engine = engine_for(path)
    state = new_state(engine, data, seed)
    if state is None:
        return
    gap = play(state, seed)
    snapshot = state.to_json()
    replay = engine.new_game(players=snapshot["players"], seed=seed, readings=snapshot["readings"])
    history = snapshot["history"]
    for action in history[:-1] if gap else history:
        replay.apply(action)
    if gap:  # the same rule gap must come back at the same action
        with pytest.raises(RuleGap) as again:
            replay.apply(history[-1])
        assert (again.value.code, again.value.line) == (gap.code, gap.line)
    assert replay.to_json() == snapshot


def play_along(state, actions) -> tuple:
    """Apply `actions` (stopping at the end or at a gap); what happened, for comparing two states."""
    trace = []
    for action in actions:
        if state.is_terminal():
            break
        trace.append(tuple(state.legal_actions()))
        try:
            state.apply(action)
        except (RuleGap, IllegalAction) as exc:
            return tuple(trace), (type(exc).__name__, getattr(exc, "code", None), getattr(exc, "line", None))
    return tuple(trace), state.returns() if state.is_terminal() else None


def future_actions(state, seed: int, steps: int) -> list[int]:
    """The actions a random player would take from `state` on (played on a clone of it)."""
    probe, rng, actions = state.clone(), random.Random(seed), []
    for _ in range(steps):
        if probe.is_terminal():
            break
        actions.append(rng.choice(probe.legal_actions()))
        try:
            probe.apply(actions[-1])
        except RuleGap:
            break
    return actions


@pytest.mark.parametrize("path, players", game_and_player_counts())
@PER_COUNT
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_clone_is_an_independent_copy_of_the_whole_state(path, players, data, seed):
    engine = engine_for(path)
    state = new_state(engine, data, seed, players)
    if state is None:
        return
    if play(state, seed, steps=data.draw(st.integers(0, 60), label="steps")) is not None:
        return  # a gap leaves the state where the fault found it; nothing to play on from
    twin = state.clone()
    assert differences(state, twin) == []
    assert shared_objects(state, twin) == []
    copy_of_twin = whole_state(twin)
    actions = future_actions(state, seed + 1, steps=30)
    original_story = play_along(state, actions)
    assert whole_state(twin) == copy_of_twin, "playing the original changed its clone"
    assert play_along(twin, actions) == original_story
    assert differences(state, twin) == []


def test_the_whole_state_comparison_catches_a_clone_that_shares_a_list():
    """The check above can fail: a clone sharing one list with its original is caught."""
    engine = engine_for(next(p for p in GAMES if p.stem == "thirteens"))
    state = engine.new_game(players=3, seed=5)
    twin = state.clone()
    twin.t_order = state.t_order
    assert shared_objects(state, twin) == ["t_order"]
    twin.t_order = state.t_order + [0]
    assert differences(state, twin) == ["t_order"]


@pytest.mark.parametrize("path, players", game_and_player_counts())
@PER_COUNT
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_a_state_saved_by_to_json_comes_back_whole_and_plays_on_identically(path, players, data, seed):
    engine = engine_for(path)
    state = new_state(engine, data, seed, players)
    if state is None:
        return
    if play(state, seed, steps=data.draw(st.integers(0, 60), label="steps")) is not None:
        return
    saved = json.loads(json.dumps(state.to_json()))  # through real JSON text
    restored = engine.from_json(saved)
    assert type(restored) is engine.State
    assert differences(state, restored) == []
    assert shared_objects(restored, state) == []
    assert restored.to_json() == state.to_json()
    actions = future_actions(state, seed + 1, steps=40)
    assert play_along(restored, actions) == play_along(state, actions)
    assert differences(state, restored) == []


@pytest.mark.parametrize("path", GAMES, ids=game_ids())
def test_illegal_action_leaves_the_state_unchanged(path):
    engine = engine_for(path)
    state = engine.new_game(players=engine.RULES["players"][0], seed=3)
    before = state.to_json()
    bad = max(state.legal_actions()) + 10_000
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert state.to_json() == before


@pytest.mark.parametrize("path", GAMES, ids=game_ids())
def test_bad_players_and_readings_are_refused(path):
    engine = engine_for(path)
    allowed = engine.RULES["players"]
    with pytest.raises(ValueError, match="players"):
        engine.new_game(players=max(allowed) + 1, seed=0)
    with pytest.raises(ValueError):
        engine.new_game(players=allowed[0], seed=0, readings={"no_such_ambiguity": "x"})
    for amb in engine.RULES["ambiguities"]:
        with pytest.raises(ValueError, match="reading"):
            engine.new_game(players=allowed[0], seed=0, readings={amb["name"]: "no_such_reading"})


@pytest.mark.parametrize("path", GAMES, ids=game_ids())
def test_a_random_match_ends_with_returns_for_every_seat(path):
    engine = engine_for(path)
    for players in engine.RULES["players"]:
        state = engine.new_game(players=players, seed=11)
        play(state, 11, steps=100_000)
        if state.is_terminal():
            assert len(state.returns()) == players
            assert state.winners() and set(state.winners()) <= set(range(players))
            assert state.current_player == -1 and state.legal_actions() == []
