"""The language server in this process, fed one raw JSON-RPC message at a time: what tests and the
fuzzer use to reach every handler without a subprocess and without framing bytes on a pipe."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pygls.exceptions import JsonRpcException

from .lsp import CardrulesServer, build_server


class _Collected:
    """The writer the server answers into: keeps each message it writes, decoded."""

    def __init__(self) -> None:
        self.messages: list[dict] = []

    def write(self, data: bytes) -> None:
        self.messages.append(json.loads(data))

    def close(self) -> None:
        pass


class InProcessSession:
    """A fresh server (its own documents and state) driven in process, message by message.

    `send(message)` takes one message as a client writes it: a dict, or its JSON body as `str` or
    `bytes` (the body only, without the `Content-Length` header). It goes through the same steps
    as a message read from stdio (decoding, structuring, dispatch) and `send` returns every
    message the server wrote while handling it, as dicts, in order: the answer to a request (a
    request is always answered before `send` returns) and notifications such as
    `textDocument/publishDiagnostics`. With `settle` (the default), checks that a `didChange`
    planned for when typing pauses are run at once, so their diagnostics come back from the same
    call.

        session = InProcessSession()
        session.initialize()
        session.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {...}})
        (answer,) = session.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", ...})

    `initialize(params)` sends `initialize` and `initialized` and returns the `initialize` answer.
    Close the session (or use it as a context manager) to release its event loop."""

    def __init__(self) -> None:
        self.server: CardrulesServer = build_server()
        self._written = _Collected()
        self.server.protocol.set_writer(self._written, include_headers=False)
        self._loop = asyncio.new_event_loop()
        self._next_id = 0

    def send(self, message: dict | str | bytes, *, settle: bool = True) -> list[dict]:
        body = json.dumps(message) if isinstance(message, dict) else message
        start = len(self._written.messages)
        self._loop.run_until_complete(self._deliver(body, settle))
        return self._written.messages[start:]

    def request(self, method: str, params: Any = None) -> dict:
        """Send a request with a fresh id and return its answer (a dict with `result` or `error`)."""
        self._next_id += 1
        message = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        if params is not None:
            message["params"] = params
        written = self.send(message)
        return next(m for m in written if m.get("id") == self._next_id and "method" not in m)

    def notify(self, method: str, params: Any = None) -> list[dict]:
        message = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        return self.send(message)

    def initialize(self, params: dict | None = None) -> dict:
        answer = self.request("initialize", params if params is not None else {"capabilities": {}})
        self.notify("initialized", {})
        return answer

    async def _deliver(self, body: str | bytes, settle: bool) -> None:
        protocol = self.server.protocol
        # The same steps as pygls' stdio loop for one body (decode, structure, dispatch).
        try:
            protocol.handle_message(json.loads(body, object_hook=protocol.structure_message))
        except Exception as exc:  # noqa: BLE001 - as the stdio loop: reported, and the session goes on
            self.server.report_server_error(exc, JsonRpcException)
        await asyncio.sleep(0)
        if settle:
            self.server.check_pending_now()
        await asyncio.sleep(0)

    def close(self) -> None:
        self._loop.close()

    def __enter__(self) -> InProcessSession:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()
