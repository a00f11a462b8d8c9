"""What a seat observes of teams, knocked-out seats, a house and a simultaneous pass: exactly what
it may know, through the engine API, on the small rule files of tests/data/standings/ and
tests/fixtures/language/."""

from __future__ import annotations

import functools
import json
import pathlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsl import load_game
from dsl.runtime import observe

ROOT = pathlib.Path(__file__).resolve().parent
FILES = sorted((ROOT / "data" / "standings").glob("*.cardrules")) + sorted(
    (ROOT / "fixtures" / "language").glob("*.cardrules")
)
CASES = [(path, players) for path in FILES for players in load_game(path).RULES["players"]]


@functools.cache
def engine(name: str):
    return load_game(next(p for p in FILES if p.stem == name))


def played(mod, players: int, seed: int, moves: int):
    state, rng = mod.new_game(players, seed=seed), random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def slices(state) -> dict[str, tuple[int, int]]:
    """The tensor's slices by name, as `observe.layout` lays them out for this engine."""
    mod = type(state)
    parts = observe.layout(mod._ZONES, mod._VARS, mod._N_CARDS, len(mod._OPTIONS), state.n, mod._OBSERVED)
    out, start = {}, 0
    for name, width in parts:
        out[name] = (start, start + width)
        start += width
    return out


def part(tensor: list[float], state, name: str) -> list[float]:
    start, end = slices(state)[name]
    return tensor[start:end]


def hidden_shuffled(state, seat: int, seed: int):
    """A copy of `state` with every card hidden from `seat` put somewhere else among the hidden
    places: other seats' hands, hidden piles, and the picks other seats hold back in a pass."""
    other = state.clone()
    places = []  # (list, index) of each hidden card
    for attr, _name, per_player, visibility, grouped in other._ZONES:
        value = getattr(other, attr)
        for owner, pile in enumerate(value) if per_player else [(None, value)]:
            seen = visibility == "everyone" or (visibility == "owner" and owner == seat)
            if not seen and not grouped:
                places.extend((pile, i) for i in range(len(pile)))
    for attr in observe.extras_of(other).held:
        setattr(other, attr, [list(entry) for entry in getattr(other, attr)])
        places.extend((entry, 0) for entry in getattr(other, attr) if entry[2] != seat)
    cards = [where[i] for where, i in places]
    random.Random(seed).shuffle(cards)
    for (where, i), card in zip(places, cards, strict=True):
        where[i] = card
    return other


def view(state, seat: int) -> tuple:
    return state.observation_tensor(seat), json.dumps(state.observation(seat), sort_keys=True)


# ---------------------------------------------------------------- shapes


@pytest.mark.parametrize("path,players", CASES, ids=[f"{p.stem}-{n}" for p, n in CASES])
def test_every_tensor_along_a_match_has_the_shape_rules_announce(path, players):
    mod = load_game(path)
    (size,) = mod.RULES["observation_shape"][players]
    assert max(end for _start, end in slices(mod.new_game(players, seed=0)).values()) == size
    state, rng = mod.new_game(players, seed=3), random.Random(3)
    for _ in range(150):
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            assert len(tensor) == size and all(isinstance(x, float) for x in tensor)
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))


def test_games_without_teams_house_knockouts_or_passes_keep_their_layout():
    briscola = engine("briscola_short")
    assert briscola.State._OBSERVED is None
    names = [name for name, _width in observe.layout(*_tables(briscola), 2, None)]
    assert names[-2:] == ["current player", "led suit"]
    assert not any(word in name for name in names for word in ("team", "out", "held", "house"))
    assert "teams" not in briscola.new_game(2, seed=0).observation(0)


def _tables(mod) -> tuple:
    return mod.State._ZONES, mod.State._VARS, mod.State._N_CARDS, len(mod.State._OPTIONS)


# ---------------------------------------------------------------- teams


