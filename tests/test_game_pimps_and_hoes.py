"""Pimps & Hoes: the rules of games/pimps_and_hoes.cardrules, checked through the engine API.

Positions are reached by playing seeded random games and read back through `to_json()`; every
check recomputes what the Russian text prescribes independently of the engine.
"""

from __future__ import annotations

import functools
import json
import random
from itertools import combinations
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from dsl import check_source, load_game
from dsl.cli import app
from dsl.lint.examples import example_account

RULE_FILE = "games/pimps_and_hoes.cardrules"
ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SINGLE_DRAW = {"tie": "draw"}  # one game per match: structure tests need no replay
runner = CliRunner()


@pytest.fixture(scope="module")
def engine(root):
    return load_game(str(root / RULE_FILE))


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def card_of(state, action: int) -> str:
    text = state.action_str(action)
    assert text.startswith("play ")
    return text[len("play ") :]


def play_random(state, rng, until=None):
    """Random legal actions until the match ends or `until(state)` holds."""
    while not state.is_terminal():
        if until is not None and until(state):
            return state
        state.apply(rng.choice(state.legal_actions()))
    return state


def finished(engine, players, seed, readings=None):
    state = engine.new_game(players=players, seed=seed, readings=readings)
    return play_random(state, random.Random(seed))


# --------------------------------------------------------------------------- dealing and trump


@pytest.mark.parametrize("players, per_hand", [(2, 26), (4, 13)])
def test_shown_trump_card_goes_back_and_all_52_are_dealt(engine, players, per_hand):
    for seed in range(10):
        j = engine.new_game(players=players, seed=seed).to_json()
        hands = j["zones"]["hand"]
        assert [len(h) for h in hands] == [per_hand] * players  # ru:8 "сдается поровну"
        assert j["zones"]["turned"] == [] and j["zones"]["aside"] == []
        assert len({c for h in hands for c in h}) == 52
        # the same seed under set_aside shows the same card: under returned it sits in a hand
        shown = engine.new_game(players=players, seed=seed, readings={"trump_card": "set_aside"}).to_json()
        (card,) = shown["zones"]["turned"]
        assert any(card in h for h in hands)
        assert j["vars"]["trump"] == shown["vars"]["trump"] == suit(card)
        # "показывается всем": every seat knows which card was shown, even after it is dealt
        state = engine.new_game(players=players, seed=seed)
        assert all(state.observation(p)["vars"]["shown"] == card for p in range(players))


@pytest.mark.parametrize("players, per_hand, over", [(2, 25, 1), (4, 12, 3)])
def test_set_aside_keeps_the_shown_card_out_and_deals_51(engine, players, per_hand, over):
    state = engine.new_game(players=players, seed=3, readings={"trump_card": "set_aside"})
    j = state.to_json()
    assert [len(h) for h in j["zones"]["hand"]] == [per_hand] * players
    assert len(j["zones"]["aside"]) == over
    (card,) = j["zones"]["turned"]
    assert j["vars"]["trump"] == suit(card)  # ru:8 "масть этой карты обозначает козырь"
    for seat in range(players):  # "показывается всем": every seat sees it
        assert state.observation(seat)["zones"]["turned"] == [card]


def test_first_lead_is_left_of_dealer(engine):
    for players in (2, 4):
        for seed in range(20):
            state = engine.new_game(players=players, seed=seed)
            dealer = state.to_json()["vars"]["dealer"]
            assert state.current_player == (dealer + 1) % players
            # the first to act chooses stage cards from the hand, then leads the first trick
            play_random(state, random.Random(seed), until=lambda s: s.to_json()["zones"]["table"] != [])
            j = state.to_json()
            assert j["vars"]["leader"] == (dealer + 1) % players
            assert len(j["zones"]["table"]) == 1


# --------------------------------------------------------------------------- stages


