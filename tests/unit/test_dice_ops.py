"""Dice with d20's operators (``2d6ro1+2``, ``4d6rr1kh3``, ``2d8mi2``, ``1d6e6``) are
rolled without loading d20 (domain/dice_ops.py), as d20 rolls them: over a corpus and
many seeds, and over expressions hypothesis generates, both paths give the same
total, the same faces and sides (the same multiset where one step rerolls several
dice: d20 visits them in the order of a set of objects, which changes between runs
of d20 itself), the same bounds and the same refusals."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from battletape.domain import dice, dice_ops
from battletape.domain.errors import BadDiceExpression

CORPUS = [
    "2d6ro1+2", "2d6ro1+3", "1d20ro1+5", "2d10ro<3+1d4", "3d6ro1ro2", "20d6ro<4",
    "4d6rr1", "4d6rr1kh3", "8d6rr<3", "5d6rr1rr2", "2d20kh1ro1",
    "4d6kh3", "4d6kh3kl2", "6d6k>3", "6d6k3", "3d6p1", "4d6pl1", "6d6ph2",
    "2d8mi2", "2d6ma5", "2d6mi3ma4", "4d6mi2kh3", "3d4e4mi2",
    "1d6e6", "10d6e6", "1d6e>4", "4d6e6kh3", "3d6ra6", "2d6ra1ra2",
    "d6ro1", "0d6ro1", "2d6ro1 + 1d4 - 2", "1d8ro1+1d8ro1+4", "12-2d4rr1",
]
# operators that never draw again: the faces come in d20's own order
NO_REDRAW = ("k", "p", "mi", "ma")


def through_d20(expr: str, rng) -> tuple[list[int], list[int], int]:
    """The roll as domain.dice makes it through d20 itself."""
    total, tree = dice._evaluate(expr, rng)
    sizes: list[int] = []
    faces: list[int] = []
    dice._faces(tree, sizes, faces)
    return faces, sizes, total


@pytest.mark.parametrize("expr", CORPUS)
def test_the_fast_path_rolls_as_d20_rolls_it(expr):
    parsed = dice_ops.terms(expr)
    assert parsed is not None
    exact = all(op in NO_REDRAW for *_, ops in parsed for op, _ in ops)
    for seed in range(200):
        rolled = dice.roll(expr, random.Random(seed))
        faces, sizes, total = through_d20(expr, random.Random(seed))
        assert rolled.total == total, (expr, seed)
        assert sorted(zip(rolled.faces, rolled.sides)) == sorted(zip(faces, sizes))
        assert rolled.modifier == total - sum(faces)
        if exact:
            assert (rolled.faces, rolled.sides) == (faces, sizes), (expr, seed)


@pytest.mark.parametrize("expr", CORPUS)
def test_the_fast_path_has_d20s_bounds(expr):
    dice.bounds.cache_clear()
    try:
        low = through_d20(expr, dice._Extreme(low=True))[2]
        high = through_d20(expr, dice._Extreme(low=False))[2]
    except BadDiceExpression as err:  # a reroll of the lowest face forever: refused
        with pytest.raises(BadDiceExpression) as refused:
            dice.bounds(expr)
        assert refused.value.reason == err.reason
        return
    assert dice.bounds(expr) == (min(low, high), max(low, high))


def test_too_many_dice_are_refused_as_d20_refuses_them():
    for expr in ["1d1e1", "1d1rr1", "150d2e2", "3d2e2"]:
        try:
            through_d20(expr, random.Random(1))
        except BadDiceExpression as err:
            expected = err.reason
        else:
            expected = None
        assert dice_ops.terms(expr) is not None
        if expected is None:
            dice.roll(expr, random.Random(1))
            continue
        with pytest.raises(BadDiceExpression) as refused:
            dice.roll(expr, random.Random(1))
        assert refused.value.reason == expected
        with pytest.raises(BadDiceExpression):
            dice.bounds(expr)


def test_the_rest_of_the_notation_goes_to_d20():
    for expr in ["d%", "2d6*2", "(1d20, 1d20)kh1", "1d20 > 10", "1d20 [fire]", "2D6ro1",
                 " 2d6ro1", "2d6 ro1", "4d6mih2", "4d6kh0", "4d6pl0", "1.5+1d4",
                 "-1d6ro1"]:
        assert dice_ops.terms(expr) is None, expr


def test_a_roll_with_operators_does_not_load_d20():
    code = ("import random, sys; from battletape.domain import dice; "
            "r = dice.roll('2d6ro1+3', random.Random(1)); dice.typed('2d6ro1+2', 7); "
            "dice.roll('4d6rr1kh3', random.Random(2)); dice.roll('2d8mi2', random.Random(3)); "
            "print('d20' in sys.modules, 'lark' in sys.modules, r.total)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[:2] == ["False", "False"]


# --- generated expressions: both paths, many seeds ---------------------------------------

@st.composite
def operated(draw) -> str:
    """A sum of whole numbers and dice terms with d20's operators, as dice_ops reads."""
    def term() -> str:
        if draw(st.integers(0, 4)) == 0:
            return str(draw(st.integers(0, 12)))
        count, sides = draw(st.integers(0, 6)), draw(st.sampled_from([2, 4, 6, 8, 10, 20]))
        text = f"{count if count != 1 or draw(st.booleans()) else ''}d{sides}"
        for _ in range(draw(st.integers(0, 2))):
            op = draw(st.sampled_from(["k", "p", "rr", "ro", "ra", "e", "mi", "ma"]))
            if op in ("mi", "ma"):
                text += f"{op}{draw(st.integers(1, sides))}"
                continue
            sel = draw(st.sampled_from(["h", "l", "<", ">", ""] if op in ("k", "p")
                                       else ["<", ">", ""]))
            low = 1 if sel in ("h", "l") else (2 if sel == "<" else 1)
            text += f"{op}{sel}{draw(st.integers(low, sides))}"
        return text

    out = term()
    for _ in range(draw(st.integers(0, 2))):
        out += draw(st.sampled_from(["+", "-", " + ", " - "])) + term()
    return out


def rolled(expr: str, seed: int, fast: bool):
    """(total, sorted faces and sides, faces in order) or the refusal's reason."""
    try:
        if fast:
            r = dice.roll(expr, random.Random(seed))
            faces, sides, total = r.faces, r.sides, r.total
        else:
            faces, sides, total = through_d20(expr, random.Random(seed))
    except BadDiceExpression as err:
        return err.reason
    return total, sorted(zip(faces, sides)), (faces, sides)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operated(), st.integers(0, 2**32))
def test_generated_expressions_roll_as_d20_rolls_them(expr, seed):
    """The fast path and d20 itself, from the same seed: the same total and faces
    (in the same order where no step draws again), or the same refusal."""
    parsed = dice_ops.terms(expr)
    assert parsed is not None, expr
    fast, slow = rolled(expr, seed, True), rolled(expr, seed, False)
    if isinstance(slow, str) or isinstance(fast, str):
        assert fast == slow, expr
        return
    assert fast[:2] == slow[:2], (expr, seed)
    if all(op in NO_REDRAW for *_, ops in parsed for op, _ in ops):
        assert fast[2] == slow[2], (expr, seed)
