"""Dice: avrae's d20 notation, with results taken as values.

Parsing and evaluation are d20's; randomness comes from one injected source (a
``random.Random`` the caller seeds and records), and every face is kept in the
returned :class:`Roll` so that a replay never rolls again. d20 is imported only when
an expression is actually rolled: recording a typed roll stays fast.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    import random

from battletape.domain.patterns import pattern
from battletape.domain.words import N_
from battletape.domain.errors import BadDiceExpression, BadInput, BattletapeError
from battletape.domain.events import Roll

MAX_DICE = 200          # dice in one term (``200d6``)
MAX_SIDES = 1000        # sides of a die (``d1000``)
MAX_LENGTH = 200        # characters of an expression, annotations included
MAX_TOTAL = 1_000_000   # the absolute value of any total battletape records
_DICE = pattern(r"(\d*)\s*d\s*(\d+|%)", re.IGNORECASE)
_ANNOTATION = pattern(r"\[[^\]]*\]")
PERCENTILE = 100        # the sides recorded for d20's ``d%`` (faces 0, 10, ... 90)


class _Source:
    """A random source made on first use (most commands roll nothing virtually)."""

    def __init__(self, seed: int | None, position: int):
        self._args = (seed, position)
        self._rng = None

    def __getattr__(self, name: str):
        if self._rng is None:
            import random

            seed, position = self._args
            self._rng = (random.Random(random.SystemRandom().getrandbits(64))
                         if seed is None else random.Random(f"{seed}:{position}"))
        return getattr(self._rng, name)


def source(seed: int | None, position: int) -> "random.Random":
    """The public virtual dice of the command starting at ``position``.

    With a public ``--seed`` they come from ``Random(f"{seed}:{position}")``,
    reproducible by anyone; with none, from the OS. Committed dice (drawn from an
    encounter's secret, verifiable once it is revealed) are :mod:`domain.fair_dice`'s.
    """
    return _Source(seed, position)  # type: ignore[return-value]


def check_expression(expr: str) -> None:
    """Refuse empty, oversized or absurd expressions before d20 sees them (the limits
    are battletape's own: :data:`MAX_LENGTH`, :data:`MAX_DICE`, :data:`MAX_SIDES`;
    numbers inside ``[annotations]`` are text, not dice)."""
    if not expr or not expr.strip():
        raise BadDiceExpression(expr, N_("empty"))
    if len(expr) > MAX_LENGTH:
        raise BadDiceExpression(expr[:40] + "...", N_("longer than {n} characters"),
                                n=MAX_LENGTH)
    if any(not ch.isprintable() for ch in expr):
        raise BadDiceExpression(expr.encode("unicode_escape").decode(),
                                N_("control characters are not dice notation"))
    for count, sides in _DICE.findall(_ANNOTATION.sub("", expr)):
        if sides == "%":
            continue
        if int(sides) < 1 or int(sides) > MAX_SIDES:
            raise BadDiceExpression(expr, N_("dice must have 1 to {n} sides"), n=MAX_SIDES)
        if count and int(count) > MAX_DICE:
            raise BadDiceExpression(expr, N_("at most {n} dice in one term"), n=MAX_DICE)


@contextmanager
def _randomness(rng: random.Random) -> Iterator[None]:
    import d20.expression as expression

    saved = expression.random
    expression.random = rng  # d20 rolls through its module's `random`
    try:
        yield
    finally:
        expression.random = saved


def _faces(node, sizes: list[int], faces: list[int]) -> None:
    """The natural faces of the dice that count: a die, a set element or a whole
    term that a keep or drop removed is left out, and a face changed by ``mi``/``ma``
    is recorded as it was rolled."""
    import d20

    if not node.kept:
        return
    if isinstance(node, d20.Dice):
        for die in node.values:
            if not die.kept:
                continue
            for value in die.values:
                if value.kept:
                    faces.append(int(value.values[0]))
                    sizes.append(PERCENTILE if die.size == "%" else int(die.size))
        return
    for child in node.children:
        _faces(child, sizes, faces)


def _evaluate(expr: str, rng) -> tuple[int, object]:
    """d20's total of ``expr`` rolled with ``rng``, and its tree; d20's refusals
    (including those it finds only while totalling, such as a division by zero)
    become one :class:`BadDiceExpression`."""
    import d20

    try:
        with _randomness(rng):
            result = d20.roll(expr)
            total = result.total
    except d20.RollError as err:
        raise _refused(expr, err) from None
    except (ValueError, ZeroDivisionError, OverflowError, RecursionError) as err:
        raise BadDiceExpression(expr, BattletapeError(str(err) or type(err).__name__)) \
            from None
    _require_within(expr, total)
    return int(total), result.expr


def _refused(expr: str, err) -> BadDiceExpression:
    """d20's refusal in words: where its parser stopped (not its grammar's token
    names), or d20's own sentence."""
    import d20

    if isinstance(err, d20.RollSyntaxError):
        got = str(getattr(err, "got", "") or "")
        if not got.strip():
            return BadDiceExpression(expr, N_("it ends too soon: something must follow "
                                              "{text}"), text=repr(expr.rstrip()))
        return BadDiceExpression(expr, N_("{got} at character {col} is not dice "
                                          "notation"), got=repr(got), col=err.col)
    return BadDiceExpression(expr, BattletapeError(str(err).splitlines()[0]))


