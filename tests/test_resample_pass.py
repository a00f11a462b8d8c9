"""`state.resample(seat, rng)` during a simultaneous pass: the seat's own held-back picks stay as
they are, another seat's are hidden cards dealt again like any other, each card in one place.

On the short Hearts of tests/fixtures/language/ (public variables: worlds are built from the last
decision) and on tests/data/resample/pass_and_keep.cardrules, whose per-seat count of hearts kept
is hidden from the other seats (worlds are replayed from the shuffle)."""

from __future__ import annotations

import functools
import json
import pathlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from dsl import load_game
from dsl import cli
from dsl.runtime import observe
from tests.test_resample import _chi_square_critical

ROOT = pathlib.Path(__file__).resolve().parent
FILES = {
    "hearts_short": ROOT / "fixtures" / "language" / "hearts_short.cardrules",
    "pass_and_keep": ROOT / "data" / "resample" / "pass_and_keep.cardrules",
}
PICKS = {"hearts_short": 3, "pass_and_keep": 2}  # cards each seat passes


@functools.cache
def engine(name: str):
    return load_game(FILES[name])


def in_pass(name: str, players: int, seed: int, picks: int):
    """The match after `picks` random card choices (the first pass: seat by seat)."""
    state, rng = engine(name).new_game(players, seed=seed), random.Random(seed)
    for _ in range(picks):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def places(state) -> list[int]:
    """Every card of every zone and every held-back pick (a card in two places: twice)."""
    cards = []
    for attr, _name, per_player, _visibility, grouped in state._ZONES:
        value = getattr(state, attr)
        for pile in value if per_player else [value]:
            cards.extend(c for group in pile for c in group) if grouped else cards.extend(pile)
    for attr in observe.extras_of(state).held:
        cards.extend(card for card, _dest, _by in getattr(state, attr))
    return cards


def view(state, seat: int) -> tuple:
    return state.observation_tensor(seat), json.dumps(state.observation(seat), sort_keys=True)


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(sorted(FILES)),
    players=st.sampled_from([3, 4]),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_every_card_is_in_one_place_and_the_seat_sees_what_it_saw(name, players, seed, data):
    picks = data.draw(st.integers(0, PICKS[name] * players + 2), label="picks")
    state = in_pass(name, players, seed, picks)
    deck = sorted(places(state))
    assert len(deck) == len(set(deck))
    for seat in range(players):
        world = state.resample(seat, random.Random(seed + seat))
        assert sorted(places(world)) == deck, f"seat {seat}"
        assert observe.held_back(world, seat) == observe.held_back(state, seat)
        for other in range(players):
            assert len(observe.held_back(world, other)) == len(observe.held_back(state, other))
        assert view(world, seat) == view(state, seat)
        assert world.current_player == state.current_player
        # The world plays on through the delivery with every card still in one place.
        rng = random.Random(seed)
        for _ in range(PICKS[name] * players + 1):
            if world.is_terminal():
                break
            world.apply(rng.choice(world.legal_actions()))
            assert sorted(places(world)) == deck


@pytest.mark.parametrize(("name", "hidden_cards"), [("hearts_short", 39), ("pass_and_keep", 20)])
def test_another_seat_s_held_back_picks_are_any_cards_hidden_from_the_seat_uniformly(name, hidden_cards):
    # Four players: seat 0 has held back all its picks, then seat 1 one card. Seat 1 has seen its
    # own hand and pick, so each other card (but those the rules set aside) is among seat 0's
    # picks in an equal share of its worlds.
    state = in_pass(name, 4, seed=3, picks=PICKS[name] + 1)
    seen = set(state.z_hand[1]) | set(observe.held_back(state, 1))
    aside = set(getattr(state, "z_aside", []))  # the small game's 2..8: set aside by rank, known
    hidden = sorted(set(places(state)) - seen - aside)
    assert len(hidden) == hidden_cards and len(observe.held_back(state, 0)) == PICKS[name]
    counts = dict.fromkeys(hidden, 0)
    rng, samples = random.Random(2025), 1500
    for _ in range(samples):
        world = state.resample(1, rng)
        assert observe.held_back(world, 1) == observe.held_back(state, 1)
        for pick in observe.held_back(world, 0):
            counts[pick] += 1
    expected = samples * PICKS[name] / len(hidden)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < _chi_square_critical(len(hidden) - 1), (chi2, counts)


@pytest.mark.parametrize("name", sorted(FILES))
def test_the_cards_a_seat_passed_stay_with_the_seat_they_went_to(name):
    players = 4
    state = in_pass(name, players, seed=8, picks=PICKS[name] * players)  # the pass just delivered
    assert not any(observe.held_back(state, seat) for seat in range(players))
    before = in_pass(name, players, seed=8, picks=PICKS[name] * players - 1)
    for seat in range(players - 1):  # the last seat's pick is the one that delivered
        passed = observe.held_back(before, seat)
        receiver = (seat + 1) % players
        assert set(passed) <= set(state.z_hand[receiver])
        for k in range(5):
            world = state.resample(seat, random.Random(k))
            assert set(passed) <= set(world.z_hand[receiver]), f"seat {seat}, world {k}"


@pytest.mark.parametrize(
    ("name", "players", "agents"),
    [
        ("pass_and_keep", 4, "mcts,greedy,random,greedy"),
        ("hearts_short", 4, "greedy,mcts,greedy,random"),
        ("pass_and_keep", 3, "mcts,mcts,greedy"),
    ],
)
def test_search_agents_play_a_game_with_a_pass_to_its_end(name, players, agents, tmp_path):
    out = tmp_path / "run.json"
    args = [str(FILES[name]), "--players", str(players), "--games", "2", "--seed", "4"]
    args += ["--agents", agents, "--budget", "8", "--quiet", "--json", str(out)]
    result = CliRunner().invoke(cli.app, ["simulate", *args])
    assert result.exit_code == 0, result.output
    summary = json.loads(out.read_text())
    assert summary["completed"] == 2 and summary["rule_gaps"] == [] and summary["truncated"] == 0


@pytest.mark.parametrize("players", [3, 4])
def test_a_pass_of_a_later_deal_is_resampled_like_the_first(players):
    # In the second deal's pass (to the right), after a deal of tricks and a new shuffle.
    state, rng = engine("hearts_short").new_game(players, seed=12), random.Random(12)
    while state.v_hand_no < 2 or len(observe.held_back(state, 0)) < PICKS["hearts_short"]:
        state.apply(rng.choice(state.legal_actions()))
    assert state.v_hand_no == 2 and not state.is_terminal()
    deck = sorted(places(state))
    for seat in range(players):
        for k in range(5):
            world = state.resample(seat, random.Random(k))
            assert sorted(places(world)) == deck
            assert observe.held_back(world, seat) == observe.held_back(state, seat)
            assert view(world, seat) == view(state, seat)
