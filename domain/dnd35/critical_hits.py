"""D&D 3.5 (seed 003), Colpi critici (Critical Hits).

A natural 20 hits and is always a threat; some weapons threaten on less (19-20), but a
lower natural threatens only if it hits (35-CRT-01). A threat is confirmed by a second
attack roll with the same bonuses against the same AC: if it hits, the hit is a critical
hit, otherwise the original roll deals normal damage (35-CRT-02; a natural 20 confirms and
a natural 1 fails, since a confirmation is an attack roll). Critical damage: the normal
damage rolled ``mult`` times and added, fixed bonuses included; extra dice (precision
damage, a Flaming weapon's fire) are never multiplied (35-CRT-03). Creatures without vital
organs or definite anatomy (``--crit-immune``) take normal damage (35-CRT-04); a ray crits
like a weapon (35-CRT-05). Bad input, one line each: a threat range outside 2..20 (21),
a multiplier other than 2, 3 or 4, and a ``--confirm`` natural for an attack that did not
threaten (decided once the attack roll is known, ``attacks.attack``).
"""

from __future__ import annotations

from battletape.domain.words import N_
from battletape.domain.errors import BadInput

SECTION = "Colpi critici"
MULTIPLIERS = (2, 3, 4)


def check_threat(threat: int) -> int:
    if not 2 <= threat <= 20:
        raise BadInput("--threat", threat, N_("the lowest natural that threatens, 2..20 "
                       "(19 for 19-20; a natural 20 always threatens)"))
    return threat


def check_mult(mult: int) -> int:
    if mult not in MULTIPLIERS:
        raise BadInput("--mult", mult,
                       N_("a critical multiplier of 2, 3 or 4 (x2, x3, x4)"))
    return mult


def threatens(natural: int, hit: bool, threat: int) -> bool:
    return hit and (natural == 20 or natural >= threat)


def confirms(natural: int, total: int, ac: int) -> bool:
    if natural == 20:
        return True
    if natural == 1:
        return False
    return total >= ac
