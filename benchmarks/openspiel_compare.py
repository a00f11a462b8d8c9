"""Classics of the corpus against OpenSpiel's own C++ versions, driven alike from Python:

    python benchmarks/openspiel_compare.py [--pairs 20] [--chunk 0.15] [--game gin_rummy] [--json PATH]

For each pair (a file of `games/classics/`, an OpenSpiel game with the parameters that bring it
closest to that file's rules) both sides are played by the same random driver: one
`random.Random(seed)` per match choosing uniformly among the legal actions, and on OpenSpiel's
chance nodes (the deal, every card drawn from a stock) sampling an outcome by its probability
with that same generator. Our engines run in seeded mode (`load_game(path).new_game(players,
seed, readings)`): they shuffle inside the engine from the match's seed and have no chance node.
Player decisions are counted on both sides; OpenSpiel's chance nodes are counted apart and are
not decisions, but the time they take is part of its matches, as the shuffle is part of ours.

Timing is processor time (`time.process_time`) in short alternating chunks, as in
`benchmarks/cpu_ratio.py`: a chunk is a fixed number of player decisions (about `--chunk`
seconds of play on that side), matches carried on from one chunk to the next and begun anew as
they end; the sides alternate which goes first, and the ratio reported is the median over the
pairs of chunks of (our decisions/s) / (OpenSpiel's decisions/s). A load that comes and goes
falls on both chunks of a pair alike.

The rules of the two versions are not the same: each pair's notes say how they differ, and
whether its figures compare match with match or only decision with decision.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from dsl.api import load_game  # noqa: E402
from dsl.runtime.errors import RuleGap  # noqa: E402


@dataclass(frozen=True)
class Pair:
    """One classic of ours and the OpenSpiel game set up to come closest to it."""

    name: str
    rule_file: str  # under games/classics/
    players: int
    readings: dict
    openspiel: str  # a `pyspiel.load_game` string, parameters included
    per_match: bool  # True: one match of ours is one match of OpenSpiel's (same length of play)
    notes: tuple[str, ...] = field(default=())


PAIRS = (
    Pair(
        name="gin_rummy",
        rule_file="gin_rummy.cardrules",
        players=2,
        readings={"undercut_bonus": "modern"},
        openspiel="gin_rummy(knock_card=10,gin_bonus=25,undercut_bonus=25,oklahoma=false)",
        per_match=False,
        notes=(
            "same deal, first-upcard rule, knock card 10, gin bonus 25 and undercut bonus 25 "
            "(our reading undercut_bonus=modern); Oklahoma off on both sides",
            "match length differs, so compare per decision only: ours plays hands to 100 points "
            "with line and game bonuses (no reading plays one hand), OpenSpiel's is one hand",
            "after a knock OpenSpiel's players lay their melds meld by meld and the defender lays "
            "off card by card, as decisions; ours finds the best melds and the lay-offs by the "
            "rules, with no decision",
            "with two cards left in the stock OpenSpiel's player may still knock; our hand "
            "ends there unscored; OpenSpiel also ends a hand as a draw on repeated upcard moves",
        ),
    ),
    Pair(
        name="bridge",
        rule_file="bridge.cardrules",
        players=4,
        readings={"partscore": "each_deal"},
        openspiel="bridge(use_double_dummy_result=false)",
        per_match=False,
        notes=(
            "both play the auction (pass, bids, double, redouble) and all 13 tricks, the dummy's "
            "cards played by the declarer; OpenSpiel's use_double_dummy_result=false makes it play "
            "the cards instead of scoring the deal by its double-dummy solver",
            "match length differs, so compare per decision only: ours is Chicago, four deals "
            "(a passed-out deal dealt again), OpenSpiel's one deal (a pass-out ends it at 0)",
            "scoring: our reading partscore=each_deal scores each deal alone, as OpenSpiel's "
            "duplicate scoring does; vulnerability changes by deal in ours (Chicago), none in "
            "OpenSpiel's (its default); OpenSpiel's dealer is always North, ours random then left",
        ),
    ),
    Pair(
        name="cribbage",
        rule_file="cribbage.cardrules",
        players=2,
        readings={},
        openspiel="cribbage(players=2)",
        per_match=True,
        notes=(
            "both two players, six cards each, a game to 121 points: matches compare one for one",
            "decisions differ in form: our player puts two cards in the crib as two decisions, "
            "OpenSpiel's as one decision among the pairs of cards; OpenSpiel's player who cannot "
            "play says go as a decision, ours passes by the rules",
            "OpenSpiel's returns add a winner bonus of 1000 (its default); scores are not compared",
        ),
    ),
    Pair(
        name="mau_mau",
        rule_file="mau_mau.cardrules",
        players=4,
        readings={"answer_seven": "yes"},
        openspiel="crazy_eights(players=4,use_special_cards=true,reshuffle=true,max_draw_cards=1)",
        per_match=False,
        notes=(
            "related games, not one game: compare per decision only. Both deal 5 cards each to 4 "
            "players, play to the top card's suit or rank, reshuffle the pile into the stock and "
            "end when one player has no card",
            "ours has 32 cards, jacks wild (not on a jack), 7 draw two, 8 skip; OpenSpiel's has 52 "
            "cards, eights wild, 2 draw two, Q skip, A reverse (use_special_cards=true)",
            "drawing: ours draws one card only when none fits and may then play it; OpenSpiel's "
            "player may draw instead of playing, one card at most here (max_draw_cards=1), then "
            "pass; stacking draw-twos as in our reading answer_seven=yes; OpenSpiel stops a hand "
            "after 100 turns (max_turns) or when every player passes in a row, ours plays it out",
        ),
    ),
)


def drive(state, rng: random.Random, apply, budget: int) -> tuple[int, int]:
    """Play `state` on with `apply` until it ends or `budget` player decisions are made: the
    driver both sides share. Returns (player decisions, chance nodes)."""
    decisions = chances = 0
    while decisions < budget and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            chances += 1
        else:
            legal = state.legal_actions()
            apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions, chances


class Side:
    """One side of a pair: matches played one after another with seeds 0, 1, 2..., carried on
    across chunks. Counts player decisions, chance nodes, finished matches and rule gaps."""

    def __init__(self, new_state, apply_name: str):
        self.new_state = new_state
        self.apply_name = apply_name
        self.seed = -1
        self.state = self.rng = self.apply = None
        self.decisions = self.chances = self.matches = self.rule_gaps = 0
        self.seconds = 0.0

    def _next_match(self) -> None:
        self.seed += 1
        self.state, self.rng = self.new_state(self.seed), random.Random(self.seed)
        self.apply = getattr(self.state, self.apply_name)

    def play(self, budget: int) -> int:
        """Exactly `budget` player decisions (matches begun as they end), timed by processor time;
        returns the decisions made."""
        started = time.process_time()
        done = 0
        while done < budget:
            if self.state is None:
                self._next_match()
            try:
                decisions, chances = drive(self.state, self.rng, self.apply, budget - done)
                ended = self.state.is_terminal()
            except RuleGap:
                decisions, chances, ended = 0, 0, True
                self.rule_gaps += 1  # a match of ours that reached a rule gap ended there
            done += decisions
            self.chances += chances
            if ended:
                self.matches += 1
                self.state = None
        self.seconds += time.process_time() - started
        self.decisions += done
        return done

    def figures(self) -> dict:
        return {
            "decisions": self.decisions,
            "cpu_seconds": self.seconds,
            "decisions_per_s": self.decisions / self.seconds if self.seconds else 0.0,
            "matches_finished": self.matches,
            "chance_nodes": self.chances,
            "chance_nodes_per_decision": self.chances / self.decisions if self.decisions else 0.0,
            "matches_per_s": self.matches / self.seconds if self.seconds else 0.0,
            "rule_gaps": self.rule_gaps,
        }


def sides(pair: Pair):
    """(ours, OpenSpiel's) for a pair: fresh sides whose matches start at seed 0."""
    import pyspiel

    engine = load_game(str(ROOT / "games" / "classics" / pair.rule_file))
    game = pyspiel.load_game(pair.openspiel)
    ours = Side(lambda seed: engine.new_game(pair.players, seed, pair.readings), "apply")
    theirs = Side(lambda seed: game.new_initial_state(), "apply_action")
    return ours, theirs


def _split_drive(state, rng: random.Random, apply) -> tuple[int, int, float]:
    """A whole match by the shared driver, with the wall time spent on chance nodes (sampling
    included) measured apart: (player decisions, chance nodes, seconds at chance nodes)."""
    decisions = chances = 0
    at_chance = 0.0
    clock = time.perf_counter
    while not state.is_terminal():
        if state.is_chance_node():
            started = clock()
            outcomes = state.chance_outcomes()
            apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            at_chance += clock() - started
            chances += 1
        else:
            legal = state.legal_actions()
            apply(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions, chances, at_chance


def _count(side: Side, matches: int) -> dict:
    """Seeds 0..matches-1 played whole on one side: counts per match, and the share of wall time
    spent at chance nodes."""
    decisions = chances = gaps = 0
    at_chance = total = 0.0
    for seed in range(matches):
        state, rng = side.new_state(seed), random.Random(seed)
        started = time.perf_counter()
        try:
            made, drawn, chance_seconds = _split_drive(state, rng, getattr(state, side.apply_name))
        except RuleGap:
            made, drawn, chance_seconds = 0, 0, 0.0
            gaps += 1
        total += time.perf_counter() - started
        decisions, chances, at_chance = decisions + made, chances + drawn, at_chance + chance_seconds
    return {
        "matches": matches,
        "decisions_per_match": decisions / matches,
        "chance_nodes_per_match": chances / matches,
        "chance_time_share": at_chance / total if total else 0.0,
        "rule_gaps": gaps,
    }


def play_matches(pair: Pair, matches: int, repeats: int = 3) -> dict:
    """`matches` whole matches on each side (seeds 0..matches-1), untimed but for the share of
    time at chance nodes: what the shared driver counts on each side, per match. OpenSpiel's
    matches are played `repeats` times and the median share kept: the share is wall time, which
    another process's burst can move (ours has no chance node, and is played once)."""
    ours, theirs = sides(pair)
    counts = [_count(theirs, matches) for _ in range(max(1, repeats))]
    shares = sorted(count["chance_time_share"] for count in counts)
    return {"ours": _count(ours, matches), "openspiel": {**counts[0], "chance_time_share": statistics.median(shares)}}


def _chunk_budget(side: Side, seconds: float) -> int:
    """Decisions for a chunk of about `seconds` on this side, from a warm-up of that length (the
    warm-up also fills our scorers' memos and OpenSpiel's first allocations)."""
    started = time.process_time()
    made = 0
    while time.process_time() - started < seconds:
        made += side.play(50)
    elapsed = time.process_time() - started
    return max(50, int(made * seconds / max(elapsed, 1e-9)))


def compare(pair: Pair, pairs: int = 20, chunk_seconds: float = 0.15, matches: int = 3) -> dict:
    """Alternating timed chunks of both sides: each side's figures and the median ratio; then
    `matches` whole matches of each side counted (decisions and chance nodes per match)."""
    ours, theirs = sides(pair)
    budgets = {"ours": _chunk_budget(ours, chunk_seconds), "openspiel": _chunk_budget(theirs, chunk_seconds)}
    for side in (ours, theirs):  # the warm-up is not counted
        side.decisions = side.chances = side.matches = side.rule_gaps = 0
        side.seconds = 0.0
    ratios = []
    for i in range(pairs):
        chunk: dict = {}
        order = [("ours", ours), ("openspiel", theirs)]
        for label, side in order if i % 2 == 0 else reversed(order):
            before = side.seconds
            made = side.play(budgets[label])
            chunk[label] = made / max(side.seconds - before, 1e-9)
        ratios.append(chunk["ours"] / chunk["openspiel"])
    counted = play_matches(pair, matches)
    theirs_rate = theirs.figures()["decisions_per_s"]
    share = counted["openspiel"]["chance_time_share"]
    return {
        "pair": pair.name,
        "rule_file": f"games/classics/{pair.rule_file}",
        "players": pair.players,
        "readings": dict(pair.readings),
        "openspiel_game": pair.openspiel,
        "compare": "match for match" if pair.per_match else "per decision only",
        "ours": ours.figures(),
        "openspiel": theirs.figures(),
        "chunks": pairs,
        "ratio_median": statistics.median(ratios),
        "ratio_range": [min(ratios), max(ratios)],
        "per_match": counted,
        "openspiel_play_only_decisions_per_s": theirs_rate / (1 - share) if share < 1 else None,
        "notes": list(pair.notes),
    }


def available() -> str | None:
    """None when pyspiel imports; otherwise why the comparison cannot run."""
    try:
        import pyspiel  # noqa: F401
    except ImportError as exc:
        return f"pyspiel does not import ({exc}); install the 'rl' or 'test' extra"
    return None


def table_lines(rows: list[dict]) -> list[str]:
    lines = [
        f"{'pair':<10} {'ours/s':>9} {'OpenSpiel/s':>11} {'ratio':>6} {'pairs range':>11}"
        f" {'dec/match':>9} {'OS dec/match':>12} {'OS chance/match':>15} {'OS chance time':>14}"
        f" {'OS w/o chance/s':>15}  compare"
    ]
    for row in rows:
        ours, theirs = row["ours"], row["openspiel"]
        counted = row["per_match"]
        low, high = row["ratio_range"]
        lines.append(
            f"{row['pair']:<10} {ours['decisions_per_s']:>9,.0f} {theirs['decisions_per_s']:>11,.0f}"
            f" {row['ratio_median']:>6.3f} {low:>5.2f}-{high:<5.2f} {counted['ours']['decisions_per_match']:>9,.1f}"
            f" {counted['openspiel']['decisions_per_match']:>12,.1f}"
            f" {counted['openspiel']['chance_nodes_per_match']:>15,.1f}"
            f" {counted['openspiel']['chance_time_share']:>13.0%}"
            f" {row['openspiel_play_only_decisions_per_s'] or 0:>15,.0f}"
            f"  {row['compare']}"
        )
    return lines


def run(names: list[str] | None, pairs: int, chunk_seconds: float, matches: int = 3, out=print) -> list[dict]:
    rows = []
    for pair in PAIRS:
        if names and pair.name not in names:
            continue
        rows.append(compare(pair, pairs, chunk_seconds, matches))
        out(f"  {pair.name}: {pair.openspiel} measured", flush=True)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20, help="pairs of alternating chunks per game")
    parser.add_argument("--chunk", type=float, default=0.15, help="processor seconds of play per chunk")
    parser.add_argument("--matches", type=int, default=3, help="whole matches per side counted per match")
    parser.add_argument("--game", action="append", choices=[p.name for p in PAIRS], help="only this pair")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    reason = available()
    if reason:
        print(f"OpenSpiel comparison not measured: {reason}")
        return 1
    rows = run(args.game, args.pairs, args.chunk, args.matches)
    print("\n".join(["", *table_lines(rows)]))
    for row in rows:
        print(
            f"\n{row['pair']} ({row['rule_file']}, {row['players']} players, readings {row['readings']})"
            f" against OpenSpiel {row['openspiel_game']}:"
        )
        for note in row["notes"]:
            print(f"  - {note}")
        if row["compare"] == "match for match":
            print(
                f"  - whole matches/s over the timed chunks: ours {row['ours']['matches_per_s']:.2f},"
                f" OpenSpiel {row['openspiel']['matches_per_s']:.2f}"
            )
        gaps = row["ours"]["rule_gaps"] + row["per_match"]["ours"]["rule_gaps"]
        if gaps:
            print(f"  - {gaps} of our matches ended at a rule gap")
    print(
        "\ndecisions/s count player decisions only, by processor time; OpenSpiel's chance nodes are not decisions but"
        " are timed with its play (OS chance time: their share of its wall time over the counted matches;"
        " OS w/o chance: its decisions/s with that share taken out, an estimate);"
        " ratio: median over the chunk pairs of ours/OpenSpiel's decisions/s"
    )
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
