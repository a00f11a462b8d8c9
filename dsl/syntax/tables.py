"""The LALR tables of the grammar, computed once and shipped as plain data.

Building an LALR(1) parser from the grammar takes about half a second, far more than parsing a
rule file; so the tables of each parser are written to `grammar/tables-<parser>.json` (`python -m
dsl.syntax.tables --write`) and every process loads the one it needs instead. The files are
JSON, never pickle: loading one can build a parser and nothing else. Each records the SHA-256 of
the grammar, the Lark version it was built with and the layout of the file; when any differs
(the grammar was edited, Lark upgraded), the parser is built from the grammar as before, and the
test suite fails until the tables are written again (`--check` says whether they are current).

Lark's own serialised form is kept except for the parse table itself, which is stored as two
lists of numbers per state (`_compact_table`): decoding Lark's form (one small dictionary per
reduce action) took a tenth of a second of each process's start."""

from __future__ import annotations

import argparse
import contextlib
import gc
import hashlib
import json
import sys
from importlib import resources
from pathlib import Path

import lark
from lark import Lark
from lark.grammar import NonTerminal, Rule, RuleOptions, Terminal
from lark.lexer import PatternRE, PatternStr, TerminalDef
from lark.parsers.lalr_analysis import IntParseTable, Reduce, Shift
from lark.parsers.lalr_parser import LALR_Parser, _Parser


FORMAT = 3  # the layout of the files; 3: one file per parser, each state's actions two lists

# The parsers the project uses, by name: the checker's (two start symbols, the second for
# re-parsing one top-level item during error recovery) and the formatter's (every token kept).
PARSERS: dict[str, dict] = {
    "check": {"start": ["start", "items"]},
    "layout": {"start": ["start"], "keep_all_tokens": True},
}
_COMMON = {"parser": "lalr", "lexer": "contextual", "propagate_positions": True}

# JSON keys are strings; the tables key states and memo entries by number, so a dict with any
# key that is not a string is written as {"\u0000": [[key, value], ...]}.
_PAIRS = "\u0000"


def _encode(value):
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value) and _PAIRS not in value:
            return {key: _encode(item) for key, item in value.items()}
        return {_PAIRS: [[key, _encode(item)] for key, item in value.items()]}
    if isinstance(value, (list, tuple)):
        return [_encode(item) for item in value]
    return value


def _decode(obj: dict):
    if len(obj) == 1 and _PAIRS in obj:
        return {key: item for key, item in obj[_PAIRS]}
    return obj


def grammar_text() -> str:
    return resources.files("dsl.syntax").joinpath("grammar/cardrules.lark").read_text(encoding="utf-8")


def fingerprint(grammar: str) -> dict:
    return {
        "format": FORMAT,
        "grammar_sha256": hashlib.sha256(grammar.encode("utf-8")).hexdigest(),
        "lark": lark.__version__,
    }


class CompactTableParser(LALR_Parser):
    """Lark's LALR parser, its parse table read from the form `_compact_table` writes."""

    @classmethod
    def deserialize(cls, data, memo, callbacks, debug=False):
        tokens = data["tokens"]
        shift = [(Shift, state) for state in range(len(data["states"]))]
        actions = shift + [(Reduce, memo[number]) for number in data["reduced_rules"]]
        states = {
            state: dict(zip(map(tokens.__getitem__, terminals), map(actions.__getitem__, codes), strict=True))
            for state, terminals, codes in data["states"]
        }
        inst = cls.__new__(cls)
        inst._parse_table = IntParseTable(states, data["start_states"], data["end_states"])
        inst.parser = _Parser(inst._parse_table, callbacks, debug)
        return inst


# The classes Lark's memo of a parser holds (terminals, rules and their parts): nothing else is
# ever built from a tables file.
_MEMO_CLASSES = {
    cls.__name__: cls for cls in (TerminalDef, PatternStr, PatternRE, Rule, NonTerminal, Terminal, RuleOptions)
}


def revive_memo(memo: dict) -> dict:
    """Lark's SerializeMemoizer.deserialize for a parser's memo, without its per-object costs
    (it rebuilds the allowed-class table for every object): the same objects, field by field."""
    return {number: _revive(entry) for number, entry in memo.items()}