def test_fixed_partners_are_in_every_seat_s_observation():
    state = played(engine("short_whist"), 4, seed=1, moves=9)
    for seat in range(4):
        observation, tensor = state.observation(seat), state.observation_tensor(seat)
        assert observation["teams"] == [[0, 2], [1, 3]] == state.teams()
        mine, partner = part(tensor, state, "team[+0]"), part(tensor, state, "team[+2]")
        assert mine == partner and sum(mine) == 1.0
        assert part(tensor, state, "team[+1]") == part(tensor, state, "team[+3]") != mine


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 40))
def test_teams_formed_in_play_are_observed_as_they_stand(seed, moves):
    mod = engine("called_partner")
    players = 4 + seed % 2
    state = played(mod, players, seed, moves)
    names = mod.RULES["teams"]["names"]
    teams = state.teams()
    for seat in range(players):
        assert state.observation(seat)["teams"] == teams
        tensor = state.observation_tensor(seat)
        for k in range(players):
            other = (seat + k) % players
            block = part(tensor, state, f"team[+{k}]")
            team_of_other = next(i for i, members in enumerate(teams) if other in members)
            assert block.count(1.0) == 1 and len(block) == len(names)
            # seats in one team read one slot, seats in two teams two slots
            for j in range(players):
                other_block = part(tensor, state, f"team[+{j}]")
                assert (other_block == block) == (((seat + j) % players) in teams[team_of_other])


def test_the_called_partner_shows_in_the_team_slots_once_called():
    mod = engine("called_partner")
    for seed in range(30):
        state, rng = mod.new_game(4, seed=seed), random.Random(seed)
        # Everyone starts a defender; the bidder joins the declarers, then the partner he calls.
        while not state.is_terminal() and sorted(map(len, state.teams())) != [2, 2]:
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            declarers = state.teams()[0] if 0 in state.teams()[0] else state.teams()[1]
            for seat in range(4):
                tensor = state.observation_tensor(seat)
                a, b = ((s - seat) % 4 for s in declarers)
                assert part(tensor, state, f"team[+{a}]") == part(tensor, state, f"team[+{b}]")
            return
    pytest.fail("no match of 30 reached the call of a partner")


# ---------------------------------------------------------------- knocked-out seats


def test_seats_knocked_out_are_observed_and_never_play_again():
    mod = engine("knockout_whist")
    knocked = 0
    for seed in range(6):
        state, rng = mod.new_game(4, seed=seed), random.Random(seed)
        out_before: set = set()
        while not state.is_terminal():
            out = set(state.observation(0)["out"])
            assert out >= out_before, "a seat came back in"
            assert state.current_player not in out
            for seat in range(4):
                assert state.observation(seat)["out"] == sorted(out)
                flags = part(state.observation_tensor(seat), state, "out")
                assert flags == [1.0 if (seat + k) % 4 in out else 0.0 for k in range(4)]
            out_before = out
            state.apply(rng.choice(state.legal_actions()))
        knocked += len(state.observation(0)["out"])
        assert sorted(set(range(4)) - set(state.observation(0)["out"])) == state.winners()
    assert knocked > 0


# ---------------------------------------------------------------- a house


def test_the_house_s_public_cards_are_in_every_seat_s_tensor():
    mod = engine("small_blackjack")
    for players in (1, 3):
        state = played(mod, players, seed=5, moves=1)
        house_hand = state.observation(0)["zones"]["hand"][players]
        assert len(house_hand) >= 2
        for seat in range(players):
            plane = part(state.observation_tensor(seat), state, "hand[house] cards")
            shown = sorted(state._CARD_TEXT[c] for c, v in enumerate(plane) if v == 1.0)
            assert shown == sorted(house_hand)


# ---------------------------------------------------------------- a simultaneous pass


def in_pass(players: int, seed: int, picks: int):
    """Hearts after `picks` random card choices of the first pass (3 per seat, seat by seat)."""
    return played(engine("hearts_short"), players, seed, picks)


