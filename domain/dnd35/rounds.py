"""D&D 3.5 (seed 003), Round (35-RND-01): each creature acts in its turn, in initiative
order; when all have acted, a new round. About 6 seconds; 1 minute is 10 rounds.

At the start of a creature's turn its attacks of opportunity return, and the effects that
last "until the start of your next turn" end (charge, fighting defensively, total
defense, aid another); a readied action that has not gone off is lost (35-RDY-01); a
dying creature rolls to stabilise (``death-save``, or ``next --death-save NAME=N``), and
a Fortitude save the rules demand (massive damage, coup de grace) is made before the
turn ends (``saves.require_settled``).
The dead, the fled and the stable (unconscious below 0 hp, Condizioni: Stabile) take
no turns, nor does a newcomer before the round after it came. A dying monster's d100
is rolled virtually when `next` ends its turn with no face typed (players roll their
own PCs').
At the end of the surprise round everyone rolls initiative again (35-SUR-02).
"""

from __future__ import annotations

import shlex
from itertools import filterfalse

from battletape.domain import dice, named_effects
from battletape.domain.dnd35 import conditions, hit_points, stats
from battletape.domain.dnd35.rounds_and_actions import lost_because, require_battle
from battletape.domain.encounter import combatant, require_on, require_placed
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import (ConditionRemoved, DeathSaveRolled, Event, RoundStarted,
                                      TurnEnded, TurnStarted)
from battletape.domain.state import EncounterState


_OUT = ("dead", "fled", "stable")  # who takes no turn


def _takes_turn(state: EncounterState, name: str, round_: int) -> bool:
    c = state.combatants[name]
    if c.status in _OUT:
        return False
    joins = stats.get(c, "joins_round")
    return joins is None or round_ >= joins


def end_current(state: EncounterState, rng=None,
                naturals: list[list[int]] | None = None) -> list[Event]:
    """The current turn ends; a dying monster whose d100 nobody typed rolls it
    virtually (``rng``; a PC's player rolls their own)."""
    from battletape.domain.dnd35 import saves

    saves.require_settled(state)  # a demanded Fortitude save first (Danno massiccio)
    current = state.combatants.get(state.turn) if state.turn else None
    if current is None:
        return []
    saved: list[Event] = []
    dying = current.status == "dying" and stats.get(current, "death_save_due")
    if dying and not current.pc and rng is not None:
        roll = dice.d100(None, rng, "--death-save")
        saved.append(DeathSaveRolled(name=current.name, roll=roll,
                                     success=roll.total <= hit_points.STABLE_UP_TO))
    elif dying:
        refuse(N_("{name} is dying and must roll to stabilise first: `death-save {quoted} "
                  "--roll N` (d100, 01-10 stable)"), "Condizioni: Morente",
               name=current.name, quoted=shlex.quote(current.name))
    lost: list[Event] = []
    pending = stats.get(current, "pending")
    if pending:
        from battletape.domain.dnd35.events import ProvokedActionLost

        why = lost_because(current, pending) or "its end was never taken"
        lost.append(ProvokedActionLost(name=current.name, action=pending, reason=why))
    return saved + lost + [TurnEnded(name=current.name)] + turn_end(state, current, rng,
                                                                    naturals or [])


def turn_end(state: EncounterState, current, rng, naturals: list[list[int]]) -> list[Event]:
    """As ``current``'s turn ends: the saves that end its conditions (``--save-ends``),
    then the durations counted on its turns (``--until``, the core's named_effects)."""
    events: list[Event] = []
    # not a delay's; no save to repeat without a condition
    if current.conditions and current.status not in ("dead", "fled") and rng is not None:
        from battletape.domain.dnd35 import saves

        events += saves.at_turn_end(current, rng, naturals)
    ended = {(e.name, e.condition) for e in events if isinstance(e, ConditionRemoved)}
    return events + [ConditionRemoved(name=b, condition=n, reason="expired")
                     for b, n in named_effects.expiring_at_turn_end(state, current.name)
                     if (b, n) not in ended]


def start_next(state: EncounterState, also_acted: set[str] = frozenset()) -> list[Event]:
    acted = {*state.acted, *also_acted}
    if state.turn:
        acted.add(state.turn)
    order = state.order  # ordered(state), kept by the fold whenever it changes
    round_ = state.round
    people = state.combatants  # the dead and the stable passed by without a call
    # those who have acted passed by without a call
    nxt = next((n for n in filterfalse(acted.__contains__, order)
                if people[n].status not in _OUT and _takes_turn(state, n, round_)), None)
    events: list[Event] = []
    if nxt is None:
        if state.extra.get("surprise_round"):
            from battletape.domain.dnd35.events import SurpriseRoundEnded

            return [SurpriseRoundEnded()]
        round_ += 1
        nxt = next((n for n in order if people[n].status not in _OUT
                    and _takes_turn(state, n, round_)), None)
        if nxt is None:
            raise violation(N_("no one is left to take a turn: `end` or `flee`"))
        events.append(RoundStarted(round=round_))
    c = state.combatants[nxt]
    if c.readied:
        from battletape.domain.dnd35.events import ReadiedActionLost

        events.append(ReadiedActionLost(name=nxt, trigger=c.readied))
    events.append(TurnStarted(name=nxt, round=round_))
    events += conditions.expiring(state, round_, nxt)
    return events


def next_turn(state: EncounterState, rng, death_saves: dict[str, int],
              saves: dict[str, list[list[int]]] | None = None) -> list[Event]:
    """``saves``: {NAME: [faces, ...]} of the save-ends conditions of the creature
    whose turn ends (effects.py), in the order of its conditions."""
    require_on(state)
    if state.extra.get("needs_init"):
        raise violation(N_("the surprise round is over: everyone rolls initiative again "
                           "(`init NAME=N ...`)"), "Sorpresa")
    require_battle(state)
    if not state.extra.get("surprise_round"):  # the unaware wait out the surprise round
        require_placed(state, "Iniziativa", lambda c: bool(c.extra.get("joins"))
                       or bool(c.extra.get("object")))     # objects take no turns
    current = state.combatants.get(state.turn) if state.turn else None
    naturals: list[list[int]] = []  # (none typed, no save-ends condition: none owed)
    if saves or (current is not None and current.conditions):
        naturals = named_effects.check_turn_saves(dict(saves or {}), current,
                                                  lambda n: combatant(state, n))
    events = end_current(state, rng, naturals) + start_next(state)
    started = next((e for e in events if isinstance(e, TurnStarted)), None) \
        if death_saves else None
    for name, natural in death_saves.items():
        c = combatant(state, name)
        if started is None or c.name != started.name or c.status != "dying":
            raise BadInput("--death-save", f"{name}={natural}",
                           N_("a roll for the creature whose turn starts, if it is dying"),
                           )
        roll = dice.d100(natural, rng, "--death-save")
        events.append(DeathSaveRolled(name=c.name, roll=roll,
                                      success=roll.total <= hit_points.STABLE_UP_TO))
    return events
