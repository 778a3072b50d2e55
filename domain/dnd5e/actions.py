"""5e SRD (seed 002), Giocare: Azioni (Actions) and Il tuo turno (Your Turn).

"Nel tuo turno puoi muoverti fino alla tua Velocità e fare un'azione"; "Puoi fare solo
un'azione alla volta". The table's twelve actions; improvising ("il GM decide").
Azioni bonus: "Non puoi averne più di una per turno"; "Qualsiasi condizione che ti
impedisca di compiere azioni ti impedisce anche di compiere azioni bonus". Reazioni:
"Dopo una Reazione non puoi farne un'altra fino all'inizio del tuo prossimo turno".
Interazioni a tempo limitato: one free interaction with an object per turn; another
needs the Utilize action. Cadersi a terra: prone at no cost "salvo se la tua Velocità è
0". Schivata and Disimpegno set ``dodging`` (until the start of the next turn; lost
when incapacitated or at Speed 0) and ``disengaged`` (for the rest of the turn).
Preparare: a trigger, then the response with the reaction when it fires (spending the
reaction is the SRD's reading, 5E-GAP-05). The response is "un'azione": once ``act``
fires, the creature's next attack or action in another's turn is that one action
(``readied``); a second one, a bonus action or a further attack of Extra Attack is
refused ("Puoi fare solo un'azione alla volta"; a GM may force it). Help's effect on checks (SRD: advantage) is
not in the seed (5E-GAP-04) and is not applied; Hide marks the creature ``hidden``
(no DC in the seed, 5E-GAP-06) until it attacks.
"""

from __future__ import annotations

from battletape.domain.dnd5e import conditions, stats
from battletape.domain.dnd5e.terms import ACTIONS
from battletape.domain import encounter
from battletape.domain.encounter import combatant, require_initiative
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import ConditionApplied, Event, Readied
from battletape.domain.state import Combatant, EncounterState

EXTRA = ("interact", "improvise", "drop-prone")
MOUNT_ACTIONS = ("dash", "disengage", "dodge")


def require_can_act(state: EncounterState, c: Combatant, what: str) -> None:
    """Up, not incapacitated, no death save pending."""
    if c.status != "up":
        refuse(N_("{name} is {status} and can't {what}"),
               "Condizioni: Privo di sensi" if c.status != "dead" else None,
               name=c.name, status=c.status, what=what)
    why = conditions.incapacitated(c)
    if why:
        refuse(N_("{name} is {condition} and can't take actions or reactions"),
               "Condizioni: Incapacitato", name=c.name, condition=why[0])


def require_turn(state: EncounterState, c: Combatant, what: str) -> None:
    """Il tuo turno: it must be ``c``'s turn (or its readied action just fired)."""
    encounter.require_turn(state, c, what, "Il tuo turno")


def readied_slot(state: EncounterState, c: Combatant, slot: str) -> str | None:
    """Preparare: outside its own turn a creature acts only through its readied response,
    one action: ``"readied"`` for that action, None in its own turn (or for a
    reaction, which is not the response)."""
    if state.turn == c.name or slot == "reaction":
        return None
    if c.acts_out_of_turn:
        if slot != "action":
            if slot == "bonus":
                refuse(N_("{name}'s readied response is one action, not a bonus action"),
                       "Azioni: Preparare", name=c.name)
            elif slot == "extra":
                refuse(N_("{name}'s readied response is one action, not a further attack "
                          "(Extra Attack)"), "Azioni: Preparare", name=c.name)
            else:
                refuse(N_("{name}'s readied response is one action, not {slot}"),
                       "Azioni: Preparare", name=c.name, slot=slot)
        return "readied"
    if "readied" in c.actions_used:
        refuse(N_("{name} already took its readied action"), "Azioni: Preparare",
               name=c.name)
        return "readied"
    return None


