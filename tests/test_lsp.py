"""The language server: framed JSON-RPC in, validate's diagnostics out, as an editor sees them."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from dsl.tools.lsp import read_message, serve, write_message

BROKEN = 'game "x"\nplayers 2\nzone hand per player seen by ownr\n'
CYRILLIC = (
    'game "x"\nsource ru = "a.txt"\nplayers 2 @ru:1 "Карты"\nzone deck shared seen by nobody\nflow { shufle deck }\n'
)


def frames(*messages: dict) -> io.BytesIO:
    stream = io.BytesIO()
    for message in messages:
        write_message(stream, message)
    stream.seek(0)
    return stream


def replies(output: io.BytesIO) -> list[dict]:
    output.seek(0)
    out = []
    while (message := read_message(output)) is not None:
        out.append(message)
    return out


def session(*notifications: dict) -> tuple[int, list[dict]]:
    output = io.BytesIO()
    code = serve(
        frames(
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}},
            *notifications,
            {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"},
        ),
        output,
    )
    return code, replies(output)


def opened(uri: str, text: str) -> dict:
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": uri, "text": text}}}


def test_open_publishes_located_diagnostics_with_protocol_positions():
    code, out = session(opened("file:///rules/x.cardrules", BROKEN))
    assert code == 0
    assert out[0]["id"] == 1 and "capabilities" in out[0]["result"]
    published = next(m for m in out if m.get("method") == "textDocument/publishDiagnostics")
    assert published["params"]["uri"] == "file:///rules/x.cardrules"
    diagnostic = published["params"]["diagnostics"][0]
    assert diagnostic["code"] == "syntax-error" and diagnostic["severity"] == 1
    # 'ownr' sits at line 3, columns 30-33 (1-based, inclusive): protocol line 2, characters 29-33.
    assert diagnostic["range"] == {"start": {"line": 2, "character": 29}, "end": {"line": 2, "character": 33}}
    assert out[-1] == {"jsonrpc": "2.0", "id": 2, "result": None}


def test_a_change_replaces_the_text_and_a_fix_clears_the_diagnostics():
    uri = "file:///rules/y.cardrules"
    fixed = BROKEN.replace("ownr", "owner") + "var z: int per player = 0\nflow { }\nresult z\n"
    change = {
        "jsonrpc": "2.0",
        "method": "textDocument/didChange",
        "params": {"textDocument": {"uri": uri}, "contentChanges": [{"text": fixed}]},
    }
    _, out = session(opened(uri, BROKEN), change)
    published = [m["params"]["diagnostics"] for m in out if m.get("method") == "textDocument/publishDiagnostics"]
    assert published[0] and all(d["severity"] != 1 for d in published[1])


def test_positions_count_utf16_code_units_after_cyrillic_text():
    _, out = session(opened("file:///rules/z.cardrules", CYRILLIC))
    diagnostics = next(m for m in out if m.get("method") == "textDocument/publishDiagnostics")["params"]["diagnostics"]
    shufle = next(d for d in diagnostics if "shufle" in d["message"])
    assert shufle["range"]["start"] == {"line": 4, "character": 7}


def test_unknown_requests_get_an_error_and_exit_without_shutdown_is_code_1():
    output = io.BytesIO()
    code = serve(
        frames({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover"}, {"jsonrpc": "2.0", "method": "exit"}),
        output,
    )
    assert code == 1
    assert replies(output)[0]["error"]["code"] == -32601


def test_the_cli_command_serves_over_stdio():
    stream = frames(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    )
    done = subprocess.run(
        [sys.executable, "-m", "dsl.cli", "lsp"], input=stream.read(), capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr.decode()
    first = replies(io.BytesIO(done.stdout))[0]
    assert json.dumps(first["result"]["serverInfo"]) == '{"name": "cardrules"}'
