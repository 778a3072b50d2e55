"""Plain dice sums are rolled without loading d20, exactly as d20 rolls them: the same
seeded source gives the same faces, sides, modifier and total, and the same bounds
for a typed total (hypothesis against d20 itself)."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from battletape.domain import dice, plain_dice

term = st.one_of(
    st.builds(lambda n, s: f"{n}d{s}", st.sampled_from(["", "1", "2", "3", "10"]),
              st.sampled_from([2, 4, 6, 8, 10, 12, 20, 100])),
    st.builds(lambda n, s, k, m: f"{n}d{s}k{k}{m}", st.sampled_from(["", "2", "4", "6"]),
              st.sampled_from([2, 3, 6, 20]), st.sampled_from("hl"),
              st.integers(1, 7)),
    st.integers(0, 30).map(str))
sign = st.sampled_from(["+", "-", " + ", " - "])
expressions = st.builds(
    lambda first, rest: first + "".join(s + t for s, t in rest),
    term, st.lists(st.tuples(sign, term), max_size=4))


def through_d20(expr: str, seed: int):
    """The roll as domain.dice made it before the plain path existed: d20 itself."""
    import d20

    rng = random.Random(seed)
    with dice._randomness(rng):
        result = d20.roll(expr)
    sizes, faces = [], []
    dice._faces(result.expr, sizes, faces)
    return faces, sizes, int(result.total)


@settings(max_examples=300, deadline=None)
@given(expressions, st.integers(0, 2**32))
def test_a_plain_sum_rolls_as_d20_rolls_it(expr, seed):
    assert plain_dice.terms(expr) is not None
    rolled = dice.roll(expr, random.Random(seed))
    faces, sizes, total = through_d20(expr, seed)
    assert (rolled.faces, rolled.sides, rolled.total) == (faces, sizes, total)
    assert rolled.modifier == total - sum(faces)
    assert rolled.expr == expr


class _Extreme(dice._Extreme):
    pass


@settings(max_examples=200, deadline=None)
@given(expressions)
def test_the_bounds_of_a_plain_sum_are_d20s(expr):
    import d20

    with dice._randomness(_Extreme(low=True)):
        low = int(d20.roll(expr).total)
    with dice._randomness(_Extreme(low=False)):
        high = int(d20.roll(expr).total)
    assert dice.bounds(expr) == (min(low, high), max(low, high))


def test_the_rest_of_avraes_notation_still_goes_to_d20():
    for expr in ["4d6k3", "4d6p1", "1d6ro1", "(1d6+2)*2", "1d6e6", "2d6 [fire]",
                 "4d6kh0", "2d20kh1kl1"]:
        assert plain_dice.terms(expr) is None
        rolled = dice.roll(expr, random.Random(7))
        assert rolled.total == through_d20(expr, 7)[2]


def test_recording_a_plain_roll_does_not_load_d20():
    import subprocess
    import sys

    code = ("import random, sys; from battletape.domain import dice; "
            "r = dice.roll('2d6+3', random.Random(1)); dice.typed('1d8+2', 7); "
            "dice.roll('2d20kh1', random.Random(2)); dice.roll('4d6kl3', random.Random(3)); "
            "print('d20' in sys.modules, 'lark' in sys.modules, r.total)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[:2] == ["False", "False"]


def test_what_d20_refuses_is_still_refused():
    from battletape.domain.errors import BadDiceExpression

    for expr in ["2D6", "4d6KH3", " 2d6", "2d6  +  3 ", "2 d6", "d", "2d6+"]:
        try:
            through_d20(expr, 1)
        except Exception:
            refused = True
        else:
            refused = False
        if refused:
            import pytest

            with pytest.raises(BadDiceExpression):
                dice.roll(expr, random.Random(1))
        else:
            assert dice.roll(expr, random.Random(1)).total == through_d20(expr, 1)[2]
