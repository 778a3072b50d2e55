"""Dice fairness: Pearson's chi-square test of a die's faces against a fair die.

The p-value is the chi-square survival function, i.e. the regularized upper
incomplete gamma function Q(k/2, x/2) (Numerical Recipes' series and continued
fraction), so no scipy is needed. With fewer than 5 expected rolls per face the
test says nothing, and the verdict says so.
"""

from __future__ import annotations

import math

MIN_EXPECTED = 5  # per face: below it the chi-square approximation is not to be trusted
SUSPICIOUS = 0.01  # p-value below which a die is flagged


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its series (x < a + 1)."""
    term = total = 1.0 / a
    n = a
    for _ in range(10_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_fraction(a: float, x: float) -> float:
    """Q(a, x) by Lentz's continued fraction (x >= a + 1)."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
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
    return h * math.exp(-x + a * math.log(x) - math.lgamma(a))


def upper_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x)."""
    if x <= 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _lower_series(a, x))
    return min(1.0, _upper_fraction(a, x))


def chi2_sf(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square distributed with ``dof`` degrees of freedom."""
    return upper_gamma_q(dof / 2, x / 2)


def judge(counts: dict[int, int], sides: int) -> dict:
    """How fair a d``sides`` looks from ``counts`` {face: rolls}."""
    n = sum(counts.values())
    expected = n / sides if sides else 0
    faces = [counts.get(f, 0) for f in range(1, sides + 1)]
    result = {"rolls": n, "faces": faces, "expected_per_face": round(expected, 2),
              "chi2": None, "p_value": None}
    if sides < 2 or expected < MIN_EXPECTED:
        need = MIN_EXPECTED * sides - n
        result["verdict"] = f"too few rolls to judge ({need} more needed)"
        return result
    chi2 = sum((o - expected) ** 2 / expected for o in faces)
    p = chi2_sf(chi2, sides - 1)
    result["chi2"], result["p_value"] = round(chi2, 3), p
    result["verdict"] = ("suspicious: unlikely from a fair die" if p < SUSPICIOUS
                         else "no evidence of bias")
    return result
