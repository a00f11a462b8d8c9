"""The language server against a hostile client: it serves only the documents the client opened,
reads no file outside the workspace folders, and answers every request with a result or a plain
error, whatever the URI, the position or the message. Driven in process, one raw message at a
time, through `InProcessSession`."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from dsl.report.files import MAX_FILE_CHARS
from dsl.tools.lsp_session import InProcessSession
from tests.test_lsp import PLAIN_GAME, THIRTEENS

MESSY = PLAIN_GAME.replace("  deck standard", "deck    standard")
BASE = PLAIN_GAME.replace('game "g"', 'game "base"')
VARIANT = 'game "v" variant of "base.cardrules"\n'
CITING = PLAIN_GAME.replace('game "g"\n', 'game "g"\nsource ru = "{file}"\n').replace(
    "zone deck shared seen by nobody", "zone deck shared seen by nobody @ru:1"
)


def text_document(uri: str) -> dict:
    return {"textDocument": {"uri": uri}}


def at(uri: str, line: int, character: int) -> dict:
    return {**text_document(uri), "position": {"line": line, "character": character}}


def whole(uri: str, line: int = 0, character: int = 0) -> dict:
    point = {"line": line, "character": character}
    return {**text_document(uri), "range": {"start": point, "end": point}, "context": {"diagnostics": []}}


# Every request the server offers about a document, with its parameters at a position.
REQUESTS = {
    "textDocument/hover": lambda uri, line, char: at(uri, line, char),
    "textDocument/definition": lambda uri, line, char: at(uri, line, char),
    "textDocument/references": lambda uri, line, char: {**at(uri, line, char), "context": {"includeDeclaration": True}},
    "textDocument/completion": lambda uri, line, char: at(uri, line, char),
    "textDocument/documentSymbol": lambda uri, line, char: text_document(uri),
    "textDocument/formatting": lambda uri, line, char: {
        **text_document(uri),
        "options": {"tabSize": 2, "insertSpaces": True},
    },
    "textDocument/codeAction": lambda uri, line, char: whole(uri, line, char),
    "textDocument/semanticTokens/full": lambda uri, line, char: text_document(uri),
}
EMPTY = {
    "textDocument/hover": None,
    "textDocument/definition": None,
    "textDocument/references": [],
    "textDocument/completion": {"isIncomplete": False, "items": []},
    "textDocument/documentSymbol": [],
    "textDocument/formatting": [],
    "textDocument/codeAction": [],
    "textDocument/semanticTokens/full": {"data": []},
}


def assert_plain(answer: dict) -> None:
    """An answer is a result, or an error with a plain message and nothing from Python in it."""
    assert "result" in answer or "error" in answer, answer
    if "error" in answer:
        error = answer["error"]
        assert error.get("data") is None, error
        assert "Traceback" not in error["message"] and 'File "' not in error["message"], error


def assert_no_server_errors(written: list[dict]) -> None:
    shown = [m for m in written if m.get("method") == "window/showMessage"]
    assert not shown, shown


@pytest.fixture
def session():
    with InProcessSession() as opened:
        yield opened


def started(session: InProcessSession, *folders: Path) -> InProcessSession:
    params: dict = {"capabilities": {}}
    if folders:
        params["workspaceFolders"] = [{"uri": folder.as_uri(), "name": folder.name} for folder in folders]
    assert "result" in session.initialize(params)
    return session


def open_document(session: InProcessSession, uri: str, text: str) -> list[dict]:
    written = session.notify(
        "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cardrules", "version": 1, "text": text}}
    )
    assert_no_server_errors(written)
    return [m["params"]["diagnostics"] for m in written if m.get("method") == "textDocument/publishDiagnostics"]


def published(written: list[dict], uri: str) -> list[list[dict]]:
    return [
        m["params"]["diagnostics"]
        for m in written
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
    ]


# ------------------------------------------------------------ only opened documents are served
def test_formatting_an_unopened_file_does_not_return_its_text(session, tmp_path: Path):
    rules = tmp_path / "secret.cardrules"
    rules.write_text(MESSY, encoding="utf-8")
    started(session, tmp_path)
    answer = session.request("textDocument/formatting", REQUESTS["textDocument/formatting"](rules.as_uri(), 0, 0))
    assert answer == {"id": answer["id"], "jsonrpc": "2.0", "result": []}


@pytest.mark.parametrize("method", sorted(REQUESTS))
def test_every_request_about_an_unopened_document_gets_an_empty_answer(session, tmp_path: Path, method):
    rules = tmp_path / "game.cardrules"
    rules.write_text(THIRTEENS, encoding="utf-8")
    started(session, tmp_path)
    answer = session.request(method, REQUESTS[method](rules.as_uri(), 3, 2))
    assert answer["result"] == EMPTY[method], answer


@pytest.mark.parametrize("uri", ["file:///no/such/folder/x.cardrules", "file:///dev/null", "untitled:Untitled-1"])
def test_a_request_about_a_missing_or_unopened_document_answers_without_a_traceback(session, uri):
    started(session)
    for method, params in REQUESTS.items():
        answer = session.request(method, params(uri, 0, 0))
        assert_plain(answer)
        assert answer.get("result") == EMPTY[method], (method, answer)


def test_notifications_about_an_unopened_document_read_nothing(session, tmp_path: Path):
    rules = tmp_path / "game.cardrules"
    rules.write_text('game "x"\nplayers 99\n', encoding="utf-8")
    started(session, tmp_path)
    uri = rules.as_uri()
    change = {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "#"}
    written = session.notify(
        "textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [change]}
    )
    written += session.notify("textDocument/didSave", text_document(uri))
    written += session.notify("textDocument/didClose", text_document(uri))
    assert_no_server_errors(written)
    assert all(diagnostics == [] for diagnostics in published(written, uri)), written


def test_a_closed_document_is_no_longer_served(session, tmp_path: Path):
    rules = tmp_path / "game.cardrules"
    rules.write_text(MESSY, encoding="utf-8")
    started(session, tmp_path)
    open_document(session, rules.as_uri(), MESSY)
    session.notify("textDocument/didClose", text_document(rules.as_uri()))
    answer = session.request("textDocument/formatting", REQUESTS["textDocument/formatting"](rules.as_uri(), 0, 0))
    assert answer["result"] == []


# ------------------------------------------------------------ positions
@pytest.mark.parametrize(
    "line, character",
    [(-1, 0), (0, -1), (0, 10**9), (10**9, 0), (2**31 - 1, 2**31 - 1), (2**31, 0), (0, 2**40), (-(2**40), 5)],
)
def test_every_request_at_any_position_is_answered(session, line, character):
    started(session)
    uri = "file:///rules/game.cardrules"
    open_document(session, uri, THIRTEENS)
    for method, params in REQUESTS.items():
        answer = session.request(method, params(uri, line, character))
        assert_plain(answer)


def test_a_position_past_the_end_is_taken_as_the_end(session):
    started(session)
    uri = "file:///rules/game.cardrules"
    open_document(session, uri, PLAIN_GAME)
    last = len(PLAIN_GAME.split("\n")) - 2  # `result z`
    answer = session.request("textDocument/definition", at(uri, last, 10**9))
    assert answer["result"]["range"]["start"]["line"] == PLAIN_GAME.split("\n").index("var z: int per player = 0")


def test_changes_with_ranges_out_of_bounds_keep_the_server_answering(session):
    started(session)
    uri = "file:///rules/game.cardrules"
    open_document(session, uri, PLAIN_GAME)
    far = {"line": 10**6, "character": 10**6}
    changes = [
        {"range": {"start": far, "end": far}, "text": "zone extra shared seen by nobody\n"},
        {"range": {"start": {"line": 5, "character": 3}, "end": {"line": 1, "character": 0}}, "text": ""},
        {"range": {"start": {"line": 0, "character": 10**9}, "end": {"line": 0, "character": 10**9}}, "text": ""},
    ]
    written = []
    for version, change in enumerate(changes, start=2):
        written += session.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}
        )
    assert_no_server_errors(written)
    assert published(written, uri)
    symbols = session.request("textDocument/documentSymbol", text_document(uri))
    assert_plain(symbols)


# ------------------------------------------------------------ size, URIs, schemes
def test_opening_a_buffer_over_the_size_cap_is_answered_with_a_diagnostic(session):
    started(session)
    uri = "file:///rules/huge.cardrules"
    line = "zone z shared seen by nobody # " + "x" * 70 + "\n"
    huge = PLAIN_GAME + line * (MAX_FILE_CHARS // len(line) + 2)
    began = time.monotonic()
    (diagnostics,) = open_document(session, uri, huge)
    assert [d["code"] for d in diagnostics] == ["limit-exceeded"]
    for method, params in REQUESTS.items():
        assert_plain(session.request(method, params(uri, 1, 1)))
    assert time.monotonic() - began < 10


@pytest.mark.parametrize(
    "uri",
    [
        "file:///rules/nul%00name.cardrules",
        "file:///rules/esc%1B%5B31mname.cardrules",
        "file:///rules/\x1b[31mraw.cardrules",
        "untitled:Untitled-1",
        "http://example.org/game.cardrules",
        "file://host/share/game.cardrules",
        "x",
        "",
    ],
)
def test_any_uri_is_checked_as_a_buffer_and_answered(session, uri):
    started(session)
    (diagnostics,) = open_document(session, uri, PLAIN_GAME)
    assert not [d for d in diagnostics if d["severity"] == 1], diagnostics
    for method, params in REQUESTS.items():
        assert_plain(session.request(method, params(uri, 8, 5)))


# ------------------------------------------------------------ what is read from disk
def variant_folder(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "base.cardrules").write_text(BASE, encoding="utf-8")
    (folder / "v.cardrules").write_text(VARIANT, encoding="utf-8")
    return folder


def errors(diagnostics: list[dict]) -> list[dict]:
    return [d for d in diagnostics if d["severity"] == 1]


def test_a_variant_inside_a_workspace_folder_reads_its_base(session, tmp_path: Path):
    folder = variant_folder(tmp_path, "workspace")
    started(session, folder)
    (diagnostics,) = open_document(session, (folder / "v.cardrules").as_uri(), VARIANT)
    assert not errors(diagnostics), diagnostics


def test_a_variant_outside_every_workspace_folder_reads_no_base(session, tmp_path: Path):
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    outside = variant_folder(tmp_path, "outside")
    started(session, workspace)
    (diagnostics,) = open_document(session, (outside / "v.cardrules").as_uri(), VARIANT)
    (error,) = errors(diagnostics)
    assert "base game 'base.cardrules'" in error["message"] and "workspace" in error["message"]
    assert error["range"]["start"]["line"] == 0


def test_without_workspace_folders_no_base_is_read(session, tmp_path: Path):
    folder = variant_folder(tmp_path, "alone")
    started(session)
    (diagnostics,) = open_document(session, (folder / "v.cardrules").as_uri(), VARIANT)
    assert errors(diagnostics)


def test_a_workspace_folder_added_later_lets_its_variants_read_their_bases(session, tmp_path: Path):
    folder = variant_folder(tmp_path, "added")
    started(session)
    uri = (folder / "v.cardrules").as_uri()
    assert errors(open_document(session, uri, VARIANT)[0])
    session.notify("textDocument/didClose", text_document(uri))
    added = {"event": {"added": [{"uri": folder.as_uri(), "name": "added"}], "removed": []}}
    session.notify("workspace/didChangeWorkspaceFolders", added)
    assert not errors(open_document(session, uri, VARIANT)[0])


def test_a_buffer_that_is_not_a_file_reads_no_base_from_the_current_folder(session, tmp_path: Path, monkeypatch):
    folder = variant_folder(tmp_path, "here")
    monkeypatch.chdir(folder)
    started(session, folder)
    for uri in ("untitled:Untitled-1", "http://example.org/v.cardrules", "v.cardrules"):
        (diagnostics,) = open_document(session, uri, VARIANT)
        assert errors(diagnostics), uri


def test_a_variant_base_outside_the_documents_folder_is_not_read(session, tmp_path: Path):
    workspace = tmp_path / "workspace"
    (workspace / "deeper").mkdir(parents=True)
    (workspace / "base.cardrules").write_text(BASE, encoding="utf-8")
    started(session, workspace)
    uri = (workspace / "deeper" / "v.cardrules").as_uri()
    (diagnostics,) = open_document(session, uri, 'game "v" variant of "../base.cardrules"\n')
    assert errors(diagnostics)


def cited_hover(session: InProcessSession, uri: str, text: str) -> str:
    open_document(session, uri, text)
    line = text.split("\n").index("zone deck shared seen by nobody @ru:1")
    answer = session.request("textDocument/hover", at(uri, line, len("zone ")))
    assert_plain(answer)
    return answer["result"]["contents"]["value"]


def test_hover_quotes_a_cited_source_beside_the_document(session, tmp_path: Path):
    (tmp_path / "rules.txt").write_text("the first line of the rules\n", encoding="utf-8")
    started(session, tmp_path)
    hover = cited_hover(session, (tmp_path / "g.cardrules").as_uri(), CITING.replace("{file}", "rules.txt"))
    assert "> the first line of the rules" in hover


@pytest.mark.parametrize("written", ["../secret.txt", "{secret}", "link.txt"])
def test_hover_quotes_no_source_outside_the_documents_folder(session, tmp_path: Path, written):
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET LINE\n", encoding="utf-8")
    folder = tmp_path / "workspace"
    folder.mkdir()
    (folder / "link.txt").symlink_to(secret)
    started(session, folder)
    text = CITING.replace("{file}", written.replace("{secret}", str(secret)))
    hover = cited_hover(session, (folder / "g.cardrules").as_uri(), text)
    assert "SECRET" not in hover


def test_hover_quotes_no_source_of_a_document_outside_the_workspace(session, tmp_path: Path):
    (tmp_path / "rules.txt").write_text("SECRET LINE\n", encoding="utf-8")
    workspace = tmp_path / "workspace"
    workspace.mkdir()
    started(session, workspace)
    hover = cited_hover(session, (tmp_path / "g.cardrules").as_uri(), CITING.replace("{file}", "rules.txt"))
    assert "SECRET" not in hover


def test_hover_does_not_wait_on_a_named_pipe_cited_as_a_source(session, tmp_path: Path):
    os.mkfifo(tmp_path / "pipe.txt")
    started(session, tmp_path)
    began = time.monotonic()
    hover = cited_hover(session, (tmp_path / "g.cardrules").as_uri(), CITING.replace("{file}", "pipe.txt"))
    assert "cites @ru:1" in hover and time.monotonic() - began < 5


# ------------------------------------------------------------ the protocol itself
def test_requests_before_initialize_are_refused_plainly(session):
    answer = session.request("textDocument/hover", at("file:///rules/x.cardrules", 0, 0))
    assert_plain(answer)
    assert answer["error"]["code"] == -32002


def test_unknown_methods_and_commands_are_answered_plainly(session):
    started(session)
    unknown = session.request("cardrules/noSuchThing", {"a": 1})
    assert unknown["error"]["code"] == -32601
    command = session.request("workspace/executeCommand", {"command": "rm\x1b[2J", "arguments": ["/"]})
    assert_plain(command)
    assert "error" in command
    assert session.notify("cardrules/noSuchNotification", {}) == []


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"\xff\xfe",
        b"[1, 2]",
        b'"a string"',
        json.dumps({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover"}).encode(),
        json.dumps({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": [1]}).encode(),
        json.dumps({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {"jsonrpc": "2.0"}}).encode(),
        json.dumps({"jsonrpc": "2.0", "id": [1], "method": "textDocument/hover", "params": {}}).encode(),
        json.dumps({"jsonrpc": "2.0", "id": 7, "method": 5}).encode(),
        json.dumps({"jsonrpc": "1.0", "id": 7, "method": "shutdown"}).encode(),
    ],
)
def test_malformed_messages_get_a_plain_answer_or_none(session, body):
    started(session)
    written = session.send(body)
    assert_no_server_errors(written)
    for answer in written:
        assert_plain(answer)
    if b'"id": 7' in body:
        assert [answer["id"] for answer in written] == [7]
    assert "result" in session.request("textDocument/documentSymbol", text_document("untitled:x"))


@pytest.mark.parametrize("word", ["shuffle ", "é shuffle "])
def test_highlighting_one_long_line_of_many_tokens_stays_linear(session, word):
    started(session)
    uri = "file:///rules/long.cardrules"
    open_document(session, uri, word * (600_000 // len(word)))
    began = time.monotonic()
    answer = session.request("textDocument/semanticTokens/full", text_document(uri))
    assert len(answer["result"]["data"]) >= 5 * (600_000 // len(word)) and time.monotonic() - began < 5


@pytest.mark.parametrize("written", ["../secret.txt", "link.txt"])
def test_the_citation_check_reads_no_source_outside_the_documents_folder(session, tmp_path: Path, written):
    (tmp_path / "secret.txt").write_text("SECRET LINE\n", encoding="utf-8")
    folder = tmp_path / "workspace"
    folder.mkdir()
    (folder / "link.txt").symlink_to(tmp_path / "secret.txt")
    started(session, tmp_path)
    text = CITING.replace("{file}", written).replace("@ru:1", '@ru:1 "not there"')
    (diagnostics,) = open_document(session, (folder / "g.cardrules").as_uri(), text)
    assert "SECRET" not in json.dumps(diagnostics)
    assert any(d["message"].startswith("source 'ru'") for d in diagnostics), diagnostics  # not found
