"""Editor support: the VS Code extension's files, the Pygments lexer and the keyword help, all
kept in step with the grammar and the language reference."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, String

from dsl.syntax.lalr import lark_parser
from dsl.tools.highlight import CardrulesLexer, grammar_keywords, textmate_grammar
from dsl.tools.lsp_docs import build_keyword_docs
from dsl.tools.lsp_keyword_docs import KEYWORD_DOCS
from tests.conftest import GAMES, ROOT

VSCODE = ROOT / "editors" / "vscode"


def lark_words() -> set[str]:
    """The fixed words of the grammar as the parser sees them: its literal terminals and the
    lower-case alternatives of its word-like pattern terminals."""
    words = set()
    for terminal in lark_parser().terminals:
        pattern = terminal.pattern.value
        if terminal.pattern.type == "str" and re.fullmatch(r"[a-z_]+", pattern):
            words.add(pattern)
        elif terminal.name in ("VISIBILITY", "WHICH", "TIE_RULE", "GROUPING", "SPLITTING", "COLOR", "EXTREME"):
            bare = re.sub(r"\(\?![^)]*\)|\[[^\]]*\]|\?:", "", pattern)  # lookaheads, classes
            words |= set(re.findall(r"[a-z]+", bare))
    return words


def test_the_grammar_keywords_are_exactly_the_words_of_the_parser():
    assert set(grammar_keywords()) == lark_words()
    assert {"zone", "shuffle", "reading", "owner", "highest", "gap"} <= set(grammar_keywords())


def test_the_textmate_grammar_is_generated_from_the_grammar_keywords():
    committed = json.loads((VSCODE / "syntaxes" / "cardrules.tmLanguage.json").read_text(encoding="utf-8"))
    assert committed == textmate_grammar(), "regenerate it: python -m dsl.tools.highlight > ...tmLanguage.json"
    (keyword_rule,) = [p for p in committed["patterns"] if p["name"].startswith("keyword.control")]
    listed = re.fullmatch(r"\\b\(\?:(.*)\)\\b", keyword_rule["match"]).group(1).split("|")
    assert set(listed) == lark_words()


def test_the_extension_manifest_is_valid_and_points_at_existing_files():
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    for field in ("name", "version", "publisher", "engines", "main", "contributes"):
        assert field in manifest, field
    assert (VSCODE / manifest["main"]).is_file()
    assert "vscode-languageclient" in manifest["dependencies"]
    (language,) = manifest["contributes"]["languages"]
    assert language["id"] == "cardrules" and ".cardrules" in language["extensions"]
    assert (VSCODE / language["configuration"]).is_file()
    (grammar,) = manifest["contributes"]["grammars"]
    assert grammar["language"] == language["id"] and (VSCODE / grammar["path"]).is_file()
    assert grammar["scopeName"] == textmate_grammar()["scopeName"]
    command = manifest["contributes"]["configuration"]["properties"]["cardrules.server.command"]["default"]
    assert command == ["cardrules", "lsp"]
    assert '"cardrules"' in (VSCODE / manifest["main"]).read_text(encoding="utf-8")


def test_the_language_configuration_knows_comments_brackets_and_quotes():
    config = json.loads((VSCODE / "language-configuration.json").read_text(encoding="utf-8"))
    assert config["comments"]["lineComment"] == "#"
    assert ["{", "}"] in config["brackets"]
    assert {"open": '"', "close": '"', "notIn": ["string", "comment"]} in config["autoClosingPairs"]


def test_the_pygments_lexer_tells_keywords_names_numbers_strings_comments_and_citations():
    text = 'zone hand per player seen by owner  @ru:13 "Карты" # a pile\nvar total: int = 50\n'
    tokens = [(kind, value) for kind, value in CardrulesLexer().get_tokens(text) if value.strip()]
    assert (Keyword, "zone") in tokens and (Keyword, "owner") in tokens and (Name, "hand") in tokens
    assert (Name.Decorator, "@ru:13") in tokens and (String.Double, '"Карты"') in tokens
    assert (Comment.Single, "# a pile") in tokens and (Number.Integer, "50") in tokens
    assert (Name, "total") in tokens  # a name that begins like a keyword is still a name


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.stem)
def test_every_seed_game_lexes_without_errors(game):
    tokens = CardrulesLexer().get_tokens(game.read_text(encoding="utf-8"))
    assert not [value for kind, value in tokens if kind is Error]


def test_pygments_finds_the_lexer_through_its_entry_point():
    assert isinstance(get_lexer_by_name("cardrules"), CardrulesLexer)
    assert isinstance(get_lexer_for_filename("x.cardrules"), CardrulesLexer)
    done = subprocess.run(
        [sys.executable, "-m", "pygments", "-l", "cardrules", "-f", "html"],
        input='game "x"\n',
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert '<span class="k">game</span>' in done.stdout


def test_the_keyword_help_table_is_up_to_date_with_the_language_reference():
    reference = (ROOT / "docs" / "LANGUAGE.md").read_text(encoding="utf-8")
    assert KEYWORD_DOCS == build_keyword_docs(reference), (
        "regenerate it: python -m dsl.tools.lsp_docs docs/LANGUAGE.md > dsl/tools/lsp_keyword_docs.py"
    )
    assert set(grammar_keywords()) - set(KEYWORD_DOCS) <= {"black", "wins", "last", "true", "with", "false"}
    assert "hand of p" in KEYWORD_DOCS["zone"] and KEYWORD_DOCS["shuffle"].startswith("**shuffle** (Flow)")
