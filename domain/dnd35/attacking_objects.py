"""D&D 3.5 (seed 003), Attaccare gli oggetti (Attacking Objects, 35-OBJ-01).

"Ogni oggetto ha un certo numero di pf e un valore di durezza": an object is a combatant
added with ``add Door --hp 30 --object [--hardness 5]`` (not living, immune to critical
hits); it works with at least 1 hp and breaks at 0 (status ``dead``: ⚠ battletape keeps
its status list, broken reads as dead). Hardness is subtracted from each attack's damage,
"il che potrebbe potenzialmente azzerarli". Objects are immune to critical hits and to
nonlethal damage, and take half damage from ranged attacks (not siege weapons: ``damage
--siege``). Energy: acid and sonic deal full damage, electricity and fire half, cold 1/4,
"applicare queste riduzioni prima della durezza". Fractions round down (⚠ not stated),
the energy fraction first, then the ranged half, then hardness; other damage types (⚠
positive and negative energy, force) deal full damage.

``damage T N --hardness H`` treats T as an object for that damage even without
``--object`` (the Verify line: ``damage Door 20 --type fire --hardness 5`` -> 5).
"""

from __future__ import annotations

from battletape.domain.dnd35 import stats
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.events import DamageTaken, Event
from battletape.domain.state import Combatant

SECTION = "Attaccare gli oggetti"

#: Danni da energia: the fraction an object takes (numerator, denominator)
ENERGY = {"acid": (1, 1), "sonic": (1, 1), "electricity": (1, 2), "fire": (1, 2),
          "cold": (1, 4)}


def sheet_stats(is_object: bool, hardness: int | None) -> dict:
    """``add --object [--hardness N]``: what ``add`` records for an object."""
    if hardness is not None and not 0 <= hardness <= 99:
        raise BadInput("--hardness", hardness, "0..99")
    if hardness is not None and not is_object:
        raise BadInput("--hardness", hardness, N_("--object as well (only objects have "
                       "hardness)"))
    if not is_object:
        return {}
    return {"object": True, "living": False, "crit_immune": True,
            "hardness": hardness or 0}


def is_object(c: Combatant) -> bool:
    return bool(stats.get(c, "object"))


def reduce(amount: int, damage_type: str | None, ranged: bool, hardness: int,
           siege: bool = False) -> tuple[int, list[str]]:
    """The damage an object takes, and why."""
    tags: list[str] = []
    dealt = amount
    part = ENERGY.get(damage_type or "")
    if part is not None and part != (1, 1):
        from fractions import Fraction  # (loaded only where an object takes a part)

        fraction = Fraction(*part)
        dealt = int(dealt * fraction)
        tags.append(f"object: {damage_type} x{fraction} -> {dealt}")
    if ranged and not siege:
        dealt //= 2
        tags.append(f"object: half damage from a ranged attack -> {dealt}")
    if hardness:
        dealt = max(0, dealt - hardness)
        tags.append(f"object: hardness {hardness} -> {dealt}")
    return dealt, tags


def on_hit(t: Combatant, amount: int, damage_type: str | None, kind: str | None,
           nonlethal: bool) -> tuple[int, list[str]]:
    """An attack's hit on an object (the attack's critical is already undone: objects
    are crit-immune)."""
    if nonlethal:
        return 0, ["object: immune to nonlethal damage"]
    return reduce(amount, damage_type, kind == "ranged", stats.get(t, "hardness") or 0)


def direct(t: Combatant, amount: int, nonlethal: bool, damage_type: str | None,
           hardness: int | None, ranged: bool, siege: bool) -> list[Event]:
    """``damage T N [--type T] [--hardness H] [--ranged] [--siege]`` on an object."""
    if hardness is not None and hardness < 0:
        raise BadInput("--hardness", hardness, N_("0 or more"))
    if nonlethal:           # forced: the GM rules it harms the object as damage does
        refuse(N_("{name} is an object: objects are immune to nonlethal damage"),
               SECTION, name=t.name)
    h = stats.get(t, "hardness") or 0 if hardness is None else hardness
    dealt, tags = reduce(amount, damage_type, ranged, h, siege)
    return [DamageTaken(target=t.name, amount=dealt, damage_type=damage_type,
                        rolled=amount, source="; ".join(tags) or "object")]
