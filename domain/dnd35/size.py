"""D&D 3.5 (seed 003), Taglia (Size, 35-SIZ-01): the seed's table as data.

"Il bonus di taglia si applica alla CA della creatura e a tutti i TxC effettuati dalla
creatura (per cui va conteggiato solo nei combattimenti tra creature di taglia diversa)."
So battletape adds a creature's size bonus to its attack rolls and to its Armor Class only
when the other creature is of a different size: ``--bonus`` and ``--ac`` are given
**without** the size bonus (⚠ the 3.5 books count it always; the seed's reading makes it
vanish between equals). The special size modifier ("Modificatore") applies "in tutte le
situazioni di scontro tra creature di taglia diversa": grapple checks, Intimidate and the
special moves (trip, bull rush, overrun: +4 per category of difference, to the larger);
reversed for Hide. Carry multiplier, space and natural reach (of a biped) complete the row.
"""

from __future__ import annotations

from typing import NamedTuple

from battletape.domain.dnd35 import stats
from battletape.domain.dnd35.bonuses import Mod
from battletape.domain.state import Combatant


class Size(NamedTuple):
    italian: str
    bonus: int          # to AC and attack rolls (between different sizes)
    special: int        # grapple, Intimidate, special moves; reversed for Hide
    carry: float        # x maximum load
    space_m: float      # side of its space, metres
    reach_m: float      # natural reach of a biped, metres


#: Taglia, in the seed's order (smallest first)
SIZES: dict[str, Size] = {
    "fine": Size("piccolissima", 8, -16, 1 / 8, 0.15, 0),
    "diminutive": Size("minuta", 4, -12, 1 / 4, 0.3, 0),
    "tiny": Size("minuscola", 2, -8, 1 / 2, 0.75, 0),
    "small": Size("piccola", 1, -4, 3 / 4, 1.5, 1.5),
    "medium": Size("media", 0, 0, 1, 1.5, 1.5),
    "large": Size("grande", -1, 4, 2, 3, 3),
    "huge": Size("enorme", -2, 8, 4, 4.5, 4.5),
    "gargantuan": Size("mastodontica", -4, 12, 8, 6, 6),
    "colossal": Size("colossale", -8, 16, 16, 9, 9),
}
ORDER = list(SIZES)


def of(c: Combatant) -> str:
    return stats.get(c, "size") or "medium"


def row(c: Combatant) -> Size:
    return SIZES[of(c)]


def steps(a: Combatant, b: Combatant) -> int:
    """How many size categories ``a`` is larger than ``b`` (negative: smaller)."""
    return ORDER.index(of(a)) - ORDER.index(of(b))


def bonus(c: Combatant, other: Combatant | None) -> int:
    """``c``'s size bonus (AC and attack) against ``other``: 0 between equal sizes."""
    if other is None or of(c) == of(other):
        return 0
    return row(c).bonus


def special(c: Combatant, other: Combatant | None) -> int:
    """``c``'s special size modifier (grapple, special moves) against ``other``."""
    if other is None or of(c) == of(other):
        return 0
    return row(c).special


def attack_mods(a: Combatant, t: Combatant) -> list[Mod]:
    """The attacker's size bonus on an attack roll against a creature of another size."""
    n = bonus(a, t)
    return [Mod(n, "size", f"size ({of(a)})")] if n else []


def ac_mods(t: Combatant, a: Combatant | None) -> list[Mod]:
    """The defender's size bonus to AC against an attacker of another size."""
    n = bonus(t, a)
    return [Mod(n, "size", f"size ({of(t)})")] if n else []


def natural_reach(c: Combatant, quadruped: bool = False) -> float:
    """A quadruped has the reach of a biped one size smaller (a Large bear: 1,5 m)."""
    i = ORDER.index(of(c)) - (1 if quadruped else 0)
    return SIZES[ORDER[max(0, i)]].reach_m


def may_share_space(a: Combatant, b: Combatant, mount: bool = False) -> bool:
    """Two creatures not grappling each other share a space only three or more size
    categories apart; a mount one larger suffices."""
    return abs(steps(a, b)) >= (1 if mount else 3)
