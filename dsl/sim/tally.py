"""What a run of matches adds up to: the `simulate --json` object, built as results arrive.

A `Tally` keeps counts and value histograms (`Counter`s), never one entry per match, so a run of a
million matches holds as little memory as a run of a hundred; and since every count is a sum and
every mean an exactly rounded `math.fsum`, the summary does not depend on the order the matches
finished in, hence not on `--workers` or `--backend`. docs/SIMULATION.md documents every key.

Counting conventions:

- A match is *completed* when the engine reaches a terminal state; one ended by a rule gap, an
  engine error or the step cap carries no outcome.
- A *side* is a team (`state.teams()`), or a seat in a game without teams.
- `wins[s]` counts the completed matches seat `s` won, alone or sharing the win: a shared win is
  a win for each winner, so `sum(wins)` can exceed `completed`. `ties` counts the completed
  matches won by more than one side (e.g. equal totals); `draws` those nobody won.
"""

from __future__ import annotations

import math
from collections import Counter
from dsl.sim.play import UNREAD, MatchConfig, MatchResult
from dsl.sim.stats import one_proportion_p_value, seat_balance, two_proportion_p_value, wilson_interval

HISTOGRAM_BINS = 16


class Tally:
    def __init__(self, rules: dict, config: MatchConfig):
        self.rules, self.config = rules, config
        players = config.players
        self.games = self.completed = self.ties = self.draws = self.truncated = 0
        self.decisions = 0
        self.wins = [0] * players
        self.lengths = {"decisions": Counter(), "tricks": Counter(), "deals": Counter()}
        self.scores = [Counter() for _ in range(players)]
        self.spreads: Counter = Counter()
        self.starts = [0] * players
        self.first_wins = 0
        self.lead_changes: Counter = Counter()
        self.decided: Counter = Counter()  # percent of the match, rounded
        self.deficits: Counter = Counter()
        self.unread: Counter = Counter()  # reason (a key of UNREAD) -> completed matches left out
        self.hits = [0] * len(rules.get("branches", []))
        self.hit_matches = [0] * len(self.hits)
        self.side_wins: Counter = Counter()  # (sides, index of the side) -> wins
        self.side_seen: Counter = Counter()  # sides -> completed matches
        self.gaps: dict[tuple[str, int], list] = {}  # (code, line) -> [count, first seed, message]

    def add(self, result: MatchResult) -> None:
        self.games += 1
        self.decisions += result.decisions
        self.truncated += result.truncated
        if result.gap is not None:
            code, line, message = result.gap
            # The summary is printed and may come from a log: no control characters reach a terminal.
            code, message = terminal_safe(code), terminal_safe(message)
            entry = self.gaps.setdefault((code, line), [0, result.seed, message])
            entry[0] += 1
            if result.seed < entry[1]:
                entry[1], entry[2] = result.seed, message
        if result.completed:
            self._add_completed(result)

    def _add_completed(self, result: MatchResult) -> None:
        course = result.course
        self.completed += 1
        winners = set(result.winners)
        for seat in winners:
            self.wins[seat] += 1
        sides = course.teams or tuple((seat,) for seat in range(self.config.players))
        winning = [i for i, side in enumerate(sides) if winners & set(side)]
        self.side_seen[sides] += 1
        for i in winning:
            self.side_wins[(sides, i)] += 1
        self.ties += len(winning) > 1
        self.draws += not winning and self.rules.get("outcome") != "house"  # no seat beat the house: no draw
        self.lengths["decisions"][result.decisions] += 1
        self.lengths["tricks"][course.tricks] += 1
        self.lengths["deals"][course.deals] += 1
        for seat, score in enumerate(result.scores):
            self.scores[seat][score] += 1
        self.spreads[max(result.scores) - min(result.scores)] += 1
        if 0 <= course.first_seat < self.config.players:
            self.starts[course.first_seat] += 1
            self.first_wins += course.first_seat in winners
        if course.decided_at is not None:
            self.lead_changes[course.lead_changes] += 1
            self.decided[round(course.decided_at * 100)] += 1
            self.deficits[course.deficit] += 1
        else:
            self.unread[course.unread or "not_recorded"] += 1  # a log written before reasons were
        for i, count in enumerate(course.hits[: len(self.hits)]):
            self.hits[i] += count
            self.hit_matches[i] += count > 0

    # --- the summary ----------------------------------------------------------------------------

    def summary(self, seed: int, elapsed: float) -> dict:
        """The `simulate --json` object. Only `elapsed_s` and `games_per_s` depend on anything but
        the results (the clock): a resumed run gives the same object apart from these two keys."""
        config, n = self.config, self.completed
        return {
            "game": self.rules.get("name", "?"),
            "players": config.players,
            "games": self.games,
            "seed": seed,
            "agents": list(config.agents),
            "budget": config.budget,
            "readings": dict(config.readings),
            "completed": n,
            "wins": list(self.wins),
            "ties": self.ties,
            "draws": self.draws,
            "win_rate": [w / n if n else 0.0 for w in self.wins],
            "win_rate_ci95": [list(wilson_interval(w, n)) for w in self.wins],
            "tie_rate": self.ties / n if n else 0.0,
            "draw_rate": self.draws / n if n else 0.0,
            "mean_decisions": self.decisions / self.games if self.games else 0.0,
            "mean_length": distribution(self.lengths["decisions"])["mean"],
            "mean_score": [distribution(scores)["mean"] for scores in self.scores],
            "score_spread": distribution(self.spreads)["mean"],
            "rule_gaps": self._rule_gaps(),
            "truncated": self.truncated,
            "elapsed_s": round(elapsed, 6),
            "games_per_s": round(self.games / elapsed, 3) if elapsed > 0 else 0.0,
            "teams": self._teams(),
            "seat_balance": self._balance(),
            "first_player": self._first_player(),
            "length": {kind: distribution(values) for kind, values in self.lengths.items()},
            "score_distribution": [distribution(scores, quartiles=True) for scores in self.scores],
            "spread_distribution": distribution(self.spreads),
            "lead_changes": distribution(self.lead_changes),
            "decisiveness": self._decisiveness(),
            "drama": self._drama(),
            "rules_fired": self._rules_fired(),
            "skill_gap": self._skill_gap(),
        }

    def _rule_gaps(self) -> list[dict]:
        found = [
            {"code": code, "line": line, "count": count, "example_seed": first, "message": message}
            for (code, line), (count, first, message) in self.gaps.items()
        ]
        return sorted(found, key=lambda g: (-g["count"], g["code"], g["line"]))

    def _fixed_sides(self) -> tuple | None:
        """The sides when every completed match had the same ones and they are real teams."""
        if len(self.side_seen) != 1:
            return None
        (sides,) = self.side_seen
        return sides if any(len(side) > 1 for side in sides) else None

    def _teams(self) -> dict | None:
        declared = self.rules.get("teams")
        sides = self._fixed_sides()
        if sides is None:
            return None
        names = list((declared or {}).get("names") or [])
        if len(names) != len(sides):
            names = ["+".join(f"seat {seat}" for seat in side) for side in sides]
        wins = [self.side_wins[(sides, i)] for i in range(len(sides))]
        n = self.completed
        return {
            "names": names,
            "seats": [list(side) for side in sides],
            "wins": wins,
            "win_rate": [w / n if n else 0.0 for w in wins],
            "win_rate_ci95": [list(wilson_interval(w, n)) for w in wins],
        }

    def _balance(self) -> dict:
        sides = self._fixed_sides()
        if sides is None:
            return {"of": "seats", **seat_balance(self.wins)}
        wins = [self.side_wins[(sides, i)] for i in range(len(sides))]
        return {"of": "teams", **seat_balance(wins, label="team")}

    def _first_player(self) -> dict:
        started = sum(self.starts)
        # The fair share is the win rate of an average side, not 1 / sides: with shared wins the
        # rates add up to more than 1, and a fair first player wins as often as the others.
        seen = sum(len(sides) * count for sides, count in self.side_seen.items())
        fair = sum(self.side_wins.values()) / seen if seen else 0.0
        rate = self.first_wins / started if started else 0.0
        return {
            "starts": list(self.starts),
            "matches": started,
            "wins": self.first_wins,
            "win_rate": rate,
            "ci95": list(wilson_interval(self.first_wins, started)),
            "fair_share": fair,
            "p_value": one_proportion_p_value(self.first_wins, started, fair),
        }

    def _decisiveness(self) -> dict:
        decided = self.decided
        n = sum(decided.values())
        if not n:
            return {"matches": 0, "mean_decided_at": None, "decided_by_half": None, **self._left_out()}
        values = distribution(Counter({percent / 100: count for percent, count in decided.items()}))
        early = sum(count for percent, count in decided.items() if percent <= 50)
        return {"matches": n, "mean_decided_at": values["mean"], "decided_by_half": early / n, **self._left_out()}

    def _drama(self) -> dict:
        n = sum(self.deficits.values())
        if not n:
            empty = {"mean_deficit": None, "max_deficit": None, "comeback_rate": None}
            return {"matches": 0, **empty, **self._left_out()}
        behind = sum(count for deficit, count in self.deficits.items() if deficit > 0)
        values = distribution(self.deficits)
        return {
            "matches": n,
            "mean_deficit": values["mean"],
            "max_deficit": values["max"],
            "comeback_rate": behind / n,
            **self._left_out(),
        }

    def _left_out(self) -> dict:
        """The completed matches decisiveness and drama cannot read, by reason; and when none is
        read, why the statistics are undefined (null values) rather than zero."""
        out = {"left_out": dict(sorted(self.unread.items()))}
        read = self.completed - sum(self.unread.values())
        if read:
            out["undefined"] = None
        elif not self.completed:
            out["undefined"] = "no completed match"
        else:
            reason, count = max(self.unread.items(), key=lambda item: (item[1], item[0]))
            text = UNREAD.get(reason, "the matches were logged without the reason")
            out["undefined"] = f"{text} in {count} of {self.completed} completed matches"
        return out

    def _rules_fired(self) -> list[dict]:
        branches = self.rules.get("branches", [])
        return [
            {"line": meta["line"], "what": meta["what"], "fired": fired, "matches": matches}
            for meta, fired, matches in zip(branches, self.hits, self.hit_matches, strict=False)
        ]

    def _skill_gap(self) -> dict | None:
        kinds = list(dict.fromkeys(self.config.agents))
        n = self.completed
        if len(kinds) != 2 or not n:
            return None
        by_kind = {}
        for kind in kinds:
            seats = [s for s, name in enumerate(self.config.agents) if name == kind]
            by_kind[kind] = (sum(self.wins[s] for s in seats), n * len(seats), seats)
        stronger, weaker = sorted(kinds, key=lambda k: -by_kind[k][0] / by_kind[k][1])
        wins, trials, seats = by_kind[stronger]
        other_wins, other_trials, _ = by_kind[weaker]
        return {
            "stronger": stronger,
            "weaker": weaker,
            "seats": seats,
            "win_rate": wins / trials,
            "ci95": list(wilson_interval(wins, trials)),
            "weaker_win_rate": other_wins / other_trials,
            "fair_share": sum(self.wins) / (n * self.config.players),
            "p_value": two_proportion_p_value(wins, trials, other_wins, other_trials),
        }


