"""Variants: `game "Thirteens to 100" variant of "thirteens.cardrules"` takes every declaration of
the base file and replaces those the variant declares again under the same name.

Named declarations (zones, variables, value tables, orders, ambiguities, scorings) are replaced
one by one; the single ones (players, deck lines, flow, result, winners) are replaced whole when
the variant has them; sources, triggers and examples of both files are kept.  A variant is thus a
few lines: a different deck, one changed scoring rule, another target score.
"""

from __future__ import annotations

import os
from dataclasses import fields, is_dataclass, replace

from .ast import nodes as n
from .diagnostics import Diagnostic, error


def _merge_named(base: list, extra: list, key) -> list:
    names = {key(item) for item in extra}
    return [item for item in base if key(item) not in names] + list(extra)


def mark_file(node, path: str) -> None:
    """Record on every span of a base file's tree which file it comes from."""
    if isinstance(node, list | tuple):
        for item in node:
            mark_file(item, path)
        return
    if not is_dataclass(node) or isinstance(node, type):
        return
    for f in fields(node):
        value = getattr(node, f.name)
        if f.name == "span" and value is not None and value.file is None:
            object.__setattr__(node, "span", replace(value, file=path))
        elif f.name != "span":
            mark_file(value, path)


def merge(base: n.Game, variant: n.Game) -> n.Game:
    return replace(
        base,
        name=variant.name,
        file=variant.file,
        variant_of=variant.variant_of,
        sources=_merge_named(base.sources, variant.sources, lambda s: s.name),
        players=variant.players or base.players,
        decks=variant.decks or base.decks,
        orders=_merge_named(base.orders, variant.orders, lambda o: o.name or ""),
        values=_merge_named(base.values, variant.values, lambda v: v.name),
        zones=_merge_named(base.zones, variant.zones, lambda z: z.name),
        vars=_merge_named(base.vars, variant.vars, lambda v: v.name),
        ambiguities=_merge_named(base.ambiguities, variant.ambiguities, lambda a: a.name),
        scorings=_merge_named(base.scorings, variant.scorings, lambda s: s.name),
        triggers=base.triggers + variant.triggers,
        examples=base.examples + variant.examples,
        flow=variant.flow or base.flow,
        result=variant.result or base.result,
        result_cites=variant.result_cites if variant.result is not None else base.result_cites,
        winners=variant.winners if variant.result is not None else base.winners,
    )


def resolve_variant(game: n.Game, parse, read, seen: tuple[str, ...] = ()) -> tuple[n.Game | None, list[Diagnostic]]:
    """Follow `variant of` links (relative to the variant's own file) and merge the chain.

    `parse(text, path)` and `read(path)` are the pipeline's own, passed in to keep this module
    free of I/O policy."""
    if game.variant_of is None:
        return game, []
    base_path = os.path.normpath(os.path.join(os.path.dirname(game.file), game.variant_of))
    if base_path in seen or os.path.normpath(game.file) == base_path:
        return None, [error("variant-cycle", f"'{game.variant_of}' is a variant of itself", game.span, file=game.file)]
    text, problem = read(base_path)
    if problem is not None:
        return None, [
            error(
                "undefined-name",
                f"the base game '{game.variant_of}' cannot be read: {problem.message}",
                game.span,
                file=game.file,
                hint="the path is relative to this file",
            )
        ]
    base, diagnostics = parse(text, base_path)
    if base is None or any(d.is_error for d in diagnostics):
        return None, [
            error(
                "undefined-name",
                f"the base game '{game.variant_of}' has errors; validate it first",
                game.span,
                file=game.file,
            )
        ]
    mark_file(base, base_path)
    base, more = resolve_variant(base, parse, read, seen + (os.path.normpath(game.file),))
    if base is None:
        return None, more
    return merge(base, game), []
