"""Hand-written SVG charts of a simulation summary (no plotting library needed).

One SVG with two panels: the win rate per seat with 95% confidence intervals and a fair-share
reference line, and a box summary of each seat's final scores. The output depends only on the
summary, so the same run always gives byte-identical files (useful for committed reports).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from dsl.report.files import write_atomic

PANEL_WIDTH = 440
PANEL_HEIGHT = 320
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 20, 64, 56
BAR_COLOUR = "#4c72b0"
BOX_COLOUR = "#dd8452"
FONT = 'font-family="sans-serif"'


def simulation_svg(summary: dict) -> str:
    """Both panels side by side in one SVG document."""
    left = _win_rate_panel(summary)
    right = _score_panel(summary)
    body = [f'<g transform="translate({PANEL_WIDTH},0)">', *right, "</g>"]
    return _document(2 * PANEL_WIDTH, PANEL_HEIGHT, [*left, *body])


def write_plot(summary: dict, path: str | Path) -> None:
    """Write `simulation_svg` to `path` atomically, so a failed run leaves no half SVG."""
    write_atomic(path, simulation_svg(summary))


# --- panels -----------------------------------------------------------------------------------


def _win_rate_panel(summary: dict) -> list[str]:
    players = summary["players"]
    rates = summary["win_rate"]
    intervals = summary["win_rate_ci95"]
    fair = 1 / players
    _, top, step = _nice_range(0.0, max([hi for _, hi in intervals] + [fair]))
    axis = _Axis(0.0, top)
    title = f"{summary['game']}: win rate per seat (95% CI)"
    subtitle = f"{summary['completed']} completed of {summary['games']} matches, {summary['ties']} ties"
    out = _frame(title, subtitle, "win rate")
    out += _y_ticks(axis, step, percent=True)
    slot = axis.plot_width / players
    bar_width = min(60.0, slot * 0.6)
    for seat in range(players):
        centre = MARGIN_LEFT + slot * (seat + 0.5)
        y = axis.y(rates[seat])
        out.append(
            f'<rect x="{_n(centre - bar_width / 2)}" y="{_n(y)}" width="{_n(bar_width)}" '
            f'height="{_n(axis.y(0) - y)}" fill="{BAR_COLOUR}"/>'
        )
        lo, hi = intervals[seat]
        out += _error_bar(centre, axis.y(lo), axis.y(hi), bar_width / 4)
        out.append(_text(centre, axis.y(hi) - 6, f"{rates[seat] * 100:.1f}%", size=11))
        out.append(_text(centre, axis.y(0) + 18, f"seat {seat}", size=12))
    y_fair = axis.y(fair)
    out.append(
        f'<line x1="{MARGIN_LEFT}" y1="{_n(y_fair)}" x2="{PANEL_WIDTH - MARGIN_RIGHT}" y2="{_n(y_fair)}" '
        'stroke="#555" stroke-dasharray="5,4"/>'
    )
    label = f"fair share 1/{players}"
    out.append(_text(PANEL_WIDTH - MARGIN_RIGHT - 2, y_fair - 4, label, size=10, anchor="end", fill="#555"))
    return out


def _score_panel(summary: dict) -> list[str]:
    players = summary["players"]
    per_seat: list[list[float]] = summary.get("final_scores") or [[] for _ in range(players)]
    title = f"{summary['game']}: final score per seat"
    subtitle = "box: quartiles and median; whiskers: min and max; dot: mean"
    out = _frame(title, subtitle, "final score")
    values = [v for scores in per_seat for v in scores]
    if not values:
        out.append(_text(PANEL_WIDTH / 2, PANEL_HEIGHT / 2, "no completed matches", size=13))
        return out
    low, high = min(values), max(values)
    if low == high:
        low, high = low - 1, high + 1
    bottom, top, step = _nice_range(low, high)
    axis = _Axis(bottom, top)
    out += _y_ticks(axis, step, percent=False)
    slot = axis.plot_width / players
    box_width = min(50.0, slot * 0.5)
    for seat, scores in enumerate(per_seat):
        centre = MARGIN_LEFT + slot * (seat + 0.5)
        out.append(_text(centre, axis.y(bottom) + 18, f"seat {seat}", size=12))
        if not scores:
            continue
        ordered = sorted(scores)
        q1, median, q3 = (_quantile(ordered, q) for q in (0.25, 0.5, 0.75))
        out += _error_bar(centre, axis.y(ordered[0]), axis.y(ordered[-1]), box_width / 3)
        out.append(
            f'<rect x="{_n(centre - box_width / 2)}" y="{_n(axis.y(q3))}" width="{_n(box_width)}" '
            f'height="{_n(max(1.0, axis.y(q1) - axis.y(q3)))}" fill="{BOX_COLOUR}" stroke="#333"/>'
        )
        out.append(
            f'<line x1="{_n(centre - box_width / 2)}" y1="{_n(axis.y(median))}" '
            f'x2="{_n(centre + box_width / 2)}" y2="{_n(axis.y(median))}" stroke="#333" stroke-width="2"/>'
        )
        mean = math.fsum(scores) / len(scores)
        out.append(f'<circle cx="{_n(centre)}" cy="{_n(axis.y(mean))}" r="3" fill="#fff" stroke="#333"/>')
    return out


# --- building blocks --------------------------------------------------------------------------


class _Axis:
    """Maps data values to panel y coordinates (SVG y grows downwards)."""

    def __init__(self, low: float, high: float):
        self.low, self.high = low, high
        self.plot_width = PANEL_WIDTH - MARGIN_LEFT - MARGIN_RIGHT
        self.plot_height = PANEL_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM

    def y(self, value: float) -> float:
        fraction = (value - self.low) / (self.high - self.low)
        return PANEL_HEIGHT - MARGIN_BOTTOM - fraction * self.plot_height


def _document(width: int, height: int, elements: list[str]) -> str:
    head = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
    background = f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff"/>'
    return "\n".join([head, background, *elements, "</svg>"]) + "\n"


def _frame(title: str, subtitle: str, y_label: str) -> list[str]:
    bottom = PANEL_HEIGHT - MARGIN_BOTTOM
    middle = MARGIN_TOP + (bottom - MARGIN_TOP) / 2
    return [
        _text(PANEL_WIDTH / 2, 18, title, size=14, weight="bold"),
        _text(PANEL_WIDTH / 2, 34, subtitle, size=10, fill="#555"),
        f'<line x1="{MARGIN_LEFT}" y1="{MARGIN_TOP}" x2="{MARGIN_LEFT}" y2="{bottom}" stroke="#333"/>',
        f'<line x1="{MARGIN_LEFT}" y1="{bottom}" x2="{PANEL_WIDTH - MARGIN_RIGHT}" y2="{bottom}" stroke="#333"/>',
        f'<text x="16" y="{_n(middle)}" font-size="12" {FONT} text-anchor="middle" '
        f'transform="rotate(-90 16 {_n(middle)})">{escape(y_label)}</text>',
    ]


def _y_ticks(axis: _Axis, step: float, percent: bool) -> list[str]:
    out = []
    count = round((axis.high - axis.low) / step)
    for i in range(count + 1):
        value = axis.low + i * step
        y = axis.y(value)
        label = f"{round(value * 100, 6):g}%" if percent else f"{round(value, 6):g}"
        out.append(
            f'<line x1="{MARGIN_LEFT - 4}" y1="{_n(y)}" x2="{PANEL_WIDTH - MARGIN_RIGHT}" y2="{_n(y)}" stroke="#ddd"/>'
        )
        out.append(_text(MARGIN_LEFT - 7, y + 4, label, size=10, anchor="end"))
    return out


def _error_bar(x: float, y_low: float, y_high: float, cap: float) -> list[str]:
    return [
        f'<line x1="{_n(x)}" y1="{_n(y_low)}" x2="{_n(x)}" y2="{_n(y_high)}" stroke="#222"/>',
        f'<line x1="{_n(x - cap)}" y1="{_n(y_low)}" x2="{_n(x + cap)}" y2="{_n(y_low)}" stroke="#222"/>',
        f'<line x1="{_n(x - cap)}" y1="{_n(y_high)}" x2="{_n(x + cap)}" y2="{_n(y_high)}" stroke="#222"/>',
    ]


def _text(
    x: float, y: float, content: str, size: int = 12, anchor: str = "middle", fill: str = "#222", weight: str = "normal"
) -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size}" {FONT} text-anchor="{anchor}" '
        f'fill="{fill}" font-weight="{weight}">{escape(content)}</text>'
    )


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no float noise, for stable output."""
    return f"{round(value, 2):g}"


def _nice_range(low: float, high: float) -> tuple[float, float, float]:
    """Round axis bounds around [low, high] and a tick step giving about five ticks."""
    span = max(high - low, 1e-9)
    raw_step = span / 5
    magnitude = 10 ** math.floor(math.log10(raw_step))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw_step)
    # The epsilons keep a bound that is already round (0.5, 10) from moving a whole step.
    return math.floor(low / step + 1e-9) * step, math.ceil(high / step - 1e-9) * step, step


def _quantile(ordered: Sequence[float], q: float) -> float:
    """Linear-interpolation quantile of a sorted, non-empty sequence."""
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)