def terminal_safe(text: str) -> str:
    """`text` with every character a terminal would act on (escapes, line breaks, bells, the C1
    controls) written as a Python escape, `\\x1b`: what is left only prints."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def distribution(values: Counter, quartiles: bool = False) -> dict:
    """n, mean, sample standard deviation, min, max and a histogram of counted values."""
    n = sum(values.values())
    if not n:
        empty = {"n": 0, "mean": 0.0, "sd": 0.0, "min": None, "max": None, "histogram": histogram(values)}
        return {**empty, "quartiles": None} if quartiles else empty
    average = math.fsum(value * count for value, count in values.items()) / n
    squares = math.fsum((value - average) ** 2 * count for value, count in values.items())
    out = {
        "n": n,
        "mean": average,
        "sd": math.sqrt(squares / (n - 1)) if n > 1 else 0.0,
        "min": min(values),
        "max": max(values),
        "histogram": histogram(values),
    }
    if quartiles:
        out["quartiles"] = [quantile(values, q) for q in (0.25, 0.5, 0.75)]
    return out


def histogram(values: Counter, bins: int = HISTOGRAM_BINS) -> dict:
    """`edges` (bins + 1 numbers, each bin closed on the left, the last also on the right) and
    `counts`; integer values with few distinct ones get a bin each."""
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    integral = all(float(v).is_integer() for v in values)
    if integral and high - low < bins:
        edges = [low + i for i in range(int(high - low) + 2)]
    else:
        width = (high - low) / bins or 1.0
        edges = [low + i * width for i in range(bins + 1)]
    counts = [0] * (len(edges) - 1)
    for value, count in values.items():
        index = min(len(counts) - 1, int((value - low) // (edges[1] - edges[0])))
        counts[index] += count
    return {"edges": [_plain(e) for e in edges], "counts": counts}


def quantile(values: Counter, q: float) -> float:
    """The q-quantile of counted values (the lower of the two middle values at an even split)."""
    n = sum(values.values())
    rank = max(1, math.ceil(q * n))
    seen = 0
    for value in sorted(values):
        seen += values[value]
        if seen >= rank:
            return value
    return max(values)


def _plain(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 6)