def stage_log(engine, players, seed, readings):
    """Per stage: the seats in the order they chose and how many cards each chose; and the hand
    sizes at the end."""
    state = engine.new_game(players=players, seed=seed, readings=readings)
    rng = random.Random(seed)
    stages, picking = [], False
    while not state.is_terminal():
        j = state.to_json()
        p = state.current_player
        action = rng.choice(state.legal_actions())
        in_hand = card_of(state, action) in j["zones"]["hand"][p]
        if in_hand:
            if not picking:
                stages.append([])
                picking = True
            if not stages[-1] or stages[-1][-1][0] != p:
                stages[-1].append([p, 0])
            stages[-1][-1][1] += 1
        else:
            assert card_of(state, action) in j["zones"]["stage"][p]
            if picking:  # the first lead of the stage: every stage holds what was chosen
                assert [len(z) for z in j["zones"]["stage"]] == [stages[-1][0][1]] * players
                assert j["vars"]["leader"] == stages[-1][0][0] == p
            picking = False
        state.apply(action)
    return stages, [len(h) for h in state.to_json()["zones"]["hand"]]


@pytest.mark.parametrize("players, sizes", [(2, [7, 5, 5, 5]), (4, [5, 3, 3])])
def test_stages_of_7_5_5_5_and_5_3_3(engine, players, sizes):
    for seed in range(5):
        stages, _ = stage_log(engine, players, seed, SINGLE_DRAW)
        assert [[n for _, n in stage] for stage in stages] == [[size] * players for size in sizes]
        for stage in stages:  # every player chooses, clockwise from the leader
            seats = [p for p, _ in stage]
            assert seats == [(seats[0] + i) % players for i in range(players)]


@pytest.mark.parametrize(
    "players, reading, left", [(2, "returned", 4), (4, "returned", 2), (2, "set_aside", 3), (4, "set_aside", 1)]
)
def test_cards_left_in_hand_after_all_stages(engine, players, reading, left):
    # ru:8 "у каждого игрока должно остаться по 4 карты": true only for 2 players, all 52 dealt
    _, hands = stage_log(engine, players, 1, {**SINGLE_DRAW, "trump_card": reading})
    assert hands == [left] * players


def test_leftover_cards_do_not_score(engine):
    # ru:8 "которые участия в игре не принимают": the 4 cards kept in hand are not counted
    would_differ = 0
    for seed in range(30):
        state = finished(engine, 2, seed, SINGLE_DRAW)
        j = state.to_json()
        for p in range(2):
            taken, kept = j["zones"]["taken"][p], j["zones"]["hand"][p]
            assert len(kept) == 4
            assert state.returns()[p] == best_seven(taken)
            would_differ += best_seven(taken + kept) != best_seven(taken)
    assert would_differ > 0  # counting the kept cards would have changed some score


# --------------------------------------------------------------------------- tricks


def play_decisions(engine, players, seeds, readings=None):
    """Yield (state, json) at every decision where a card is played to the table."""
    for seed in seeds:
        state = engine.new_game(players=players, seed=seed, readings=readings)
        rng = random.Random(seed)
        while not state.is_terminal():
            j = state.to_json()
            p = state.current_player
            if card_of(state, state.legal_actions()[0]) in j["zones"]["stage"][p]:
                yield state, j
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 4])
def test_follow_suit_else_trump_else_any(engine, players):
    forced_trump = free = 0
    for state, j in play_decisions(engine, players, range(15), SINGLE_DRAW):
        p = state.current_player
        stage = j["zones"]["stage"][p]
        legal = sorted(card_of(state, a) for a in state.legal_actions())
        led, trump = j["vars"]["led"], j["vars"]["trump"]
        if not j["zones"]["table"]:
            assert legal == sorted(stage)  # the leader plays any card
            continue
        expected = [c for c in stage if suit(c) == led]
        if not expected:
            expected = [c for c in stage if suit(c) == trump]
            if expected and len(expected) < len(stage):
                forced_trump += 1
        if not expected:
            expected = stage
            free += 1
        assert legal == sorted(expected)
    assert forced_trump > 0 and free > 0


def trick_outcomes(engine, players, seeds, readings):
    """(table cards, their seats, trump, seat that took the trick) for each completed trick."""
    for state, j in play_decisions(engine, players, seeds, readings):
        table = j["zones"]["table"]
        if len(table) != players - 1:
            continue
        p = state.current_player
        leader = j["vars"]["leader"]
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            k = after.to_json()
            cards = table + [card_of(state, action)]
            seats = [(leader + i) % players for i in range(players)]
            assert seats[-1] == p
            gained = [len(k["zones"]["taken"][q]) - len(j["zones"]["taken"][q]) for q in range(players)]
            taker = gained.index(players)
            assert k["vars"]["winner"] == taker
            if not after.is_terminal() and k["zones"]["table"] == [] and any(k["zones"]["stage"]):
                assert k["vars"]["leader"] == taker  # ru:8 "получает право первого хода"
            yield cards, seats, j["vars"]["trump"], taker


