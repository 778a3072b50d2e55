"""D&D 3.5 (seed 003), Confuso (Confused, 35-CND-11): what a confused creature does.

"Una creatura confusa agisce ad ogni suo turno in modo casuale, determinato da 1d100":
01-10 attacks the source of the confusion, 11-20 acts normally, 21-50 babbles
incoherently, 51-70 flees from the source, 71-100 attacks the nearest creature (not its
familiar). One that can't do the rolled action babbles (the source gone, dead or fled).
A confused creature that is attacked attacks its attacker on its next turn (no roll).
``confusion X [--roll N]`` in X's turn, before it acts; until then, and outside what the
roll allows, its actions are refused: babbling, nothing; fleeing, move actions only (two
move actions); attacking, attacks (and moves to reach the target) only, against the
named target when there is one. Its attacks of opportunity only against a creature
already attacking it (``attacks_of_opportunity.why_not``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain.dnd35.conditions import rule
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import Event

if TYPE_CHECKING:
    import random

    from battletape.domain.state import Combatant, EncounterState

RULE = rule("confused")
#: d100 bands: (highest face, behaviour)
TABLE = ((10, "attack-source"), (20, "act-normally"), (50, "babble"), (70, "flee"),
         (100, "attack-nearest"))
ATTACKS = {"attack-source", "attack-nearest", "attack-attacker"}
#: the action table's rows a confused creature that must attack may take
ATTACK_ROWS = {"melee-attack", "ranged-attack", "full-attack", "unarmed-strike", "charge",
               "standard", "attack", "move", "draw-weapon", "draw-and-move",
               "5-foot-step", "stand-up", "move-action"}
FLEE_ROWS = {"move", "run", "withdraw", "crawl", "stand-up", "move-action", "5-foot-step",
             "draw-and-move"}


def behaviour(face: int) -> str:
    return next(b for top, b in TABLE if face <= top)


def roll(state: "EncounterState", rng: "random.Random", name: str,
         natural: int | None) -> list[Event]:
    from battletape.domain.dnd35.events import ConfusionRolled
    from battletape.domain.dice import d100
    from battletape.domain.dnd35.initiative_order import require_battle

    require_on(state)
    require_battle(state)
    c = combatant(state, name)
    if "confused" not in c.conditions:
        raise violation(N_("{name} is not confused"), RULE, name=c.name)
    if state.turn != c.name:
        refuse(N_("a confused creature rolls at the start of its own turn; it is "
                  "{turn}'s turn"), RULE, turn=state.turn)
    if rolled(state, c) is not None:
        refuse(
        N_("{name} has rolled its behaviour this turn already ({confusion})"), RULE,
               name=c.name, confusion=rolled(state, c)["behaviour"])
    attacker = c.extra.get("confusion_attacker")
    if attacker:
        if natural is not None:
            raise BadInput("--roll", natural,
                           N_("no roll: {name} was attacked by {attacker} and attacks "
                              "it this turn"), name=c.name, attacker=attacker)
        return [ConfusionRolled(name=c.name, behaviour="attack-attacker", target=attacker,
                                why=f"attacked by {attacker}: attacks it")]
    r = d100(natural, rng, "--roll")
    what = behaviour(r.total)
    source = c.conditions["confused"].source
    target, why = None, ""
    if what in ("attack-source", "flee") and source:
        other = state.combatants.get(source)
        if other is not None and other.status in ("dead", "fled"):
            why = f"{what.replace('-', ' ')} impossible: {other.name} is {other.status}"
            what = "babble"
        elif other is not None and what == "attack-source":
            target = other.name
    return [ConfusionRolled(name=c.name, roll=r, behaviour=what, target=target, why=why)]


def rolled(state: "EncounterState", c: "Combatant") -> dict | None:
    """The behaviour rolled for ``c``'s current turn, None before the roll."""
    done = c.extra.get("confusion")
    if done and done.get("round") == state.round and state.turn == c.name:
        return done
    return None


def check_action(state: "EncounterState", c: "Combatant", slug: str, kind: str) -> None:
    """May a confused ``c`` take the action ``slug`` in its own turn?"""
    if "confused" not in c.conditions or state.turn != c.name or kind in ("free", "none"):
        return
    done = rolled(state, c)
    if done is None:
        refuse(N_("{name} is confused: roll its behaviour first (`confusion {name} "
                  "--roll N`)"), RULE, name=c.name)
    what = done["behaviour"]
    if what == "babble":
        refuse(N_("{name} is confused and babbles incoherently this turn: no action"),
               RULE, name=c.name)
    if what == "flee" and (slug not in FLEE_ROWS and kind != "move"):
        refuse(N_("{name} is confused and flees this turn: move actions only"), RULE,
               name=c.name)
    if what in ATTACKS and slug not in ATTACK_ROWS and kind != "move":
        refuse(N_("{name} is confused and must attack this turn: attacks and movement "
                  "only"), RULE, name=c.name)


def check_attack(state: "EncounterState", a: "Combatant", targets: list) -> None:
    """A confused attacker in its own turn attacks what the roll says."""
    if "confused" not in a.conditions or state.turn != a.name:
        return
    done = rolled(state, a)
    if done is None:
        check_action(state, a, "attack", "standard")
        return
    what = done["behaviour"]
    if what in ("babble", "flee"):
        refuse(
        N_("{name} is confused and babbles this turn: no attack") if what == "babble"
               else N_("{name} is confused and flees this turn: no attack"), RULE,
               name=a.name)
    if what in ATTACKS and done.get("target"):
        wrong = [t.name for t in targets if t.name != done["target"]]
        if wrong:
            refuse(N_("{name} is confused and attacks {target} this turn, not {wrong}"),
                   RULE, name=a.name, target=done["target"], wrong=", ".join(wrong))
