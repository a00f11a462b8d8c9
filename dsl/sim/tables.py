"""The human reports of `simulate` and `readings`: tables for a terminal, printed on stdout.

They show what the JSON holds (`dsl.sim.tally`), in the order a designer reads it: who wins,
whether the seats are fair, how long and how close matches are, then rule gaps to replay.
"""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text


def _percent(rate: float) -> str:
    return f"{rate * 100:.1f}%"


def _interval(bounds) -> str:
    lo, hi = bounds
    return f"{_percent(lo)}..{_percent(hi)}"


def _p(p: float) -> str:
    return "p<0.0001" if p < 0.0001 else f"p={p:.4f}"


def render_simulation(summary: dict, console: Console, reproduce: str | None = None) -> None:
    """The `simulate` summary. `reproduce` is the command line that replays a run, without
    `--seed/--games`; the first rule gap gets it with the seed of its first occurrence."""
    console.print(_heading(summary))
    if summary["readings"]:
        console.print(Text("readings: " + ", ".join(f"{k}={v}" for k, v in summary["readings"].items())))
    console.print(_seat_table(summary))
    console.print(
        Text("a shared win counts as a win for each winner; ties: matches won by more than one side", style="dim")
    )
    if summary.get("teams"):
        console.print(_team_table(summary["teams"]))
    for line in _fairness_lines(summary):
        console.print(line, highlight=False)
    for line in _course_lines(summary):
        console.print(line, highlight=False)
    _render_gaps(summary, console, reproduce)


def _heading(summary: dict) -> Text:
    if summary.get("interrupted"):
        # The finished matches of an interrupted run need not be consecutive seeds.
        requested = summary.get("games_requested", summary["games"])
        matches = f"{summary['games']} of {requested} matches (interrupted)"
    else:
        last_seed = summary["seed"] + summary["games"] - 1
        matches = f"{summary['games']} matches (seeds {summary['seed']}..{last_seed})"
    budget = f" (budget {summary['budget']})" if summary.get("budget") else ""
    agents = ",".join(summary["agents"])
    return Text.assemble(
        (summary["game"], "bold"), f": {summary['players']} players, {matches}, agents {agents}{budget}"
    )


def _seat_table(summary: dict) -> Table:
    table = Table(box=None, header_style="bold")
    for column in ("seat", "agent", "wins", "win rate", "95% CI", "mean score", "sd", "min..max"):
        table.add_column(column, justify="right")
    for seat in range(summary["players"]):
        scores = summary["score_distribution"][seat]
        span = f"{scores['min']:g}..{scores['max']:g}" if scores["n"] else "-"
        table.add_row(
            str(seat),
            summary["agents"][seat],
            str(summary["wins"][seat]),
            _percent(summary["win_rate"][seat]),
            _interval(summary["win_rate_ci95"][seat]),
            f"{summary['mean_score'][seat]:.2f}",
            f"{scores['sd']:.2f}",
            span,
        )
    return table


def _team_table(teams: dict) -> Table:
    table = Table(box=None, header_style="bold", title="teams", title_justify="left")
    for column in ("team", "seats", "wins", "win rate", "95% CI"):
        table.add_column(column, justify="right")
    for i, name in enumerate(teams["names"]):
        seats = ",".join(str(s) for s in teams["seats"][i])
        table.add_row(
            name, seats, str(teams["wins"][i]), _percent(teams["win_rate"][i]), _interval(teams["win_rate_ci95"][i])
        )
    return table


def _fairness_lines(summary: dict) -> list[str]:
    n = summary["completed"]
    lines = [
        f"completed {n}/{summary['games']}, ties {summary['ties']} ({_percent(summary['tie_rate'])}), "
        f"draws {summary['draws']} ({_percent(summary['draw_rate'])})",
        f"seat balance ({summary['seat_balance']['of']}): {summary['seat_balance']['verdict']}",
    ]
    first = summary["first_player"]
    if first["matches"]:
        lines.append(
            f"first player wins {_percent(first['win_rate'])} ({_interval(first['ci95'])}) "
            f"against a fair share of {_percent(first['fair_share'])}, {_p(first['p_value'])}"
        )
    gap = summary.get("skill_gap")
    if gap:
        lines.append(
            f"skill gap: {gap['stronger']} wins {_percent(gap['win_rate'])} per seat ({_interval(gap['ci95'])}), "
            f"{gap['weaker']} {_percent(gap['weaker_win_rate'])}, {_p(gap['p_value'])}"
        )
    return lines


