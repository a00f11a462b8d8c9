"""The tree -> AST mapping is declared once per grammar rule: every rule that can reach the
builder is mapped, and nothing is mapped that the grammar does not have."""

from dsl.ast.build import RULES
from dsl.syntax.lalr import lark_parser

# Only used to re-parse one top-level item at a time while reporting syntax errors.
RECOVERY_ONLY = {"items"}


def _kept(expansion) -> int:
    return sum(1 for symbol in expansion if not (symbol.is_term and symbol.filter_out))


def _tree_rules() -> set[str]:
    """Names of the trees the parser can build: `_name` rules are inlined, and a `?rule` only
    makes a tree of its own where an alternative keeps more than one child."""
    names = set()
    for r in lark_parser().rules:
        if r.origin.name.startswith("_"):
            continue
        if r.alias or not r.options.expand1 or _kept(r.expansion) > 1:
            names.add(str(r.alias or r.origin.name))
    return names - RECOVERY_ONLY


def test_every_grammar_rule_is_mapped_once():
    assert sorted(_tree_rules() - set(RULES)) == []


def test_no_mapping_without_a_grammar_rule():
    assert sorted(set(RULES) - _tree_rules()) == []
