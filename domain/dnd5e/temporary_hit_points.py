"""5e SRD (seed 002), Giocare: Punti ferita temporanei (Temporary Hit Points).

Lost before normal HP; they last until used up or a long rest; "Non si sommano:
scegli se tenere i vecchi o i nuovi" -- with temporary HP already there, ``--keep
old|new`` records the creature's choice; without it the larger is kept (DESIGN.md's
contract, which wins over the rules file's proposal of an error), and the event says
so. They are not healing: "Non ti fanno riprendere
coscienza se sei a 0 PF".
"""

from __future__ import annotations

from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput, violation
from battletape.domain.words import N_
from battletape.domain.events import Event, TempHpGained
from battletape.domain.state import EncounterState

KEEP = ("old", "new")


def temporary(state: EncounterState, target: str, amount: int,
              keep: str | None = None) -> list[Event]:
    from battletape.domain.dnd5e.events import TemporaryHitPointsChosen

    require_on(state)
    c = combatant(state, target)
    if amount <= 0:
        raise BadInput("temporary hit points", amount, N_("1 or more"))
    if keep is not None and keep not in KEEP:
        raise BadInput("--keep", keep, N_("old or new"))
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "Punti ferita temporanei", name=c.name)
    if c.temp_hp == 0:
        return [TempHpGained(target=c.name, amount=amount)]
    if keep is None:
        keep = "larger"
        kept = max(c.temp_hp, amount)
    else:
        kept = c.temp_hp if keep == "old" else amount
    return [TemporaryHitPointsChosen(target=c.name, old=c.temp_hp, offered=amount,
                                     keep=keep, temp_hp=kept)]
