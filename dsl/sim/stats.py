"""Small, dependency-free statistics for simulation reports.

Only the standard library is used so that the toolchain stays light to install; the functions
here are the few a designer needs to tell a real effect from noise: a confidence interval for a
win rate, two-sided p-values for a difference in win rates or in means, and the comparison of
runs under different readings of an ambiguous rule (`compare_readings`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

# Two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054


ALPHA = 0.01  # significance level of `cardrules readings`, shared by all tests of one ambiguity


def mean(values: Sequence[float]) -> float:
    """Arithmetic mean; 0.0 for an empty sequence so reports never divide by zero."""
    return math.fsum(values) / len(values) if values else 0.0


def variance(values: Sequence[float]) -> float:
    """Sample variance (n - 1 denominator); 0.0 when there are fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return math.fsum((v - m) ** 2 for v in values) / (n - 1)


def stdev(values: Sequence[float]) -> float:
    """Sample standard deviation; 0.0 when there are fewer than two values."""
    return math.sqrt(variance(values))


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (default 95%).

    Preferred over the textbook normal interval because it stays inside [0, 1] and behaves well
    for rates near 0 or 1 and for small samples, which is common for lopsided seats.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At the extremes the bound is exact; avoid float noise like 0.9999999999999999.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def normal_cdf(x: float) -> float:
    """Standard normal cumulative distribution function."""
    return 0.5 * math.erfc(-x / math.sqrt(2))


def two_proportion_p_value(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> float:
    """Two-sided p-value of the pooled two-proportion z-test for `a` versus `b`.

    Returns 1.0 when the test has no information (an empty sample, or both rates 0 or both 1),
    so that "no evidence" never reads as "significant".
    """
    if trials_a <= 0 or trials_b <= 0:
        return 1.0
    pooled = (successes_a + successes_b) / (trials_a + trials_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / trials_a + 1 / trials_b))
    if se == 0:
        return 1.0
    z = (successes_a / trials_a - successes_b / trials_b) / se
    return min(1.0, 2 * normal_cdf(-abs(z)))


def one_proportion_p_value(successes: int, trials: int, expected: float) -> float:
    """Two-sided p-value of the z-test of an observed proportion against `expected`."""
    if trials <= 0 or not 0 < expected < 1:
        return 1.0
    z = (successes / trials - expected) / math.sqrt(expected * (1 - expected) / trials)
    return min(1.0, 2 * normal_cdf(-abs(z)))


def welch_p_value_from_moments(n_a: int, mean_a: float, var_a: float, n_b: int, mean_b: float, var_b: float) -> float:
    """Welch's test from each sample's size, mean and sample variance (what a summary keeps).

    Degenerate samples are handled explicitly: fewer than two values in either sample gives 1.0
    (no evidence); two constant samples give 1.0 if the constants are equal and 0.0 otherwise.
    """
    if n_a < 2 or n_b < 2:
        return 1.0
    se2_a, se2_b = var_a / n_a, var_b / n_b
    se2 = se2_a + se2_b
    if se2 == 0:
        return 1.0 if mean_a == mean_b else 0.0
    t = (mean_a - mean_b) / math.sqrt(se2)
    # Welch-Satterthwaite degrees of freedom; a zero-variance side contributes nothing.
    df_denominator = (se2_a**2 / (n_a - 1) if se2_a else 0.0) + (se2_b**2 / (n_b - 1) if se2_b else 0.0)
    df = se2 * se2 / df_denominator
    return student_t_two_sided_p(t, df)


