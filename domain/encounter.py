"""Checks every system shares: who is who, whose turn it is, is the battle on."""

from __future__ import annotations

from operator import attrgetter
from typing import Callable

from battletape.domain.errors import BadInput, UnknownCombatant, refuse, violation
from battletape.domain.words import N_
from battletape.domain.names import resolve
from battletape.domain.state import Combatant, EncounterState


def combatant(state: EncounterState, name: str) -> Combatant:
    """The combatant called ``name`` (any case, an unambiguous prefix or initials:
    domain.names.resolve), or UnknownCombatant / AmbiguousName."""
    found = state.find(name)
    if found is not None:
        return found
    full = resolve(state.combatants, name)
    if full is None:
        raise UnknownCombatant(name, list(state.combatants))
    return state.combatants[full]


def names_or_group(state: EncounterState, name: str) -> list[Combatant]:
    """A combatant, or every member of a monster group of that name."""
    found = state.find(name)
    if found is not None:
        return [found]
    members = state.group(name)
    if members:
        return members
    groups = {c.group for c in state.combatants.values() if c.group}
    full = resolve([*state.combatants, *sorted(groups)], name)
    if full is None:
        raise UnknownCombatant(name, list(state.combatants))
    return [state.combatants[full]] if full in state.combatants else state.group(full)


def names_a_group(state: EncounterState, name: str) -> bool:
    """Whether ``name`` (in full or short) stands for a monster group rather than for
    one combatant."""
    if state.find(name) is not None:
        return False
    if state.group(name):
        return True
    groups = {c.group for c in state.combatants.values() if c.group}
    full = resolve([*state.combatants, *sorted(groups)], name)
    return full is not None and full not in state.combatants


def require_on(state: EncounterState) -> None:
    if state.ended:
        raise violation(N_("the encounter {name} has ended ({outcome})"),
                        name=repr(state.name), outcome=state.ended)


def require_initiative(state: EncounterState) -> None:
    require_on(state)
    if state.round == 0:
        raise violation(N_("no initiative yet: roll it with `init`"), "Cyclic Initiative")


_INITIATIVE = attrgetter("initiative")


def require_placed(state: EncounterState, rule: str,
                   waiting: Callable[[Combatant], bool] = lambda c: False) -> None:
    """A creature added mid-fight has no place in the order until it rolls initiative:
    the turn does not pass it by in silence (``rule``: the system's section;
    ``waiting``: those the system's rules keep out of the order for now)."""
    people = state.combatants.values()
    if None not in map(_INITIATIVE, people):  # (every one has a place: one look)
        return
    newcomers = [c.name for c in people
                 if c.initiative is None and c.status == "up" and not waiting(c)]
    if newcomers:
        refuse(N_("{names} joined the fight without initiative: give it a place with "
                  "`init {first}=N` (or `init` to roll virtually)") if len(newcomers) == 1
               else N_("{names} joined the fight without initiative: give them a place "
                       "with `init {first}=N` (or `init` to roll virtually)"), rule,
               names=", ".join(newcomers), first=newcomers[0])


def require_able(c: Combatant, what: str) -> None:
    """The creature must be up to act (Unconscious: "You can't take any actions")."""
    if c.status != "up":
        refuse(N_("{name} is {status} and can't {what}"),
               "Unconscious" if c.status in ("unconscious", "stable") else None,
               name=c.name, status=c.status, what=what)
    why = c.part.cannot_act(c.name) if c.part is not None else None
    if why is not None:
        refuse(*why)
    if "stunned" in c.conditions:
        refuse(N_("{name} is stunned and can't take any actions"), "Conditions: Stunned",
               name=c.name)


def require_turn(state: EncounterState, c: Combatant, what: str,
                 rule: str = "Actions on Your Turn") -> None:
    """It must be ``c``'s turn (or ``c`` holds a readied action that just triggered);
    ``rule`` names the section of the encounter's system that says so."""
    if state.turn == c.name or c.acts_out_of_turn:
        return
    refuse(N_("it is {turn}'s turn, not {name}'s: {name} can't {what} now (use "
              "--opportunity for an opportunity attack, or `act` for a readied one)"),
           rule, turn=state.turn, name=c.name, what=what)


def positive(what: str, value: int, allow_zero: bool = True) -> int:
    if value < 0 or (value == 0 and not allow_zero):
        raise BadInput(what, value, N_("a positive number") if not allow_zero
                       else N_("0 or more"))
    return value


def same_side(a: Combatant, b: Combatant) -> bool:
    return a.pc == b.pc


def flee(state: EncounterState) -> list:
    """The party flees: the encounter ends (every system)."""
    from battletape.domain.events import EncounterEnded

    require_on(state)
    return [EncounterEnded(outcome="fled")]


def end(state: EncounterState, outcome: str) -> list:
    """The encounter ends with ``outcome`` (victory, defeat, truce...)."""
    from battletape.domain.events import EncounterEnded

    require_on(state)
    if not outcome.strip():
        raise BadInput("outcome", outcome, N_("victory, defeat, truce..."))
    return [EncounterEnded(outcome=outcome)]


def healing_amount(text, rng) -> "tuple[int, object]":
    """``heal NAME AMOUNT``: a number as healed, or dice notation (``2d4+2``) rolled
    virtually; (the amount, the roll when dice were rolled, else None)."""
    from battletape.domain import dice

    given = str(text).strip()
    try:
        return int(given), None
    except ValueError:
        pass
    roll = dice.roll(given, rng)
    return roll.total, roll


def heal_decision(amount, heal, check: bool = True):
    """``heal NAME AMOUNT``'s decision: the amount (a number, or dice rolled
    virtually) healed by ``heal(state, n)``, its Healed events keeping the dice;
    ``check``: an amount below 1 is bad input (a system whose ``heal`` checks it
    passes False)."""
    def decide(state, rng):
        n, roll = healing_amount(amount, rng)
        if check and n <= 0:
            raise BadInput("healing", amount, N_("1 or more, or dice notation: 2d4+2"))
        return with_healing_roll(heal(state, n), roll)
    return decide


def with_healing_roll(events: list, roll) -> list:
    """The Healed events of a decision, keeping the dice that made the amount."""
    import msgspec

    from battletape.domain.events import Healed

    if roll is None:
        return events
    return [msgspec.structs.replace(e, roll=roll) if isinstance(e, Healed) else e
            for e in events]
