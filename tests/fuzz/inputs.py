"""The input stream of a long run: input `i` of seed `s` (and the same choice of generators) is
always the same input.

Six generators share the stream: `grammar` (texts derived from the grammar), `mutation` (the
project's rule files, mutated), `path` (the same files under hostile names, as variants of
hostile bases, or named by editor URIs), `state` (saved states of the compiled games, mutated:
`states`), `log` (run logs of `simulate`, mutated, then resumed: `resume_logs`) and `lsp`
(message sequences for the language server: `lsp_messages`)."""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass, field

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from . import hostile
from .grammar import rule_texts
from .lsp_messages import conversation
from .mutations import ROOT, mutate, seed_files
from .resume_logs import mutated_log
from .states import mutated_state

# The share of each generator in the stream (by count of inputs; a log input costs about ten
# times a state input, see the README for the rates).
GENERATORS = {"grammar": 0.25, "mutation": 0.30, "path": 0.15, "state": 0.12, "log": 0.06, "lsp": 0.12}
GRAMMAR_BATCH = 200
HEADER = re.compile(r'^game\s+"(?:[^"\\\n]|\\.)*"[^\n]*', re.M)


@dataclass
class FuzzInput:
    index: int
    generator: str
    operator: str
    origin: str  # the seed file, or the grammar start symbol
    text: str
    path: str
    kind: str = "rules"  # what the text is: rules | state | log | lsp
    options: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"{self.generator}/{self.operator}"


@functools.lru_cache(maxsize=None)
def _seed_texts() -> tuple[tuple[str, str], ...]:
    return tuple((str(p.relative_to(ROOT)), p.read_text("utf-8")) for p in seed_files())


def draw_examples(strategy, count: int, seed: int) -> list:
    """`count` examples of a hypothesis strategy, reproducibly from `seed`, outside any test."""
    out: list = []

    @hypothesis_seed(seed)
    @settings(
        max_examples=count,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value):
        out.append(value)

    collect()
    return out


def _plan(seed: int, index: int, mix: tuple[str, ...] = tuple(GENERATORS)) -> tuple[random.Random, str]:
    """The RNG of input `index` and the generator it chose among `mix` (the first draws of that RNG)."""
    rng = random.Random(f"{seed}:{index}")
    return rng, rng.choices(list(mix), weights=[GENERATORS[name] for name in mix])[0]


def _grammar_start(rng: random.Random) -> str:
    return "items" if rng.random() < 0.1 else "start"


@functools.lru_cache(maxsize=2)
def _grammar_batch(seed: int, batch: int, mix: tuple[str, ...]) -> dict[int, str]:
    """The grammar texts of the inputs `batch * GRAMMAR_BATCH ...` that are grammar inputs, one
    hypothesis example each: exactly as many examples are drawn as are used."""
    wanted: dict[str, list[int]] = {"start": [], "items": []}
    for index in range(batch * GRAMMAR_BATCH, (batch + 1) * GRAMMAR_BATCH):
        rng, generator = _plan(seed, index, mix)
        if generator == "grammar":
            wanted[_grammar_start(rng)].append(index)
    texts: dict[int, str] = {}
    for start, indices in wanted.items():
        if indices:
            examples = draw_examples(rule_texts(start), len(indices), seed * 1_000_003 + batch * 2 + (start == "items"))
            # hypothesis may stop short of the count asked; the examples are then reused in turn
            texts.update({index: examples[i % len(examples)] for i, index in enumerate(indices)})
    return texts


def _grammar(index: int, seed: int, rng: random.Random, mix: tuple[str, ...]) -> FuzzInput:
    start = _grammar_start(rng)
    text = _grammar_batch(seed, index // GRAMMAR_BATCH, mix)[index]
    path = "games/generated.cardrules" if rng.random() < 0.9 else rng.choice(hostile.hostile_file_names())
    return FuzzInput(index, "grammar", start, start, text, path)


def _mutation(index: int, seed: int, rng: random.Random, mix=()) -> FuzzInput:
    name, text = rng.choice(_seed_texts())
    operator, text = mutate(text, rng)
    return FuzzInput(index, "mutation", operator, name, text, name)


def variant_text(text: str, base: str) -> str:
    """The text as a variant of `base`: its header gets a `variant of` clause."""
    header = f'game "v" variant of "{base}"'
    return HEADER.sub(lambda _: header, text, count=1) if HEADER.search(text) else header + "\n" + text


def _path(index: int, seed: int, rng: random.Random, mix=()) -> FuzzInput:
    name, text = rng.choice(_seed_texts())
    operator = rng.choice(["file-name", "file-name", "variant-base", "lsp-uri"])
    if operator == "file-name":
        path = rng.choice(hostile.hostile_directories()) + rng.choice(hostile.hostile_file_names())
    elif operator == "variant-base":
        text = variant_text(text, rng.choice(hostile.variant_bases()))
        path = rng.choice(
            ["games/v.cardrules", "v.cardrules", "/v.cardrules", rng.choice(hostile.hostile_file_names())]
        )
    else:
        path = rng.choice(hostile.lsp_uris(rng.choice([name, *hostile.hostile_file_names()])))
    return FuzzInput(index, "path", operator, name, text, path)


def _state(index: int, seed: int, rng: random.Random, mix=()) -> FuzzInput:
    engine, operator, field_name, text = mutated_state(rng)
    return FuzzInput(index, "state", operator, f"generated/{engine}.py {field_name}", text, engine, kind="state")


def _log(index: int, seed: int, rng: random.Random, mix=()) -> FuzzInput:
    operator, _, options, text = mutated_log(rng)
    return FuzzInput(
        index, "log", operator, f"{options['game']} {options['mutation']}", text, options["game"], "log", options
    )


def _lsp(index: int, seed: int, rng: random.Random, mix=()) -> FuzzInput:
    operator, text = conversation(rng, list(_seed_texts()))
    return FuzzInput(index, "lsp", operator, "messages", text, "", kind="lsp")


MAKERS = {"grammar": _grammar, "mutation": _mutation, "path": _path, "state": _state, "log": _log, "lsp": _lsp}


def make_input(seed: int, index: int, mix: tuple[str, ...] = tuple(GENERATORS)) -> FuzzInput:
    """Input `index` of seed `seed`, drawn from the generators `mix` (in their shares)."""
    rng, generator = _plan(seed, index, mix)
    return MAKERS[generator](index, seed, rng, mix)
