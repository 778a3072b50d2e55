"""13th Age SRD, Combat Rules: Position (Posizione) and Movement and Melee.

Whereabouts: nearby (vicino) or far away (lontano); engaged (impegnato) or free
(libero). Moving away from the foes engaging you draws an opportunity attack from
each; Intercepting (intercettare) engages a creature moving past; only flyers
already airborne can intercept a flyer (Flying); Teleportation draws no opportunity
attacks; Stuck (invischiato) and Grabbed (afferrato) creatures can't move away.
Far Away: "two moves away from the enemies": reaching melee with a creature far away
(or from far away) takes two moves. One rule for reaching a flyer: a creature on the
ground can't engage one in the air, by `engage` or by a melee attack.
"""

from __future__ import annotations

import msgspec

from battletape.domain.encounter import combatant, require_able, require_on
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import Engaged, Event, Moved
from battletape.domain.state import Combatant, EncounterState
from battletape.domain.thirteenth_age import actions, conditions, mooks
from battletape.domain.thirteenth_age.events import FlightChanged

WHEREABOUTS = {"nearby": "vicino", "far": "lontano", "behind": "dietro"}


def require_can_move(c: Combatant) -> None:
    if not conditions.can_move(set(c.conditions)):
        refuse(N_("{name} is stuck and can't move"), "Conditions: Stuck", name=c.name)


def can_take_opportunity(state: EncounterState, name: str) -> bool:
    foe = state.combatants.get(name)
    return (foe is not None and foe.status == "up"
            and conditions.can_act(set(foe.conditions))
            and conditions.can_make_opportunity_attacks(set(foe.conditions)))


def engage_move(state: EncounterState, a: Combatant) -> str:
    """Movement and Melee: "You can engage enemies by moving into melee with them".
    The creature whose turn it is spends one move action for the move that ends in
    melee, however many enemies it engages there; out of its turn it spends none."""
    if mooks.own_turn(state, a) and a.part.engaging:
        return "free"  # the same move: a further enemy where it ended
    return actions.slot(a, "move", mooks.own_turn(state, a))


def require_reach(a: Combatant, b: Combatant) -> None:
    """Flying: a creature on the ground can't reach a flyer in the air."""
    if b.part.flying and not a.part.flying:
        refuse(N_("{name} is flying out of reach of {other} on the ground"), "Flying",
               name=b.name, other=a.name)


def approach(state: EncounterState, a: Combatant, b: Combatant,
             how: str = "engage") -> list[Event]:
    """A moves into melee with B: one move from nearby, two when either is far away
    (the first carries A from far away, or far away to B); more enemies where that
    move ends cost no further move (``engage_move``)."""
    require_can_move(a)
    require_reach(a, b)
    own = mooks.own_turn(state, a)
    if not own and not a.acts_out_of_turn:
        # out of turn, engaging states where the creatures stand (an interception, a
        # grab, the GM's set-up): no action of the creature's is spent
        return [Engaged(a=a.name, b=b.name, how=how, action="free")]
    events: list[Event] = []
    if "far" in (a.part.whereabouts, b.part.whereabouts) and not (own and a.part.engaging):
        where = "nearby" if a.part.whereabouts == "far" else "far"
        first = move(state, a.name, where)[0]
        events.append(first)
        a = msgspec.structs.replace(
            a, actions_used=a.actions_used + [first.action],
            part=msgspec.structs.replace(a.part, moving=False, moved=True))
    events.append(Engaged(a=a.name, b=b.name, how=how, action=engage_move(state, a)))
    return events


def engage(state: EncounterState, a_name: str, b_name: str) -> list[Event]:
    require_on(state)
    a, b = combatant(state, a_name), combatant(state, b_name)
    if a.name == b.name:
        raise BadInput("engagement", a.name, N_("two different combatants"))
    if state.turn == b.name and state.turn != a.name:
        a, b = b, a  # one rule whichever way the pair is named: the one moving pays
    require_able(a, "engage")
    if b.status in ("dead", "fled"):
        raise violation(N_("{name} is {status}"), name=b.name, status=b.status)
    if b.name in a.engaged_with:
        raise AlreadyHolds.said(N_("{name} is already engaged with {other}"),
                                name=a.name, other=b.name)
    require_enemies(a, b, "engage")
    return approach(state, a, b)


