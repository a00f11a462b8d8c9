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

from ..ast import nodes as n
from ..report.diagnostics import Diagnostic, Span, error
from ..report.files import path_inside, read_rule_text
from ..syntax.limits import LIMIT_CODE, MAX_VARIANT_DEPTH


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
        if isinstance(value, Span):
            if value.file is None:
                object.__setattr__(node, f.name, replace(value, file=path))
        else:
            mark_file(value, path)


def merge(base: n.Game, variant: n.Game) -> n.Game:
    return replace(
        base,
        name=variant.name,
        file=variant.file,
        variant_of=variant.variant_of,
        sources=_merge_named(base.sources, variant.sources, lambda s: s.name),
        players=variant.players or base.players,
        individual=variant.individual or base.individual,
        decks=variant.decks or base.decks,
        suits=variant.suits or base.suits,  # the suits' names and the suit in play: replaced when given
        ranks=variant.ranks or base.ranks,
        suits_in_play=variant.suits_in_play or base.suits_in_play,
        orders=_merge_named(base.orders, variant.orders, lambda o: o.name or ""),
        values=_merge_named(base.values, variant.values, lambda v: v.name),
        zones=_merge_named(base.zones, variant.zones, lambda z: z.name),
        vars=_merge_named(base.vars, variant.vars, lambda v: v.name),
        ambiguities=_merge_named(base.ambiguities, variant.ambiguities, lambda a: a.name),
        scorings=_merge_named(base.scorings, variant.scorings, lambda s: s.name),
        triggers=base.triggers + variant.triggers,
        defines=_merge_named(base.defines, variant.defines, lambda d: d.name),
        examples=base.examples + variant.examples,
        flow=variant.flow or base.flow,
        result=variant.result or base.result,
        result_cites=variant.result_cites if variant.result is not None else base.result_cites,
        winners=variant.winners if variant.result is not None else base.winners,
        winners_cites=variant.winners_cites if variant.result is not None else base.winners_cites,
        teams=variant.teams or base.teams,  # a variant may seat the same game in partnerships
        house=variant.house or base.house,
    )


def _outside(game: n.Game) -> Diagnostic:
    # One message whatever lies outside: it must not tell whether some file there exists.
    return error(
        "undefined-name",
        f"the base game '{game.variant_of}' must be a rule file inside this game's folder",
        _where(game),
        file=game.file,
        hint="write the base as a path relative to this file, without leaving its folder (no '..' above it)",
    )


def _where(game: n.Game):
    return game.variant_span or game.span


def _unreadable(game: n.Game, reason: str) -> Diagnostic:
    return error(
        "undefined-name",
        f"the base game '{game.variant_of}' cannot be read: {reason}",
        _where(game),
        file=game.file,
        hint="the path is relative to this file",
    )


def read_base(game: n.Game) -> tuple[str | None, str, Diagnostic | None]:
    """(text, path) of the base file, read only when it lies in the variant's own folder tree
    (checked before anything is opened, so nothing outside the folder is looked at) and then by
    the one rule-file reader (regular files only, never blocking, size-capped)."""
    written = game.variant_of
    resolved = path_inside(os.path.dirname(game.file) or ".", written or "")
    if resolved is None:
        return None, "", _outside(game)
    text, problem = read_rule_text(resolved)
    if problem is not None:
        return None, "", _unreadable(game, problem)
    base_path = os.path.normpath(os.path.join(os.path.dirname(game.file), written))
    return text, base_path, None


def _too_deep(game: n.Game) -> Diagnostic:
    return error(
        LIMIT_CODE,
        f"the chain of variants from this file is more than {MAX_VARIANT_DEPTH} files deep",
        _where(game),
        file=game.file,
        hint=f"a chain of variants may be at most {MAX_VARIANT_DEPTH} files deep; "
        "make some variant of an earlier base, or copy a base into one file",
    )


def resolve_variant(game: n.Game, parse) -> tuple[n.Game | None, list[Diagnostic]]:
    """Follow `variant of` links (relative to the variant's own file) and merge the chain.

    `parse(text, path)` is the pipeline's own; a base file is read by `read_base`, under its rules.
    The chain is followed in a loop, at most MAX_VARIANT_DEPTH links from `game`, and a problem is
    said at the `variant of` line of the file whose link fails (a missing base, a base with
    errors, a cycle), or of `game` for a chain too deep."""
    chain = [game]
    seen = {os.path.normpath(game.file)}
    while (variant := chain[-1]).variant_of is not None:
        if len(chain) > MAX_VARIANT_DEPTH:
            return None, [_too_deep(game)]
        base_path = os.path.normpath(os.path.join(os.path.dirname(variant.file), variant.variant_of))
        if base_path in seen:
            return None, [
                error(
                    "variant-cycle",
                    f"'{variant.variant_of}' is a variant of itself",
                    _where(variant),
                    file=variant.file,
                )
            ]
        text, base_path, problem = read_base(variant)
        if problem is not None:
            return None, [problem]
        base, diagnostics = parse(text, base_path)
        if base is None or any(d.is_error for d in diagnostics):
            return None, [
                error(
                    "undefined-name",
                    f"the base game '{variant.variant_of}' has errors; validate it first",
                    _where(variant),
                    file=variant.file,
                )
            ]
        mark_file(base, base_path)
        seen.add(os.path.normpath(base_path))
        chain.append(base)
    merged = chain.pop()
    while chain:
        merged = merge(merged, chain.pop())
    return merged, []
