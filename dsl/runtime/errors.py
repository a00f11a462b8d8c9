"""Exceptions a generated engine raises; the only error types that cross the engine API."""

from __future__ import annotations

# The passes a loop may make without a decision, and the count a `repeat N times` may reach,
# before the rules are taken to run without end (the rule gap `non-termination`).
LOOP_GUARD = 10_000


class IllegalAction(ValueError):
    """An action that is not in `legal_actions()`; the state is left unchanged."""


class BadArgument(ValueError):
    """A call of the engine API with an argument it does not take: a player count the game is
    not for, an unknown reading, a seat that is not at the table, a saved state that does not fit."""


class RuleGap(RuntimeError):
    """The rules do not say what happens next, or say something that cannot be carried out.

    `code` names the gap and `line` is the `.cardrules` line whose rule ran into it, so a
    simulation can report it as a located finding instead of crashing.  Codes:

    - `rule-gap`: a rule that says in so many words that the text leaves this case open;
    - `no-deck`: no deck line applies to this number of players;
    - `empty-draw`: a draw, deal or look at a pile with too few cards;
    - `missing-card`: a card taken from a place it is not in;
    - `no-legal-move`: a player must decide but has nothing to choose from;
    - `unspecified-tie`, `no-winner`: a trick no winner rule settles;
    - `type-mismatch`: a card with no value in the table it is counted by;
    - `non-termination`: the rules ran on without a decision or an end;
    - `no-such-seat`: a seat or position beyond the table, e.g. `hand of 5` with 3 players;
    - `unset-value`: a card, seat or other variable used while it is still `none`;
    - `division-by-zero`: a `/` or `%` by zero;
    - `internal-error`: any other fault of the generated code, located at the rule that ran.
    """

    def __init__(self, code: str, line: int, message: str):
        super().__init__(f"line {line}: {message} [{code}]")
        self.code = code
        self.line = line
        self.message = message
