"""Rule files that repeat one kind of declaration N times, to see how a command's cost grows with
the file (it should grow about linearly).

    python -m tests.repeated_declarations ambiguity 1000 > many.cardrules
    cardrules validate many.cardrules
"""

from __future__ import annotations

import sys

HEAD = """game "Repeated"
players 2
cards {
  deck standard
}
zone deck shared seen by nobody
zone hand per player seen by owner
var total: int per player = 0
"""

FLOW = """flow {
  shuffle deck
  deal evenly from deck to hand
  for each player p { total of p += 1 }
}
result total
winners highest, ties share
"""


def _ambiguity(i: int) -> str:
    return (
        f'ambiguity question_{i} "Is rule {i} meant one way or the other?" {{\n'
        f'  reading one "the first way"\n'
        f'  reading other "the second way"\n'
        f"  default one\n"
        f"}}\n"
    )


def _example(i: int) -> str:
    return (
        f'example "two players get 26 cards each ({i})" {{\n'
        f"  players 2\n"
        f"  after setup\n"
        f"  expect size of hand of 0 == 26\n"
        f"}}\n"
    )


def _zone(i: int) -> str:
    return f"zone pile_{i} shared seen by nobody\n"


def _var(i: int) -> str:
    return f"var counter_{i}: int = {i}\n"


def _table(i: int) -> str:
    return f"value points_{i}: A=1 K={i % 100} 2..10=face J=2 Q=3\n"


KINDS = {
    "ambiguity": _ambiguity,
    "example": _example,
    "zone": _zone,
    "var": _var,
    "table": _table,
}


def repeated(kind: str, count: int) -> str:
    """A rule file holding `count` declarations of `kind` (one of KINDS) beside a small game."""
    make = KINDS[kind]
    if kind == "table":
        return HEAD.replace("  deck standard\n", "  deck standard\n" + "".join(make(i) for i in range(count))) + FLOW
    return HEAD + "".join(make(i) for i in range(count)) + FLOW


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in KINDS or not argv[1].isdigit():
        sys.stderr.write(f"usage: python -m tests.repeated_declarations {{{'|'.join(KINDS)}}} COUNT\n")
        return 2
    sys.stdout.write(repeated(argv[0], int(argv[1])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
