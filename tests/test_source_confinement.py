"""The source texts citations point into are read only inside the rule file's folder tree and the
search path's folders: never a file above them, at an absolute path, behind a link that leaves
them, a device, a named pipe or a text over the size cap."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dsl.api import check_source
from dsl.cli import app
from dsl.lint.source_files import MAX_SOURCE_CHARS

SECRET = "TOKEN=do-not-print-me"

RULES = """game "Cited"
source s = "{name}"
players 2                                    @s:1 "a phrase no line holds"
cards {{
  deck standard
}}
zone deck shared seen by nobody
zone hand per player seen by owner
flow {{
  shuffle deck
  deal evenly from deck to hand
}}
"""

runner = CliRunner()


def rules(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.cardrules"
    path.write_text(RULES.format(name=name), encoding="utf-8")
    return path


def source_findings(path: Path) -> list:
    found = check_source(path.read_text(encoding="utf-8"), str(path))
    assert not [d for d in found if d.code == "internal-error"]
    return [d for d in found if d.code in ("bad-citation", "source-not-found")]


def refusal(path: Path):
    """The one finding about the source, which must be a refusal at the `source` line."""
    found = source_findings(path)
    assert [(d.code, d.span.line) for d in found] == [("source-not-found", 2)], [d.message for d in found]
    assert not any(SECRET in text for d in found for text in [d.message, *d.notes, d.hint or ""])
    return found[0]


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    (tmp_path / "secret").mkdir()
    token = tmp_path / "secret" / "token.txt"
    token.write_text(SECRET + "\n", encoding="utf-8")
    return token


@pytest.mark.parametrize("name", ["../secret/token.txt", "sub/../../secret/token.txt", "../secret/missing.txt"])
def test_a_source_above_the_rule_file_is_refused_alike_whether_it_exists_or_not(tmp_path, secret, name):
    d = refusal(rules(tmp_path / "rules", name))
    assert "inside" in d.message and d.hint
    assert d.message.replace(name, "NAME") == refusal(rules(tmp_path / "other", "../nowhere/x.txt")).message.replace(
        "../nowhere/x.txt", "NAME"
    )


def test_an_absolute_source_is_refused(tmp_path, secret):
    for name in (str(secret), "/etc/passwd", "/no/such/file.txt"):
        assert "inside" in refusal(rules(tmp_path / "rules", name)).message


def test_a_link_that_leaves_the_folder_is_refused(tmp_path, secret):
    path = rules(tmp_path / "rules", "token.txt")
    (tmp_path / "rules" / "token.txt").symlink_to(secret)
    assert "inside" in refusal(path).message


def test_a_link_that_leaves_a_sources_folder_is_refused(tmp_path, secret):
    path = rules(tmp_path / "rules", "token.txt")
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / "token.txt").symlink_to(secret)
    result = runner.invoke(app, ["validate", str(path), "--sources", str(texts), "--verbose"])
    assert SECRET not in result.output
    assert "info[source-not-found]" in result.output and "inside" in result.output


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_a_source_that_is_no_regular_file_is_not_opened(tmp_path, kind):
    folder = tmp_path / "rules"
    path = rules(folder, "text.txt")
    if kind == "device":
        (folder / "text.txt").symlink_to("/dev/zero")  # endless if it were read
    elif kind == "fifo":
        os.mkfifo(folder / "text.txt")  # opening it for reading would block without a writer
    else:
        (folder / "text.txt").mkdir()
    d = refusal(path)
    assert kind == "device" or "not a regular file" in d.message


def test_a_source_over_the_size_cap_is_not_read(tmp_path):
    folder = tmp_path / "rules"
    path = rules(folder, "huge.txt")
    with open(folder / "huge.txt", "wb") as handle:  # sparse: large on paper, nothing on disk
        handle.truncate(4 * MAX_SOURCE_CHARS + 1)
    d = refusal(path)
    assert f"{MAX_SOURCE_CHARS:,}" in d.message


def test_sources_inside_the_folders_are_still_read(tmp_path):
    folder = tmp_path / "rules"
    path = rules(folder, "sub/../texts/rules.txt")
    (folder / "texts").mkdir()
    (folder / "texts" / "rules.txt").write_text("the first line\n", encoding="utf-8")
    (folder / "link.txt").symlink_to(folder / "texts" / "rules.txt")
    [d] = source_findings(path)
    assert d.code == "bad-citation" and d.notes == ["line 1 reads: the first line"]
    [d] = source_findings(rules(folder, "link.txt"))
    assert d.code == "bad-citation"
