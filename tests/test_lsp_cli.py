"""`cardrules lsp` without its optional dependency says how to install it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


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
