"""`cardrules lsp`: a language server over stdio, so editors show the same diagnostics as
`cardrules validate` while a rule file is typed.

It speaks the base protocol (Content-Length framed JSON-RPC) and the few messages a diagnostics
server needs: initialize, shutdown, exit, and the open/change/save/close notifications of a text
document, answered with publishDiagnostics.  Positions are converted from our 1-based, inclusive
spans to the protocol's 0-based, exclusive ones (UTF-16 code units, as the protocol requires).
"""

from __future__ import annotations

import json
from typing import BinaryIO
from urllib.parse import unquote, urlparse

from ..api import check_source
from ..report.diagnostics import Diagnostic, Severity

SEVERITY = {Severity.ERROR: 1, Severity.WARNING: 2, Severity.INFO: 3}
METHOD_NOT_FOUND = -32601


def read_message(stream: BinaryIO) -> dict | None:
    """One framed message, or None at the end of the input."""
    length = None
    while True:
        header = stream.readline()
        if not header:
            return None
        header = header.strip()
        if not header:
            break
        name, _, value = header.decode("ascii", "replace").partition(":")
        if name.lower() == "content-length":
            length = int(value.strip())
    if length is None:
        return None
    return json.loads(stream.read(length).decode("utf-8"))


def write_message(stream: BinaryIO, message: dict) -> None:
    body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    stream.write(f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body)
    stream.flush()


def _utf16_column(line_text: str, column: int) -> int:
    """A 1-based character column as a 0-based UTF-16 offset."""
    prefix = line_text[: max(column - 1, 0)]
    return len(prefix.encode("utf-16-le")) // 2


def to_lsp(diagnostic: Diagnostic, lines: list[str]) -> dict:
    span = diagnostic.span

    def line_text(number: int) -> str:
        return lines[number - 1] if 0 < number <= len(lines) else ""

    start = {"line": span.line - 1, "character": _utf16_column(line_text(span.line), span.column)}
    end = {"line": span.end_line - 1, "character": _utf16_column(line_text(span.end_line), span.end_column + 1)}
    message = diagnostic.message
    extra = list(diagnostic.notes) + ([f"hint: {diagnostic.hint}"] if diagnostic.hint else [])
    if extra:
        message += "\n" + "\n".join(extra)
    return {
        "range": {"start": start, "end": end},
        "severity": SEVERITY[diagnostic.severity],
        "code": diagnostic.code,
        "source": "cardrules",
        "message": message,
    }


def _path(uri: str) -> str:
    parsed = urlparse(uri)
    return unquote(parsed.path) if parsed.scheme == "file" else uri


class Server:
    def __init__(self, output: BinaryIO):
        self.output = output
        self.documents: dict[str, str] = {}
        self.shutting_down = False

    def publish(self, uri: str) -> None:
        text = self.documents.get(uri)
        found = [] if text is None else check_source(text, _path(uri))
        lines = (text or "").split("\n")
        diagnostics = [to_lsp(d, lines) for d in found if d.file in (_path(uri), None)]
        write_message(
            self.output,
            {
                "jsonrpc": "2.0",
                "method": "textDocument/publishDiagnostics",
                "params": {"uri": uri, "diagnostics": diagnostics},
            },
        )

    def handle(self, message: dict) -> bool:
        """Answer one message; False once the client has said `exit`."""
        method, params, ident = message.get("method"), message.get("params") or {}, message.get("id")
        if method == "exit":
            return False
        if method == "initialize":
            capabilities = {"textDocumentSync": {"openClose": True, "change": 1, "save": {"includeText": True}}}
            self.reply(ident, {"capabilities": capabilities, "serverInfo": {"name": "cardrules"}})
        elif method == "shutdown":
            self.shutting_down = True
            self.reply(ident, None)
        elif method in ("textDocument/didOpen", "textDocument/didChange", "textDocument/didSave"):
            document = params.get("textDocument", {})
            uri = document.get("uri", "")
            if method == "textDocument/didOpen":
                self.documents[uri] = document.get("text", "")
            elif method == "textDocument/didChange" and params.get("contentChanges"):
                self.documents[uri] = params["contentChanges"][-1].get("text", "")
            elif method == "textDocument/didSave" and "text" in params:
                self.documents[uri] = params["text"]
            self.publish(uri)
        elif method == "textDocument/didClose":
            uri = params.get("textDocument", {}).get("uri", "")
            self.documents.pop(uri, None)
            self.publish(uri)
        elif ident is not None:  # an unknown request gets an error; unknown notifications are ignored
            error = {"code": METHOD_NOT_FOUND, "message": f"cardrules does not handle {method}"}
            write_message(self.output, {"jsonrpc": "2.0", "id": ident, "error": error})
        return True

    def reply(self, ident, result) -> None:
        write_message(self.output, {"jsonrpc": "2.0", "id": ident, "result": result})


def serve(input_stream: BinaryIO, output_stream: BinaryIO) -> int:
    """Run until `exit` or the end of the input; the exit code follows the protocol."""
    server = Server(output_stream)
    while True:
        message = read_message(input_stream)
        if message is None or not server.handle(message):
            return 0 if server.shutting_down else 1
