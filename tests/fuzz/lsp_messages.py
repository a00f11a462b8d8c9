"""Sequences of JSON-RPC messages for the language server (`cardrules lsp`), one message body a
line: documents opened with the project's rule files (mutated half the time), changed at random
ranges (negative, reversed, past the end, huge), asked for hover, completion, definition,
references, the outline, formatting, quick fixes and semantic tokens at random positions, on
opened and unopened URIs (devices, `/etc/passwd`, missing files, `untitled:`, control
characters, the secret file the session plants), unknown methods and malformed params.

A request's id is `"<n>:<kind>"`: `kind` says what the request was meant to test (`ok`,
`unopened`, `bad-params`, `unknown-method`), so an unanswered one is told apart.  The session
(see `lsp_session`) opens the connection itself (`initialize`) and closes the documents an input
opened."""

from __future__ import annotations

import json
import random

from . import hostile
from .hostile import FIFO, PAYLOAD

SECRET = "@@SECRET@@"  # the path of a file no input names but by its URI, and whose text must never come back

REQUESTS = [
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentSymbol",
    "textDocument/formatting",
    "textDocument/codeAction",
    "textDocument/semanticTokens/full",
]
UNKNOWN_METHODS = [
    "cardrules/nothing",
    "textDocument/rename",
    "textDocument/prepareRename",
    "workspace/symbol",
    "workspace/executeCommand",
    "textDocument/inlayHint",
    "$/unknown",
    "",
    "\x1b[31m",
]
OPENABLE_URIS = [
    "file:///fuzz/rules.cardrules",
    "file:///fuzz/other.cardrules",
    "untitled:Untitled-1",
    "file://" + SECRET,  # opened with a text of the input's own: reading the disk would be wrong
]
UNOPENED_URIS = [
    "file://" + SECRET,
    "file:///etc/passwd",
    "file:///no/such/dir/x.cardrules",
    "file:///fuzz/never-opened.cardrules",
    "file:///",
    "file://",
    "",
    "untitled:",
    "untitled:Untitled-2",
    "file:///dev/null",
    "file:///proc/self/environ",
    "file:///tmp/%00x.cardrules",
    "file:///a%0Ab%1B%5B31m.cardrules",
    "file:///a\nb\x1b[31m.cardrules",
    "http://example.com/x.cardrules",
    "file://host/share/x.cardrules",
    "file:///" + "x" * 5000,
]
# Devices and FIFOs that a read would never finish: rarer, each can cost a whole time limit.
ENDLESS_URIS = ["file:///dev/zero", "file:///dev/urandom", "file:///dev/stdin", "file://" + FIFO]
HUGE = [-1, -(2**31), 2**31 - 1, 2**31, 2**53, 10**20]


def _position(rng: random.Random, text: str) -> dict:
    lines = text.split("\n") or [""]
    roll = rng.random()
    if roll < 0.7:
        line = rng.randrange(len(lines))
        return {"line": line, "character": rng.randrange(len(lines[line]) + 2)}
    if roll < 0.8:
        return {"line": len(lines) + rng.choice([0, 1, 100]), "character": rng.choice([0, 5])}
    return {"line": rng.choice([0, *HUGE]), "character": rng.choice([0, *HUGE])}


def _in_protocol(value) -> bool:
    """No position number outside what the protocol allows (0 .. 2**31 - 1)."""
    if isinstance(value, dict):
        return all(_in_protocol(v) for v in value.values())
    if isinstance(value, int) and not isinstance(value, bool):
        return 0 <= value < 2**31
    return True


def _range(rng: random.Random, text: str) -> dict:
    start, end = _position(rng, text), _position(rng, text)
    if rng.random() < 0.7 and (start["line"], start["character"]) > (end["line"], end["character"]):
        start, end = end, start
    return {"start": start, "end": end}


def _change_text(rng: random.Random) -> str:
    return rng.choice(["", "x", "\n", "}", "{", '"', "zone", "\r\n", "\u2028", "é😀", PAYLOAD, "\n" * 50, "x" * 10_000])


def _bad_params(rng: random.Random, params: dict):
    """The params of a request made wrong in one way."""
    choice = rng.randrange(7)
    if choice == 0:
        return None
    if choice == 1:
        return [params]
    if choice == 2:
        return {k: v for k, v in params.items() if k != "textDocument"}
    if choice == 3:
        return {**params, "textDocument": {"uri": rng.choice([1, None, [], {"a": 1}])}}
    if choice == 4:
        return {**params, "position": {"line": "1", "character": None}}
    if choice == 5:
        return {**params, "position": {"line": 1.5, "character": -1}}
    return {**params, "textDocument": "file:///fuzz/rules.cardrules"}


