"""Fold helpers every rule system shares: the order, engagement, turn bookkeeping.

Each system's fold (``domain/<system>/fold.py``) changes a working state in place;
these are the steps that mean the same in every system.
"""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.state import Combatant, EncounterState


def move_in_order(state: EncounterState, name: str, anchor: str, after: bool,
                   initiative: int) -> None:
    state.combatants[name].initiative = initiative
    order = [n for n in state.order if n != name]
    i = order.index(anchor) if anchor in order else len(order)
    order.insert(i + 1 if after else i, name)
    state.order = order


def release_grab(a: Combatant, b: Combatant) -> None:
    """Grabbed: a grab is an engagement; when the two part, the grab ends."""
    for x, y in ((a, b), (b, a)):
        grab = x.conditions.get("grabbed")
        if grab is not None and grab.source == y.name:
            del x.conditions["grabbed"]


def unengage(state: EncounterState, c: Combatant) -> None:
    for other in c.engaged_with:
        o = state.combatants.get(other)
        if o is not None and c.name in o.engaged_with:
            o.engaged_with = [n for n in o.engaged_with if n != c.name]
        if o is not None:
            release_grab(c, o)
    c.engaged_with = []


_ACTORS = {"AttackResolved": "attacker", "Moved": "name", "DisengageAttempted": "name",
           "Engaged": "a", "RallyAttempted": "name", "StabilizeAttempted": "helper",
           "Readied": "name", "HealingPotionUsed": "helper"}


def actor_of(state: EncounterState, e: ev.Event) -> Combatant | None:
    """The combatant who takes the action an event records (an attacker, a mover)."""
    return state.combatants.get(getattr(e, _ACTORS[type(e).__name__]))


def end_out_of_turn(state: EncounterState) -> None:
    """A readied action is taken within another's turn; it lapses when that turn ends."""
    for name in state.out_of_turn:
        state.combatants[name].acts_out_of_turn = False
    state.out_of_turn.clear()


def spend_action(state: EncounterState, e: ev.Event) -> None:
    """Actions on Your Turn: the slot an event used on the actor's turn (an interrupt
    is kept by the system's own part: 13th Age, until the actor's next turn)."""
    action = getattr(e, "action", "")
    if not action or action == "free" or action == "interrupt":
        return
    actor = actor_of(state, e)
    if actor is None:
        return
    if actor.name == state.turn and action not in actor.actions_used:
        actor.actions_used.append(action)




def start_encounter(state: EncounterState, e: ev.EncounterStarted) -> None:
    """EncounterStarted: the name, system, campaign, seed and options of the encounter."""
    state.name, state.system, state.campaign = e.name, e.system, e.campaign
    state.seed, state.options = e.seed, dict(e.options)


def delay_turn(state: EncounterState, name: str) -> None:
    """Delayed: the creature's turn passes; it acts later with `act`."""
    state.combatants[name].delayed = True
    _acted(state, name)
    state.turn = None


def take_delayed_turn(state: EncounterState, e: ev.DelayedActionTaken) -> None:
    """DelayedActionTaken: the delayed creature's new count, right after ``e.after``."""
    state.combatants[e.name].delayed = False
    move_in_order(state, e.name, e.after, True, e.initiative)
    _acted(state, e.name)


def take_readied_action(state: EncounterState, e: ev.ReadiedActionTaken) -> Combatant:
    """ReadiedActionTaken: the readied creature acts within another's turn, its count
    moved just before ``e.before``."""
    c = state.combatants[e.name]
    c.readied = None
    c.acts_out_of_turn = True
    state.out_of_turn.append(c.name)
    move_in_order(state, e.name, e.before, False, e.initiative)
    _acted(state, e.name)
    return c


def mark_tied(state: EncounterState, names: list[str], tied: bool = True) -> None:
    """A tie of initiative still to decide (or decided)."""
    for name in names:
        state.combatants[name].extra["tie_undecided"] = tied


def rank_tied(state: EncounterState, names: list[str]) -> None:
    """The decided order among tied creatures, first to last."""
    ranks = state.extra.setdefault("tiebreak", {})
    for i, name in enumerate(names):
        ranks[name] = i
    mark_tied(state, names, False)


def end_encounter(state: EncounterState, e: ev.EncounterEnded) -> None:
    """EncounterEnded: no turn any more; a party that fled is ``fled``."""
    state.ended = e.outcome
    state.turn = None
    for c in state.combatants.values():
        if e.outcome == "fled" and c.pc and c.status != "dead":
            c.status = "fled"


def _acted(state: EncounterState, name: str) -> None:
    if name not in state.acted:
        state.acted.append(name)
