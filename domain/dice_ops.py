"""Dice with avrae's operators (``2d6ro1+2``, ``4d6rr1kh3``, ``2d8mi2``, ``1d6e6``,
``3d6p1``) rolled as d20 rolls them, without loading d20.

Importing d20 builds its lark parser (25-90 ms, most of a command whose dice need
it). A sum of whole numbers and dice terms, each term ``NdS`` followed by any of
d20's dice operators (``k`` keep, ``p`` drop, ``rr`` reroll, ``ro`` reroll once,
``ra`` explode once, ``e`` explode, ``mi`` minimum, ``ma`` maximum) with their
selectors (``h``/``l`` N, ``<``/``>`` N, or a face), is rolled here step by step as
d20's ``SetOperator`` does: the operators in the order written (consecutive equal
ones merged, except ``mi``/``ma``, as d20's parser merges them), each die drawn with
``rng.randrange(sides) + 1``, at most 1,000 dice a roll. The same source gives the
same total and the same faces (tests/unit/test_dice_ops.py compares both over a
corpus). One difference: where one step rerolls several dice at once, d20 visits
them in the order of a Python ``set`` of objects (their memory addresses), so which
die gets which new face can differ between two runs of d20 itself; here they are
visited first to last, so the faces are the same multiset and the total the same.

Anything else (``d%``, parentheses, sets, products, comparisons, annotations,
comments, a ``mi``/``ma`` with ``h``/``l``/``<``/``>``, keeping or dropping ``h0`` or
``l0``) returns None and goes to d20.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import random

MAX_ROLLS = 1000  # d20's RollContext: dice rolled in one expression
TOO_MANY = "Too many dice rolled."

_OP = r"(?:k|p|rr|ro|ra|e|mi|ma)[hl<>]?\d+"
_TERM = rf"(?:\d*d\d+(?:{_OP})*|\d+)"
# as d20's grammar reads them: lower case, spaces between terms and at the end only
_SUM = re.compile(rf"{_TERM}(?: *[+-] *{_TERM})* *")
_SPLIT = re.compile(rf"([+-]?)({_TERM})")
_OPS = re.compile(r"(k|p|rr|ro|ra|e|mi|ma)([hl<>]?)(\d+)")

Selector = tuple[str, int]                    # ("h", 3), ("<", 2), ("", 1)
Operation = tuple[str, list[Selector]]        # ("rr", [("", 1)])
# (sign, count, sides, operations): sides 0 for a number (count is its value)
Terms = list[tuple[int, int, int, list[Operation]]]


class TooManyRolls(Exception):
    """More than :data:`MAX_ROLLS` dice in one roll (d20's TooManyRolls)."""


def terms(expr: str) -> Terms | None:
    """The signed terms of ``expr``, or None when it is not a sum this module rolls."""
    if not _SUM.fullmatch(expr):
        return None
    out: Terms = []
    for sign, term in _SPLIT.findall(expr.replace(" ", "")):
        factor = -1 if sign == "-" else 1
        if "d" not in term:
            out.append((factor, int(term), 0, []))
            continue
        count, _, rest = term.partition("d")
        sides = re.match(r"\d+", rest).group()
        operations: list[Operation] = []
        for op, cat, num in _OPS.findall(rest[len(sides):]):
            n = int(num)
            if op in ("mi", "ma") and cat:
                return None  # d20 refuses it: its own words
            if cat in "hl" and cat and n == 0:
                return None  # keeps or drops nothing: d20's own edge
            if operations and op not in ("mi", "ma") and operations[-1][0] == op:
                operations[-1][1].append((cat, n))  # d20 merges k1k2 into k(1, 2)
            else:
                operations.append((op, [(cat, n)]))
        out.append((factor, int(count) if count else 1, int(sides), operations))
    return out


class _Die:
    """One die: its faces in order (a reroll adds one, the earlier ones dropped), the
    value it counts now (a ``mi``/``ma`` changes it, not the face)."""

    __slots__ = ("faces", "value", "kept")

    def __init__(self, face: int):
        self.faces = [face]
        self.value = face
        self.kept = True


class _Roller:
    def __init__(self, rng: "random.Random"):
        self.rng, self.rolls = rng, 0

    def die(self, sides: int) -> _Die:
        return _Die(self.face(sides))

    def face(self, sides: int) -> int:
        self.rolls += 1
        if self.rolls > MAX_ROLLS:
            raise TooManyRolls(TOO_MANY)
        return self.rng.randrange(sides) + 1


def _select(dice: list[_Die], sels: list[Selector], most: int | None = None) -> list[_Die]:
    """d20's SetOperator.select: the union of the selectors' dice among those kept
    (in the dice's order; ``most``: at most that many, d20's max_targets)."""
    kept = [d for d in dice if d.kept]
    if len(sels) == 1 and most is None:  # the usual case: one selector
        cat, n = sels[0]
        chosen = _chosen(kept, cat, n)
        return sorted(chosen, key=dice.index) if cat in ("h", "l") else chosen
    out: list[_Die] = []
    for cat, n in sels:
        room = None
        if most is not None:
            room = most - len(out)
            if room == 0:
                break
        chosen = _chosen(kept, cat, n)
        if room is not None:
            chosen = chosen[:room]
        out += [d for d in chosen if d not in out]
    return sorted(out, key=dice.index)


def _chosen(kept: list[_Die], cat: str, n: int) -> list[_Die]:
    """One selector's dice, in d20's order of choosing (lowest first for ``l``,
    highest first for ``h``, else the dice's order)."""
    if cat == "l":
        return sorted(kept, key=_value)[:n]
    if cat == "h":
        return sorted(kept, key=_value, reverse=True)[:n]
    if cat == "<":
        return [d for d in kept if d.value < n]
    if cat == ">":
        return [d for d in kept if d.value > n]
    return [d for d in kept if d.value == n]


def _value(d: _Die) -> int:
    return d.value


def _reroll(roller: _Roller, die: _Die, sides: int) -> None:
    face = roller.face(sides)
    die.faces.append(face)
    die.value = face


def _operate(roller: _Roller, dice: list[_Die], sides: int, op: str,
             sels: list[Selector]) -> None:
    if op == "k":
        for d in [d for d in dice if d.kept]:
            if d not in _select(dice, sels):
                d.kept = False
    elif op == "p":
        for d in _select(dice, sels):
            d.kept = False
    elif op == "rr":
        chosen = _select(dice, sels)
        while chosen:
            for d in chosen:
                _reroll(roller, d, sides)
            chosen = _select(dice, sels)
    elif op == "ro":
        for d in _select(dice, sels):
            _reroll(roller, d, sides)
    elif op == "ra":
        for _ in _select(dice, sels, most=1):
            dice.append(roller.die(sides))
    elif op == "e":
        chosen = _select(dice, sels)
        done: set[int] = set()
        while chosen:
            for _ in chosen:
                dice.append(roller.die(sides))
            done.update(map(id, chosen))
            chosen = [d for d in _select(dice, sels) if id(d) not in done]
    else:  # mi, ma: the last selector's number, on every die kept
        bound = sels[-1][1]
        for d in dice:
            if d.kept and (d.value < bound if op == "mi" else d.value > bound):
                d.value = bound


def roll(parsed: Terms, rng: "random.Random") -> tuple[list[int], list[int], int]:
    """(faces, sides, total) as d20 gives them: the faces of the dice kept as they
    were rolled (a rerolled face left out), the total with ``mi``/``ma`` applied.
    Raises :class:`TooManyRolls` past :data:`MAX_ROLLS` dice."""
    roller = _Roller(rng)
    faces: list[int] = []
    sizes: list[int] = []
    total = 0
    for sign, count, sides, operations in parsed:
        if not sides:
            total += sign * count
            continue
        dice = [roller.die(sides) for _ in range(count)]
        for op, sels in operations:
            _operate(roller, dice, sides, op, sels)
        for d in dice:
            if d.kept:
                faces.append(d.faces[-1])
                sizes.append(sides)
                total += sign * d.value
    return faces, sizes, total
