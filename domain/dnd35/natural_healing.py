"""D&D 3.5 (seed 003): rest between battles — natural healing.

The seed gives the natural healing of nonlethal damage, "1 point per HD per hour"
(35-NL-04), and of ability damage, "1 point per 8 hours of rest (2 per 24 hours of
complete rest)" (35-ABD-01); it never gives the natural healing rate of lethal damage
(35-HPS-10). Where it is silent this module reads the SRD 3.5's "Natural Healing":
"With a full night's rest (8 hours of sleep or more), you recover 1 hit point per
character level ... If you undergo complete bed rest for an entire day and night, you
recover twice your character level in hit points." So:

* ``rest short``: an hour of rest — nonlethal damage heals by the level (1 per HD);
  no lethal damage, no ability damage;
* ``rest long``: a night's rest (8 hours) — hit points back by the level, nonlethal
  damage by 8 times it, each ability damaged heals 1 point;
* ``rest day``: complete bed rest for a day and a night — hit points back by twice
  the level, every nonlethal point, 2 points of each ability damage.

A dying creature heals nothing until it is stable; the dead never (35-HPS-10). A rest
happens between battles, on the PCs it names (default: every PC of the battle just
over, the dead aside), recorded in the campaign's stream and carried into the next
battle (:func:`carried_over`); in a fight it is refused unless a GM forces it, and
then it acts on the fight itself.
"""

from __future__ import annotations

from typing import Any

from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import Event
from battletape.domain.state import Combatant, EncounterState

KINDS = {"short": (0, 1, 0), "long": (1, 8, 1), "day": (2, 24, 2)}
#: (hit points per level, nonlethal per level, ability damage per ability)
RULE = "Guarigione naturale"


def view(c: Combatant) -> dict[str, Any]:
    """A combatant as a rest reads it (the same keys ``carried_over`` gives)."""
    return {"name": c.name, "hp": c.hp, "max_hp": c.max_hp, "level": c.level,
            "status": c.status, "nonlethal": c.extra.get("nonlethal", 0),
            "ability_damage": dict(c.extra.get("ability_damage") or {})}


def decide(kind: str, pcs: list[dict[str, Any]], after: str | None = None
           ) -> list[Event]:
    from battletape.domain.dnd35.events import NaturalHealing

    if kind not in KINDS:
        raise BadInput("rest", kind, N_("short (an hour), long (a night) or day (a day "
                       "and a night in bed)"))
    per_level, nonlethal_rate, ability_rate = KINDS[kind]
    healed: dict[str, int] = {}
    nonlethal: dict[str, int] = {}
    abilities: dict[str, dict[str, int]] = {}
    for p in pcs:
        name, level = p["name"], max(1, p["level"])
        if p["status"] == "dead":
            raise violation(N_("{name} is dead: a dead creature can't benefit from normal "
                               "healing"), "Condizioni: Morto", name=name)
        if p["status"] == "dying":
            continue  # it heals nothing until it is stable
        gain = min(per_level * level, p["max_hp"] - p["hp"])
        if gain > 0:
            healed[name] = gain
        cure = min(nonlethal_rate * level, p["nonlethal"])
        if cure > 0:
            nonlethal[name] = cure
        back = {a: min(n, ability_rate) for a, n in p["ability_damage"].items()
                if n > 0 and ability_rate}
        if back:
            abilities[name] = back
    return [NaturalHealing(kind=kind, names=[p["name"] for p in pcs], healed=healed,
                           nonlethal=nonlethal, ability=abilities, after=after)]


def between_battles(kind: str, pcs: list[dict[str, Any]], battle: str) -> list[Event]:
    made = decide(kind, pcs, after=battle)
    e = made[0]
    if not (e.healed or e.nonlethal or e.ability):
        who = ", ".join(p["name"] for p in pcs) or "no PC"
        raise AlreadyHolds.said(N_("a {rest} rest would heal nothing for {who}"),
                                rest=kind, who=who)
    return made


def mid_fight(state: EncounterState, kind: str, names: list[str]) -> list[Event]:
    require_on(state)
    who = [combatant(state, n) for n in names] if names else [
        c for c in state.combatants.values()
        if c.pc and c.status not in ("dead", "fled")]
    refuse(N_("the battle {name} is still going on (round {round}): a rest happens "
              "between battles — `end` it first"), RULE, name=state.name,
           round=state.round)
    return decide(kind, [view(c) for c in who])


def fold(c: Combatant, e) -> None:
    from battletape.domain.dnd35.hit_points import settle

    c.hp = min(c.max_hp, c.hp + e.healed.get(c.name, 0))
    if e.nonlethal.get(c.name):
        c.extra["nonlethal"] = max(0, c.extra.get("nonlethal", 0) - e.nonlethal[c.name])
    back = e.ability.get(c.name)
    if back:
        damage = dict(c.extra.get("ability_damage") or {})
        for a, n in back.items():
            damage[a] = max(0, damage.get(a, 0) - n)
        c.extra["ability_damage"] = {a: n for a, n in damage.items() if n}
    settle(c)


def carried_over(c: Combatant, since: list[Event]) -> dict[str, Any]:
    """What a 3.5 PC brings from its last battle into the next: its hit points,
    nonlethal damage and ability damage, as the rests since left them."""
    from battletape.domain.dnd35.events import NaturalHealing

    me = view(c)
    hp, nonlethal, damage = me["hp"], me["nonlethal"], me["ability_damage"]
    for e in since:
        if isinstance(e, NaturalHealing) and c.name in e.names:
            hp = min(c.max_hp, hp + e.healed.get(c.name, 0))
            nonlethal = max(0, nonlethal - e.nonlethal.get(c.name, 0))
            for a, n in e.ability.get(c.name, {}).items():
                damage[a] = max(0, damage.get(a, 0) - n)
    return {"hp": hp, "nonlethal": nonlethal,
            "ability_damage": {a: n for a, n in damage.items() if n}}


def with_carried(added: list[Event], carried: dict[str, Any] | None) -> list[Event]:
    """``add NAME --pc``'s event with what the PC carried over (``carried_over``)."""
    from battletape.domain.roster import with_carried

    return with_carried(added, carried, ("nonlethal", "ability_damage"))
