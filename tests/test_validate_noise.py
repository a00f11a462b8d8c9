"""`cardrules validate` noise control: --select, --ignore, --min-severity, --verbose, folders,
one finding per problem, the report on stdout with the summary last."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path

from dsl.cli import run

DATA = Path(__file__).parent / "data" / "diagnostics"
UNEVEN = str(DATA / "uneven_deal.cardrules")  # one uneven-deal warning
MIXED = str(DATA / "example_contradiction.cardrules")  # two warnings (one after merging) and an info


def validate(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run(["validate", *args])
    return code, out.getvalue(), err.getvalue()


def codes(*args: str) -> list[str]:
    _, out, _ = validate(*args, "--format", "json")
    return [d["code"] for f in json.loads(out)["files"] for d in f["diagnostics"]]


def test_select_and_ignore_take_comma_lists():
    assert set(codes(MIXED)) == {"contradiction", "source-not-found"}
    assert codes(MIXED, "--select", "source-not-found") == ["source-not-found"]
    assert codes(MIXED, "--select", "x", "--select", "contradiction,y") == ["contradiction"]
    assert codes(MIXED, "--ignore", "no-such-code,contradiction") == ["source-not-found"]


def test_min_severity_filters_json_and_counts():
    _, out, _ = validate(MIXED, "--format", "json", "--min-severity", "error")
    report = json.loads(out)
    assert report["files"][0]["diagnostics"] == [] and report["warnings"] == 0
    assert "info" in _severities(MIXED)
    assert set(_severities(MIXED, "--min-severity", "warning")) == {"warning"}


def _severities(*args: str) -> list[str]:
    _, out, _ = validate(*args, "--format", "json")
    return [d["severity"] for f in json.loads(out)["files"] for d in f["diagnostics"]]


def test_infos_are_counted_by_default_and_shown_with_verbose():
    _, quiet, _ = validate(MIXED)
    _, loud, _ = validate(MIXED, "--verbose")
    assert "info[" not in quiet and "1 info not shown (--verbose shows them)" in quiet
    assert "info[source-not-found]" in loud and "not shown" not in loud
    for out in (quiet, loud):
        assert out.rstrip().splitlines()[-1] == "0 errors, 1 warning, 1 info in 1 file"


def test_ignored_warnings_do_not_fail_strict():
    assert validate(UNEVEN, "--strict")[0] == 1
    assert validate(UNEVEN, "--strict", "--ignore", "uneven-deal")[0] == 0


def test_a_folder_stands_for_every_rule_file_under_it(tmp_path):
    (tmp_path / "sub").mkdir()
    shutil.copy(UNEVEN, tmp_path / "a.cardrules")
    shutil.copy(DATA / "clean_game.cardrules", tmp_path / "sub" / "b.cardrules")
    (tmp_path / "notes.txt").write_text("not a rule file", encoding="utf-8")
    _, out, _ = validate(str(tmp_path), "--format", "json")
    files = [Path(f["file"]).name for f in json.loads(out)["files"]]
    assert files == ["a.cardrules", "b.cardrules"]


def test_a_contradicting_example_is_one_finding_with_both_accounts():
    _, out, _ = validate(str(DATA / "example_contradiction.cardrules"), "--format", "json")
    found = [d for d in json.loads(out)["files"][0]["diagnostics"] if d["severity"] == "warning"]
    assert [d["code"] for d in found] == ["contradiction"]
    assert any(n.startswith("example-mismatch:") for n in found[0]["notes"])
    assert any("left side is 13, right side is 12" in n for n in found[0]["notes"])


def test_the_caret_underlines_the_offending_expression_not_the_statement():
    _, out, _ = validate(str(DATA / "no_legal_move_choice.cardrules"))
    lines = out.splitlines()
    source = next(i for i, line in enumerate(lines) if "0 chooses card c from hand of 0 where" in line)
    caret = lines[source + 1]
    start = caret.index("^")
    assert lines[source][start:].startswith("suit == trump else where rank == A")
    assert caret[start:].strip() == "^" * len("suit == trump else where rank == A")
