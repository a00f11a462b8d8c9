"""The LALR tables of the grammar, computed once and shipped as plain data.

Building an LALR(1) parser from the grammar takes about half a second, far more than parsing a
rule file; so the tables are written to `grammar/tables.json` (`python -m dsl.syntax.tables
--write`) and every process loads them instead. The file is JSON, never pickle: loading it can
build a parser and nothing else. It records the SHA-256 of the grammar and the Lark version it
was built with; when either differs (the grammar was edited, Lark upgraded), the parser is built
from the grammar as before, and the test suite fails until the tables are written again
(`--check` says whether they are current)."""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from importlib import resources
from pathlib import Path

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef
from lark.parsers.lalr_analysis import IntParseTable, Reduce, Shift
from lark.parsers.lalr_parser import LALR_Parser, _Parser

from .scanner import SharedScannerLexer

TABLES = "grammar/tables.json"
FORMAT = 2  # the layout of the file; 2: each state's actions are one flat list of numbers

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


class FlatTableParser(LALR_Parser):
    """Lark's LALR parser, its table read from the flat lists of `_flat_actions`: Lark's own
    format spends a tenth of a second on one small dictionary per reduce action."""

    @classmethod
    def deserialize(cls, data, memo, callbacks, debug=False):
        tokens = data["tokens"]
        states = {}
        for state, flat in data["states"]:
            actions = {}
            for i in range(0, len(flat), 2):
                code = flat[i + 1]
                actions[tokens[flat[i]]] = (Reduce, memo[code >> 1]) if code & 1 else (Shift, code >> 1)
            states[state] = actions
        inst = cls.__new__(cls)
        inst._parse_table = IntParseTable(states, data["start_states"], data["end_states"])
        inst.parser = _Parser(inst._parse_table, callbacks, debug)
        return inst


# The project's parsers lex with `scanner.SharedScannerLexer` (the same tokens as Lark's
# contextual lexer, without a regular expression compiled per parser state).
PLUGINS = {"ContextualLexer": SharedScannerLexer}


def build(name: str, grammar: str, plugins: dict | None = None) -> Lark:
    """The parser built from the grammar; with Lark's own lexer unless `plugins` says otherwise."""
    return Lark(grammar, **_COMMON, **PARSERS[name], _plugins=plugins or {})


def _flat_actions(table: dict) -> dict:
    """Each state's actions as one list [token, code, token, code, ...]: code is twice the next
    state for a shift, twice the rule's memo number plus one for a reduce."""
    states = []
    for state, actions in table["states"].items():
        flat = []
        for token, (action, arg) in actions.items():
            flat += [token, arg["@"] * 2 + 1 if action == 1 else arg * 2]
        states.append([state, flat])
    return {**table, "states": states}


def _serialise(grammar: str) -> str:
    parsers = {}
    for name in PARSERS:
        data, memo = build(name, grammar).memo_serialize([TerminalDef, Rule])
        frontend = data["parser"]
        data = {**data, "parser": {**frontend, "parser": _flat_actions(frontend["parser"])}}
        parsers[name] = {"data": _encode(data), "memo": _encode(memo)}
    return json.dumps({**fingerprint(grammar), "parsers": parsers}, separators=(",", ":"), sort_keys=True) + "\n"


def _shipped() -> dict | None:
    try:
        raw = resources.files("dsl.syntax").joinpath(TABLES).read_text(encoding="utf-8")
        return json.loads(raw, object_hook=_decode)
    except (OSError, ValueError):
        return None


def _matching(shipped: dict | None, grammar: str) -> bool:
    return shipped is not None and all(shipped.get(k) == v for k, v in fingerprint(grammar).items())


def parser(name: str) -> Lark:
    """The named parser, from the shipped tables when they match the grammar and Lark in use."""
    grammar = grammar_text()
    shipped = _shipped()
    entry = shipped["parsers"].get(name) if _matching(shipped, grammar) else None
    if entry is not None:
        return Lark._load_from_dict(entry["data"], entry["memo"], _plugins={**PLUGINS, "LALR_Parser": FlatTableParser})
    return build(name, grammar, PLUGINS)


def is_current() -> bool:
    return _matching(_shipped(), grammar_text())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dsl.syntax.tables", description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", action="store_true", help="compute the tables and write them beside the grammar")
    ap.add_argument("--check", action="store_true", help="exit 1 unless the shipped tables match the grammar")
    args = ap.parse_args(argv)
    if args.write:
        target = Path(str(resources.files("dsl.syntax").joinpath(TABLES)))
        target.write_text(_serialise(grammar_text()), encoding="utf-8")
        print(f"wrote {target}")
        return 0
    current = is_current()
    stale = "the parser tables are stale: run python -m dsl.syntax.tables --write"
    print("the parser tables are current" if current else stale)
    return 0 if current else 1


if __name__ == "__main__":
    sys.exit(main())
