"""Properties of `--resume` over logs with one field changed to any JSON value.

Changed as by corruption (the digest left as it was), a log either resumes to exactly the
uninterrupted summary or is refused with exit 2; changed by a forger (the digest recomputed), it
is still never an internal error. Never exit 3, never a traceback."""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_resume_log_attacks import RUN, digest_of, invoke, without_timing

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats()
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


def field_paths(line: dict) -> list[tuple[str, ...]]:
    """Every field of a line, and every field of its objects (`course`, `gap`, `readings`)."""
    paths = []
    for key, value in line.items():
        paths.append((key,))
        if isinstance(value, dict):
            paths += [(key, inner) for inner in value]
    return paths


def mutated(line: dict, path: tuple[str, ...], value) -> dict:
    changed = json.loads(json.dumps(line))
    target = changed
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return changed


@pytest.fixture(scope="module")
def whole_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("property")
    log, out = folder / "run.jsonl", folder / "whole.json"
    assert invoke(*RUN, "--log", log, "--json", out).exit_code == 0
    return [json.loads(text) for text in log.read_text(encoding="utf-8").splitlines()], json.loads(out.read_text())


def resume_with(lines: list[dict], number: int, changed: dict):
    with tempfile.TemporaryDirectory() as folder:
        log, out = Path(folder) / "run.jsonl", Path(folder) / "out.json"
        texts = [json.dumps(line, ensure_ascii=False) for line in lines]
        texts[number] = json.dumps(changed, ensure_ascii=False)  # NaN and infinities as JSON's extensions
        log.write_text("\n".join(texts) + "\n", encoding="utf-8")
        result = invoke(*RUN, "--resume", log, "--json", out)
        summary = json.loads(out.read_text(encoding="utf-8")) if result.exit_code == 0 else None
    return result, summary


def same_value(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return type(a) is type(b) and a == b


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=json_values)
def test_a_field_changed_in_a_log_resumes_to_the_same_summary_or_is_refused(whole_run, data, value):
    lines, whole = whole_run
    number = data.draw(st.integers(min_value=0, max_value=len(lines) - 1), label="line")
    path = data.draw(st.sampled_from(field_paths(lines[number])), label="field")
    result, summary = resume_with(lines, number, mutated(lines[number], path, value))
    assert result.exit_code in (0, 2), result.output
    assert "Traceback" not in result.output
    if result.exit_code == 0:
        assert without_timing(summary) == without_timing(whole)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), value=json_values)
def test_a_forged_line_is_never_an_internal_error(whole_run, data, value):
    lines, _ = whole_run
    number = data.draw(st.integers(min_value=1, max_value=len(lines) - 1), label="line")
    path = data.draw(st.sampled_from([p for p in field_paths(lines[number]) if p != ("digest",)]), label="field")
    changed = mutated(lines[number], path, value)
    changed["digest"] = digest_of(changed)
    result, _ = resume_with(lines, number, changed)
    assert result.exit_code in (0, 2), result.output
    assert "Traceback" not in result.output
