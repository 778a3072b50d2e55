"""13th Age SRD, Combat Rules: Resistance (Resistenza), and Other Damage Types.

"The natural attack roll must equal or exceed your resistance number to deal full
damage. If the roll is lower than your resistance, the attack deals half damage."
Ongoing damage uses the original attack roll. "Any creature with resistance to an
energy type is immune to normal energy of that type"; magic gets past it; weapon
resistance is never immunity. "If there's an automatic damage effect that feels like
it should have a chance of being reduced by resistance, fake an attack roll."
"""

from __future__ import annotations

from typing import NamedTuple

ENERGY = {"acid", "cold", "fire", "force", "holy", "lightning", "negative", "poison",
          "psychic", "thunder"}


class Outcome(NamedTuple):
    amount: int
    resistance: int | None
    half: bool
    immune: bool


def apply(amount: int, damage_type: str | None, natural: int | None,
          resist: dict[str, int], nonmagical: bool = False) -> Outcome:
    """The damage a resistant target takes from ``amount`` of ``damage_type``."""
    if not damage_type or damage_type.lower() not in resist:
        return Outcome(amount, None, False, False)
    kind = damage_type.lower()
    rating = resist[kind]
    if nonmagical and kind in ENERGY:
        return Outcome(0, rating, False, True)
    if natural is not None and natural >= rating:
        return Outcome(amount, rating, False, False)
    return Outcome(amount // 2, rating, True, False)


def fake_roll(damage_type: str | None, natural: int | None, resist: dict[str, int],
              nonmagical: bool, rng):
    """The faked attack roll for automatic damage of a resisted type given without a
    natural roll (None when none is needed: no resistance, a natural given, immune)."""
    from battletape.domain import dice

    kind = damage_type.lower() if damage_type else None
    if natural is not None or kind is None or kind not in resist or rng is None:
        return None
    if nonmagical and kind in ENERGY:
        return None
    return dice.d20_virtual(rng)
