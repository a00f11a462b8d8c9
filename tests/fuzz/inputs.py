"""The input stream of a long run: input `i` of seed `s` is always the same text and path.

Three generators share the stream: `grammar` (texts derived from the grammar), `mutation`
(the project's rule files, mutated) and `path` (the same files under hostile names, as variants
of hostile bases, or named by editor URIs)."""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from . import hostile
from .grammar import rule_texts
from .mutations import ROOT, mutate, seed_files

GENERATORS = {"grammar": 0.35, "mutation": 0.45, "path": 0.20}
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


def _plan(seed: int, index: int) -> tuple[random.Random, str]:
    """The RNG of input `index` and the generator it chose (the first draws of that RNG)."""
    rng = random.Random(f"{seed}:{index}")
    return rng, rng.choices(list(GENERATORS), weights=list(GENERATORS.values()))[0]


def _grammar_start(rng: random.Random) -> str:
    return "items" if rng.random() < 0.1 else "start"


@functools.lru_cache(maxsize=2)
def _grammar_batch(seed: int, batch: int) -> dict[int, str]:
    """The grammar texts of the inputs `batch * GRAMMAR_BATCH ...` that are grammar inputs, one
    hypothesis example each: exactly as many examples are drawn as are used."""
    wanted: dict[str, list[int]] = {"start": [], "items": []}
    for index in range(batch * GRAMMAR_BATCH, (batch + 1) * GRAMMAR_BATCH):
        rng, generator = _plan(seed, index)
        if generator == "grammar":
            wanted[_grammar_start(rng)].append(index)
    texts: dict[int, str] = {}
    for start, indices in wanted.items():
        if indices:
            examples = draw_examples(rule_texts(start), len(indices), seed * 1_000_003 + batch * 2 + (start == "items"))
            # hypothesis may stop short of the count asked; the examples are then reused in turn
            texts.update({index: examples[i % len(examples)] for i, index in enumerate(indices)})
    return texts


def _grammar(index: int, seed: int, rng: random.Random) -> FuzzInput:
    start = _grammar_start(rng)
    text = _grammar_batch(seed, index // GRAMMAR_BATCH)[index]
    path = "games/generated.cardrules" if rng.random() < 0.9 else rng.choice(hostile.hostile_file_names())
    return FuzzInput(index, "grammar", start, start, text, path)


def _mutation(index: int, seed: int, rng: random.Random) -> FuzzInput:
    name, text = rng.choice(_seed_texts())
    operator, text = mutate(text, rng)
    return FuzzInput(index, "mutation", operator, name, text, name)


def variant_text(text: str, base: str) -> str:
    """The text as a variant of `base`: its header gets a `variant of` clause."""
    header = f'game "v" variant of "{base}"'
    return HEADER.sub(lambda _: header, text, count=1) if HEADER.search(text) else header + "\n" + text


def _path(index: int, seed: int, rng: random.Random) -> FuzzInput:
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


def make_input(seed: int, index: int) -> FuzzInput:
    rng, generator = _plan(seed, index)
    return {"grammar": _grammar, "mutation": _mutation, "path": _path}[generator](index, seed, rng)
