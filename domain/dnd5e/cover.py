"""5e SRD (seed 002), Giocare: Copertura (Cover).

Mezza copertura +2 to AC and Dex saves; tre quarti +5; totale: "Non può essere preso di
mira direttamente". Whether degrees add up is not stated (5E-GAP-09): one degree is
given per target, the most protective one (the SRD's reading).
"""

from __future__ import annotations

from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_

BONUS = {"half": 2, "three-quarters": 5}
DEGREES = ("half", "three-quarters", "total")


def check(degree: str | None) -> str | None:
    if degree is None:
        return None
    word = degree.strip().lower().replace("_", "-")
    word = {"3/4": "three-quarters", "mezza": "half", "tre-quarti": "three-quarters",
            "totale": "total"}.get(word, word)
    if word not in DEGREES:
        raise BadInput("--cover", degree, N_("half, three-quarters or total"))
    return word


def bonus(degree: str | None, target: str) -> int:
    """+2 or +5 to AC and Dex saves; total cover can't be targeted."""
    if degree == "total":
        refuse(N_("{target} has total cover and can't be targeted directly"),
               "Copertura: totale", target=target)
    return BONUS.get(degree or "", 0)
