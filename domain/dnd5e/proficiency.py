"""5e SRD (seed 002), Giocare: Competenza (Proficiency) and Prove di caratteristica.

An ability check: d20 + the ability modifier (``--bonus``, or from ``add --score``) +
the proficiency bonus if proficient (``--proficient SKILL``, repeatable: "Il bonus non
si accumula", it is added once) -- doubled once at most (``--expertise``), halved
once at most (``--half-prof``). Poisoned and Frightened give disadvantage on ability
checks, Frightened only "finché la fonte della paura è visibile" (``--source-hidden``:
it is not). A check that relies on a sense says so (``--sense sight|hearing``): Blinded
fails one that relies on sight, Deafened one that relies on hearing, automatically
(recorded as a failure with the reason, whatever the die). The eighteen skills and
their abilities are the seed's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain.dnd5e import conditions, d20_tests, stats
from battletape.domain.dnd5e.ability_scores import applied_proficiency, modifier
from battletape.domain.dnd5e.terms import SKILLS, ability
from battletape.domain.encounter import combatant, require_on
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.events import Event
from battletape.domain.state import EncounterState

if TYPE_CHECKING:
    import random


def skill(text: str | None) -> str | None:
    if text is None:
        return None
    word = text.strip().lower().replace(" ", "-")
    if word in SKILLS:
        return word
    for en, (it, _) in SKILLS.items():
        if it.lower().replace(" ", "-") == word:
            return en
    raise BadInput("skill", text, ", ".join(SKILLS))


def check(state: EncounterState, rng: "random.Random", name: str, ability_: str | None,
          skill_: str | None, bonus: int | None, proficient: list[str], expertise: int,
          half_prof: int, dc: int | None, faces: list[int], adv: bool,
          dis: bool, sense: str | None = None, source_hidden: bool = False) -> list[Event]:
    from battletape.domain.dnd5e.events import AbilityCheckRolled

    require_on(state)
    c = combatant(state, name)
    sk = skill(skill_)
    if ability_ is None and sk is None:
        raise BadInput("--ability", None, N_("an ability (or a --skill)"))
    abil = ability(ability_) if ability_ else SKILLS[sk][1]
    relies_on = conditions.sense(sense)
    mods: dict[str, int] = {}
    if bonus is not None:
        mods["bonus"] = bonus
    elif abil in stats.get(c, "scores"):
        mods[f"{abil} modifier"] = modifier(stats.get(c, "scores")[abil])
    sources = [skill(p) or p for p in proficient]
    if sk and sk not in sources and expertise:
        sources.append(sk)
    prof = applied_proficiency(stats.get(c, "prof"), sources, 2, expertise, half_prof)
    if prof:
        mods["proficiency"] = prof
    a = ["gm"] if adv else []
    d = ["gm"] if dis else []
    d += conditions.on_checks(c, source_hidden)
    test = d20_tests.roll(faces, rng, sum(mods.values()), a, d, who=c.name)
    total = test.roll.total
    success = None if dc is None else d20_tests.succeeds(total, dc)
    tags = list(test.tags)
    fails = conditions.failing_checks(c, relies_on)
    if fails:
        success = False
        tags.append(f"auto-fail:{fails[0]} ({relies_on})")
    return [AbilityCheckRolled(
        name=c.name, ability=abil, skill=sk, roll=test.roll, natural=test.natural,
        modifiers=mods, total=total, dc=dc, success=success, tags=tags)]
