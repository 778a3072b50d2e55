"""Plain dice sums (``2d6+3``, ``1d8+1d6-1``, ``d20``) without loading d20.

Importing d20 compiles its grammar (about 90 ms, most of a recording command). A
sum of dice and whole numbers is rolled here exactly as d20 rolls it: terms left to
right, each die ``rng.randrange(sides) + 1``, so the same source gives the same faces
and the same total. Anything else in avrae's notation (keep, reroll, explode,
products, parentheses, comments) returns None and goes to d20.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import random

_TERM = r"(?:\d*d\d+|\d+)"
_PLAIN = re.compile(rf"\s*{_TERM}(?:\s*[+-]\s*{_TERM})*\s*", re.IGNORECASE)
_SPLIT = re.compile(rf"([+-]?)\s*({_TERM})", re.IGNORECASE)

Terms = list[tuple[int, int, int]]  # (sign, count, sides); sides 0 for a number


def terms(expr: str) -> Terms | None:
    """The signed terms of a plain sum, or None when ``expr`` is not one."""
    if not _PLAIN.fullmatch(expr):
        return None
    out: Terms = []
    for sign, term in _SPLIT.findall(expr.replace(" ", "")):
        factor = -1 if sign == "-" else 1
        if "d" in term.lower():
            count, _, sides = term.lower().partition("d")
            out.append((factor, int(count) if count else 1, int(sides)))
        else:
            out.append((factor, int(term), 0))
    return out


def roll(parsed: Terms, rng: "random.Random") -> tuple[list[int], list[int], int]:
    """(faces, sides, total), the dice rolled in d20's order."""
    faces: list[int] = []
    sizes: list[int] = []
    total = 0
    for sign, count, sides in parsed:
        if not sides:
            total += sign * count
            continue
        for _ in range(count):
            face = rng.randrange(sides) + 1
            faces.append(face)
            sizes.append(sides)
            total += sign * face
    return faces, sizes, total


def bounds(parsed: Terms) -> tuple[int, int]:
    """The totals with every die at its lowest and at its highest face, ordered
    (as d20 gives them with a source always rolling the lowest or highest face)."""
    low = sum(sign * count for sign, count, _ in parsed)
    high = sum(sign * count * (sides or 1) for sign, count, sides in parsed)
    return min(low, high), max(low, high)
