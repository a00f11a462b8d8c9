"""How the language server takes in messages: every request gets an answer, a result or an error
with a plain message (never a Python traceback), whatever the client sends.

pygls structures each JSON object as it is decoded and drops a message it cannot structure (a
position of -1, a missing parameter) without answering. Here the body is decoded as plain JSON,
the whole message is structured once, and a request that cannot be is answered `InvalidParams`;
a request before `initialize` is answered `ServerNotInitialized`, one after `shutdown`
`InvalidRequest`, and a body that is not JSON `ParseError`."""

from __future__ import annotations

import json
import logging
from typing import Any

from lsprotocol import types as t
from pygls.protocol import LanguageServerProtocol, lsp_method

logger = logging.getLogger(__name__)

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
SERVER_NOT_INITIALIZED = -32002
PLAIN_INTERNAL_ERROR = "the cardrules language server failed to answer this request"


def _valid_id(value: Any) -> bool:
    return isinstance(value, int | str) and not isinstance(value, bool)


class CardrulesProtocol(LanguageServerProtocol):
    def structure_message(self, data: dict[str, Any]) -> Any:
        # Used as the JSON decoder's object hook, which sees every object inside the message
        # too: leave them all as plain JSON; `handle_message` structures the message itself.
        return data

    def handle_message(self, message: Any) -> None:
        if not isinstance(message, dict):
            logger.warning("ignoring a message that is not a JSON object")
            return
        method = message.get("method")
        if "id" not in message:
            self._take_notification(message)
            return
        if method is None:
            return  # a response to a request of ours: the server sends none
        msg_id = message["id"]
        if not _valid_id(msg_id) or not isinstance(method, str) or message.get("jsonrpc") != self.VERSION:
            self._refuse(msg_id if _valid_id(msg_id) else None, INVALID_REQUEST, "not a JSON-RPC 2.0 request")
            return
        if self._workspace is None and method != t.INITIALIZE:
            self._refuse(msg_id, SERVER_NOT_INITIALIZED, "the server is not initialized: send 'initialize' first")
            return
        if self._shutdown:
            self._refuse(msg_id, INVALID_REQUEST, "the server is shutting down: only 'exit' is accepted")
            return
        try:
            structured = super().structure_message(message)
        except Exception:  # noqa: BLE001 - whatever the client sent, the request gets its answer
            self._refuse(msg_id, INVALID_PARAMS, f"the parameters of {method!r} are not valid")
            return
        super().handle_message(structured)

    def _take_notification(self, message: dict) -> None:
        method = message.get("method")
        if not isinstance(method, str) or message.get("jsonrpc") != self.VERSION:
            return
        if self._workspace is None and method != t.EXIT:
            return  # notifications before `initialize` are dropped, as the protocol asks
        try:
            structured = super().structure_message(message)
        except Exception:  # noqa: BLE001 - a notification has no answer; it is dropped
            logger.warning("ignoring the notification %r: its parameters are not valid", method)
            return
        super().handle_message(structured)

    def refuse_unreadable_body(self, error: Exception) -> bool:
        """Answer a body that is not JSON (`ParseError`, with no id); whether it was one."""
        if not isinstance(error, json.JSONDecodeError | UnicodeDecodeError):
            return False
        self._refuse(None, PARSE_ERROR, "the message is not JSON")
        return True

    def _refuse(self, msg_id: Any, code: int, message: str) -> None:
        self._send_response(msg_id, error=t.ResponseError(code=code, message=message))

    def _send_response(self, msg_id: Any, result: Any = None, error: t.ResponseError | None = None) -> None:
        if error is not None:
            # pygls puts the traceback of a failed handler in `data`, and its last line in the
            # message: neither goes to the client (they are in the server's log).
            message = PLAIN_INTERNAL_ERROR if error.code == INTERNAL_ERROR else error.message
            error = t.ResponseError(code=error.code, message=message)
        super()._send_response(msg_id, result, error)

    @lsp_method(t.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: t.DidChangeTextDocumentParams):
        """Apply the changes to an opened document (a change to any other is ignored), each range
        put in order first (pygls clamps positions past the end of the text)."""
        document = self._server.opened(params.text_document.uri)
        if document is None:
            return
        for change in params.content_changes:
            if isinstance(change, t.TextDocumentContentChangePartial):
                start, end = change.range.start, change.range.end
                if (start.line, start.character) > (end.line, end.character):
                    change.range = t.Range(end, start)
            self.workspace.update_text_document(params.text_document, change)
        if (user_handler := self.fm.features.get(t.TEXT_DOCUMENT_DID_CHANGE)) is not None:
            yield user_handler, (params,), None
