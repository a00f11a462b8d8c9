"""The language's limits: hostile input gets a located `limit-exceeded` (or syntax) diagnostic,
promptly and in bounded memory, and never an internal error."""

from __future__ import annotations

import os
import shutil
import signal
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl.syntax import limits
from dsl.api import check_source, compile_file
from dsl.cli import app
from dsl.syntax.parser import parse

DATA = Path(__file__).parent / "data" / "diagnostics"
CASES = sorted(DATA.glob("*.cardrules"))
runner = CliRunner()

GAME = """game "Hostile"
players {players}
cards {{
  {deck}
}}
zone deck shared seen by nobody
zone hand per player seen by owner
var total: int per player = 0
var n: int = 0
flow {{
  {flow}
}}
result total
winners highest
"""


def game(players="2", deck="deck standard", flow="n = 1") -> str:
    return GAME.format(players=players, deck=deck, flow=flow)


@contextmanager
def deadline(seconds: int):
    """Fail instead of hanging the suite when a check does not come back."""

    def expired(signum, frame):
        raise TimeoutError(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def limit_diagnostics(text: str, path: str = "hostile.cardrules") -> list:
    with deadline(30):
        found = check_source(text, path)
    assert not [d for d in found if d.code == "internal-error"], [d.message for d in found]
    return [d for d in found if d.code == limits.LIMIT_CODE]


# ------------------------------------------------------------ every data file
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_no_data_file_gives_an_internal_error_or_an_unplaced_diagnostic(path: Path):
    text = path.read_text(encoding="utf-8")
    found = check_source(text, str(path))
    assert not [d for d in found if d.code == "internal-error"], [d.message for d in found]
    if text.strip():
        at_origin = [d for d in found if (d.span.line, d.span.column) == (1, 1)]
        assert not at_origin, [f"{d.code}: {d.message}" for d in at_origin]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_fmt_never_fails_internally_on_a_data_file(path: Path, tmp_path: Path):
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    result = runner.invoke(app, ["fmt", "--check", str(copy)])
    # The runner turns an escaping exception into exit code 1: it must not be one.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2), result.output


# ------------------------------------------------------------ unbounded work, bounded
@pytest.mark.parametrize(
    "text",
    [
        game(players="2..100000"),
        game(players="1..1000000000"),
        game(deck="deck 1000 x standard"),
        game(deck="deck standard + 100000 jokers"),
        game(deck="deck standard\n  order " + " ".join(["2", "3", "4", "5"] * 5000)),
        game(flow="n = " + "9" * 5000),
        game(flow="n = " + "1 + " * 5000 + "1"),
    ],
    ids=[
        "players-range",
        "players-billion",
        "deck-copies",
        "jokers",
        "order-20000",
        "integer-5000-digits",
        "sum-chain",
    ],
)
def test_work_beyond_a_limit_is_refused_before_it_is_done(text: str):
    found = limit_diagnostics(text)
    assert found, "expected a limit-exceeded diagnostic"
    assert all(d.is_error and d.hint and (d.span.line, d.span.column) != (1, 1) for d in found)


def test_the_limit_names_the_number_and_points_at_it():
    (found,) = limit_diagnostics(game(players="2..100000"))
    assert (found.span.line, found.span.column) == (2, 12)
    assert str(limits.MAX_PLAYERS) in found.hint


@pytest.mark.parametrize(
    "flow",
    [
        "if " + "not " * 1000 + "true { n = 1 }",
        "n = " + "- " * 1000 + "1",
        "if n == 0 { " * 200 + "n = 1" + " }" * 200,
        "while n < 1 { n += 1 " * 30 + "n = 1" + " }" * 30,
        "n = " + "max(" * 300 + "1" + ")" * 300,
    ],
    ids=["not", "minus", "if-blocks", "loops", "calls"],
)
def test_deep_nesting_is_a_limit_not_a_crash(flow: str):
    assert limit_diagnostics(game(flow=flow))


def test_nesting_up_to_the_limits_still_compiles():
    loops = "for each player p { " * limits.MAX_LOOP_DEPTH + "end game" + " }" * limits.MAX_LOOP_DEPTH
    ifs = "if n == 0 { " * (limits.MAX_BLOCK_DEPTH - 1) + "n = 1" + " }" * (limits.MAX_BLOCK_DEPTH - 1)
    minus = "n = " + "- " * (limits.MAX_EXPRESSION_DEPTH - 2) + "1"
    for flow in (loops, ifs, minus):
        found = check_source(game(flow=flow), "deep.cardrules")
        assert not [d for d in found if d.is_error], [f"{d.code}: {d.message}" for d in found if d.is_error]


def test_too_many_statements():
    found = limit_diagnostics(game(flow="n = 1\n" * (limits.MAX_STATEMENTS + 10)))
    assert [d.span.line for d in found] == [11 + limits.MAX_STATEMENTS]


def test_a_file_too_large_is_refused_where_it_passes_the_limit():
    text = game() + ("# padding\n" * (limits.MAX_FILE_CHARS // 10 + 10))
    (found,) = limit_diagnostics(text)
    assert found.span.line > 1000


def test_an_example_needs_as_many_copies_of_a_card_as_the_deck_holds():
    two_decks = game(deck="deck 2 x standard") + 'example "twice" {\n  expect count [A♠ A♠] == 2\n}\n'
    assert not limit_diagnostics(two_decks)
    three = two_decks.replace("[A♠ A♠]", "[A♠ A♠ A♠]").replace("== 2", "== 3")
    assert limit_diagnostics(three)


# ------------------------------------------------------------ strings
def test_the_escapes_of_the_language_are_decoded():
    text = game(flow='gap "a\\"b\\\\c\\nd\\te"')
    tree, problems = parse(text, "strings.cardrules")
    assert not problems
    assert tree.flow.stmts[0].message == 'a"b\\c\nd\te'


@pytest.mark.parametrize("literal", ['"\\x41"', '"\\N{BULLET}"', '"\\u00e9"', '"\\0"', '"a\x00"', '"a\rb"', '"\\é"'])
def test_an_escape_or_a_control_character_outside_the_language_is_located(literal: str):
    found = check_source(game(flow=f"gap {literal}"), "strings.cardrules")
    assert [(d.code, d.span.line) for d in found if d.is_error] == [("syntax-error", 11)]
    assert [d.span.column for d in found if d.is_error][0] > 7


def test_a_string_ending_in_a_backslash_is_an_unclosed_string():
    found = check_source(game(flow='gap "abc\\"'), "strings.cardrules")
    assert found and all(d.code == "syntax-error" for d in found if d.is_error)


# ------------------------------------------------------------ byte-order mark
def test_a_byte_order_mark_is_ignored(tmp_path: Path):
    text = game(flow="for each player p { total of p += 1 }")
    plain = check_source(text, "g.cardrules")
    marked = check_source("\ufeff" + text, "g.cardrules")
    assert [(d.code, d.span.line, d.span.column) for d in marked] == [
        (d.code, d.span.line, d.span.column) for d in plain
    ]
    path = tmp_path / "marked.cardrules"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert not [d for d in compile_file(str(path)).diagnostics if d.code == "syntax-error"]


# ------------------------------------------------------------ variant bases
def variant_of(tmp_path: Path, base: str) -> list:
    path = tmp_path / "rules" / "variant.cardrules"
    path.parent.mkdir(exist_ok=True)
    path.write_text(f'game "V" variant of "{base}"\n', encoding="utf-8")
    with deadline(10):
        found = compile_file(str(path)).diagnostics
    assert not [d for d in found if d.code == "internal-error"]
    return [d for d in found if d.is_error]


def test_a_named_pipe_as_base_never_hangs(tmp_path: Path):
    (tmp_path / "rules").mkdir()
    os.mkfifo(tmp_path / "rules" / "pipe.cardrules")
    (found,) = variant_of(tmp_path, "pipe.cardrules")
    assert "not a regular file" in found.message
    assert (found.span.line, found.span.column) == (1, 21)


def test_a_device_behind_a_link_is_not_read(tmp_path: Path):
    (tmp_path / "rules").mkdir()
    os.symlink("/dev/zero", tmp_path / "rules" / "zero.cardrules")
    (found,) = variant_of(tmp_path, "zero.cardrules")
    assert "inside this game's folder" in found.message


def test_a_base_outside_the_folder_is_refused_alike_whether_it_exists_or_not(tmp_path: Path):
    (tmp_path / "exists.cardrules").write_text('game "X"\nplayers 2\n', encoding="utf-8")
    messages = {}
    for base in (
        "../exists.cardrules",
        "../missing.cardrules",
        "/etc/passwd",
        "/no/such/file",
        str(tmp_path / "exists.cardrules"),
    ):
        (found,) = variant_of(tmp_path, base)
        messages[base] = (found.code, found.message.replace(base, "BASE"), found.hint)
    assert len(set(messages.values())) == 1, messages


def test_a_base_inside_the_folder_is_still_read(tmp_path: Path):
    rules = tmp_path / "rules"
    (rules / "sub").mkdir(parents=True)
    (rules / "sub" / "base.cardrules").write_text(game(flow="for each player p { total of p += 1 }"), encoding="utf-8")
    (rules / "sub" / "link.cardrules").symlink_to(rules / "sub" / "base.cardrules")
    assert not [d for d in variant_of(tmp_path, "sub/base.cardrules") if d.code == "undefined-name"]
    assert not [d for d in variant_of(tmp_path, "sub/link.cardrules") if d.code == "undefined-name"]
    assert not [d for d in variant_of(tmp_path, "sub/../sub/base.cardrules") if d.code == "undefined-name"]


# ------------------------------------------------------------ chains of variants
def write_chain(folder: Path, links: int) -> Path:
    """A base game and `links` variants, each of the one before; the last one's path."""
    folder.mkdir(exist_ok=True)
    (folder / "v0.cardrules").write_text(game(flow="for each player p { total of p += 1 }"), encoding="utf-8")
    for i in range(1, links + 1):
        (folder / f"v{i}.cardrules").write_text(f'game "V{i}" variant of "v{i - 1}.cardrules"\n', encoding="utf-8")
    return folder / f"v{links}.cardrules"


@pytest.mark.parametrize("links", [limits.MAX_VARIANT_DEPTH + 1, 1000])
def test_a_chain_of_variants_deeper_than_the_limit_is_refused_at_its_variant_line(tmp_path: Path, links: int):
    top = write_chain(tmp_path / "chain", links)
    with deadline(30):
        found = compile_file(str(top)).diagnostics
    base_column = top.read_text(encoding="utf-8").index(f'"v{links - 1}.cardrules"') + 1
    assert [(d.code, d.file, d.span.line, d.span.column) for d in found] == [
        (limits.LIMIT_CODE, str(top), 1, base_column)
    ]
    assert str(limits.MAX_VARIANT_DEPTH) in found[0].hint
    result = runner.invoke(app, ["validate", str(top)])
    assert result.exit_code == 1 and "limit-exceeded" in result.output and "internal-error" not in result.output


def test_a_chain_of_variants_at_the_limit_still_compiles(tmp_path: Path):
    top = write_chain(tmp_path / "chain", limits.MAX_VARIANT_DEPTH)
    compiled = compile_file(str(top))
    assert compiled.ok, [f"{d.code}: {d.message}" for d in compiled.diagnostics]


def test_a_cycle_of_variants_is_still_a_cycle(tmp_path: Path):
    for name, base in (("a", "b"), ("b", "c"), ("c", "a")):
        (tmp_path / f"{name}.cardrules").write_text(f'game "{name}" variant of "{base}.cardrules"\n', encoding="utf-8")
    found = compile_file(str(tmp_path / "a.cardrules")).diagnostics
    assert [d.code for d in found] == ["variant-cycle"]
    assert "internal-error" not in {d.code for d in found}


_REPEATED = """game "repeated"
players 2
cards {{ deck standard }}
zone deck shared seen by nobody
zone hand per player seen by owner
var x: int per player = 0
var n: int = {count}
flow {{
  repeat n times {{ {body} }}
  end game
}}
result x
winners highest, ties share
"""


@pytest.mark.parametrize(
    "body",
    [
        "x of 0 += 1",  # a loop the rules run through without stopping
        "0 bids x of 0 from 0 to 1",  # a loop that stops at a decision on each pass
    ],
)
def test_a_repeat_counted_past_the_loop_guard_is_a_rule_gap_at_its_line(body):
    from dsl.api import module_from_source
    from dsl.runtime.errors import RuleGap

    compiled = compile_source_checked(_REPEATED.format(count=10_001, body=body))
    engine = module_from_source(compiled.source, "repeated")
    with pytest.raises(RuleGap) as raised:
        state = engine.new_game(players=2, seed=1)
        while not state.is_terminal():
            state.apply(state.legal_actions()[0])
    assert (raised.value.code, raised.value.line) == ("non-termination", 9)


def test_a_repeat_counted_up_to_the_loop_guard_runs_every_pass():
    from dsl.api import module_from_source

    compiled = compile_source_checked(_REPEATED.format(count=10_000, body="x of 0 += 1"))
    state = module_from_source(compiled.source, "repeated").new_game(players=2, seed=1)
    assert state.is_terminal() and state.returns()[0] > state.returns()[1]


def compile_source_checked(text: str):
    from dsl.api import compile_source

    compiled = compile_source(text, "repeated.cardrules")
    assert not [d for d in compiled.diagnostics if d.is_error], compiled.diagnostics
    return compiled
