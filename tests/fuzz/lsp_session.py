"""The language server as an editor meets it: `python -m dsl.cli lsp` in a subprocess of the
worker, spoken to over stdio, kept across inputs (restarted when it dies, overruns or is told to
exit), under the worker's memory cap.

For each input (see `lsp_messages`) the session sends every message, then closes the documents
the input opened and sends one request of its own; the server handles messages in order, so
when that answer comes every earlier request has had its chance.  Properties:

- every request of the input gets an answer (`lsp-unanswered`), within the input's time limit
  in the server's processor time, or `wall_factor` times it in wall time (`lsp-timeout`);
- no error answer carries a traceback, nor does any message the server sends (`lsp-traceback`);
- no message carries the text of the secret file, which no input opens (`lsp-leak`): a server
  that reads a file it was not given shows it sooner or later in an outline, an edit or a message;
- the server does not die (`lsp-died`) unless the input said `exit`;
- no input's payload runs (`sentinel`)."""

from __future__ import annotations

import ctypes
import json
import os
import queue
import re
import resource
import signal
import subprocess
import sys
import threading
import time

from .clock import cpu_seconds
from .properties import ROOT, Failure, Outcome

FRAME = re.compile(r'File "([^"]+)", line \d+, in (\S+)')
SYNC_ID = "session:sync"
STARTUP_SECONDS = 60.0  # a server that cannot start in this long is a dead one


def _secret_text(marker: str) -> str:
    return f'game "{marker}"\nplayers 2\nzone {marker.lower()} shared seen by nobody\n# {marker}\n'


def _limit_server(memory: int):
    def apply() -> None:
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        try:  # the server goes when its worker is killed
            ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass

    return apply


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    return [s for item in value for s in _strings(item)] if isinstance(value, list) else []


def read_message(body: bytes, marker: str, expected: dict, answered: set) -> tuple[str | None, list[Failure]]:
    """(the method a message of the server answers or is, the failures it shows); an answer's
    id joins `answered`.  `marker` is in the secret file's text and nowhere else."""
    text = body.decode("utf-8", "replace")
    try:
        message = json.loads(text)
    except ValueError:
        return None, [Failure("lsp-garbled", "not JSON", text[:300])]
    if not isinstance(message, dict):
        return None, [Failure("lsp-garbled", "not an object", text[:300])]
    failures = []
    ident = message.get("id")
    method = message.get("method") or (expected.get(ident) if isinstance(ident, str) else None) or "?"
    if isinstance(ident, str) and "method" not in message:
        answered.add(ident)
    if marker in text or marker.lower() in text:
        failures.append(Failure("lsp-leak", method, f"the secret file's text came back: {text[:300]}"))
    # Results may quote the input's own text; errors and messages for the user are the server's words.
    speaks = "error" in message or method in ("window/showMessage", "window/logMessage")
    if speaks and ("Traceback" in text or "traceback" in text or FRAME.search(text)):
        failures.append(Failure("lsp-traceback", _origin(message), f"{method}: {text[:400]}"))
    return method, failures


def _origin(message: dict) -> str:
    """The exception's type and the innermost frame of the project in the traceback sent."""
    error = message.get("error") if isinstance(message.get("error"), dict) else {}
    params = message.get("params") if isinstance(message.get("params"), dict) else {}
    shown = str(error.get("message") or params.get("message") or "")
    kind = re.match(r"(?:Error in server: )?([A-Za-z_][\w.]*)", shown)
    where = "?"
    for path, function in FRAME.findall("\n".join(_strings(error.get("data"))) + shown):
        if path.startswith(os.path.join(ROOT, "dsl")):
            where = f"{os.path.relpath(path, ROOT)}:{function}"
    return f"{kind.group(1) if kind else '?'} at {where}"


class Server:
    """One `cardrules lsp` process and a thread reading its messages into a queue."""

    def __init__(self, memory: int):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [ROOT, os.environ.get("PYTHONPATH")])))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dsl.cli", "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            cwd=ROOT,
            env=env,
            preexec_fn=_limit_server(memory),
        )
        self.messages: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        try:
            while True:
                length = None
                while True:
                    line = stream.readline()
                    if not line:
                        self.messages.put(None)
                        return
                    if line in (b"\r\n", b"\n"):
                        break
                    name, _, value = line.decode("latin-1").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                body = stream.read(length or 0)
                self.messages.put(body)
        except (OSError, ValueError):
            self.messages.put(None)

    def send(self, body: str) -> None:
        data = body.encode("utf-8", "surrogatepass")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
        self.process.stdin.flush()

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        if self.alive():
            self.process.kill()
        self.process.wait(5)
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


