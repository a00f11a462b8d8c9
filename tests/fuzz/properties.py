"""The properties every input must keep, checked in the calling process:

- `dsl.check_source(text, path)` returns diagnostics and never raises;
- no diagnostic is an `internal-error`;
- if the text compiles, importing the engine (`module_from_source`) and playing `new_game` plus
  a few random legal moves raises nothing but `RuleGap` or `IllegalAction`;
- nothing creates the input's sentinel file (the payload hostile inputs carry).

A failure is classified by what went wrong and where (exception type and the innermost frame
of the project), so thousands of failing inputs reduce to a handful of distinct bugs."""

from __future__ import annotations

import os
import random
import traceback
from dataclasses import asdict, dataclass, field

import dsl
import dsl.api
from dsl.runtime.errors import IllegalAction, RuleGap

from .hostile import FIFO, SENTINEL

MOVES = 30
PROJECT = os.path.dirname(os.path.abspath(dsl.__file__))
ROOT = os.path.dirname(PROJECT)
GENERATED = os.path.join(ROOT, "generated") + os.sep  # the compiled games the project ships


@dataclass
class Failure:
    kind: str  # check-raised | internal-error | sentinel | import-raised | engine-raised | timeout | worker-died,
    # and for the other kinds of input state-raised, resume-*, lsp-* (see the README)
    where: str  # exception type and innermost project frame, or the generator that produced it
    message: str

    @property
    def key(self) -> str:
        return f"{self.kind}: {self.where}"


@dataclass
class Outcome:
    failures: list[Failure] = field(default_factory=list)
    stage: str = "unknown"  # syntax-error | errors | compiled | played
    seconds: float = 0.0  # processor time the check used (what the limit bounds)
    wall_seconds: float = 0.0

    def to_dict(self) -> dict:
        return asdict(self)


def materialise(text: str, path: str, sentinel: str, fifo: str = "/nonexistent-fifo") -> tuple[str, str]:
    """The input as the project sees it: placeholders replaced by this input's sentinel and FIFO."""
    return (
        text.replace(SENTINEL, sentinel).replace(FIFO, fifo),
        path.replace(SENTINEL, sentinel).replace(FIFO, fifo),
    )


# ------------------------------------------------------------ where an internal error came from
_last_internal: list[BaseException] = []


def install_internal_error_spy() -> None:
    """`internal-error` diagnostics keep only the exception's message; to classify them by their
    origin, remember the exception the pipeline turned into one (outside dsl, nothing changes)."""
    original = getattr(dsl.api, "_internal", None)
    if original is None or getattr(original, "_fuzz_spy", False):
        return

    def spy(exc, *args, **kwargs):
        _last_internal.append(exc)
        return original(exc, *args, **kwargs)

    spy._fuzz_spy = True
    dsl.api._internal = spy


def origin(exc: BaseException) -> str:
    """`TypeError at dsl/checks/x.py:func`: the innermost frame in the project or an engine (else
    the innermost frame at all).  Lark wraps exceptions of tree transformers: the wrapped one
    tells where the fault is."""
    exc = getattr(exc, "orig_exc", None) or exc
    where = last = "?"
    for frame in traceback.extract_tb(exc.__traceback__):
        name = frame.filename
        last = f"{os.path.relpath(name, ROOT) if name.startswith('/') else name}:{frame.name}"
        if name.startswith(PROJECT):
            where = f"{os.path.relpath(name, ROOT)}:{frame.name}"
        elif name.startswith(("<cardrules engine", GENERATED)):
            where = f"engine:{frame.name}"
    return f"{type(exc).__name__} at {where if where != '?' else last}"


def message_of(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}"
    return text if len(text) < 400 else text[:400] + "..."


# ------------------------------------------------------------ the properties
def check_sentinel(sentinel: str, stage: str, outcome: Outcome) -> None:
    if os.path.lexists(sentinel):
        outcome.failures.append(Failure("sentinel", f"payload ran during {stage}", f"{sentinel} was created"))
        os.unlink(sentinel)


def _play(module, seed: int, outcome: Outcome) -> None:
    rng = random.Random(seed)
    rules = module.RULES
    players = rng.choice(list(rules["players"]))
    readings = {a["name"]: rng.choice(list(a["readings"])) for a in rules.get("ambiguities", [])}
    try:
        state = module.new_game(players=players, seed=seed, readings=readings)
        state.clone()
        state.to_json()
        for _ in range(MOVES):
            if state.is_terminal():
                state.returns()
                state.winners()
                break
            state.observation(state.current_player)
            action = rng.choice(state.legal_actions())
            state.action_str(action)
            state.apply(action)
    except (RuleGap, IllegalAction):
        pass


def check(text: str, path: str, sentinel: str, seed: int = 0) -> Outcome:
    """Every property for one input; `sentinel` must not exist before."""
    install_internal_error_spy()
    outcome = Outcome()
    _last_internal.clear()
    try:
        diagnostics = dsl.check_source(text, path)
    except BaseException as exc:  # noqa: BLE001 - SystemExit from generated code is a failure too
        if isinstance(exc, KeyboardInterrupt):
            raise
        outcome.failures.append(Failure("check-raised", origin(exc), message_of(exc)))
        check_sentinel(sentinel, "check_source", outcome)
        return outcome
    internal = [d for d in diagnostics if d.code == "internal-error"]
    for i, d in enumerate(internal):
        cause = _last_internal[i] if i < len(_last_internal) else None
        where = origin(cause) if cause is not None else "unknown origin"
        outcome.failures.append(Failure("internal-error", where, d.message))
    check_sentinel(sentinel, "check_source", outcome)
    errors = {d.code for d in diagnostics if d.is_error}
    outcome.stage = "syntax-error" if "syntax-error" in errors else "errors" if errors else "checked"
    if internal or outcome.stage == "syntax-error":
        return outcome  # a text that does not parse cannot compile: no second parse to pay for
    try:
        compiled = dsl.api.compile_source(text, path)
        if not compiled.ok:
            return outcome
        outcome.stage = "compiled"
        module = dsl.api.module_from_source(compiled.source, compiled.module_name)
    except BaseException as exc:  # noqa: BLE001
        if isinstance(exc, KeyboardInterrupt):
            raise
        outcome.failures.append(Failure("import-raised", origin(exc), message_of(exc)))
        check_sentinel(sentinel, "import", outcome)
        return outcome
    check_sentinel(sentinel, "import", outcome)
    try:
        _play(module, seed, outcome)
        outcome.stage = "played"
    except BaseException as exc:  # noqa: BLE001
        if isinstance(exc, KeyboardInterrupt):
            raise
        outcome.failures.append(Failure("engine-raised", origin(exc), message_of(exc)))
    check_sentinel(sentinel, "play", outcome)
    return outcome
