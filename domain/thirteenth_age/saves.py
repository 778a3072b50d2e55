"""13th Age SRD, Combat Rules: Saves (Tiri salvezza).

"Easy: Roll 6+ on a d20. Normal: Roll 11+. Hard: Roll 16+." A save that doesn't
say otherwise is normal. "There are no standard bonuses to saves, but there are
occasional talents, feats, and magic items that provide small bonuses to saves"
(`--save-bonus N`, added to the d20).
"""

from __future__ import annotations

from battletape.domain.words import N_
from battletape.domain.errors import BadInput

DIFFICULTIES = {"easy": 6, "normal": 11, "hard": 16}
ITALIAN = {"easy": "facile", "normal": "normale", "hard": "difficile"}


def target(difficulty: str | None) -> int:
    """The natural d20 a save needs: easy 6+, normal 11+, hard 16+."""
    key = (difficulty or "normal").lower()
    if key not in DIFFICULTIES:
        raise BadInput("save difficulty", difficulty, N_("easy, normal or hard"))
    return DIFFICULTIES[key]


def succeeds(total: int, difficulty: str | None) -> bool:
    return total >= target(difficulty)


def check_bonus(bonus: int) -> int:
    """A save bonus from a talent, feat or magic item: small, as the seed says."""
    if not -5 <= bonus <= 5:
        raise BadInput("save bonus", bonus, N_("a small bonus, -5..+5"))
    return bonus
