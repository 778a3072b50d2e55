"""5e SRD (seed 002), Giocare: Tiri salvezza (Saving Throws) and Competenze nei tiri
salvezza.

d20 + the creature's bonus for that ability (``add --save wis:+3``: the ability
modifier plus the proficiency bonus where proficient; without one, the modifier of its
``--score``, "Modificatore di caratteristica rilevante", noted in the roll) against a DC: "Se il totale
eguaglia o supera il numero bersaglio, il test ha successo". Conditions: Unconscious,
Stunned and Paralyzed automatically fail Str and Dex saves; Dodge gives advantage on
Dex saves; cover adds +2 / +5 to Dex saves (total cover is recorded in the roll, with
no bonus: whatever reached the creature did not target it directly). The reasons are kept in the roll's
expression (``1d20+3 (advantage:dodging)``) since SaveRolled has no tags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from battletape.domain.dnd5e import conditions, cover, d20_tests, stats
from battletape.domain.dnd5e.ability_scores import modifier
from battletape.domain.dnd5e.terms import ability
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import ConditionApplied, ConditionRemoved, Event, SaveRolled
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random


def save_roll(c: Combatant, rng: "random.Random", abil: str, dc: int,
              bonus: int | None, faces: list[int], adv: bool = False, dis: bool = False,
              cover_degree: str | None = None) -> SaveRolled:
    """One saving throw of ``c`` (the decision only; nothing changes)."""
    saves, scores = stats.get(c, "saves"), stats.get(c, "scores")
    notes: list[str] = []
    if bonus is not None:
        base = bonus
    elif abil in saves:
        base = saves[abil]
    elif abil in scores:
        # Test con d20: "Modificatore di caratteristica rilevante" (no --save given)
        base = modifier(scores[abil])
        notes.append(f"{abil} {scores[abil]}: {base:+d}")
    else:
        base = 0
    from battletape.domain.dnd5e import effects
    for n, v in effects.save_bonus(c, abil).items():  # named effects: --mod save:+N
        base += v
        notes.append(f"{n} {v:+d}")
    a = ["gm"] if adv else []
    d = ["gm"] if dis else []
    if abil == "dex" and stats.get(c, "dodging"):
        a.append("dodging")
    plus = 0
    if abil == "dex" and cover_degree == "total":
        # reached anyway (an area, a GM's ruling): no bonus, but recorded
        notes.append("cover:total (no bonus)")
    elif abil == "dex" and cover_degree:
        plus = cover.bonus(cover_degree, c.name)
    test = d20_tests.roll(faces, rng, base + plus, a, d, who=c.name)
    notes = notes + list(test.tags) + ([f"cover:{cover_degree} (+{plus})"] if plus else [])
    success = d20_tests.succeeds(test.roll.total, dc)
    fails = conditions.has(c, "auto_fail_str_dex") if abil in ("str", "dex") else []
    if fails:
        success = False
        notes.append(f"auto-fail:{fails[0]}")
    r = test.roll
    if notes:
        r = msgspec.structs.replace(r, expr=f"{r.expr} ({'; '.join(notes)})")
    return SaveRolled(name=c.name, against=abil, difficulty="dc", target=dc, roll=r,
                      success=success)


def check_dc(dc: int) -> int:
    if not 1 <= dc <= 40:
        raise BadInput("--dc", dc, N_("a difficulty class from 1 to 40"))
    return dc


def save(state: EncounterState, rng: "random.Random", name: str, ability_: str, dc: int,
         bonus: int | None, faces: list[int], adv: bool = False, dis: bool = False,
         cover_degree: str | None = None, fall: bool = False) -> list[Event]:
    from battletape.domain.dnd5e import effects

    require_on(state)
    c = combatant(state, name)
    abil = ability(ability_)
    owed = list(c.extra.get("concentration_saves") or [])
    concentrating = dc is None
    if concentrating:
        if abil != "con" or not owed:
            raise BadInput("--dc", None, N_("the save's DC (only a concentration save owed "
                           "after damage, --ability con, takes it from the damage)"))
        dc = owed[0]
    check_dc(dc)
    if c.status in ("dead", "fled"):
        raise violation(N_("{name} is {status}"), "Tiri salvezza", name=c.name,
                        status=c.status)
    if fall and abil != "dex":
        raise BadInput("--fall", abil, N_("a Dexterity save (--ability dex)"))
    if fall:
        from battletape.domain.dnd5e.mounted_combat import FALL_DC, SECTION

        if not stats.get(c, "mount"):
            refuse(N_("{name} rides no mount: --fall is a rider's save against falling "
                      "from it"), f"{SECTION}: Cadere", name=c.name)
        if dc != FALL_DC:
            refuse(N_("falling from a mount is a Dexterity save against DC {fall_dc}, "
                      "not {dc}"), f"{SECTION}: Cadere", fall_dc=FALL_DC, dc=dc)
    event = save_roll(c, rng, abil, dc, bonus, faces, adv, dis, cover.check(cover_degree))
    out: list[Event] = [event]
    if concentrating:  # effects.py: a failure ends every effect it concentrates on
        out = [msgspec.structs.replace(event, ends=effects.CONCENTRATION)]
        if not event.success:
            out += [ConditionRemoved(name=bearer, condition=n,
                                     reason=f"{c.name}'s concentration broken (con DC {dc})")
                    for bearer, n in effects.held_by(state, c.name)]
    if fall and not event.success:
        from battletape.domain.dnd5e.events import Dismounted

        mount = stats.get(c, "mount")
        if mount:
            out.append(Dismounted(rider=c.name, mount=mount, reason="fell"))
        if "prone" not in c.conditions:
            out.append(ConditionApplied(name=c.name, condition="prone",
                                        source="fell from the mount"))
    return out