def chi_square_p_value(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with `df` degrees of freedom."""
    if df <= 0 or statistic <= 0:
        return 1.0
    return regularized_upper_gamma(df / 2, statistic / 2)


def regularized_upper_gamma(a: float, x: float) -> float:
    """Q(a, x) = Gamma(a, x) / Gamma(a): the series below a + 1, Lentz's fraction above
    (Numerical Recipes, gammq)."""
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        for k in range(1, 10_000):
            term *= x / (a + k)
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def seat_balance(wins: Sequence[int], label: str = "seat", alpha: float = ALPHA) -> dict:
    """Chi-square goodness of fit of the wins per seat (or team) against equal shares.

    Too few wins for the test (an expected count under 5) gives no p-value, not a verdict."""
    total = sum(wins)
    df = len(wins) - 1
    expected = total / len(wins) if wins else 0.0
    if df < 1 or expected < 5:
        return {"chi2": None, "df": df, "p_value": None, "verdict": "too few wins to test"}
    statistic = math.fsum((w - expected) ** 2 / expected for w in wins)
    p = chi_square_p_value(statistic, df)
    if p >= alpha:
        verdict = f"balanced: no evidence of a favoured {label} (p={p:.3g})"
    else:
        best = max(range(len(wins)), key=lambda i: wins[i])
        verdict = f"unbalanced: {label} {best} wins most (p={p:.3g} < {alpha})"
    return {"chi2": round(statistic, 6), "df": df, "p_value": p, "verdict": verdict}


def student_t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom (df may be fractional)."""
    if math.isinf(t):
        return 0.0
    if df > 1e7:
        # The t distribution is indistinguishable from the normal here, and the beta
        # continued fraction converges slowly for huge parameters.
        return min(1.0, 2 * normal_cdf(-abs(t)))
    x = df / (df + t * t)
    return min(1.0, max(0.0, regularized_incomplete_beta(x, df / 2, 0.5)))


def regularized_incomplete_beta(x: float, a: float, b: float) -> float:
    """I_x(a, b), evaluated with Lentz's continued fraction (Numerical Recipes, betai)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    front = math.exp(log_front)
    # The continued fraction converges quickly only on this side of the mean; use the
    # symmetry I_x(a, b) = 1 - I_{1-x}(b, a) on the other.
    if x < (a + 1) / (a + b + 2):
        return front * _beta_continued_fraction(x, a, b) / a
    return 1.0 - front * _beta_continued_fraction(1.0 - x, b, a) / b


def _beta_continued_fraction(x: float, a: float, b: float) -> float:
    tiny = 1e-300
    epsilon = 1e-15
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < epsilon:
            break
    return h


# --- comparing two simulation runs ------------------------------------------------------------


def compare_runs(baseline: dict, variant: dict) -> dict:
    """Differences (variant - baseline) and two-sided p-values between two `run_matches` summaries.

    Win rates and the completion rate (matches not ended by a rule gap) use the two-proportion
    z-test; game length and score spread use Welch's t-test on the per-match values. Runs over the
    same seeds are paired, so a paired test would be more powerful; these tests are conservative.
    """
    players = baseline["players"]
    n_base, n_variant = baseline["completed"], variant["completed"]
    g_base, g_variant = baseline["games"], variant["games"]
    diff = {
        "win_rate": [variant["win_rate"][s] - baseline["win_rate"][s] for s in range(players)],
        "mean_length": variant["mean_length"] - baseline["mean_length"],
        "score_spread": variant["score_spread"] - baseline["score_spread"],
        "completion_rate": n_variant / g_variant - n_base / g_base,
    }
    p_values = {
        "win_rate": [
            two_proportion_p_value(variant["wins"][s], n_variant, baseline["wins"][s], n_base) for s in range(players)
        ],
        "mean_length": _welch(variant["length"]["decisions"], baseline["length"]["decisions"]),
        "score_spread": _welch(variant["spread_distribution"], baseline["spread_distribution"]),
        "completion_rate": two_proportion_p_value(n_variant, g_variant, n_base, g_base),
    }
    return {"diff": diff, "p_values": p_values}


def _welch(a: dict, b: dict) -> float:
    """Welch's test on two summaries' distributions (`dsl.sim.tally.distribution`)."""
    return welch_p_value_from_moments(a["n"], a["mean"], a["sd"] ** 2, b["n"], b["mean"], b["sd"] ** 2)


def flatten_p_values(p_values: dict) -> list[float]:
    """Every p-value of a `compare_runs` result, e.g. to count tests for a Bonferroni correction."""
    flat: list[float] = []
    for value in p_values.values():
        flat.extend(value if isinstance(value, list) else [value])
    return flat


# The per-run statistics a readings report keeps (not the per-match lists).
READING_STAT_KEYS = (
    "readings",
    "completed",
    "wins",
    "ties",
    "draws",
    "win_rate",
    "win_rate_ci95",
    "mean_length",
    "length",
    "mean_score",
    "score_spread",
    "spread_distribution",
    "rule_gaps",
    "truncated",
    "teams",
    "seat_balance",
    "first_player",
    "skill_gap",
)


class ComparisonInterrupted(KeyboardInterrupt):
    """Ctrl-C during `compare_readings`: `report` compares the runs that finished (its
    `baseline` is None if even the defaults did not finish)."""

    def __init__(self, report: dict):
        super().__init__("readings comparison interrupted")
        self.report = report


def compare_readings(rules: dict, play: Callable[..., dict], alpha: float = ALPHA) -> dict:
    """Run the defaults once, then each non-default reading with only that ambiguity changed.

    `play(readings=...)` runs matches (e.g. `run_matches` with everything but the readings bound)
    on the same seeds every time. A reading is significant when any of its p-values is below
    `alpha` divided by the number of tests of its ambiguity (Bonferroni), so an
    ambiguity with many readings and seats is not flagged just because it was tested often.

    A KeyboardInterrupt becomes `ComparisonInterrupted` with the report of the finished runs:
    whole runs only, an ambiguity with some of its readings run is compared on those.
    """
    baseline = None
    ambiguities: list[dict] = []
    try:
        baseline = play(readings={})
        for ambiguity in rules.get("ambiguities", []):
            entries: list[dict] = []
            try:
                _compare_ambiguity(ambiguity, baseline, play, entries)
            except KeyboardInterrupt:
                if entries:  # compared on the readings that finished; says so
                    ambiguities.append({**_ambiguity_report(ambiguity, baseline, entries, alpha), "partial": True})
                raise
            ambiguities.append(_ambiguity_report(ambiguity, baseline, entries, alpha))
    except KeyboardInterrupt:
        raise ComparisonInterrupted(_readings_report(rules, alpha, baseline, ambiguities)) from None
    return _readings_report(rules, alpha, baseline, ambiguities)


def _compare_ambiguity(ambiguity: dict, baseline: dict, play: Callable[..., dict], entries: list[dict]) -> None:
    # The baseline reports the reading it resolved as the default for every ambiguity.
    default = baseline["readings"].get(ambiguity["name"])
    for reading in ambiguity.get("readings", []):
        if reading == default:
            continue
        variant = play(readings={ambiguity["name"]: reading})
        comparison = compare_runs(baseline, variant)
        entries.append({"reading": reading, "stats": {k: variant[k] for k in READING_STAT_KEYS}, **comparison})


def _ambiguity_report(ambiguity: dict, baseline: dict, entries: list[dict], alpha: float) -> dict:
    tests = sum(len(flatten_p_values(entry["p_values"])) for entry in entries)
    threshold = alpha / tests if tests else alpha
    for entry in entries:
        entry["significant"] = any(p < threshold for p in flatten_p_values(entry["p_values"]))
    verdict = "matters" if any(e["significant"] for e in entries) else "no measurable effect at this N"
    return {
        "name": ambiguity["name"],
        "question": ambiguity.get("question", ""),
        "line": ambiguity.get("line", 0),
        "default": baseline["readings"].get(ambiguity["name"]),
        "tests": tests,
        "threshold": threshold,
        "readings": entries,
        "verdict": verdict,
    }


def _readings_report(rules: dict, alpha: float, baseline: dict | None, ambiguities: list[dict]) -> dict:
    return {
        "game": rules.get("name", "?"),
        "alpha": alpha,
        "correction": "bonferroni per ambiguity",
        "baseline": {k: baseline[k] for k in READING_STAT_KEYS} if baseline is not None else None,
        "ambiguities": ambiguities,
    }