def enemies(a: Combatant, b: Combatant) -> bool:
    """Allies are the PCs of the party on one side, the monsters on the other (Allies:
    "a character's allies are the other PCs in the party")."""
    return a.pc != b.pc


def require_enemies(a: Combatant, b: Combatant, what: str) -> None:
    """Engaged: "locked in combat with one or more enemies"; "You can engage enemies by
    moving into melee with them"; you intercept "an enemy attempting to rush past you".
    Allies don't engage each other (a GM may --force it, e.g. a charmed ally)."""
    if not enemies(a, b):
        refuse(N_("{name} and {other} are allies: a creature can {what} only an enemy"),
               "Engaged/Next to", name=a.name, other=b.name, what=what)


def intercept(state: EncounterState, a_name: str, b_name: str) -> list[Event]:
    """Intercepting: a free creature engages one moving past and stops it there."""
    require_on(state)
    a, b = combatant(state, a_name), combatant(state, b_name)
    require_able(a, "intercept")
    require_enemies(a, b, "intercept")
    if a.engaged_with:
        refuse(N_("{name} is engaged and can't intercept"), "Engaged", name=a.name)
    if b.part.flying and not a.part.flying:
        refuse(N_("only flyers already airborne can intercept a flyer"),
               "Flying")
    if b.status != "up":
        raise violation(N_("{name} is {status}, not moving past anyone"), name=b.name,
                        status=b.status)
    if not conditions.can_move(set(a.conditions)):
        refuse(N_("{name} is stuck and can't move to intercept"), "Conditions: Stuck",
               name=a.name)
    return [Engaged(a=a.name, b=b.name, how="intercept")]


def move(state: EncounterState, name: str, where: str,
         teleport: bool = False, ally: str | None = None,
         interrupt: bool = False) -> list[Event]:
    """Move nearby, far away or behind an ally; leaving melee provokes unless teleporting.

    Behind: "If you're behind an unengaged ally, and an enemy moves past that ally to
    get to you, your ally has the option to move and intercept."
    """
    require_on(state)
    if where not in WHEREABOUTS:
        raise BadInput("whereabouts", where, N_("far, nearby or behind"))
    c = combatant(state, name)
    if where == "behind":
        if ally is None:
            raise BadInput("behind", None, N_("--ally NAME: the ally to stand behind"))
        guard = combatant(state, ally)
        if guard.name == c.name or guard.pc != c.pc:
            refuse(N_("{name} is not an ally of {other}"), "Behind", name=guard.name,
                   other=c.name)
        if guard.engaged_with:
            refuse(N_("{name} is engaged: only an unengaged ally covers you"), "Behind",
                   name=guard.name)
        where = f"behind:{guard.name}"
    elif ally is not None:
        raise BadInput("--ally", ally, N_("nothing unless moving behind an ally"))
    require_able(c, "move")
    left = list(c.engaged_with)
    provoked: list[str] = []
    if not teleport:
        require_can_move(c)
        grab = c.conditions.get("grabbed")
        if grab is not None:
            refuse(N_("{name} is grabbed and can't move away unless it teleports or "
                      "disengages"), "Grabbed", name=c.name)
        provoked = [n for n in left if can_take_opportunity(state, n)]
    if where == c.part.whereabouts and not left:
        place, _, ally = where.partition(":")
        raise (AlreadyHolds.said(N_("{name} is already behind {ally}"), name=c.name,
                                 ally=ally) if ally else
               AlreadyHolds.said(N_("{name} is already {where}"), name=c.name,
                                 where=place))
    action = ("free" if teleport else
              actions.slot(c, "interrupt" if interrupt else "move",
                           mooks.own_turn(state, c), relocate=True))
    return [Moved(name=c.name, where=where, left=left, provoked=provoked,
                  teleport=teleport, action=action)]


def fly(state: EncounterState, name: str, flying: bool) -> list[Event]:
    require_on(state)
    c = combatant(state, name)
    if c.part.flying == flying:
        raise AlreadyHolds.said(N_("{name} is already {flight}"), name=c.name,
                                flight="flying" if flying else "landed")
    return [FlightChanged(name=c.name, flying=flying)]
