"""`--plot FILE.png|FILE.svg`: charts of a simulation or a readings comparison, with matplotlib.

matplotlib is the optional extra `plot` (`pip install 'cardrules[plot]'`). The format comes from
the file's extension, checked (with matplotlib's presence) by `check_plot_path` before a run
starts, so a typo never costs a long run. The file is written atomically.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from dsl.report.files import write_atomic
from dsl.sim.play import SimulationUsageError
from dsl.sim.stats import Z95

FORMATS = {".png": "png", ".svg": "svg"}
INTERVAL = "95% interval"


def check_plot_path(path: str | Path) -> str:
    """The format `path` asks for; SimulationUsageError for another extension or no matplotlib."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        raise SimulationUsageError(f"--plot writes .png or .svg files, not {Path(path).name!r}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise SimulationUsageError("--plot needs matplotlib: pip install 'cardrules[plot]'") from None
    return FORMATS[suffix]


def write_simulation_plot(summary: dict, path: str | Path) -> None:
    """Win rate per seat with intervals and the fair-share line; score and length histograms."""
    plt = _pyplot()
    figure, (rates, scores, lengths) = plt.subplots(1, 3, figsize=(15, 4.5))
    players = summary["players"]
    seats = list(range(players))
    low = [summary["win_rate"][s] - summary["win_rate_ci95"][s][0] for s in seats]
    high = [summary["win_rate_ci95"][s][1] - summary["win_rate"][s] for s in seats]
    rates.bar(seats, summary["win_rate"], yerr=[low, high], capsize=4, color="#4c72b0", label="win rate")
    fair = summary["first_player"]["fair_share"] or 1 / players
    rates.axhline(fair, color="#555", linestyle="--", label=f"fair share {fair:.0%}")
    rates.set(title=f"{summary['game']}: win rate per seat ({INTERVAL})", xlabel="seat", ylabel="win rate")
    rates.set_xticks(seats)
    rates.legend(loc="lower right", fontsize=8)
    for seat, values in enumerate(summary["score_distribution"]):
        _steps(scores, values["histogram"], f"seat {seat}")
    scores.set(title="final score", xlabel="score", ylabel="matches")
    if players:
        scores.legend(fontsize=8)
    _steps(lengths, summary["length"]["decisions"]["histogram"], "decisions")
    lengths.set(title="match length", xlabel="decisions", ylabel="matches")
    subtitle = f"{summary['completed']} completed of {summary['games']} matches, agents {','.join(summary['agents'])}"
    figure.suptitle(subtitle, fontsize=9)
    _save(plt, figure, path)


def write_readings_plot(report: dict, path: str | Path) -> None:
    """Each non-default reading's effect against the defaults, with its 95% interval: on every
    seat's win rate (points) and on the mean length (decisions)."""
    plt = _pyplot()
    rows = [(a, e) for a in report["ambiguities"] for e in a["readings"]]
    height = max(3.0, 0.5 * len(rows) + 1.5)
    figure, (wins, lengths) = plt.subplots(1, 2, figsize=(13, height), sharey=True)
    labels = [f"{a['name']}={e['reading']}" for a, e in rows]
    baseline = report["baseline"]
    players = report["players"]
    for seat in range(players):
        offset = (seat - (players - 1) / 2) * 0.12
        effects, errors = [], []
        for _, entry in rows:
            change, half = _rate_effect(baseline, entry["stats"], seat)
            effects.append(change * 100)
            errors.append(half * 100)
        positions = [i + offset for i in range(len(rows))]
        wins.errorbar(effects, positions, xerr=errors, fmt="o", capsize=3, label=f"seat {seat}")
    wins.axvline(0, color="#555", linestyle="--")
    wins.set(title=f"change of win rate ({INTERVAL})", xlabel="percentage points")
    wins.set_yticks(range(len(rows)), labels)
    if rows:
        wins.legend(fontsize=8)
    effects = [_mean_effect(baseline["length"]["decisions"], e["stats"]["length"]["decisions"]) for _, e in rows]
    changes = [change for change, _ in effects]
    halves = [half for _, half in effects]
    lengths.errorbar(changes, list(range(len(rows))), xerr=halves, fmt="o", capsize=3, color="#dd8452")
    lengths.axvline(0, color="#555", linestyle="--")
    lengths.set(title=f"change of mean length ({INTERVAL})", xlabel="decisions")
    figure.suptitle(f"{report['game']}: each reading against the defaults, {report['games']} matches each", fontsize=10)
    _save(plt, figure, path)


def _rate_effect(baseline: dict, variant: dict, seat: int) -> tuple[float, float]:
    """Difference of a seat's win rate and the half-width of its normal 95% interval."""
    n_a, n_b = variant["completed"], baseline["completed"]
    p_a = variant["win_rate"][seat]
    p_b = baseline["win_rate"][seat]
    variance = (p_a * (1 - p_a) / n_a if n_a else 0.0) + (p_b * (1 - p_b) / n_b if n_b else 0.0)
    return p_a - p_b, Z95 * math.sqrt(variance)


def _mean_effect(baseline: dict, variant: dict) -> tuple[float, float]:
    variance = sum(d["sd"] ** 2 / d["n"] for d in (baseline, variant) if d["n"])
    return variant["mean"] - baseline["mean"], Z95 * math.sqrt(variance)


def _steps(axes, histogram: dict, label: str) -> None:
    if histogram["counts"]:
        axes.stairs(histogram["counts"], histogram["edges"], label=label)


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    matplotlib.rcParams["svg.hashsalt"] = "cardrules"  # the same run gives the same SVG
    import matplotlib.pyplot as plt

    return plt


def _save(plt, figure, path: str | Path) -> None:
    buffer = io.BytesIO()
    figure.tight_layout()
    kind = check_plot_path(path)
    figure.savefig(buffer, format=kind, metadata={"Date": None} if kind == "svg" else {})
    plt.close(figure)
    write_atomic(path, buffer.getvalue())
