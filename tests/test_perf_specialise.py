"""What the compiler's specialisations promise: the generated code takes the short path
(no jump to a block that only jumps on, counts against zero as `any`, winner rules without
lists, twinned cards de-duplicated only when held); that the games still play as they did is
pinned by `test_match_hashes`, and ties of winner rules by `test_language_tricks`."""

from __future__ import annotations

import re

import pytest

from dsl import load_game
from dsl.api import compile_source, module_from_source
from tests.conftest import ROOT

JUMP = re.compile(r"^\s*return (\d+)  # to \w+$")
GENERATED = sorted((ROOT / "generated").glob("*.py"))


def blocks_of(source: str) -> dict[str, list[str]]:
    """Each top-level function of a generated module: its code lines, comments left out."""
    out: dict[str, list[str]] = {}
    name = None
    for line in source.splitlines():
        match = re.match(r"def (\w+)\(", line)
        if match:
            name = match[1]
            out[name] = []
            continue
        if name and line.startswith("    ") and not line.strip().startswith("#"):
            out[name].append(line)
        elif line and not line.startswith((" ", ")")):
            name = None
    return out


@pytest.mark.parametrize("path", GENERATED, ids=lambda p: p.stem)
def test_no_jump_goes_to_a_block_that_only_jumps_on(path):
    source = path.read_text(encoding="utf-8")
    engine = module_from_source(source, path.stem)
    names = [block.__name__ for block in engine.State._BLOCKS]
    bodies = blocks_of(source)
    forwarders = {i for i, name in enumerate(names) if len(bodies[name]) == 1 and JUMP.match(bodies[name][0])}
    for name, lines in bodies.items():
        for line in lines:
            jump = JUMP.match(line)
            if jump and name in names:
                target = int(jump[1])
                # A forwarder may remain the target only inside a cycle of forwarders.
                assert target not in forwarders or names[target] == name, f"{name}: {line.strip()}"


def test_a_count_compared_with_zero_becomes_any_and_counts_the_same():
    # `while (count players q where not hand of q is empty) > 0`: every seat's entry of the hands
    # tested at once, in C, with no list of the seats built.
    source = (ROOT / "generated" / "thirteens.py").read_text(encoding="utf-8")
    block = [line.strip() for line in blocks_of(source)["_while_123_check"]]
    test = [line for line in block if not line.startswith("_rec = ")][0]  # after the recorder's read
    assert test == "if not any(s.z_hand):"


def test_a_winner_rule_builds_no_candidate_list():
    # The winner rules run in the block of the trick's last turn (the resolve block is inlined).
    source = (ROOT / "generated" / "thirteens.py").read_text(encoding="utf-8")
    turn = "\n".join(blocks_of(source)["_trick_124_turn"])
    assert "_cands" not in turn and "tie_break" not in turn
    assert turn.count("for _i, c") == 4  # one pass per winner rule


@pytest.mark.parametrize("players", [3, 4, 6])
def test_twinned_jokers_are_still_one_action_and_other_cards_are_all_offered(players):
    engine = load_game(str(ROOT / "games" / "thirteens.cardrules"))
    both_jokers_offered = held_both = 0
    for seed in range(40):
        state = engine.new_game(players=players, seed=seed)
        hand = state.z_hand[state.current_player]
        legal = state.legal_actions()
        kinds = [engine.KIND[c] for c in legal]
        assert len(kinds) == len(set(kinds))  # one action per kind of card
        assert {engine.KIND[c] for c in hand} == set(kinds)  # the leader may lead any card he holds
        both_jokers_offered += 52 in legal and 53 in legal
        held_both += 52 in hand and 53 in hand
    assert both_jokers_offered == 0
    assert held_both > 0  # (the case the de-duplication is for did come up)


def compiled_source(path) -> str:
    compiled = compile_source(path.read_text(encoding="utf-8"), str(path))
    assert compiled.ok, [d.message for d in compiled.diagnostics]
    return compiled.source


@pytest.mark.parametrize(
    "path, jokers",
    [(ROOT / "games" / "jailbreak.cardrules", 0), (ROOT / "games" / "thirteens.cardrules", 2)],
    ids=["standard", "standard-and-jokers"],
)
def test_an_engine_of_the_standard_deck_shares_its_tables(path, jokers):
    source = compiled_source(path)
    assert f"CARD_TEXT, RANK, SUIT, COLOR, KIND = _rt.standard_deck({jokers})" in source
    assert "\nCARD_TEXT = (" not in source
    engine = module_from_source(source, path.stem)
    assert len(engine.CARD_TEXT) == 52 + jokers and engine.CARD_TEXT[0] == "2♠" and engine.CARD_TEXT[51] == "A♣"
    assert engine.SUIT[13] == 1 and engine.RANK[12] == 12 and engine.COLOR[26] == 1  # A♠, 2♥ and 2♦


@pytest.mark.parametrize(
    "path",
    [
        ROOT / "tests" / "data" / "diagnostics" / "deck_named_suits_clean.cardrules",
        ROOT / "tests" / "fixtures" / "language" / "euchre_short.cardrules",
        ROOT / "games" / "prisoners.cardrules",
    ],
    ids=["named-suits", "cards-left-out", "two-packs"],
)
def test_any_other_deck_keeps_its_own_tables(path):
    source = compiled_source(path)
    assert "standard_deck" not in source
    assert "\nCARD_TEXT = (" in source and "\nKIND = (" in source
