"""D&D 3.5 (seed 003), Movimento (Movement) and Area minacciata (35-AOO-07).

battletape keeps no map. ``engage A B`` records that A and B are in melee (adjacent: each
threatens the other's square if armed); ``move A away`` is a move action that leaves
every threatened square, which provokes an attack of opportunity from each creature
threatening it (35-AOO-07, the action table's *Muoversi*), and ends those engagements;
``move A near B`` is a move action that ends next to B.
"""

from __future__ import annotations

from battletape.domain.dnd35.rounds_and_actions import require_battle, take
from battletape.domain.encounter import combatant
from battletape.domain.errors import AlreadyHolds, BadInput
from battletape.domain.words import N_
from battletape.domain.events import Engaged, Event, Moved
from battletape.domain.state import EncounterState


def engage(state: EncounterState, a: str, b: str) -> list[Event]:
    require_battle(state)
    x, y = combatant(state, a), combatant(state, b)
    if x.name == y.name:
        raise BadInput("engage", f"{a} {b}", N_("two different creatures"))
    if y.name in x.engaged_with:
        raise AlreadyHolds.said(N_("{a} and {b} are already in melee"), a=x.name,
                                b=y.name)
    return [Engaged(a=x.name, b=y.name, how="adjacent")]


def move(state: EncounterState, name: str, where: str, named: list[str]) -> list[Event]:
    require_battle(state)
    c = combatant(state, name)
    words = where.split()
    if words and words[0] == "near" and len(words) > 1:
        other = combatant(state, " ".join(words[1:]))
        events = take(state, c, "move", named=named)
        return events + [Moved(name=c.name, where=f"near {other.name}",
                               left=list(c.engaged_with),
                               provoked=events[0].provokes),
                         Engaged(a=c.name, b=other.name, how="move")]
    if where != "away":
        raise BadInput("where", where, N_("away, or near NAME"))
    events = take(state, c, "move", named=named)
    return events + [Moved(name=c.name, where="away", left=list(c.engaged_with),
                           provoked=events[0].provokes)]