def highest(cards):
    return max(cards, key=lambda c: ORDER.index(rank(c)))


@pytest.mark.parametrize("players", [2, 4])
def test_trump_takes_the_trick_by_default(engine, players):
    trumped = 0
    for cards, seats, trump, taker in trick_outcomes(engine, players, range(8), SINGLE_DRAW):
        led = suit(cards[0])
        trumps = [c for c in cards if suit(c) == trump]
        best = highest(trumps) if trumps else highest([c for c in cards if suit(c) == led])
        assert taker == seats[cards.index(best)]
        trumped += led != trump and bool(trumps)
    assert trumped > 0


@pytest.mark.parametrize("players", [2, 4])
def test_led_only_reading_ignores_trumps(engine, players):
    discarded = 0
    for cards, seats, trump, taker in trick_outcomes(engine, players, range(8), {**SINGLE_DRAW, "trumps": "led_only"}):
        led = suit(cards[0])
        assert taker == seats[cards.index(highest([c for c in cards if suit(c) == led]))]
        discarded += led != trump and any(suit(c) == trump for c in cards)
    assert discarded > 0


# --------------------------------------------------------------------------- scoring

PAIRS = {("K", "Q"): 8, ("J", "Q"): 7, ("Q", "Q"): 5, ("K", "K"): 5, ("J", "J"): 3, ("J", "K"): 4}
SINGLES = {"K": 2, "Q": 2, "J": 1}
WITH_ACE = {"Q": 10, "K": 5, "J": 4}


@functools.lru_cache(maxsize=None)
def faces_score(faces: tuple, ace: bool) -> int:
    """Best count of face cards used once each: alone, in a listed pair, or with an ace."""
    if not faces:
        return 0
    first, rest = faces[0], faces[1:]
    best = SINGLES[first] + faces_score(rest, ace)
    if ace:
        best = max(best, WITH_ACE[first] + faces_score(rest, ace))
    for i, other in enumerate(rest):
        pair = PAIRS.get(tuple(sorted((first, other))))
        if pair:
            best = max(best, pair + faces_score(rest[:i] + rest[i + 1 :], ace))
    return best


def score(ranks) -> int:
    aces = sum(r == "A" for r in ranks)  # every ace 8, and again with each face card
    return 8 * aces + faces_score(tuple(sorted(r for r in ranks if r in "JQK")), aces > 0)


def best_seven(cards) -> int:
    useful = sorted(rank(c) for c in cards if rank(c) in ("A", "K", "Q", "J"))
    if not useful:
        return 0
    return max(score(pick) for pick in set(combinations(useful, min(7, len(useful)))))


def test_reference_scores_the_worked_example():
    assert score(["A", "Q", "Q", "K", "J", "10", "7"]) == 37  # ru:44


@pytest.mark.parametrize("players", [2, 4])
def test_score_is_the_best_seven_captured_cards(engine, players):
    aces_and_faces = 0
    for seed in range(40):
        state = finished(engine, players, seed, SINGLE_DRAW)
        taken = state.to_json()["zones"]["taken"]
        assert state.returns() == [float(best_seven(t)) for t in taken]
        aces_and_faces += any(rank(c) == "A" for c in taken[0]) and any(rank(c) in "KQJ" for c in taken[0])
    assert aces_and_faces > 0


# --------------------------------------------------------------------------- equal scores


def tied_draw(engine, players):
    for seed in range(2000):
        state = finished(engine, players, seed, SINGLE_DRAW)
        if len(state.winners()) > 1:
            return seed, state
    pytest.fail("no tied game found")


@pytest.mark.parametrize("players", [2, 4])
def test_equal_top_scores_draw_or_new_game(engine, players):
    seed, drawn = tied_draw(engine, players)
    top = max(drawn.returns())
    assert drawn.winners() == [p for p, v in enumerate(drawn.returns()) if v == top]
    # the same game under the default reading does not end: a new game is dealt by the next dealer
    replay = engine.new_game(players=players, seed=seed)
    first_dealer = replay.to_json()["vars"]["dealer"]
    for action in drawn.to_json()["history"]:
        replay.apply(action)
    assert not replay.is_terminal()
    j = replay.to_json()
    assert j["vars"]["dealer"] == (first_dealer + 1) % players
    assert all(t == [] for t in j["zones"]["taken"])
    assert replay.current_player == (first_dealer + 2) % players
    play_random(replay, random.Random(seed))
    assert len(replay.winners()) == 1