def _course_lines(summary: dict) -> list[str]:
    length = summary["length"]
    parts = [f"{_dist(length['decisions'])} decisions"]
    for kind in ("tricks", "deals"):
        if length[kind]["n"] and length[kind]["max"]:
            parts.append(f"{_dist(length[kind])} {kind}")
    lines = ["length: " + ", ".join(parts)]
    decided, drama = summary["decisiveness"], summary["drama"]
    if decided["matches"]:
        lines.append(
            f"lead changes {_dist(summary['lead_changes'])}; the winner led for good after "
            f"{_percent(decided['mean_decided_at'])} of the match on average "
            f"({_percent(decided['decided_by_half'])} decided by half-time)"
        )
        lines.append(
            f"drama: the winner was behind in {_percent(drama['comeback_rate'])} of matches, "
            f"by {drama['mean_deficit']:.1f} points on average and {drama['max_deficit']:g} at most"
        )
    elif decided.get("undefined"):
        lines.append(f"lead changes, decisiveness and drama: undefined, {decided['undefined']}")
    lines.append(f"{summary['games_per_s']:,.0f} matches/s")
    return lines


def _dist(values: dict) -> str:
    if not values["n"]:
        return "-"
    return f"{values['mean']:.1f} ± {values['sd']:.1f} ({values['min']:g}..{values['max']:g})"


def _render_gaps(summary: dict, console: Console, reproduce: str | None) -> None:
    gaps = summary["rule_gaps"]
    if not gaps:
        console.print(Text("no rule gaps", style="green"))
        return
    gap_table = Table(title="rule gaps", title_style="bold yellow", box=None, header_style="bold")
    for column, justify in (("code", "left"), ("line", "right"), ("count", "right"), ("seed", "right")):
        gap_table.add_column(column, justify=justify)
    gap_table.add_column("message", justify="left")
    for gap in gaps:
        line = str(gap["line"]) if gap["line"] else "-"
        gap_table.add_row(gap["code"], line, str(gap["count"]), str(gap["example_seed"]), Text(gap["message"]))
    console.print(gap_table)
    if reproduce:
        first = gaps[0]
        console.print(
            Text(f"reproduce the first {first['code']}: {reproduce} --seed {first['example_seed']} --games 1")
        )


# --- readings ---------------------------------------------------------------------------------


def render_readings(report: dict, console: Console) -> None:
    """The `readings` comparison: per ambiguity, a table of measures (rows) for the default and
    each other reading (columns), with the difference and p-value; then the verdict."""
    agents = ",".join(report.get("agents") or ["random"])
    console.print(
        Text.assemble(
            (report["game"], "bold"),
            f": {report['players']} players, {report['games']} matches per reading (seeds from {report['seed']}), "
            f"agents {agents}; significant: p < {report['alpha']} Bonferroni-corrected per ambiguity",
        )
    )
    if not report["ambiguities"]:
        console.print("this game declares no ambiguities")
        return
    baseline = report["baseline"]
    for ambiguity in report["ambiguities"]:
        style = "bold red" if ambiguity["verdict"] == "matters" else "green"
        title = Text.assemble(
            (ambiguity["name"], "bold"), f" ({ambiguity['question']}): ", (ambiguity["verdict"], style)
        )
        table = Table(title=title, title_justify="left", box=None, header_style="bold")
        table.add_column("measure")
        table.add_column(f"{ambiguity['default']} (default)", justify="right")
        for entry in ambiguity["readings"]:
            table.add_column(entry["reading"], justify="right")
        threshold = ambiguity["threshold"]
        for label, base, cells in _reading_rows(report, baseline, ambiguity["readings"], threshold):
            table.add_row(label, base, *cells)
        console.print(table)
        console.print()


def _reading_rows(report: dict, baseline: dict, entries: list[dict], threshold: float):
    """(measure label, default value, [value, difference and p-value per reading]) rows."""

    def cell(value: str, difference: str, p: float) -> Text:
        style = "bold red" if p < threshold else "dim"
        return Text.assemble(value, " ", (f"{difference} {_p(p)}", style))

    games = report["games"]
    for seat in range(report["players"]):
        yield (
            f"seat {seat} win rate",
            _percent(baseline["win_rate"][seat]),
            [
                cell(
                    _percent(e["stats"]["win_rate"][seat]),
                    f"{e['diff']['win_rate'][seat] * 100:+.1f}",
                    e["p_values"]["win_rate"][seat],
                )
                for e in entries
            ],
        )
    for key, label, shown in (("mean_length", "mean length", "{:.1f}"), ("score_spread", "score spread", "{:.2f}")):
        yield (
            label,
            shown.format(baseline[key]),
            [cell(shown.format(e["stats"][key]), f"{e['diff'][key]:+.2f}", e["p_values"][key]) for e in entries],
        )
    yield (
        "completed",
        f"{baseline['completed']}/{games}",
        [
            cell(
                f"{e['stats']['completed']}/{games}",
                f"{e['diff']['completion_rate'] * 100:+.1f}",
                e["p_values"]["completion_rate"],
            )
            for e in entries
        ],
    )
    yield "rule gaps", _gap_codes(baseline), [Text(_gap_codes(e["stats"])) for e in entries]


def _gap_codes(stats: dict) -> str:
    return ", ".join(f"{g['code']}@{g['line']} x{g['count']}" for g in stats["rule_gaps"]) or "-"
