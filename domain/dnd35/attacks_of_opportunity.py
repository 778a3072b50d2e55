"""D&D 3.5 (seed 003), Attacco di Opportunità (Attack of Opportunity).

An AoO is a single melee attack outside the normal action limits, normally one a round
(more with Combat Reflexes: ``add --aoo N``, each at the full bonus, still one per
opportunity); the count returns at the start of the creature's own turn (the seed says
"per round" without saying where that round starts: a recorded choice). *Area
minacciata*: an armed creature threatens the squares it could attack into, even when it
is not its turn. battletape keeps no map: a creature threatens the ones it is engaged
with (``engage A B``: in melee, adjacent) and any named with ``--threatened-by``.
No AoO by a flat-footed creature, one in total defense, a grappling one (it threatens
nothing), against an opponent with cover or total concealment, and a confused creature
only against one already attacking it (35-AOO-08).
"""

from __future__ import annotations

from domain.dnd35 import conditions, stats
from domain.errors import RuleViolation
from domain.state import Combatant, EncounterState

SECTION = "Attacco di Opportunità"


def flat_footed(state: EncounterState, c: Combatant) -> bool:
    """35-INI-04: in the first round (and the surprise round) a creature that has not yet
    acted is flat-footed; so is one the condition names (Hide, 35-HID-01)."""
    if "flat-footed" in c.conditions:
        return True
    return bool(c.extra.get("flat_footed", False))


def why_not(state: EncounterState, c: Combatant, actor: Combatant | None = None) -> str | None:
    """Why ``c`` can take no attack of opportunity now (None: it can)."""
    if c.status != "up":
        return f"{c.name} is {c.status}"
    if flat_footed(state, c):
        return f"{c.name} is flat-footed (Colto alla Sprovvista: no attacks of opportunity)"
    if stats.get(c, "total_defense"):
        return f"{c.name} is in total defense (Difesa totale: no attacks of opportunity)"
    if not stats.get(c, "armed"):
        return f"{c.name} is not armed and threatens no square (Area minacciata)"
    for n in conditions.has(c, "no_aoo"):
        return f"{c.name} is {n} and takes no attacks of opportunity ({conditions.SECTION})"
    if "confused" in c.conditions and actor is not None and \
            actor.name not in (c.extra.get("attacked_by") or []):
        return (f"{c.name} is confused: an attack of opportunity only against a creature "
                "already attacking it (Confuso)")
    if stats.get(c, "aoo_used") >= stats.get(c, "aoo_max"):
        return (f"{c.name} has taken its {stats.get(c, 'aoo_max')} attack(s) of opportunity "
                "this round")
    return None


def threatening(state: EncounterState, actor: Combatant,
                named: list[str] = ()) -> list[Combatant]:
    names = list(dict.fromkeys([*actor.engaged_with, *named]))
    return [state.combatants[n] for n in names if n in state.combatants and n != actor.name]


def offered(state: EncounterState, actor: Combatant, provokes: str,
            target: Combatant | None = None, named: list[str] = ()) -> list[str]:
    """Who may take an attack of opportunity when ``actor`` takes an action whose table
    mark is ``provokes`` ("no", "yes", "target")."""
    if provokes == "no":
        return []
    around = threatening(state, actor, named)
    if provokes == "target":
        around = [target] if target is not None else []
    # engaged (in melee) or named as threatening: an opponent either way
    return [c.name for c in around if why_not(state, c, actor) is None]


def check(state: EncounterState, a: Combatant, t: Combatant, cover: str | None,
          concealment: int | None, kind: str | None) -> None:
    """May ``a`` take an attack of opportunity against ``t`` now?"""
    if kind not in (None, "melee"):
        raise RuleViolation("an attack of opportunity is a single melee attack", SECTION)
    why = why_not(state, a, t)
    if why:
        raise RuleViolation(why, SECTION)
    if cover and cover != "none":
        raise RuleViolation(f"no attack of opportunity against an opponent with cover "
                            f"({t.name} has {cover} cover)", f"{SECTION}; Copertura")
    if concealment == 50:
        raise RuleViolation(f"no attack of opportunity against an opponent with total "
                            f"concealment ({t.name})", "Occultamento Totale")
