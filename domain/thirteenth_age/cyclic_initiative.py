"""13th Age SRD, Combat Rules: Cyclic Initiative (Iniziativa ciclica).

Roll Once: "Each creature rolls to determine its initiative at the start of its first
turn in battle (d20 + initiative bonus) ... All monsters of the same exact type share
the same initiative roll." Delay and Readying an Action change a creature's count for
the rest of the battle. A new round advances the Escalation Die. Ambushes and
Surprise: only the ambusher and its highest-initiative ally act in the ambush round.
"""

from __future__ import annotations

from itertools import filterfalse
from typing import TYPE_CHECKING, Callable

import msgspec

from battletape.domain import dice
from battletape.domain.encounter import (combatant, names_or_group, require_able,
                              require_initiative, require_on, require_placed)
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import (ConditionRemoved, DamageTaken, Delayed, DelayedActionTaken,
                           Event, InitiativeRolled,
                           Readied, ReadiedActionTaken, RoundStarted, SurpriseDeclared,
                           TurnEnded, TurnStarted)
from battletape.domain.named_effects import HOLDING
from battletape.domain.state import Combatant, EncounterState, copy
from battletape.domain.thirteenth_age import actions, escalation_die, events as te, mooks
from battletape.domain.thirteenth_age.fold import apply
from battletape.domain.thirteenth_age.initiative_order import ordered
from battletape.domain.thirteenth_age.state import encounter

if TYPE_CHECKING:
    import random


def roll_initiative(state: EncounterState, rng: random.Random, given: dict[str, int],
                    ambush: str | None = None,
                    advance_escalation: bool = False) -> list[Event]:
    """Roll for every creature without initiative; a group shares one roll."""
    require_on(state)
    if not state.combatants:
        raise violation(N_("no combatants yet: add them with `add`"))
    naturals: dict[str, int] = {}
    for name, natural in given.items():
        members = names_or_group(state, name)
        if not 1 <= natural <= 20:
            raise BadInput(f"initiative natural for {name}", natural, "1..20")
        for m in members:
            if m.initiative is not None:
                raise violation(N_("{name} already rolled initiative ({initiative})"),
                                "Cyclic Initiative: Roll Once", name=m.name,
                                initiative=m.initiative)
            naturals[m.name] = natural
    pending: dict[str, list[Combatant]] = {}
    for c in state.combatants.values():
        if c.initiative is None:
            pending.setdefault(c.group or c.name, []).append(c)
    if not pending:
        raise violation(N_("everyone has rolled initiative already"),
                        "Cyclic Initiative: Roll Once")
    events: list[Event] = []
    rolled: dict[str, int] = {}
    for key, members in pending.items():
        bonus = members[0].init_bonus
        given_natural = next((naturals[m.name] for m in members if m.name in naturals),
                             None)
        roll = dice.d20_roll(given_natural, rng, bonus, what="initiative natural")
        events.append(InitiativeRolled(names=[m.name for m in members],
                                       group=members[0].group, roll=roll))
        for m in members:
            rolled[m.name] = roll.total
    if state.round == 0:
        probe = EncounterState(combatants={
            n: msgspec.structs.replace(c, initiative=rolled.get(n, c.initiative))
            for n, c in state.combatants.items()})
        names = ordered(probe)
        if ambush is not None:
            first = combatant(state, ambush)
            ally = next((n for n in names if n != first.name
                         and state.combatants[n].pc == first.pc), None)
            actors = [first.name] + ([ally] if ally else [])
            events.append(SurpriseDeclared(actors=actors, extra=te.extra(
                "SurpriseDeclared", advance_escalation=advance_escalation)))
            names = [first.name] + [n for n in names if n == ally]
        events.append(RoundStarted(round=1, extra=te.extra(
            "RoundStarted", escalation_die=escalation_die.current(state))))
        events.append(TurnStarted(name=names[0], round=1))
    return events


def following(state: EncounterState, order: list[str], acted: set[str]) -> str | None:
    """The first in ``order`` yet to act who can take a turn: not dead nor fled, a
    monster only while up, in a surprise round only the surprising, a mook only for
    its mob (a long battle's order keeps every wave's dead: looked at on every turn)."""
    people = state.combatants
    surprise = encounter(state).surprise if state.round == 1 else None
    for n in filterfalse(acted.__contains__, order):
        c = people[n]
        status = c.status
        if status != "up" and (status in ("dead", "fled") or not c.pc):
            continue  # (a monster knocked out: no turns, and no death saves)
        if surprise and n not in surprise:
            continue
        if mooks.takes_the_turn(state, n, acted):
            return n
    return None


def _start_next(state: EncounterState, acted: set[str],
                after: Callable[[], EncounterState] | None = None) -> list[Event]:
    """The next turn, or a new round. ``after``: the state with the ending turn's
    events folded in, made only for a new round (its ongoing damage may have felled
    the creature whose turn ends, the only one it harms: that one, and its mob, have
    acted this round and are passed by anyway)."""
    nxt = following(state, state.order, acted)
    if nxt is not None:
        return [TurnStarted(name=nxt, round=state.round)]
    if after is not None:
        state = after()
    new_round = state.round + 1
    part = encounter(state)
    held = part.escalation_held
    if part.surprise and state.round == 1 and not part.surprise_advance:
        held = True  # the GM chose not to advance the die after the surprise round
    value = escalation_die.at_round_start(new_round, part.escalation_die, held)
    probe = EncounterState(order=state.order, combatants=state.combatants)
    nxt = following(probe, state.order, set())
    if nxt is None:
        raise violation(N_("no one is left to take a turn: `end` or `flee`"))
    return [RoundStarted(round=new_round,
                         extra=te.extra("RoundStarted", escalation_die=value)),
            TurnStarted(name=nxt, round=new_round)]