class Conversation:
    def __init__(self, rng: random.Random, texts: list[tuple[str, str]]):
        self.rng = rng
        self.texts = texts
        self.opened: dict[str, str] = {}  # uri -> the text the input gave it
        self.lines: list[str] = []
        self.next_id = 1
        self.kinds: list[str] = []

    def notify(self, method: str, params) -> None:
        self.lines.append(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}, ensure_ascii=True))

    def request(self, method: str, params, kind: str) -> None:
        message = {"jsonrpc": "2.0", "id": f"{self.next_id}:{kind}", "method": method}
        if params is not ...:
            message["params"] = params
        self.next_id += 1
        self.kinds.append(kind)
        self.lines.append(json.dumps(message, ensure_ascii=True))

    def some_text(self) -> str:
        from .mutations import mutate

        name, text = self.rng.choice(self.texts)
        if self.rng.random() < 0.5:
            _, text = mutate(text, self.rng)
        return text

    def open(self) -> None:
        uri = self.rng.choice(OPENABLE_URIS + [self.rng.choice(hostile.lsp_uris(self.rng.choice(self.texts)[0]))])
        text = self.some_text()
        version = self.rng.choice([1, 1, 0, -1, 2**31])
        self.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": uri, "languageId": "cardrules", "version": version, "text": text}},
        )
        self.opened[uri] = text

    def target(self) -> tuple[str, str, str]:
        """(uri, its text as far as the input knows, kind)."""
        if self.opened and self.rng.random() < 0.7:
            uri = self.rng.choice(sorted(self.opened))
            return uri, self.opened[uri], "ok"
        pool = ENDLESS_URIS if self.rng.random() < 0.02 else UNOPENED_URIS
        return self.rng.choice(pool), "", "unopened"

    def ask(self) -> None:
        method = self.rng.choice(REQUESTS)
        uri, text, kind = self.target()
        params: dict = {"textDocument": {"uri": uri}}
        if method in (
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
            "textDocument/references",
        ):
            params["position"] = _position(self.rng, text)
        if method == "textDocument/references":
            params["context"] = {"includeDeclaration": self.rng.random() < 0.5}
        if method == "textDocument/formatting":
            params["options"] = {"tabSize": self.rng.choice([2, 0, -1, 2**31]), "insertSpaces": True}
        if method == "textDocument/codeAction":
            params["range"] = _range(self.rng, text)
            params["context"] = {"diagnostics": []}
        if not _in_protocol(params):
            kind = "bad-params"  # LSP positions are unsigned 32-bit integers
        if self.rng.random() < 0.15:
            params, kind = _bad_params(self.rng, params), "bad-params"
        self.request(method, params, kind)

    def change(self) -> None:
        uri, text, _ = self.target()
        if self.rng.random() < 0.2:
            changes = [{"text": self.some_text()}]
        else:
            changes = [
                {"range": _range(self.rng, text), "text": _change_text(self.rng)}
                for _ in range(self.rng.choice([1, 1, 2, 5]))
            ]
            if self.rng.random() < 0.1:
                changes[0]["rangeLength"] = self.rng.choice([-1, 2**40])
        version = self.rng.choice([2, 3, 1, -5, 2**40])
        self.notify(
            "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}
        )

    def odd(self) -> None:
        """An unknown method, a notification out of place, or a body that is not a message."""
        roll = self.rng.randrange(8)
        if roll == 0:
            self.request(self.rng.choice(UNKNOWN_METHODS), {}, "unknown-method")
        elif roll == 1:
            self.notify("$/cancelRequest", {"id": self.rng.choice([1, "1:ok", None, 2**70])})
        elif roll == 2:
            uri, _, _ = self.target()
            self.notify(
                self.rng.choice(["textDocument/didSave", "textDocument/didClose"]), {"textDocument": {"uri": uri}}
            )
            self.opened.pop(uri, None)
        elif roll == 3:
            self.lines.append(
                self.rng.choice(["{", "[]", "null", "1", '"x"', "{}", '{"jsonrpc": "2.0"}', "\x00", " " * 100_000])
            )
        elif roll == 4:
            self.lines.append(json.dumps({"jsonrpc": "1.0", "id": "x", "method": "textDocument/hover", "params": {}}))
        elif roll == 5:
            weird = self.rng.choice([None, {"a": 1}, [1], 1.5, 2**70, True])
            self.lines.append(json.dumps({"jsonrpc": "2.0", "id": weird, "method": "textDocument/hover", "params": {}}))
        elif roll == 6:
            self.request(self.rng.choice(REQUESTS), ..., "bad-params")  # no params at all
        else:
            self.request("initialize", {"capabilities": {}, "processId": None}, "again")


def conversation(rng: random.Random, texts: list[tuple[str, str]]) -> tuple[str, str]:
    """(operator, the input's messages, one body a line)."""
    talk = Conversation(rng, texts)
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        talk.open()
    operator = rng.choice(["requests", "changes", "odd", "mixed"])
    weights = {"requests": (8, 2, 1), "changes": (3, 6, 1), "odd": (2, 1, 6), "mixed": (4, 3, 3)}[operator]
    for _ in range(rng.randint(2, 14)):
        step = rng.choices([talk.ask, talk.change, talk.odd], weights=weights)[0]
        step()
        if step is talk.change and rng.random() < 0.5:
            talk.ask()
    if rng.random() < 0.05:
        talk.request("shutdown", None, "ok")
        talk.notify("exit", None)
        operator = "shutdown"
    return operator, "\n".join(talk.lines)