def _revive(data):
    if isinstance(data, dict):
        kind = data.get("__type__")
        if kind is None:
            return {key: _revive(value) for key, value in data.items()}
        cls = _MEMO_CLASSES[kind]
        inst = cls.__new__(cls)
        for name in cls.__serialize_fields__:
            setattr(inst, name, _revive(data[name]))
        if hasattr(inst, "_deserialize"):
            inst._deserialize()
        return inst
    if isinstance(data, list):
        return [_revive(item) for item in data]
    return data


def build(name: str, grammar: str) -> Lark:
    """The parser built from the grammar (what the shipped tables are written from)."""
    return Lark(grammar, **_COMMON, **PARSERS[name])


def _compact_table(table: dict) -> dict:
    """Lark's serialised parse table with each state's actions as two lists, the token numbers
    and the action codes: a shift's code is the next state, a reduce's is the number of states
    plus the rule's place in `reduced_rules` (the memo numbers of the rules reduced)."""
    count = len(table["states"])
    if sorted(table["states"]) != list(range(count)):
        raise ValueError("the LALR states are not numbered 0..n-1")
    states, reduced_rules = [], []
    place: dict[int, int] = {}  # memo number of a rule -> its place in reduced_rules
    for state, actions in table["states"].items():
        terminals, codes = [], []
        for token, (action, arg) in actions.items():
            terminals.append(token)
            if action == 1:
                if arg["@"] not in place:
                    place[arg["@"]] = len(reduced_rules)
                    reduced_rules.append(arg["@"])
                codes.append(count + place[arg["@"]])
            else:
                codes.append(arg)
        states.append([state, terminals, codes])
    return {**table, "states": states, "reduced_rules": reduced_rules}


def _serialise(name: str, grammar: str) -> str:
    data, memo = build(name, grammar).memo_serialize([TerminalDef, Rule])
    frontend = data["parser"]
    data = {**data, "parser": {**frontend, "parser": _compact_table(frontend["parser"])}}
    entry = {**fingerprint(grammar), "data": _encode(data), "memo": _encode(memo)}
    return json.dumps(entry, separators=(",", ":"), sort_keys=True) + "\n"


def _path(name: str):
    return resources.files("dsl.syntax").joinpath(f"grammar/tables-{name}.json")


def _shipped(name: str) -> dict | None:
    try:
        return json.loads(_path(name).read_text(encoding="utf-8"), object_hook=_decode)
    except (OSError, ValueError):
        return None


def _matching(shipped: dict | None, grammar: str) -> bool:
    return isinstance(shipped, dict) and all(shipped.get(k) == v for k, v in fingerprint(grammar).items())


def parser(name: str) -> Lark:
    """The named parser, from the shipped tables when they match the grammar and Lark in use."""
    grammar = grammar_text()
    with _kept_from_the_collector():
        shipped = _shipped(name)
        if _matching(shipped, grammar):
            # Lark's loader passes objects already revived through unchanged.
            plugins = {"LALR_Parser": CompactTableParser}
            return Lark._load_from_dict(shipped["data"], revive_memo(shipped["memo"]), _plugins=plugins)
    return build(name, grammar)


@contextlib.contextmanager
def _kept_from_the_collector():
    """Loading the tables allocates about half a million objects (the JSON, then the parser), none
    of them in a cycle that could become garbage, and the parser then lives as long as the process
    (`lalr` keeps it). The cyclic collector walked them at every collection for nothing: about
    35 ms of processor time in a fresh process after the command line's imports. So the collector
    is off while they are built, and what is alive then (the imported modules, the tables) is
    moved out of its reach (`gc.freeze`) before it is on again: it then looks only at the objects
    made after. Nothing is freed later that would have been freed otherwise, but for cycles among
    the objects alive at this point, which the program's start does not make."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def is_current() -> bool:
    grammar = grammar_text()
    return all(_matching(_shipped(name), grammar) for name in PARSERS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dsl.syntax.tables", description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="compute the tables and write them beside the grammar")
    ap.add_argument("--check", action="store_true", help="exit 1 unless the shipped tables match the grammar")
    args = ap.parse_args(argv)
    if args.write:
        for name in PARSERS:
            target = Path(str(_path(name)))
            target.write_text(_serialise(name, grammar_text()), encoding="utf-8")
            print(f"wrote {target}")
        return 0
    current = is_current()
    stale = "the parser tables are stale: run python -m dsl.syntax.tables --write"
    print("the parser tables are current" if current else stale)
    return 0 if current else 1


if __name__ == "__main__":
    sys.exit(main())