class Session:
    """The server of one worker, and the secret file no input may see."""

    def __init__(self, scratch: str, memory: int):
        self.memory = memory
        self.server: Server | None = None
        self.marker = f"SECRET{os.urandom(8).hex().upper()}"
        directory = os.path.join(scratch, f"secret-{os.getpid()}")
        os.makedirs(directory, exist_ok=True)
        self.secret = os.path.join(directory, "notes.cardrules")
        with open(self.secret, "w", encoding="utf-8") as handle:
            handle.write(_secret_text(self.marker))

    def _start(self) -> Server | None:
        server = Server(self.memory)
        init = {"processId": None, "rootUri": None, "capabilities": {}}
        server.send(json.dumps({"jsonrpc": "2.0", "id": "session:init", "method": "initialize", "params": init}))
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            try:
                body = server.messages.get(timeout=1.0)
            except queue.Empty:
                continue
            if body is None:
                break
            if json.loads(body).get("id") == "session:init":
                server.send(json.dumps({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
                return server
        server.kill()
        return None

    def close(self) -> None:
        if self.server is not None:
            self.server.kill()
            self.server = None

    def check(self, text: str, limit: float, wall_factor: float) -> Outcome:
        outcome = Outcome(stage="started")
        if self.server is None or not self.server.alive():
            self.server = self._start()
            if self.server is None:
                outcome.failures.append(Failure("lsp-died", "at start", "the server did not answer initialize"))
                return outcome
        server = self.server
        bodies = [line for line in text.split("\n") if line]
        expected: dict[str, str] = {}  # request id -> method and kind
        opened: list[str] = []
        said_exit = False
        for body in bodies:
            try:
                message = json.loads(body)
            except ValueError:
                message = None
            if isinstance(message, dict):
                method, ident = message.get("method"), message.get("id")
                if isinstance(ident, str) and ":" in ident and message.get("jsonrpc") == "2.0":
                    expected[ident] = f"{method} {ident.split(':', 1)[1]}"
                if method == "textDocument/didOpen":
                    uri = ((message.get("params") or {}).get("textDocument") or {}).get("uri")
                    if isinstance(uri, str):
                        opened.append(uri)
                said_exit = said_exit or method == "exit"
        cpu_start, wall_start = cpu_seconds(server.process.pid), time.monotonic()
        sender = threading.Thread(target=self._send_all, args=(server, bodies, opened, said_exit), daemon=True)
        sender.start()
        answered: set[str] = set()
        last_method = "(none)"
        if not said_exit:
            expected[SYNC_ID] = "session sync"
        while not (SYNC_ID in answered or (said_exit and set(expected) <= answered)):
            try:
                body = server.messages.get(timeout=0.1)
            except queue.Empty:
                body = ...
            if body is None:
                if not said_exit:
                    outcome.failures.append(Failure("lsp-died", f"after {last_method}", self._exit_note(server)))
                    self.close()
                    return outcome
                break
            if body is not ...:
                method, found = read_message(body, self.marker, expected, answered)
                outcome.failures += found
                last_method = method or last_method
            used = cpu_seconds(server.process.pid)
            wall = time.monotonic() - wall_start
            spent = used - cpu_start if used is not None and cpu_start is not None else None
            if (spent is not None and spent >= limit) or wall >= 0.8 * wall_factor * limit:
                waiting = sorted(set(expected) - answered, key=lambda i: (i == SYNC_ID, i))
                shown = f"{spent:.1f} s of processor time, " if spent is not None else ""
                message = f"limit {limit:.1f} s; stopped after {shown}{wall:.1f} s"
                outcome.failures.append(Failure("lsp-timeout", expected[waiting[0]], message))
                self.close()
                return outcome
        outcome.stage = "exited" if said_exit else "answered"
        missing = [expected[i] for i in sorted(set(expected) - answered)]
        if missing:
            shown = ", ".join(missing[:5])
            kind = missing[0].rsplit(" ", 1)[-1]
            outcome.failures.append(Failure("lsp-unanswered", kind, f"{len(missing)} requests unanswered: {shown}"))
        if said_exit:
            self.close()
        return outcome

    def _send_all(self, server: Server, bodies: list[str], opened: list[str], said_exit: bool) -> None:
        try:
            for body in bodies:
                server.send(body)
            if not said_exit:
                for uri in opened:
                    params = {"textDocument": {"uri": uri}}
                    server.send(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didClose", "params": params}))
                server.send(json.dumps({"jsonrpc": "2.0", "id": SYNC_ID, "method": "cardrules/sync", "params": {}}))
        except (OSError, ValueError):
            pass  # the server died; the reader says so

    @staticmethod
    def _exit_note(server: Server) -> str:
        try:
            code = server.process.wait(5)
        except subprocess.TimeoutExpired:
            return "the server closed its output"
        return f"exit code {code}" + (" (killed: memory?)" if code in (-9, -6, 137) else "")
