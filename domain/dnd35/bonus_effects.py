"""D&D 3.5 (seed 003), Bonus: a typed bonus or penalty recorded on a creature (``mod``).

Each type's limits (35-BON-02..14): armor, natural armor, deflection, dodge and shield
apply to AC only; resistance to saves only; inherent to ability scores only (at most +5);
a morale bonus comes from a mind-affecting effect, so a mindless creature never gets one.
Stacking is ``bonuses.stacked``: the same type's best, every dodge bonus, untyped ones
unless from effects of the same name.
"""

from __future__ import annotations

from battletape.domain.dnd35 import bonuses, stats
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.events import Event
from battletape.domain.state import EncounterState

#: the seed's own example of a force effect, "effetti di Forza (come Armatura Magica)"
#: (Incorporeo, 35-CND-22): a bonus from an effect of this name is a force effect
#: without ``--force-effect``
FORCE_EFFECTS = ("mage armor", "armatura magica")

STATS = ("ac", "attack", "save", "fort", "ref", "will", "damage", "str", "dex", "con",
         "int", "wis", "cha", "initiative", "checks")


def add_modifier(state: EncounterState, name: str, stat: str, value: int, type_: str,
                 source: str | None, against: str | None, rounds: int | None,
                 force_effect: bool = False) -> list[Event]:
    from battletape.domain.dnd35.events import ModifierAdded

    require_on(state)
    c = combatant(state, name)
    stat = stat.strip().lower()
    if stat not in STATS:
        raise BadInput("stat", stat, ", ".join(STATS))
    kind = bonuses.bonus_type(type_)
    if kind == "enhancement" and stat == "ac":
        raise BadInput("--type", type_, N_("armor-enhancement, shield-enhancement or "
                       "natural-armor-enhancement (an enhancement bonus to AC improves "
                       "the armor, the shield or the natural armor)"))
    if not bonuses.applies(kind, stat) and not (kind == "resistance" and stat == "save"):
        limit = ", ".join(sorted(bonuses.TYPES[kind][1] or []))
        refuse(N_("a {kind} bonus applies to {stats} only, not {stat}"),
               f"Bonus: {bonuses.TYPES[kind][0].title()}", kind=kind, stats=limit,
               stat=stat)
    if kind == "inherent" and value > 5:
        refuse(N_("an inherent bonus is at most +5 per score"),
               "Bonus: Intrinseco")
    if kind == "morale" and stats.get(c, "mindless") and value > 0:
        refuse(N_("{name} is mindless: a morale bonus comes from a mind-affecting "
                  "effect"), "Bonus: Morale", name=c.name)
    if not source or not source.strip():
        raise BadInput("--source", source, N_("the effect the bonus comes from"))
    if rounds is not None and rounds < 1:
        raise BadInput("--rounds", rounds, N_("1 or more"))
    other = combatant(state, against).name if against else None
    force_effect = force_effect or is_force_effect(source)
    until = f"round {state.round + rounds}" if rounds else None
    return [ModifierAdded(name=c.name, stat=stat, value=value, bonus_type=kind,
                          source=source.strip(), against=other, until=until,
                          force_effect=force_effect)]


def is_force_effect(source: str | None) -> bool:
    """The seed's example of a force effect (Mage Armor, Armatura Magica)."""
    return " ".join((source or "").split()).casefold() in FORCE_EFFECTS
