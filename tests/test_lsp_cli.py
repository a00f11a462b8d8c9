"""`cardrules lsp` as a command: its own server process for each case (the protocol on stdio,
the exit codes, a hostile document URI, the missing extra)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types as t
from pytest_lsp import ClientServerConfig

from tests.test_lsp import PLAIN_GAME, opened


def test_without_the_extra_the_command_says_how_to_install_it(tmp_path: Path):
    shadow = tmp_path / "pygls"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("raise ImportError('absent', name='pygls')\n")
    done = subprocess.run(
        [sys.executable, "-m", "dsl.cli", "lsp"],
        env={"PYTHONPATH": str(tmp_path), "PATH": ""},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "pip install 'cardrules[lsp]'" in done.stderr.replace("\n", " ")


def framed(*messages: dict) -> bytes:
    out = b""
    for message in messages:
        body = json.dumps(message).encode("utf-8")
        out += f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body
    return out


def replies(output: bytes) -> list[dict]:
    out = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        fields = dict(line.split(b":", 1) for line in header.split(b"\r\n"))
        length = int(fields[b"Content-Length"])
        out.append(json.loads(rest[:length]))
        output = rest[length:]
    return out


def test_the_command_speaks_the_protocol_on_stdio_and_exits_as_it_says():
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    unknown = {"jsonrpc": "2.0", "id": 2, "method": "textDocument/noSuchThing", "params": {}}
    shutdown = {"jsonrpc": "2.0", "id": 3, "method": "shutdown"}
    done = subprocess.run(
        [sys.executable, "-m", "dsl.cli", "lsp"],
        input=framed(initialize, unknown, shutdown, {"jsonrpc": "2.0", "method": "exit"}),
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode()
    answers = {reply["id"]: reply for reply in replies(done.stdout) if "id" in reply}
    capabilities = answers[1]["result"]["capabilities"]
    assert answers[1]["result"]["serverInfo"]["name"] == "cardrules"
    assert capabilities["textDocumentSync"]["change"] == 2  # incremental
    for provider in ("hoverProvider", "definitionProvider", "referencesProvider", "completionProvider"):
        assert capabilities[provider], provider
    for provider in ("documentSymbolProvider", "documentFormattingProvider", "codeActionProvider"):
        assert capabilities[provider], provider
    assert "keyword" in capabilities["semanticTokensProvider"]["legend"]["tokenTypes"]
    assert answers[2]["error"]["code"] == -32601
    assert answers[3]["result"] is None


@pytest.mark.asyncio
async def test_a_hostile_document_uri_runs_nothing(tmp_path: Path):
    """A percent-encoded line break in a URI must not turn the rest of the name into code."""
    from urllib.parse import quote

    sentinel = "PWNED"
    payload = f"__import__('pathlib').Path({sentinel!r}).touch()"
    uri = "file://" + quote(str(tmp_path / f"y\n{payload}\n#.cardrules"))
    assert "%0A" in uri
    in_folder = "import os, runpy, sys; os.chdir(sys.argv.pop(1)); sys.argv[1:] = ['lsp']; "
    in_folder += "runpy.run_module('dsl.cli', run_name='__main__')"
    config = ClientServerConfig(server_command=[sys.executable, "-c", in_folder, str(tmp_path)])
    client = await config.start()
    try:
        await client.initialize_session(t.InitializeParams(capabilities=t.ClientCapabilities()))
        diagnostics = await opened(client, uri, PLAIN_GAME)
        await client.shutdown_session()
    finally:
        await client.stop()
    assert all(d.severity != 1 for d in diagnostics), diagnostics
    assert not (tmp_path / sentinel).exists()


def test_requests_about_devices_unopened_files_and_bad_positions_are_each_answered_at_once(tmp_path: Path):
    """Through stdio, as an attacker's client would: nothing is read from /dev/zero or from an
    unopened file, and a position of -1 gets an error instead of silence."""
    unopened = tmp_path / "secret.cardrules"
    unopened.write_text('game   "secret"\n', encoding="utf-8")

    def request(msg_id: int, method: str, uri: str, **params) -> dict:
        return {"jsonrpc": "2.0", "id": msg_id, "method": method, "params": {"textDocument": {"uri": uri}, **params}}

    start = {"line": 0, "character": 0}
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        request(2, "textDocument/hover", "file:///dev/zero", position=start),
        request(3, "textDocument/hover", "file:///dev/zero", position={"line": -1, "character": 10**9}),
        request(4, "textDocument/formatting", unopened.as_uri(), options={"tabSize": 2, "insertSpaces": True}),
        request(5, "textDocument/semanticTokens/full", "file:///dev/stdin"),
        {"jsonrpc": "2.0", "id": 6, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    done = subprocess.run(
        [sys.executable, "-m", "dsl.cli", "lsp"], input=framed(*messages), capture_output=True, timeout=30
    )
    answers = {reply["id"]: reply for reply in replies(done.stdout) if "id" in reply}
    assert answers[2]["result"] is None
    assert answers[3]["error"]["code"] == -32602 and "data" not in answers[3]["error"]
    assert answers[4]["result"] == [] and "secret" not in done.stdout.decode()
    assert answers[5]["result"] == {"data": []}
    assert done.returncode == 0