@pytest.mark.parametrize("players", [3, 4])
def test_a_seat_sees_the_cards_it_passes_and_no_one_else_does(players):
    rng = random.Random(players)
    state = engine("hearts_short").new_game(players, seed=players)
    picked: dict[int, list[str]] = {seat: [] for seat in range(players)}
    for _ in range(3 * players - 1):  # the first pass up to its last pick, which delivers them all
        chooser, card = state.current_player, rng.choice(state.legal_actions())
        picked[chooser].append(state._CARD_TEXT[card])
        state.apply(card)
        for seat in range(players):
            observation = state.observation(seat)
            held = observation["held_back"]
            assert sorted(held[seat]) == sorted(picked[seat])
            assert all(held[o] == {"hidden": True, "count": len(picked[o])} for o in range(players) if o != seat)
            plane = part(state.observation_tensor(seat), state, "held back[+0] cards")
            assert sorted(state._CARD_TEXT[c] for c, v in enumerate(plane) if v) == sorted(picked[seat])
            # Another seat's picks are named nowhere in this seat's observation (the first pass of
            # a match: no card has been played to the table or taken yet).
            text = json.dumps(observation, ensure_ascii=False)
            others = [card for other in range(players) if other != seat for card in picked[other]]
            assert not any(f'"{card}"' in text for card in others)
    state.apply(rng.choice(state.legal_actions()))
    for seat in range(players):  # delivered: the cards now lie in the receivers' hands
        held = state.observation(seat)["held_back"]
        assert held[seat] == [] and all(held[o]["count"] == 0 for o in range(players) if o != seat)


@pytest.mark.parametrize("players", [3, 4])
def test_swapping_a_seat_s_own_held_pick_with_a_hidden_card_changes_its_tensor(players):
    state = in_pass(players, seed=7, picks=players + 1)  # everyone has picked at least one card
    seat = 0
    mine = observe.held_back(state, seat)
    assert mine
    other = state.clone()
    attr = observe.extras_of(other).held[0]
    setattr(other, attr, [list(entry) for entry in getattr(other, attr)])
    hidden_hand = other.z_hand[1]
    entry = next(e for e in getattr(other, attr) if e[2] == seat)
    entry[0], hidden_hand[0] = hidden_hand[0], entry[0]
    assert other.observation_tensor(seat) != state.observation_tensor(seat)
    assert other.observation_tensor(2) == state.observation_tensor(2)  # seat 2 sees neither


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 30), players=st.sampled_from([3, 4]))
def test_a_seat_s_view_never_depends_on_cards_hidden_from_it(seed, moves, players):
    state = in_pass(players, seed, moves)
    for seat in range(players):
        assert view(hidden_shuffled(state, seat, seed), seat) == view(state, seat)


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 60),
    name=st.sampled_from(["short_whist", "called_partner", "knockout_whist", "small_blackjack"]),
)
def test_teams_out_and_house_never_show_a_hidden_card(seed, moves, name):
    mod = engine(name)
    players = mod.RULES["players"][seed % len(mod.RULES["players"])]
    state = played(mod, players, seed, moves)
    for seat in range(players):
        assert view(hidden_shuffled(state, seat, seed), seat) == view(state, seat)


# ---------------------------------------------------------------- resampled worlds during a pass


def every_card(state) -> list[int]:
    """The cards of every zone and every held-back pick of `state` (a card twice: twice)."""
    cards = []
    for attr, _name, per_player, _visibility, grouped in state._ZONES:
        value = getattr(state, attr)
        for pile in value if per_player else [value]:
            cards.extend(c for group in pile for c in group) if grouped else cards.extend(pile)
    for attr in observe.extras_of(state).held:
        cards.extend(card for card, _dest, _by in getattr(state, attr))
    return cards


def test_a_world_resampled_during_a_pass_holds_every_card_once_and_the_seat_s_own_picks():
    for seed in range(5):
        state = in_pass(4, seed, picks=4)  # seat 0 has picked its three cards, seat 1 one
        deck = sorted(every_card(state))
        for seat in range(4):
            world = state.resample(seat, random.Random(seed))
            assert sorted(every_card(world)) == deck, f"seed {seed}, seat {seat}"
            assert observe.held_back(world, seat) == observe.held_back(state, seat)
            assert view(world, seat) == view(state, seat)
