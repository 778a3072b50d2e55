"""The bounds of a typed damage total: plain NdS+M dice are bounded without d20, as
d20 itself bounds them (every die a 1, every die its top face)."""

from hypothesis import given, settings, strategies as st

from battletape.domain import dice


def by_d20(expr: str) -> tuple[int, int]:
    import d20

    with dice._randomness(dice._Extreme(low=True)):
        low = int(d20.roll(expr).total)
    with dice._randomness(dice._Extreme(low=False)):
        high = int(d20.roll(expr).total)
    return min(low, high), max(low, high)


@settings(deadline=None)  # the first call imports d20
@given(st.integers(0, 30), st.integers(1, 120), st.sampled_from(["", "+", "-"]),
       st.integers(0, 60))
def test_plain_dice_are_bounded_as_d20_bounds_them(count, sides, sign, modifier):
    expr = f"{count or ''}d{sides}" + (f"{sign}{modifier}" if sign else "")
    dice.bounds.cache_clear()
    assert dice.bounds(expr) == by_d20(expr)


def test_other_expressions_still_go_to_d20():
    for expr in ("4d6kh3", "2d6+1d4", "1d20 + 5", "3d6-2d4"):
        dice.bounds.cache_clear()
        assert dice.bounds(expr) == by_d20(expr)