def _require_within(expr: str, total: int) -> None:
    """A total beyond :data:`MAX_TOTAL` is refused."""
    if abs(total) > MAX_TOTAL:
        raise BadDiceExpression(expr, N_("a total of {total} is beyond battletape's "
                                         "limit of \u00b1{limit}"),
                                total=f"{total:,}", limit=f"{MAX_TOTAL:,}")


def roll(expr: str, rng: random.Random) -> Roll:
    """Roll ``expr`` with ``rng``; every kept natural face is recorded."""
    check_expression(expr)
    from battletape.domain import plain_dice

    plain = plain_dice.terms(expr)
    if plain is not None:  # a plain sum: rolled as d20 would, without loading it
        _within_reach(expr, plain_dice.extremes(plain))
        if isinstance(rng, Kept):
            with rng.one_roll():
                faces, sizes, total = plain_dice.roll(plain, rng)
        else:
            faces, sizes, total = plain_dice.roll(plain, rng)
        return Roll(expr=expr, faces=faces, sides=sizes, modifier=total - sum(faces),
                    total=total, source="virtual")
    from battletape.domain import dice_ops

    operated = dice_ops.terms(expr)
    if operated is not None:  # d20's dice operators, rolled as d20 rolls them
        for low in (True, False):
            try:
                _evaluate_ops(expr, operated, _Extreme(low=low))
            except BadDiceExpression as err:
                if "limit" in err.reason:
                    raise
        faces, sizes, total = _evaluate_ops(expr, operated, rng)
        return Roll(expr=expr, faces=faces, sides=sizes, modifier=total - sum(faces),
                    total=total, source="virtual")
    _check_reach(expr)
    if isinstance(rng, Kept):
        with rng.one_roll():
            total, tree = _evaluate(expr, rng)
    else:
        total, tree = _evaluate(expr, rng)
    sizes: list[int] = []
    faces: list[int] = []
    _faces(tree, sizes, faces)
    return Roll(expr=expr, faces=faces, sides=sizes, modifier=total - sum(faces),
                total=total, source="virtual")


def roll_faces(expr: str, faces: list[int]) -> Roll:
    """``expr`` rolled at the table: the faces as thrown, in the order d20 rolls its
    dice (left to right, every die of a keep or drop included: ``4d6kh3`` takes four;
    a ``d%`` takes 0, 10, ... 90), each checked against its die. Exactly as many as
    the expression rolls; the total is d20's, the faces kept are recorded."""
    typed = _Typed(expr, faces)
    r = roll(expr, typed)  # type: ignore[arg-type]
    if typed.used != len(faces):
        raise BadInput(f"--faces for {expr}", ",".join(map(str, faces)),
                       N_("{used} face(s): the dice {expr} rolls"),
                       used=typed.used, expr=expr)
    return Roll(expr=r.expr, faces=r.faces, sides=r.sides, modifier=r.modifier,
                total=r.total, source="typed")