def _end_current(state: EncounterState, rng: random.Random,
                 saves: dict[str, list[int]], bonus: int = 0) -> list[Event]:
    from battletape.domain.thirteenth_age import ongoing_damage, saves as save_rules

    current = state.combatants[state.turn] if state.turn else None
    events: list[Event] = []
    if current is not None:
        p = current.part
        if p.dying_at_start and not p.death_saved and not p.coma \
                and current.status in ("unconscious", "stable"):
            refuse(N_("{name} is dying and its death save is due at the start of its "
                      "turn: `death-save {name} [--roll N]` before `next`"),
                   "Death and Dying", name=current.name)
        events += ongoing_damage.end_of_turn(
            state, current, saves.get(current.name, []), rng,
            state.options.get("meaningful_death", False), save_rules.check_bonus(bonus))
        events += [ConditionRemoved(name=other.name, condition=cond,
                                    reason=f"{info.until} of {current.name}")
                   for other in filter(HOLDING, state.combatants.values())
                   if other.name != current.name
                   for cond, info in other.conditions.items()
                   if info.turn_of == current.name and info.turn_ends == 1
                   and not info.save]
        events.append(TurnEnded(name=current.name))
    return events


def _check_saves(state: EncounterState, saves: dict[str, list[int]]) -> dict[str, list[int]]:
    resolved = {}
    for name, naturals in saves.items():
        c = combatant(state, name)
        if c.name != state.turn:
            refuse(N_("only {turn} saves at the end of its turn, not {name}"),
                   "Make Saves Last", turn=state.turn, name=c.name)
        resolved[c.name] = naturals
    return resolved


def next_turn(state: EncounterState, rng: random.Random,
              saves: dict[str, list[int]], bonus: int = 0) -> list[Event]:
    """End the current turn (ongoing damage, then saves, each with ``bonus``) and
    start the next."""
    require_initiative(state)
    require_placed(state, "Cyclic Initiative")  # a newcomer is never skipped in silence
    saves = _check_saves(state, saves)
    events = _end_current(state, rng, saves, bonus)
    acted = set(state.acted) | ({state.turn} if state.turn else set())
    return events + _start_next(state, acted, lambda: _after(state, events))


def _after(state: EncounterState, events: list[Event]) -> EncounterState:
    """The state with these events folded in (for deaths caused by ongoing damage)."""
    if not any(isinstance(e, DamageTaken) for e in events):
        return state
    work = copy(state)
    for e in events:
        apply(work, e)
    return work


def delay(state: EncounterState, name: str) -> list[Event]:
    """Delay: take no action now and act later at a count of your choice."""
    require_initiative(state)
    c = combatant(state, name)
    if state.turn != c.name:
        raise violation(N_("only the creature whose turn it is can delay (it is "
                           "{turn}'s turn)"), "Delay", turn=state.turn)
    if c.actions_used or c.part.moving:
        refuse(N_("{name} already took an action this turn ({used}): \"by choosing to "
                  "delay, you take no action\" — end the turn with `next`") if c.actions_used
               else N_("{name} already took an action this turn (move): \"by choosing to "
                       "delay, you take no action\" — end the turn with `next`"), "Delay",
               name=c.name, used=", ".join(c.actions_used))
    events: list[Event] = [Delayed(name=c.name)]
    acted = set(state.acted) | {c.name}
    return events + _start_next(state, acted)


READIES = ("standard", "move", "free")


def ready(state: EncounterState, name: str, trigger: str,
          readies: str = "standard") -> list[Event]:
    """Readying an Action: a standard action; the readied action (a standard, a move
    or a free action: one) waits for its trigger."""
    require_initiative(state)
    c = combatant(state, name)
    require_able(c, "ready an action")
    if state.turn != c.name:
        refuse(N_("{name} can ready only on its own turn"), "Readying an Action",
               name=c.name)
    if not trigger.strip():
        raise BadInput("trigger", trigger, N_("a description of the trigger"))
    if readies not in READIES:
        raise BadInput("readied action", readies, ", ".join(READIES))
    return [Readied(name=c.name, trigger=trigger,
                    action=actions.slot(c, "standard", True),
                    extra=te.extra("Readied", readies=readies))]


def act(state: EncounterState, rng: random.Random, name: str,
        saves: dict[str, list[int]]) -> list[Event]:
    """Take a delayed action after the current turn, or a readied one before it."""
    require_initiative(state)
    c = combatant(state, name)
    require_able(c, "act")
    current = state.combatants.get(state.turn or "")
    if current is None or current.name == c.name:
        raise violation(N_("{name} can't act out of turn now"), name=c.name)
    if c.readied:
        return [ReadiedActionTaken(name=c.name, before=current.name,
                                   initiative=current.initiative or 0)]
    if not c.delayed:
        raise violation(N_("{name} has neither delayed nor readied an action"), "Delay",
                        name=c.name)
    saves = _check_saves(state, saves)
    events = _end_current(state, rng, saves)
    events.append(DelayedActionTaken(name=c.name, after=current.name,
                                     initiative=current.initiative or 0))
    events.append(TurnStarted(name=c.name, round=state.round))
    return events
