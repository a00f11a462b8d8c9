"""The checked model: semantics collects everything later stages need, then hands the model on
frozen, with its types as `Type` members that still read as their names."""

from __future__ import annotations

import dataclasses

import pytest

from dsl.api import compile_source, module_from_source
from dsl.ast.visitor import ExprVisitor, StmtVisitor
from dsl.semantics.exprtypes import ExpressionTyper
from dsl.semantics.typecheck import TypeChecker
from dsl.semantics.types import Type

AUCTION = """game "Auction"
players 2
cards {
  deck standard
}
zone deck shared seen by nobody
zone hand per player seen by owner
var trump: suit = none
var high: int = 0
flow {
  shuffle deck
  deal 1 from deck to hand each
  0 chooses suit as trump
  1 bids high from 10 to 10
  for each player q {
    for each c in hand of q {
      high += 1
    }
  }
}
"""


def compiled_auction():
    compiled = compile_source(AUCTION, "auction.cardrules")
    assert compiled.ok, [f"{d.span.line}: {d.message}" for d in compiled.diagnostics if d.is_error]
    return compiled


def test_a_bid_without_pass_still_has_its_pass_action_among_the_options():
    model = compiled_auction().model
    assert model.options == ("pass",)


def test_each_action_of_a_suit_choice_and_a_bid_without_pass_is_named_for_what_it_does():
    compiled = compiled_auction()
    state = module_from_source(compiled.source, "auction").new_game(2)
    assert [state.action_str(a) for a in state.legal_actions()] == ["suit ♠", "suit ♥", "suit ♦", "suit ♣"]
    state.apply(state.legal_actions()[0])
    assert [state.action_str(a) for a in state.legal_actions()] == ["bid 10"]


def test_locals_are_collected_with_their_types():
    model = compiled_auction().model
    assert {name: local.type for name, local in model.locals.items()} == {"q": Type.PLAYER, "c": Type.CARD}


def test_a_later_stage_cannot_change_the_checked_model():
    model = compiled_auction().model
    with pytest.raises(dataclasses.FrozenInstanceError):
        model.options = ("pass", "double")
    with pytest.raises(TypeError):
        model.locals["extra"] = model.locals["q"]
    with pytest.raises(AttributeError):
        model.options.append("double")
    with pytest.raises(AttributeError):
        model.__dict__  # noqa: B018 - no instance dictionary to hide a memo in


def test_a_type_compares_and_reads_as_its_name():
    assert Type.CARD == "card" and "per-player" == Type.PER_PLAYER
    assert f"a {Type.CARDS}" == "a cards" and repr(Type.CARD) == repr("card")
    assert {"card": 1}[Type.CARD] == 1


def test_expression_types_are_type_members():
    model = compiled_auction().model
    (bid,) = [stmt for stmt in model.game.flow.stmts if type(stmt).__name__ == "Bid"]
    assert type(bid.low.type) is Type and bid.low.type is Type.INT


def test_the_checkers_are_registered_stage_visitors():
    assert TypeChecker in StmtVisitor.registry
    assert ExpressionTyper in ExprVisitor.registry
