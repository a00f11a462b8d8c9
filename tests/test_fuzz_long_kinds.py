"""The fuzzing harness's three kinds of input besides rule texts and paths: saved states read back
by `from_json`, run logs resumed by `simulate --resume`, and message sequences for the language
server (see `tests/fuzz/README.md`).

The unmutated inputs of each kind must hold (a saved state loads and plays on, a cut log resumes
to the uninterrupted run's JSON, a plain conversation is answered): the properties do not fail
what is right.  The slow tests run a few hundred generated inputs of each kind through the long
run's own machinery (`python -m tests.fuzz`): every input is checked and none fails."""

from __future__ import annotations

import json
import random

import pytest

from tests.fuzz import cli as fuzz_cli
from tests.fuzz.lsp_session import read_message
from tests.fuzz.mutations import ROOT
from tests.fuzz.pool import Job, Pool
from tests.fuzz.resume_logs import LOG_GAMES, reference_run
from tests.fuzz.states import engine_names, saved_state

# Failure classes today's code has (the fixes are under way); any other failure is a regression
# or a fault of the harness.
INPUTS = {"state": 300, "log": 150, "lsp": 100}  # about 5, 20 and 60 s


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    workers = Pool(1, str(tmp_path_factory.mktemp("fuzz-kinds")), memory=1024 * 1024**2, base_seconds=30.0)
    yield workers
    workers.close()


def outcome_of(pool: Pool, job: Job):
    for _, outcome in pool.run([job]):
        return outcome


@pytest.mark.parametrize("name", ["thirteens", "briscola", "cribbage", "old_maid"])
def test_an_unmutated_saved_state_loads_and_plays_on(pool, name):
    assert name in engine_names()
    text = json.dumps(saved_state(name, random.Random(7)))
    outcome = outcome_of(pool, Job(None, text, name, seed=7, kind="state"))
    assert outcome.failures == [] and outcome.stage == "played", outcome


def test_a_saved_state_of_another_game_is_refused(pool):
    text = json.dumps(saved_state("thirteens", random.Random(1)))
    outcome = outcome_of(pool, Job(None, text, "briscola", kind="state"))
    assert outcome.failures == [] and outcome.stage == "refused", outcome


@pytest.mark.parametrize("game", ["games/thirteens.cardrules", "games/classics/old_maid.cardrules"])
def test_a_log_cut_short_resumes_to_the_uninterrupted_result(pool, game):
    assert game in LOG_GAMES
    log, exit_code, expected = reference_run(game, 3, 1)
    cut = "".join(line + "\n" for line in log.split("\n")[:2])  # the header and the first match
    options = {"game": game, "games": 3, "seed": 1, "expected_exit": exit_code, "expected": expected}
    outcome = outcome_of(pool, Job(None, cut, game, kind="log", options={**options, "mutation": "cut"}))
    assert outcome.failures == [] and outcome.stage == "resumed", outcome


def test_a_log_of_another_seed_is_refused_with_a_message(pool):
    game = "games/thirteens.cardrules"
    _, exit_code, expected = reference_run(game, 3, 1)
    other = reference_run(game, 3, 2)[0]
    options = {"game": game, "games": 3, "seed": 1, "expected_exit": exit_code, "expected": expected}
    outcome = outcome_of(pool, Job(None, other, game, kind="log", options={**options, "mutation": "seed"}))
    assert outcome.failures == [] and outcome.stage == "refused", outcome


def _message(ident, method, params):
    out = {"jsonrpc": "2.0", "method": method, "params": params}
    if ident is not None:
        out["id"] = ident
    return json.dumps(out)


def test_a_plain_conversation_is_answered(pool, root):
    uri = "file:///fuzz/rules.cardrules"
    text = (root / "games" / "thirteens.cardrules").read_text(encoding="utf-8")
    document = {"uri": uri}
    at = {"textDocument": document, "position": {"line": 20, "character": 4}}
    lines = [
        _message(
            None,
            "textDocument/didOpen",
            {"textDocument": {**document, "languageId": "cardrules", "version": 1, "text": text}},
        ),
        _message("1:ok", "textDocument/hover", at),
        _message("2:ok", "textDocument/completion", at),
        _message("3:ok", "textDocument/documentSymbol", {"textDocument": document}),
        _message(
            "4:ok",
            "textDocument/formatting",
            {"textDocument": document, "options": {"tabSize": 2, "insertSpaces": True}},
        ),
    ]
    outcome = outcome_of(pool, Job(None, "\n".join(lines), "", kind="lsp"))
    assert outcome.failures == [] and outcome.stage == "answered", outcome


def test_the_server_s_messages_are_judged():
    marker = "SECRET0123"
    expected = {"1:ok": "textDocument/hover ok", "2:unopened": "textDocument/documentSymbol unopened"}
    answered: set[str] = set()
    clean = json.dumps({"jsonrpc": "2.0", "id": "1:ok", "result": {"contents": "Traceback is a word here"}})
    assert read_message(clean.encode(), marker, expected, answered) == ("textDocument/hover ok", [])
    leak = json.dumps({"jsonrpc": "2.0", "id": "2:unopened", "result": [{"name": marker}]})
    _, found = read_message(leak.encode(), marker, expected, answered)
    assert [(f.kind, f.where) for f in found] == [("lsp-leak", "textDocument/documentSymbol unopened")]
    assert answered == {"1:ok", "2:unopened"}
    frame = '  File "' + str(ROOT / "dsl" / "tools" / "lsp.py") + '", line 86, in index\n'
    error = {"code": -32603, "message": "FileNotFoundError: no", "data": {"traceback": [frame]}}
    _, found = read_message(json.dumps({"jsonrpc": "2.0", "id": "3:x", "error": error}).encode(), marker, {}, set())
    assert [(f.kind, f.where) for f in found] == [("lsp-traceback", "FileNotFoundError at dsl/tools/lsp.py:index")]
    _, found = read_message(b"{not json", marker, {}, set())
    assert [f.kind for f in found] == ["lsp-garbled"]


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(INPUTS))
def test_a_few_hundred_generated_inputs(tmp_path, capsys, kind):
    report_path = tmp_path / "fuzz.json"
    arguments = ["--inputs", str(INPUTS[kind]), "--seed", "1", "--workers", "1", "--generators", kind]
    arguments += ["--memory", "1024", "--wall-factor", "4", "--minimise", "0", "--quiet", "--report", str(report_path)]
    code = fuzz_cli.main(arguments)
    capsys.readouterr()
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert report["complete"] and report["inputs"] == INPUTS[kind]
    assert report["generators"][kind]["inputs"] == INPUTS[kind]
    assert not report["failure_classes"], report["failures"][:3]
    assert code == 0