def test_default_reading_always_ends_with_one_winner(engine):
    for seed in range(150):
        assert len(finished(engine, 4, seed).winners()) == 1


# --------------------------------------------------------------------------- examples and CLI


def test_example_verdicts(root):
    text = (root / RULE_FILE).read_text(encoding="utf-8")
    lines = text.splitlines()
    found = check_source(text, RULE_FILE)
    assert not [d for d in found if d.severity == "error"]
    # an example that holds under no reading is a contradiction carrying the example's account
    accounts = [(d, account) for d in found if (account := example_account(d)) is not None]
    by_title = {
        msg.split("'")[1]: SimpleNamespace(message=msg, notes=notes, span=d.span) for d, (msg, notes) in accounts
    }
    assert set(by_title) == {
        "After all stages each of 2 players has 4 cards left",
        "After all stages each of 4 players has 4 cards left",
        "A player takes 7 of the dealt cards, with 4 players too",
    }
    assert by_title["A player takes 7 of the dealt cards, with 4 players too"].notes[0] == "holds under no reading"
    two = by_title["After all stages each of 2 players has 4 cards left"]
    assert "holds under the default readings but not under all" in two.message
    assert "trump_card=set_aside" not in two.notes[0]  # 25 cards each leave 3
    four = by_title["After all stages each of 4 players has 4 cards left"]
    assert "does not hold" in four.message and four.notes[0] == "holds under no reading"
    assert "expect size of hand of 0" in lines[four.span.line - 1]


def test_worked_example_37_is_live(root):
    text = (root / RULE_FILE).read_text(encoding="utf-8")
    assert "A + Q => 10" in text
    broken = text.replace("A + Q => 10", "A + Q => 9")
    titles = [account[0] for d in check_source(broken, RULE_FILE) if (account := example_account(d))]
    assert any("A-Q-Q-K-J-10-7 scores 37" in t for t in titles)
    # an ace that were not reusable could pair with one face card only
    single_use = text.replace("  reusable A ", "  # reusable A ")
    titles = [account[0] for d in check_source(single_use, RULE_FILE) if (account := example_account(d))]
    assert any("A-Q-Q-K-J-10-7 scores 37" in t for t in titles)


def test_rules_metadata(engine):
    amb = {a["name"]: (a["readings"], a["default"]) for a in engine.RULES["ambiguities"]}
    assert amb == {
        "trump_card": (["returned", "set_aside"], "returned"),
        "trumps": (["win", "led_only"], "win"),
        "tie": (["replay", "draw"], "replay"),
    }
    assert engine.RULES["players"] == [2, 4]
    with pytest.raises(ValueError):
        engine.new_game(players=3, seed=0)


def test_cli_validate_and_simulate(root, tmp_path, monkeypatch):
    monkeypatch.chdir(root)
    result = runner.invoke(app, ["validate", RULE_FILE, "--format", "json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["files"][0]["diagnostics"]
    codes = [d["code"] for d in found]
    # The example that holds under no reading is one contradiction carrying its mismatch as a note.
    merged = [d for d in found if any(note.startswith("example-mismatch:") for note in d["notes"])]
    assert codes.count("ambiguity") == 3 and codes.count("example-mismatch") + len(merged) == 3
    for players, reading in [
        (2, []),
        (4, []),
        (4, ["--reading", "trumps=led_only"]),
        (2, ["--reading", "trump_card=set_aside"]),
    ]:
        out = tmp_path / f"sim{players}.json"
        result = runner.invoke(
            app, ["simulate", RULE_FILE, "--players", str(players), "--games", "20", "--json", str(out), *reading]
        )
        assert result.exit_code == 0, result.output
        data = json.loads(out.read_text())
        assert data["games"] == 20 and data["rule_gaps"] == [] and data["truncated"] == 0
        assert data["draws"] == 0  # a shared win counts for each of its winners:
        assert sum(data["wins"]) >= 20 + data["ties"]
