"""The module-level names of one generated engine, each given out once.

Tables and constants are named after the rule file's words (`IS_JOKER`, `ORDER_TRUMPS`,
`JOKER_LEAD_LEADER_WINS`); two words may make the same name, or one of the engine's own, so
every such name is claimed here and a taken one gets a number (`IS_RED_2`)."""

from __future__ import annotations

from . import escape

# The names the engine template defines itself.
ENGINE_NAMES = frozenset(
    {
        "RULES",
        "CARD_TEXT",
        "RANK",
        "SUIT",
        "COLOR",
        "KIND",
        "TWINS",
        "SEATS",
        "State",
        "EXAMPLES",
        "IllegalAction",
        "RuleGap",
    }
    | {"new_game", "from_json", "N_BLOCKS"}
)


class ModuleNames:
    def __init__(self):
        self.taken: set[str] = set(ENGINE_NAMES)

    def claim(self, wanted: str) -> str:
        """`wanted` if it is free, else `wanted_2`, `wanted_3`, ... (checked by `escape.name`)."""
        candidate, number = wanted, 1
        while candidate in self.taken:
            number += 1
            candidate = f"{wanted}_{number}"
        self.taken.add(candidate)
        return escape.name("", candidate)
