"""Names vulture cannot see being used: they are called by name at run time.

Vulture runs over `dsl` with this file; see
`[tool.vulture]` in pyproject.toml for the name patterns of the visitors."""

# ruff: noqa
from dsl.api import Compiled
from dsl.ast.build import AstBuilder
from dsl.cli.source import GraphFormat
from dsl.runtime.combos import Scoring
from dsl.sim import plot, stats

_ = Compiled
_.__cardrules_path__  # set on every loaded engine module, for its users

GraphFormat.dot  # a choice of `cardrules graph --format`

# Used by the tests only; kept as part of the statistics and plotting interface.
stats.stdev
plot.write_plot
Scoring.best_groups

# Lark calls one method of the tree builder per grammar rule.
AstBuilder.all_where
AstBuilder.ambiguity_decl
AstBuilder.amount_all
AstBuilder.amount_card
AstBuilder.amount_middle
AstBuilder.amount_top
AstBuilder.amount_where
AstBuilder.and_expr
AstBuilder.any_where
AstBuilder.as_group
AstBuilder.assign_stmt
AstBuilder.best_of
AstBuilder.bid_stmt
AstBuilder.block
AstBuilder.call
AstBuilder.card_list
AstBuilder.card_literal
AstBuilder.card_pattern
AstBuilder.cards_decl
AstBuilder.cards_where
AstBuilder.choose_card_stmt
AstBuilder.choose_cards_stmt
AstBuilder.choose_option_stmt
AstBuilder.choose_suit_stmt
AstBuilder.cite
AstBuilder.comparison
AstBuilder.count_of
AstBuilder.deal_each
AstBuilder.deal_evenly
AstBuilder.deck_copies
AstBuilder.deck_jokers
AstBuilder.deck_line
AstBuilder.deck_when
AstBuilder.default_decl
AstBuilder.draw_stmt
AstBuilder.elif_clause
AstBuilder.else_any
AstBuilder.else_clause
AstBuilder.end_stmt
AstBuilder.example_decl
AstBuilder.example_expect
AstBuilder.example_players
AstBuilder.example_setup
AstBuilder.extreme
AstBuilder.false
AstBuilder.flow_decl
AstBuilder.for_each_stmt
AstBuilder.for_groups_stmt
AstBuilder.for_players_stmt
AstBuilder.game_header
AstBuilder.gap_stmt
AstBuilder.gather_stmt
AstBuilder.has_test
AstBuilder.highest_of
AstBuilder.if_expr
AstBuilder.if_stmt
AstBuilder.is_not_test
AstBuilder.is_test
AstBuilder.leftover_decl
AstBuilder.legality
AstBuilder.lowest_decl
AstBuilder.move_stmt
AstBuilder.name
AstBuilder.neg
AstBuilder.none
AstBuilder.not_op
AstBuilder.number
AstBuilder.of_op
AstBuilder.or_expr
AstBuilder.or_pass
AstBuilder.order_line
AstBuilder.pattern_decl
AstBuilder.per_player
AstBuilder.per_player_flag
AstBuilder.player_list
AstBuilder.player_order
AstBuilder.player_range
AstBuilder.players_cond
AstBuilder.players_decl
AstBuilder.players_in
AstBuilder.players_where
AstBuilder.rank_literal
AstBuilder.rank_span
AstBuilder.rank_word
AstBuilder.reading_case
AstBuilder.reading_decl
AstBuilder.reading_is
AstBuilder.reading_switch
AstBuilder.repeat_stmt
AstBuilder.rest_to
AstBuilder.result_decl
AstBuilder.reusable_decl
AstBuilder.scoring_decl
AstBuilder.scoring_of
AstBuilder.shape_ranks
AstBuilder.shape_same_rank
AstBuilder.shape_sequence
AstBuilder.shape_sum
AstBuilder.shared
AstBuilder.shuffle_stmt
AstBuilder.source_decl
AstBuilder.start
AstBuilder.stmt
AstBuilder.string
AstBuilder.suit_literal
AstBuilder.sum_of
AstBuilder.test_empty
AstBuilder.test_pattern
AstBuilder.tie_by_reading
AstBuilder.tie_case
AstBuilder.tie_fixed
AstBuilder.trick_follow
AstBuilder.trick_lead
AstBuilder.trick_play
AstBuilder.trick_players
AstBuilder.trick_stmt
AstBuilder.trick_take
AstBuilder.trick_winner
AstBuilder.trigger_decl
AstBuilder.true
AstBuilder.tuple_literal
AstBuilder.value_entry
AstBuilder.value_face
AstBuilder.value_line
AstBuilder.value_none
AstBuilder.value_number
AstBuilder.value_of
AstBuilder.var_decl
AstBuilder.var_visibility
AstBuilder.variant_of
AstBuilder.while_stmt
AstBuilder.win_by
AstBuilder.win_if
AstBuilder.win_rule
AstBuilder.win_where
AstBuilder.winners_decl
AstBuilder.zone_decl
AstBuilder.zone_grouped
AstBuilder.zone_ref
AstBuilder.zone_visibility
AstBuilder.sum_expr

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
engine.take_middle
engine.take_card
engine.sum_values
engine.highest
engine.seats_from
engine.distinct_kinds
engine.deal_round_robin
engine.expectation
engine.tie_break
faults.guard_examples
Scoring.best_of

# The typed visitor bases, and the check the exhaustiveness test calls, while the stages move onto them.
from dsl.ast import visitor

visitor.StmtVisitor
visitor.ExprVisitor
visitor.missing_methods

# Dead, in a stage another change is rewriting: removed by the owner of that stage.
from dsl.lint import effects

