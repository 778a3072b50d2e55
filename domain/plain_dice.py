"""Plain dice sums (``2d6+3``, ``1d8+1d6-1``, ``d20``, ``4d6kh3``, ``2d20kl1``) without
loading d20.

Importing d20 compiles its grammar (about 90 ms, most of a recording command). A
sum of dice and whole numbers is rolled here exactly as d20 rolls it: terms left to
right, each die ``rng.randrange(sides) + 1``, so the same source gives the same faces
and the same total. Keeping the highest or lowest N (``kh``/``kl``) keeps them as d20
does: a stable sort of the dice, so among equal faces the earlier ones are kept.
Anything else in avrae's notation (rerolls, explosions, other selectors, products,
parentheses, comments) returns None and goes to d20.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain.patterns import pattern

if TYPE_CHECKING:
    import random

_TERM = r"(?:\d*d\d+(?:k[hl]\d+)?|\d+)"
# as d20's grammar reads them: lower case, spaces between terms and at the end only
_PLAIN = pattern(rf"{_TERM}(?: *[+-] *{_TERM})* *")
_SPLIT = pattern(rf"([+-]?)({_TERM})")

# (sign, count, sides, keep): sides 0 for a number; keep +N highest, -N lowest, 0 all
Terms = list[tuple[int, int, int, int]]


# what a plain sum is written with besides digits (``\d``: any decimal digit); another
# character tells it is none without compiling the patterns above (``2d6ro1+2``)
_WRITTEN_WITH = frozenset("dkhl+- ")


def terms(expr: str) -> Terms | None:
    """The signed terms of a plain sum, or None when ``expr`` is not one."""
    if not all(ch in _WRITTEN_WITH or ch.isdecimal() for ch in expr) or \
            not _PLAIN.fullmatch(expr):
        return None
    out: Terms = []
    for sign, term in _SPLIT.findall(expr.replace(" ", "")):
        factor = -1 if sign == "-" else 1
        if "d" in term:
            count, _, sides = term.partition("d")
            keep = 0
            if "k" in sides:
                sides, _, rule = sides.partition("k")
                keep = int(rule[1:]) * (1 if rule[0] == "h" else -1)
                if keep == 0:
                    return None  # keeps nothing: d20's own edge, left to d20
            out.append((factor, int(count) if count else 1, int(sides), keep))
        else:
            out.append((factor, int(term), 0, 0))
    return out


def roll(parsed: Terms, rng: "random.Random") -> tuple[list[int], list[int], int]:
    """(faces, sides, total), the dice rolled in d20's order."""
    faces: list[int] = []
    sizes: list[int] = []
    total = 0
    for sign, count, sides, keep in parsed:
        if not sides:
            total += sign * count
            continue
        rolled = [rng.randrange(sides) + 1 for _ in range(count)]
        kept = range(count)
        if keep:
            order = sorted(range(count), key=lambda i: rolled[i], reverse=keep > 0)
            kept = sorted(order[:abs(keep)])
        for i in kept:
            faces.append(rolled[i])
            sizes.append(sides)
            total += sign * rolled[i]
    return faces, sizes, total


def extremes(parsed: Terms) -> tuple[int, int]:
    """The totals with every die at its lowest face, and at its highest (as d20
    gives them with a source always rolling the lowest or highest face)."""
    def kept(count: int, keep: int) -> int:
        return min(count, abs(keep)) if keep else count

    low = sum(sign * kept(count, keep) for sign, count, _, keep in parsed)
    high = sum(sign * kept(count, keep) * (sides or 1)
               for sign, count, sides, keep in parsed)
    return low, high


def bounds(parsed: Terms) -> tuple[int, int]:
    """The least and greatest totals."""
    low, high = extremes(parsed)
    return min(low, high), max(low, high)
