"""Names vulture cannot see being used: they are called by name at run time.

Vulture runs over `dsl` with this file; see
`[tool.vulture]` in pyproject.toml for the name patterns of the visitors."""

# ruff: noqa
from dsl.agents import SeatView
from dsl.api import Compiled
from dsl.cli.source import GraphFormat
from dsl.runtime.combos import Scoring
from dsl.runtime.engine import BaseState
from dsl.sim import plot, stats

_ = Compiled
_.__cardrules_path__  # set on every loaded engine module, for its users

GraphFormat.dot  # a choice of `cardrules graph --format`

# Used by the tests only; kept as part of the statistics and plotting interface.
stats.stdev
plot.write_plot
Scoring.best_groups

# The runtime as generated engines call it (the compiler writes these names into engine source).
from dsl.runtime import engine, faults

engine.Snapshot
engine.BaseState
engine.BaseState._setup
engine.BaseState._copy_base_into
engine.BaseState._decide
engine.BaseState._finish
engine.BaseState.from_json
engine.take_top
engine.table_codes  # called by the native flavour's code (dsl/native/helpers.py)
engine.take_one
engine.take_middle
engine.take_card
engine.sum_values
engine.highest
engine.seats_from
engine.distinct_kinds
engine.deal_round_robin
engine.expectation
engine.tied_winner
engine.twins
engine.seat_orders
engine.extreme_keyed
engine.cards_where
engine.place_bottom
engine.place_random
engine.random_pick
engine.played_by
engine.hold_back
# The helpers of teams, houses and knocked-out seats that engines call.
engine.in_play_from
engine.next_in_play
engine.deal_to_seats
engine.partner
engine.share_team
engine.team_value
engine.team_numbers
faults.guard_examples
Scoring.best_of
engine.repeat_count  # a `repeat N times` whose count is computed
engine.BaseState._start_recording  # new_game(..., record=True)
# The records of a match that records its events, written by the lowering behind `if _rec:`.
from dsl.runtime import events

events.record_shuffle
events.deal_sizes
events.record_deal
events.record_draw
events.record_gather
events.record_set
events.record_play
events.record_trick_end
events.record_held

# Called by name by their frameworks: OpenSpiel's IS-MCTS, pygls' feature dispatch, and the tests'
# and fuzzing run's in-process language server.
from dsl.integrations import openspiel
from dsl.tools import lsp_protocol, lsp_session

openspiel.CardrulesState.resample_from_infostate
lsp_protocol.CardrulesProtocol.lsp_text_document__did_change
lsp_session.InProcessSession.initialize

# The typed visitor bases, and the check the exhaustiveness test calls, while the stages move onto them.
from dsl.ast import visitor

visitor.StmtVisitor
visitor.ExprVisitor
visitor.missing_methods

# Dead, in a stage another change is rewriting: removed by the owner of that stage.
from dsl.lint import effects


# Citations of the clauses of a trick: kept in the AST for the tools that show or check citations.
nodes.Trick.clause_cites

# Pygments finds the lexer through the `pygments.lexers` entry point and reads these attributes.
from dsl.tools.highlight import CardrulesLexer

CardrulesLexer.aliases
CardrulesLexer.filenames

# click reads these: the root options (`--version`) and the type column of `--help`.
from dsl.cli import shared

shared._main_options
shared.plain_flags.metavar  # `param.metavar = ""` hides the `<bool>` of a flag in `--help`

# The learning-library wrappers: their libraries call these by name (pyspiel, PettingZoo,
# Gymnasium), and engines call `explicit_game` from `new_game`.
from dsl.integrations import gym as _gym, openspiel as _openspiel, pettingzoo as _pettingzoo
from dsl.runtime import chance as _chance

_gym.CardrulesSeatEnv.metadata
_gym.CardrulesSeatEnv.observation_space
_gym.CardrulesSeatEnv.action_space
_openspiel.load
_openspiel.CardrulesGame.new_initial_state
_openspiel.CardrulesGame.make_py_observer
_openspiel.CardrulesState._legal_actions
_openspiel.CardrulesState._apply_action
_openspiel.CardrulesState._action_to_string
_openspiel._Observer.set_from
_openspiel._Observer.string_from
_openspiel._InfoStateObserver.set_from
_openspiel._InfoStateObserver.string_from
_pettingzoo.CardrulesEnv.metadata
_pettingzoo.CardrulesEnv.observation_space
_pettingzoo.CardrulesEnv.action_space
_chance.ExplicitState.chance_kind
_chance.ExplicitState.chance_slot  # public: where the seeded generator put the card of a card node
_chance.explicit_game
_chance.ScriptedRng.gauss_next  # read by random.Random.getstate when a state is cloned

# The agent interface: what plug-in agents call.
SeatView.sample_world

BaseState._clone_base  # called by every generated engine's clone()

# The parser's table loader, as Lark calls it (it stands in for Lark's own class).
from dsl.syntax import tables

tables.CompactTableParser.deserialize

object.__hash__  # set to None on the node classes (dsl.ast.node_class): read by hash()
