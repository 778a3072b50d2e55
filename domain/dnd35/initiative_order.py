"""D&D 3.5 (seed 003), Iniziativa (Initiative): the order it gives.

Highest count first (35-INI-01); ties: the higher initiative bonus, then the tied
creatures' reroll among themselves (35-INI-02); the order stays fixed once it exists
(35-INI-03); a newcomer aware of the fight goes by its count, the highest Dex first
(35-INI-06). Rolling, delay and ready are ``initiative``'s; the rounds and the fold
read the order from here, and every 3.5 decision that needs a battle on.
"""

from __future__ import annotations

from battletape.domain.encounter import require_on
from battletape.domain.errors import violation
from battletape.domain.words import N_
from battletape.domain.state import Combatant, EncounterState


def require_battle(state: EncounterState) -> None:
    """A battle is on once there is an initiative order."""
    require_on(state)
    if not state.order and not state.turn:
        raise violation(N_("no initiative yet: roll it with `init`"), "Iniziativa")


def key(state: EncounterState, c: Combatant, entry: int) -> tuple:
    """Highest count first; ties: the higher initiative bonus, then the tied creatures'
    reroll (35-INI-02); newcomers aware of the fight on the same count: the highest Dex
    score first (35-INI-06)."""
    ranks: dict[str, int] = state.extra.get("tiebreak", {})
    dex = (c.extra.get("scores") or {}).get("dex", 10) if c.extra.get("joins") == "aware" \
        else 0
    return (-(c.initiative or 0), -dex, -c.init_bonus, ranks.get(c.name, 1000), entry)


def ordered(state: EncounterState) -> list[str]:
    """Highest first; ties by the higher bonus, then the tied creatures' reroll. Once the
    order exists it stays fixed (35-INI-03): the creatures already in it keep their
    places (a delay or a readied action moved some), a reroll settles a tie among
    neighbours, and a newcomer is slotted in by its count."""
    entry = {n: i for i, n in enumerate(state.combatants)}
    rolled = [c for c in state.combatants.values() if c.initiative is not None]
    k = {c.name: key(state, c, entry[c.name]) for c in rolled}
    current = [n for n in state.order if n in k]
    if not current:
        return sorted(k, key=k.get)
    ranks: dict[str, int] = state.extra.get("tiebreak", {})
    # a reroll among tied neighbours: their places, refilled in the reroll's order
    i = 0
    while i < len(current):
        j = i
        tie = k[current[i]][:3]
        while j + 1 < len(current) and k[current[j + 1]][:3] == tie:
            j += 1
        run = current[i:j + 1]
        ranked = [n for n in run if n in ranks]
        slots = [p for p, n in enumerate(run) if n in ranks]
        for p, n in zip(slots, sorted(ranked, key=lambda n: ranks[n])):
            current[i + p] = n
        i = j + 1
    for n in sorted((n for n in k if n not in current), key=k.get):
        at = next((p for p, m in enumerate(current) if k[n] < k[m]), len(current))
        current.insert(at, n)
    return current
