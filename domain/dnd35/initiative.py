"""D&D 3.5 (seed 003), Iniziativa (Initiative): order, ties, surprise, joining, delay, ready.

Initiative is a Dexterity check, 1d20 + the initiative bonus (deafened: -4), rolled by
everyone at the start; the DM may roll once per group of monsters; highest first
(35-INI-01). Ties: the higher initiative bonus first; still tied, the tied creatures
reroll between themselves (``init --reroll A=12,B=7``), which never moves them past
anyone else (35-INI-02). The order stays fixed but for delay and ready (35-INI-03).
*Sorpresa*: ``init --aware A,B`` starts a surprise round in which only the aware roll and
act; at its end everyone rolls again (Sigil's wording, 35-SUR-02). *Unirsi a un
combattimento*: a newcomer acts from the round after it arrives, before everyone if it
was aware of the fight (35-INI-06). Objects (``add --object``, Attaccare gli oggetti) roll
no initiative and take no turns: an unattended object does not act (an animated object
is a creature); nor are they flat-footed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.dnd35 import conditions
from battletape.domain.dnd35.attacking_objects import is_object
from battletape.domain.dnd35.initiative_order import ordered  # noqa: F401 (its callers)
from battletape.domain.dnd35.rounds import end_current, start_next
from battletape.domain.dnd35.rounds_and_actions import require_battle, require_can_act, take
from battletape.domain.encounter import combatant, names_or_group, require_on
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import (Delayed, DelayedActionTaken, Event, InitiativeRolled, Readied,
                           ReadiedActionTaken, RoundStarted, SurpriseDeclared, TurnStarted)
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random

SECTION = "Iniziativa"


def bonus(c: Combatant) -> int:
    return c.init_bonus + conditions.total(c, "initiative")


def parse(items: list[str], what: str = "initiative") -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        for part in str(item).split(","):
            if not part.strip():
                continue
            name, sep, value = part.rpartition("=")
            try:
                out[name.strip()] = int(value) if sep and name.strip() else None
            except ValueError:
                out[name.strip()] = None
            if out[name.strip()] is None:
                raise BadInput(what, part, N_("NAME=NATURAL, e.g. Orc=13"))
    return out


def roll_initiative(state: EncounterState, rng: "random.Random", given: dict[str, int],
                    aware: list[str] = (), reroll: dict[str, int] | None = None
                    ) -> list[Event]:
    require_on(state)
    if reroll:
        return _reroll(state, reroll)
    if not state.combatants:
        raise violation(N_("no combatants yet: add them with `add`"))
    if state.extra.get("surprise_round"):
        raise violation(N_("the surprise round is under way: only the aware rolled "
                           "initiative for it; everyone rolls again at its end"), "Sorpresa")
    surprise = bool(aware)
    if surprise and (state.round > 0 or state.order):
        raise violation(N_("a surprise round comes first, before any initiative"),
                        "Sorpresa")
    aware_names: set[str] = set()
    for name in aware:
        aware_names |= {m.name for m in names_or_group(state, name)}
    if surprise and len(aware_names) == len([c for c in state.combatants.values()
                                             if c.status not in ("dead", "fled")
                                             and not is_object(c)]):
        refuse(N_("everyone is aware: no surprise round (at least one creature must be "
                  "unaware of its enemies)"), "Sorpresa")
    typed: dict[str, int] = {}
    for name, natural in given.items():
        for m in names_or_group(state, name):
            if m.initiative is not None:
                raise violation(N_("{name} already rolled initiative ({initiative})"),
                                SECTION, name=m.name, initiative=m.initiative)
            if is_object(m):
                raise BadInput("initiative", f"{m.name}={natural}",
                               N_("a creature: {name} is an object, it takes no turns "
                                  "(an animated object is a creature: add it without "
                                  "--object)"), name=m.name)
            if surprise and m.name not in aware_names:
                raise violation(N_("{name} is unaware: only the aware roll initiative for "
                                   "the surprise round"), "Sorpresa", name=m.name)
            typed[m.name] = natural
    pending: dict[str, list[Combatant]] = {}
    for c in state.combatants.values():
        if c.initiative is None and c.status not in ("dead", "fled") and \
                not is_object(c) and (not surprise or c.name in aware_names):
            pending.setdefault(c.group or c.name, []).append(c)
    if not pending:
        raise violation(N_("everyone has rolled initiative already"), SECTION)
    events: list[Event] = []
    if surprise:
        events.append(SurpriseDeclared(actors=sorted(aware_names,
                                                     key=list(state.combatants).index)))
    totals: dict[str, int] = {}
    for group, members in pending.items():
        natural = next((typed[m.name] for m in members if m.name in typed), None)
        roll = dice.d20_roll(natural, rng, bonus(members[0]), "initiative natural")
        events.append(InitiativeRolled(names=[m.name for m in members],
                                       group=members[0].group, roll=roll))
        for m in members:
            totals[m.name] = roll.total
    events += _ties(state, totals)
    if state.round == 0 and not state.turn:
        probe = {n: (totals.get(n, c.initiative), c) for n, c in state.combatants.items()}
        live = [(t, c) for t, c in probe.values() if t is not None]
        live.sort(key=lambda tc: (-tc[0], -tc[1].init_bonus,
                                  list(state.combatants).index(tc[1].name)))
        first = live[0][1].name
        round_ = 0 if surprise else 1
        events += [RoundStarted(round=round_),
                   TurnStarted(name=first, round=round_)]
    return events


def _ties(state: EncounterState, totals: dict[str, int]) -> list[Event]:
    from battletape.domain.dnd35.events import TieRerollDue

    everyone = {n: (totals.get(n, c.initiative), c) for n, c in state.combatants.items()}
    units: dict[tuple[int, int], list[str]] = {}
    for name, (total, c) in everyone.items():
        if total is None or c.status in ("dead", "fled"):
            continue
        units.setdefault((total, c.init_bonus), [])
        unit = c.group or c.name
        if unit not in units[(total, c.init_bonus)]:
            units[(total, c.init_bonus)].append(unit)
    out: list[Event] = []
    for (total, _), unit_names in units.items():
        if len(unit_names) > 1 and any(n in totals or any(
                m in totals for m in [c.name for c in state.group(n)]) for n in unit_names):
            names = [c.name for c in state.combatants.values()
                     if (c.group or c.name) in unit_names]
            out.append(TieRerollDue(names=names, total=total))
    return out


def _reroll(state: EncounterState, rolls: dict[str, int]) -> list[Event]:
    from battletape.domain.dnd35.events import TieRerolled

    found: dict[str, int] = {}
    for name, natural in rolls.items():
        for m in names_or_group(state, name):
            found[m.name] = natural
    if len(found) < 2:
        raise BadInput("--reroll", rolls, N_("two or more tied creatures: A=12,B=7"))
    ties = {(state.combatants[n].initiative, state.combatants[n].init_bonus)
            for n in found}
    if len(ties) != 1 or None in next(iter(ties)):
        raise violation(N_("these creatures are not tied (same total and same bonus): "
                           "{found}"), f"{SECTION}: pareggi",
                        found=", ".join(f"{n} {state.combatants[n].initiative}"
                                        f"{state.combatants[n].init_bonus:+d}"
                                        for n in found))
    for n, v in found.items():
        if not 1 <= v <= 20:
            raise BadInput("--reroll", f"{n}={v}", N_("a natural d20 from 1 to 20"))
    if len(set(found.values())) != len(found):
        raise violation(N_("the reroll is tied again: reroll those still tied"),
                            f"{SECTION}: pareggi")
    order = sorted(found, key=lambda n: -found[n])
    return [TieRerolled(names=order, rolls=found)]


def join(state: EncounterState, c_name: str, how: str) -> dict:
    """The stats of a newcomer (35-INI-06)."""
    if how not in ("aware", "unaware"):
        raise BadInput("--joins", how, N_("aware or unaware"))
    out = {"joins": how, "joins_round": state.round + 1}
    if how == "aware":
        # before everyone: the first creature's count + 1; newcomers of the same round
        # share it, the highest Dex score first (``key``)
        top = max((c.initiative for c in state.combatants.values()
                   if c.initiative is not None and not (
                       c.extra.get("joins") == "aware" and
                       c.extra.get("joins_round") == state.round + 1)), default=0)
        out["initiative"] = top + 1
    return out


def delay(state: EncounterState, name: str) -> list[Event]:
    """Ritardare il turno (35-DLY-01): lower your initiative; the turn passes; `act`
    takes it after the creature whose turn it then is."""
    require_battle(state)
    c = combatant(state, name)
    if state.turn != c.name:
        refuse(N_("only the creature whose turn it is can delay (it is {turn}'s turn)"),
               "Ritardare il turno", turn=state.turn)
    if c.actions_used:
        refuse(N_("{name} has already acted this turn ({used}): a delay comes first"),
               "Ritardare il turno", name=c.name, used=", ".join(c.actions_used))
    return [Delayed(name=c.name)] + start_next(state, {c.name})


def ready(state: EncounterState, name: str, trigger: str, kind: str) -> list[Event]:
    """Preparare un'azione (35-RDY-01): a standard action that doesn't provoke, readying a
    standard, move, swift or free action for a trigger."""
    require_battle(state)
    c = combatant(state, name)
    if not trigger.strip():
        raise BadInput("trigger", trigger, N_("the circumstance that sets it off"))
    if kind not in ("standard", "move", "swift", "free"):
        raise BadInput("--action", kind, N_("standard, move, swift or free"))
    if state.turn != c.name:
        refuse(N_("{name} can ready only in its own turn"), "Preparare un'azione",
               name=c.name)
    events = take(state, c, "ready", what=trigger)
    return events + [Readied(name=c.name, trigger=trigger, action=kind)]


def act(state: EncounterState, name: str, rng=None) -> list[Event]:
    """A readied action goes off just before the trigger; a delayed creature acts after
    the creature whose turn it is (never interrupting it): that turn ends, with the
    saves that end its creature's conditions rolled (``rng``)."""
    require_battle(state)
    c = combatant(state, name)
    current = state.combatants.get(state.turn or "")
    if current is None or current.name == c.name:
        raise violation(N_("{name} can't act out of turn now"), name=c.name)
    if c.readied:
        require_can_act(state, c, "take its readied action")
        return [ReadiedActionTaken(name=c.name, before=current.name,
                                   initiative=current.initiative or 0)]
    if not c.delayed:
        raise violation(N_("{name} has neither delayed nor readied an action"),
                        "Ritardare il turno", name=c.name)
    events = end_current(state, rng)
    events.append(DelayedActionTaken(name=c.name, after=current.name,
                                     initiative=current.initiative or 0))
    events.append(TurnStarted(name=c.name, round=state.round))
    return events