class _Typed:
    """A random source that gives back faces thrown at the table, one per die."""

    def __init__(self, expr: str, faces: list[int]):
        self.expr, self.faces, self.used = expr, list(faces), 0

    def randrange(self, start, stop=None, step=1):
        if self.used >= len(self.faces):
            raise BadInput(f"--faces for {self.expr}", ",".join(map(str, self.faces)),
                           N_("a face for every die it rolls (more are needed)"))
        face = self.faces[self.used]
        self.used += 1
        if stop is None:       # a die of ``start`` sides: randrange(sides) + 1
            if not 1 <= face <= start:
                raise BadInput(f"face of a d{start}", face, '1..{start}', start=start)
            return face - 1
        if face not in range(start, stop, step):   # d%: 0, 10, ... 90
            raise BadInput("face of a d%", face, "0, 10, ... 90")
        return face


def _evaluate_ops(expr: str, operated, rng) -> tuple[list[int], list[int], int]:
    """:func:`_evaluate` for what ``dice_ops`` rolls: the same refusals."""
    from battletape.domain import dice_ops

    try:
        faces, sizes, total = dice_ops.roll(operated, rng)
    except dice_ops.TooManyRolls as err:
        raise BadDiceExpression(expr, BattletapeError(str(err))) from None
    _require_within(expr, total)
    return faces, sizes, total


def _check_reach(expr: str) -> None:
    """Refuse, whatever the dice show, an expression whose lowest or highest total is
    beyond :data:`MAX_TOTAL` (``200d1000*200d1000``): the refusal must not depend on
    the roll."""
    for low in (True, False):
        try:
            _evaluate(expr, _Extreme(low=low))
        except BadDiceExpression as err:
            if "limit" in err.reason:
                raise
            # an extreme the dice cannot reach alone (an exploding die always at its
            # highest, a d% of 0 dividing): the real roll decides


def _within_reach(expr: str, totals: tuple[int, int]) -> tuple[int, int]:
    """A plain sum's totals with every die lowest and highest, refused as
    :func:`_evaluate` refuses them beyond :data:`MAX_TOTAL`."""
    for total in totals:
        _require_within(expr, total)
    return totals


@lru_cache(maxsize=1024)  # the same few damage expressions, checked again and again
def bounds(expr: str) -> tuple[int, int]:
    """The least and greatest totals of a plain ``NdS+M`` style expression."""
    check_expression(expr)
    from battletape.domain import plain_dice

    plain = plain_dice.terms(expr)
    if plain is not None:  # every die a 1, every die its top face: no d20 needed
        at_lowest, at_highest = _within_reach(expr, plain_dice.extremes(plain))
        return min(at_lowest, at_highest), max(at_lowest, at_highest)
    from battletape.domain import dice_ops

    operated = dice_ops.terms(expr)
    if operated is not None:
        low = _evaluate_ops(expr, operated, _Extreme(low=True))[2]
        high = _evaluate_ops(expr, operated, _Extreme(low=False))[2]
    else:
        low, _ = _evaluate(expr, _Extreme(low=True))
        high, _ = _evaluate(expr, _Extreme(low=False))
    return min(low, high), max(low, high)


class _Extreme:
    """A stand-in random source that always rolls the lowest or highest face."""

    def __init__(self, low: bool):
        self.low = low

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            start, stop = 0, start
        return start if self.low else stop - step


def typed(expr: str, total: int) -> Roll:
    """A total announced by the GM for ``expr`` (physical dice): checked for range."""
    if total < 0:
        raise BadInput("damage", total, N_("a total of 0 or more"))
    if total > MAX_TOTAL:
        raise BadInput("total", total, N_('at most {MAX_TOTAL:,}'), MAX_TOTAL=MAX_TOTAL)
    if expr and expr != "typed":
        low, high = bounds(expr)
        if not low <= total <= high:
            raise BadInput(f"total for {expr}", total, '{low}..{high}', low=low, high=high)
    return Roll(expr=expr or "typed", total=total, source="typed")


def d20_typed(natural: int, modifier: int = 0, what: str = "natural d20") -> Roll:
    """A natural d20 rolled at the table and typed in."""
    if not 1 <= natural <= 20:
        raise BadInput(what, natural, N_("a natural d20 from 1 to 20"))
    expr = f"1d20{modifier:+d}" if modifier else "1d20"
    return Roll(expr=expr, faces=[natural], sides=[20], modifier=modifier,
                total=natural + modifier, source="typed")


