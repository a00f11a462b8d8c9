"""Syntax errors: say what was being read, what was expected, show valid text, suggest the
keyword a misspelt word meant, and recover to report several mistakes in one file."""

from __future__ import annotations

from dsl.api import check_source
from dsl.syntax.parser import MAX_SYNTAX_ERRORS, parse

HEADER = 'game "T"\nplayers 2\ncards {\n  deck standard\n}\nzone deck shared seen by nobody\n'
HAND = "zone hand per player seen by owner\n"


def errors(text: str):
    game, diagnostics = parse(text, "t.cardrules")
    assert game is None, "the text was expected not to parse"
    assert diagnostics and all(d.code == "syntax-error" and d.is_error for d in diagnostics)
    return diagnostics


def everything(d) -> str:
    return "\n".join([d.message, *d.notes, d.hint or ""])


def test_valid_text_parses():
    game, diagnostics = parse(HEADER + "flow {\n  shuffle deck\n}\n", "t.cardrules")
    assert game is not None and diagnostics == []


def test_unfinished_statement_points_at_its_end_and_says_what_comes_next():
    text = HEADER + HAND + "flow {\n  move top 1 from deck to\n}\n"
    (d,) = errors(text)
    assert d.message == "the 'move' statement on line 9 is unfinished"
    assert (d.span.line, d.span.column) == (9, len("  move top 1 from deck to") + 1)
    assert "expected next: a name" in d.notes
    assert "found '}' on line 10" in d.notes
    assert d.hint.startswith("for example:\n    move top 1 from stock to turned")


def test_end_of_file_inside_a_block_names_the_block_and_its_line():
    text = HEADER + "flow {\n  shuffle deck\n  if deck is empty {\n    shuffle deck\n  }\n"
    (d,) = errors(text)
    assert "the 'flow' block that starts on line 7 is not closed: the file ends first" == d.message
    assert "1 closing '}' is missing" in d.notes
    assert "unexpected the end" not in everything(d)


def test_end_of_file_with_two_open_blocks_counts_them():
    text = HEADER + "flow {\n  while deck is empty {\n    shuffle deck\n"
    (d,) = errors(text)
    assert "the 'while' statement that starts on line 8" in d.message
    assert "2 closing '}' are missing" in d.notes


def test_unclosed_item_before_the_next_one():
    text = 'game "T"\nplayers 2\ncards {\n  deck standard\nzone deck shared\nflow {\n  shuffle deck\n}\n'
    (d,) = errors(text)
    assert d.message.startswith("the 'cards' block that starts on line 3 is not closed")
    assert "the next item, 'zone' on line 5, begins first" in d.message


def test_misspelt_declaration_keyword():
    (d,) = errors(HEADER + "zoen pile shared\nflow {\n  shuffle deck\n}\n")
    assert d.message == "'zoen' does not begin a declaration: did you mean 'zone'?"
    assert (d.span.line, d.span.column, d.span.end_column) == (7, 1, 4)
    assert "zone hand per player seen by owner" in d.hint


def test_misspelt_statement_keyword():
    (d,) = errors(HEADER + "flow {\n  shufle deck\n}\n")
    assert d.message == "unknown word 'shufle': did you mean 'shuffle'?"
    assert (d.span.line, d.span.column) == (8, 3)
    assert d.hint == "for example:\n    shuffle deck"


def test_misspelt_word_inside_a_construct_uses_its_vocabulary():
    (d,) = errors(HEADER + HAND + "flow {\n  deal evnly from deck to hand\n}\n")
    assert "did you mean 'evenly' instead of 'evnly'?" in d.notes


def test_misspelt_choice_word():
    (d,) = errors(HEADER + "zone hand per player seen by ownr\nflow {\n  shuffle deck\n}\n")
    assert "did you mean 'owner'?" in d.message
    assert "expected owner, everyone or nobody" in d.notes


def test_several_errors_in_one_file_are_all_reported():
    text = HEADER + "zoen pile shared\nflow {\n  shufle deck\n  gather all into 'deck'\n  move top 1 from deck to\n}\n"
    found = errors(text)
    assert [d.span.line for d in found] == [7, 9, 10, 11]
    assert "did you mean 'zone'?" in found[0].message
    assert "did you mean 'shuffle'?" in found[1].message
    assert "names are written without quotes" in found[2].message
    assert "is unfinished" in found[3].message


def test_recovery_keeps_braces_balanced():
    # The broken line opens a block: it is replaced by one that does, so the closing brace of
    # that block is not reported as a second (invented) mistake.
    text = HEADER + "flow {\n  if deck is {\n    shuffle deck\n  }\n  shuffle deck\n}\n"
    found = errors(text)
    assert len(found) == 1 and found[0].span.line == 8


def test_error_count_is_capped():
    text = HEADER + "flow {\n" + "  shufle deck\n" * (MAX_SYNTAX_ERRORS + 5) + "}\n"
    assert len(errors(text)) == MAX_SYNTAX_ERRORS


def test_missing_header():
    (d,) = errors("players 2\nzone deck shared\nflow {\n  shuffle deck\n}\n")
    assert d.message == "a rule file begins with the name of its game"
    assert 'game "Thirteens"' in d.hint


def test_header_after_comments_is_found_while_recovering():
    text = "# a comment\n# another\n" + HEADER + "flow {\n  shufle deck\n}\n"
    found = errors(text)
    assert len(found) == 1 and "shuffle" in found[0].message


def test_strange_characters():
    (d,) = errors(HEADER + "var total: int = 0\nflow {\n  total = total + $\n}\n")
    assert d.message.startswith("the character '$' has no meaning here")
    assert "a number" in d.notes[0]
    (d,) = errors('game "Unclosed\nplayers 2\n')
    assert d.message == "this quoted text is not closed on its line"


def test_every_syntax_error_says_what_was_expected_or_shows_an_example():
    texts = [
        HEADER + "flow {\n  move top from deck\n}\n",
        HEADER + "flow {\n  deal 5 from deck to hand\n}\n",
        HEADER + "flow {\n  trick {\n    lead 0\n    play from\n  }\n}\n",
        HEADER + 'ambiguity a "q" {\n  reading x\n  default\n}\n',
        HEADER + "scoring s {\n  pattern p: 2 of rank => 1\n}\n",
        HEADER + "flow {\n  if 1 < {\n  }\n}\n",
        'game "T"\nplayers 2..\n',
    ]
    for text in texts:
        for d in errors(text):
            assert d.notes or d.hint, d.message
            assert "unexpected the end" not in d.message


def test_check_source_reports_syntax_errors_with_the_file_name():
    found = check_source(HEADER + "flow {\n  shufle deck\n}\n", "games/x.cardrules")
    assert [d.code for d in found] == ["syntax-error"] and found[0].file == "games/x.cardrules"