def require_slot(state: EncounterState, c: Combatant, slot: str) -> None:
    if slot == "action" and "action" in c.actions_used:
        refuse(N_("{name} already took its action this turn"),
               "Azioni: Una cosa alla volta", name=c.name)
    if slot == "bonus" and "bonus" in c.actions_used:
        refuse(N_("{name} already took its bonus action this turn"),
               "Azioni bonus", name=c.name)
    if slot == "reaction" and stats.get(c, "reaction_used"):
        refuse(N_("{name} already used its reaction; it returns at the start of its "
                  "turn"), "Reazioni", name=c.name)


def require_mount_allows(c: Combatant, action: str) -> None:
    if stats.get(c, "rider") and stats.get(c, "controlled") and action not in MOUNT_ACTIONS:
        refuse(N_("{name} is a controlled mount: it can only Dash, Disengage or Dodge"),
               "Combattimento a cavallo: Controllare una cavalcatura", name=c.name)


def take_action(state: EncounterState, name: str, action: str, bonus_action: bool = False,
                what: str = "") -> list[Event]:
    from battletape.domain.dnd5e.events import ActionTaken

    require_initiative(state)
    c = combatant(state, name)
    act = action.strip().lower()
    for en, it in ACTIONS.items():
        if act == it.lower():
            act = en
    if act not in ACTIONS and act not in EXTRA:
        raise BadInput("action", action, ", ".join(list(ACTIONS) + list(EXTRA)))
    if act == "attack":
        raise BadInput("action", action, N_("the `attack` command for the Attack action"))
    if act == "ready":
        raise BadInput("action", action, N_("the `ready NAME TRIGGER` command"))
    if act == "improvise" and not what:
        raise BadInput("--what", what, N_("what the creature improvises"))
    require_can_act(state, c, f"take the {act} action")
    readied = readied_slot(state, c, "bonus" if bonus_action else "action")
    if readied is None:
        require_turn(state, c, f"take the {act} action")
    require_mount_allows(c, act)
    if act == "drop-prone":
        why = conditions.speed_zero(c)
        if why:
            refuse(N_("{name} is {condition} (Speed 0) and can't drop prone"),
                   "Movimento: Cadersi a terra", name=c.name, condition=why[0])
        if "prone" in c.conditions:
            raise AlreadyHolds.said(N_("{name} is already {condition}"), name=c.name,
                                    condition="prone")
        return [ActionTaken(name=c.name, action=act, slot="free"),
                ConditionApplied(name=c.name, condition="prone", source=c.name)]
    if readied is not None:
        return [ActionTaken(name=c.name, action=act, slot=readied, what=what)]
    if act == "interact" and "interact" not in c.actions_used and not bonus_action:
        return [ActionTaken(name=c.name, action=act, slot="interact", what=what)]
    slot = "bonus" if bonus_action else "action"
    if act == "interact":
        what = what or "another interaction: the Utilize action"
    require_slot(state, c, slot)
    return [ActionTaken(name=c.name, action=act, slot=slot, what=what)]


def ready(state: EncounterState, name: str, trigger: str) -> list[Event]:
    require_initiative(state)
    c = combatant(state, name)
    if not trigger.strip():
        raise BadInput("trigger", trigger, N_("the circumstance that sets it off"))
    require_can_act(state, c, "ready an action")
    require_turn(state, c, "ready an action")
    require_slot(state, c, "action")
    return [Readied(name=c.name, trigger=trigger, action="action")]


def act(state: EncounterState, name: str) -> list[Event]:
    from battletape.domain.dnd5e.events import ReadiedResponseTaken

    require_initiative(state)
    c = combatant(state, name)
    if not c.readied:
        raise violation(N_("{name} has no readied action"), "Azioni: Preparare",
                        name=c.name)
    require_can_act(state, c, "take its readied action")
    require_slot(state, c, "reaction")
    return [ReadiedResponseTaken(name=c.name, trigger=c.readied, during=state.turn)]