def d20_virtual(rng: random.Random, modifier: int = 0) -> Roll:
    natural = rng.randrange(20) + 1
    expr = f"1d20{modifier:+d}" if modifier else "1d20"
    return Roll(expr=expr, faces=[natural], sides=[20], modifier=modifier,
                total=natural + modifier, source="virtual")


def d20_roll(natural: int | None, rng: random.Random, modifier: int = 0,
             what: str = "natural d20") -> Roll:
    """A typed natural if given, else a virtual one."""
    if natural is None:
        return d20_virtual(rng, modifier)
    return d20_typed(natural, modifier, what)


def d100(natural: int | None, rng: random.Random, what: str) -> Roll:
    """A percentile roll: typed (1..100, 00 read as 100) or virtual."""
    if natural is None:
        return roll("1d100", rng)
    if not 1 <= natural <= 100:
        raise BadInput(what, natural, N_("a d100 result from 1 to 100"))
    return Roll(expr="1d100", faces=[natural], sides=[100], total=natural, source="typed")


def dice_total(expr: str, total: int | None, rng: random.Random) -> Roll:
    """A typed total for ``expr`` if given, else ``expr`` rolled virtually."""
    if total is not None:
        return typed(expr, total)
    return roll(expr, rng)


class Kept:
    """A random source that gives back a command's recorded dice before rolling new
    ones: a die of N sides takes the next kept face of N sides, in the order they were
    recorded; a die with none left comes from ``fallback``. Within one expression
    (``one_roll``) the dice come from one recorded roll: what that roll recorded
    beyond them is dropped, and what it lacks is rolled anew, so the next roll still
    takes its own dice (a crit's doubled dice amended away do not shift the next
    hit's). An amendment decides its command again with it, so every die it does not
    change stays as it fell."""

    def __init__(self, units: "list[tuple[int, list[int]]]", fallback):
        self.left: dict[int, list[list[int]]] = {}
        for sides, faces in units:
            self.left.setdefault(sides, []).append(list(faces))
        self.fallback = fallback
        self._roll: dict[int, list[int]] | None = None

    @contextmanager
    def one_roll(self) -> Iterator[None]:
        outer, self._roll = self._roll, {}
        try:
            yield
        finally:
            self._roll = outer

    def _unit(self, sides: int) -> list[int]:
        if self._roll is not None and sides in self._roll:
            return self._roll[sides]
        units = self.left.get(sides, [])
        unit = units[0] if units else []
        if self._roll is not None:
            if units:
                units.pop(0)
            self._roll[sides] = unit
        return unit

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            start, stop = 0, start
        percentile = step == 10 and start == 0 and stop == 100
        if step == 1 and start == 0 or percentile:
            unit = self._unit(PERCENTILE if percentile else stop)
            if unit and (1 <= unit[0] <= stop if not percentile
                         else unit[0] % 10 == 0 and unit[0] < stop):
                face = unit.pop(0)
                if not unit and self._roll is None:
                    self.left[PERCENTILE if percentile else stop].pop(0)
                return face if percentile else face - 1  # a die: randrange(N) + 1
        return self.fallback.randrange(start, stop, step)

    def __getattr__(self, name: str):
        return getattr(self.fallback, name)


def kept_units(rolls: "list[Roll]") -> "list[tuple[int, list[int]]]":
    """The dice of ``rolls`` as ``Kept`` takes them: (sides, faces) per roll and size."""
    out: list[tuple[int, list[int]]] = []
    for r in rolls:
        by_size: dict[int, list[int]] = {}
        for sides, face in zip(r.sides, r.faces):
            by_size.setdefault(sides, []).append(face)
        out += list(by_size.items())
    return out


def kept_text(units: "list[tuple[int, list[int]]]") -> str:
    """Kept dice as an amendment records them: ``d20:15 d8:8,1 d8:4`` (one word a
    recorded roll)."""
    return " ".join(f"d{sides}:{','.join(map(str, faces))}" for sides, faces in units)


def kept_faces(text: str) -> "list[tuple[int, list[int]]]":
    """The dice ``kept_text`` wrote."""
    out = []
    for word in text.split():
        sides, _, faces = word[1:].partition(":")
        out.append((int(sides), [int(f) for f in faces.split(",")]))
    return out
