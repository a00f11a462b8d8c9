"""The third round of specialisation: what each pass promises, tested against the plain version it
replaces (seeded play of every game is pinned by `test_match_hashes` besides)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dsl import load_game
from dsl.api import module_from_source
from dsl.compiler.inline import inline_blocks
from dsl.compiler.program import Program
from dsl.runtime import engine as rt
from tests.conftest import ROOT

GENERATED = sorted((ROOT / "generated").glob("*.py"))


# ---------------------------------------------------------------- runtime helpers


def dealt_one_at_a_time(source, n, per_player, start):
    hands = [[] for _ in range(n)]
    for _ in range(per_player):
        for i in range(n):
            hands[(start + i) % n].append(source.pop())
    return hands


@given(
    cards=st.lists(st.integers(0, 60), max_size=60),
    n=st.integers(1, 8),
    per_player=st.integers(-1, 8),
    start=st.integers(0, 7),
)
@settings(max_examples=200, deadline=None)
def test_dealing_by_slices_gives_every_seat_what_one_card_at_a_time_gives(cards, n, per_player, start):
    if per_player * n > len(cards):
        return
    expected_source, source = list(cards), list(cards)
    expected = dealt_one_at_a_time(expected_source, n, per_player, start)
    hands = [[] for _ in range(n)]
    rt.deal_round_robin(source, hands, per_player, start, 1)
    assert hands == expected and source == expected_source


def test_the_seat_table_holds_every_order_round_the_table():
    table = rt.seat_orders(8)
    for n in range(1, 9):
        for start in range(n):
            assert list(table[n][start]) == rt.seats_from(start, n)


@given(st.lists(st.tuples(st.integers(0, 7), st.integers(-3, 3)), max_size=8), st.sampled_from(["highest", "lowest"]))
def test_seats_with_their_keys_pick_the_seats_of_the_best_key_in_order(keyed, which):
    picked = rt.extreme_keyed(keyed, which)
    if not keyed:
        assert picked == []
        return
    best = (max if which == "highest" else min)(key for _, key in keyed)
    assert picked == [seat for seat, key in keyed if key == best]
    assert all(key <= best if which == "highest" else key >= best for _, key in keyed)


# ---------------------------------------------------------------- block inlining


def program(blocks: list[list[str]], names: list[str]) -> Program:
    prog = Program()
    prog.blocks, prog.block_names = [list(b) for b in blocks], list(names)
    return prog


def test_a_block_one_jump_leads_to_is_written_out_there():
    prog = program(
        [
            ["    return 1  # to _a"],
            ["    s.v_x = 1", "    if s.v_x:", "        return 2  # to _b", "    return 0  # to _start"],
            ["    s.v_y = 2", "    return 1  # to _a"],
        ],
        ["_start", "_a", "_b"],
    )
    inline_blocks(prog, 52)
    assert "        s.v_y = 2" in prog.blocks[1]  # `_a` goes on with `_b`'s code itself
    assert any("unreachable" in line for line in prog.blocks[2])  # a stub keeps its number


def test_a_choice_of_cards_moves_only_into_a_block_that_can_run_again():
    decide_cards = "    return s._decide(s.l_q, _legal, 3, 10)  # then _chosen"
    decide_options = "    return s._decide(s.l_q, [52, 53], 3, 10)  # then _chosen"
    for decision, moves in ((decide_cards, False), (decide_options, True)):
        prog = program(
            [
                ["    return 1  # to _next"],
                ["    s.loop_index1 += 1", "    return 2  # to _ask"],  # a loop's step: not to be run twice
                ["    s.hits[0] += 1", decision],
                ["    return 1  # to _next"],
            ],
            ["_start", "_next", "_ask", "_chosen"],
        )
        inline_blocks(prog, 52)
        assert any("_decide" in line for line in prog.blocks[1]) is moves


def test_a_choice_of_cards_moves_into_a_block_that_only_counts_and_tests():
    prog = program(
        [
            ["    s.hits[1] += 1", "    if s.v_x > 1:", "        return 1  # to _ask", "    return 2  # to _other"],
            ["    return s._decide(0, _legal, 3, 10)  # then _chosen"],
            ["    return 3  # to _chosen"],
            ["    return 0  # to _start"],
        ],
        ["_start", "_ask", "_other", "_chosen"],
    )
    inline_blocks(prog, 52)
    assert any("_decide" in line for line in prog.blocks[0])


@pytest.mark.parametrize("path", GENERATED, ids=lambda p: p.stem)
def test_nothing_still_run_goes_to_an_inlined_block(path):
    source = path.read_text(encoding="utf-8")
    engine = module_from_source(source, path.stem)
    names = [block.__name__ for block in engine.State._BLOCKS]
    functions = re.split(r"\n(?=def )", source)
    stubs = {f.split("(")[0][4:] for f in functions if f.startswith("def ") and "'unreachable'" in f}
    for f in functions:
        name = f.split("(")[0][4:]
        if not f.startswith("def ") or name in stubs:
            continue
        for target in (
            re.findall(r"return (\d+)  # to", f)
            + re.findall(r"_decide\([^,]+, .+, (\d+), \d+\)", f)
            + re.findall(r"s\.pc, s\.asked_at = [^,]+, [^,]+, (\d+), \d+", f)
        ):
            assert names[int(target)] not in stubs, f"{name} goes on at the inlined {names[int(target)]}"


# ---------------------------------------------------------------- trigger guard


def test_a_drawn_card_that_fits_no_trigger_pattern_calls_no_trigger(monkeypatch):
    engine = load_game(str(ROOT / "games" / "jailbreak.cardrules"))
    played = []
    for players in (3, 5):
        for seed in range(30):
            state, rng = engine.new_game(players, seed), random.Random(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            played.append((state.history, state.returns()))
    calls = []
    for i in range(3):
        trigger = getattr(engine, f"_trigger_{i}")
        monkeypatch.setattr(
            engine, f"_trigger_{i}", lambda s, card, player, t=trigger: (calls.append(card), t(s, card, player))[1]
        )
    again = []
    for players in (3, 5):
        for seed in range(30):
            state, rng = engine.new_game(players, seed), random.Random(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            again.append((state.history, state.returns()))
    assert again == played
    assert calls and all(engine.MAY_FIRE_HAND[card] for card in calls)
    special = {c for c in range(52) if engine.IS_RED_A[c] or engine.IS_BLACK_A[c] or engine.IS_RED_J[c]}
    assert {c for c in range(52) if engine.MAY_FIRE_HAND[c]} == special
