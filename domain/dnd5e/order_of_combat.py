"""5e SRD (seed 002), Giocare: Ordine del combattimento (Order of Combat) and Fine del
combattimento (End of Combat).

"Un round rappresenta circa 6 secondi"; each participant acts on its turn in
initiative order, round after round, "finché una parte non viene sconfitta". The
dead and the fled take no turns. At the start of a turn at 0 HP the creature rolls a
death save (``next --death-save NAME=N`` rolls it at once; otherwise it is due, and
``next`` waits for it). Conditions ``--until`` end with the creature's turn;
``--rounds N`` end at the same point of round + N; ``--until end-of-turn:NAME`` with
NAME's turn. A condition a save ends (``--save-ends``) is saved against when its
bearer's turn ends (``next --save NAME=N``, else rolled); a concentration save owed
stops ``next`` (effects.py).
"""

from __future__ import annotations

from itertools import filterfalse

from battletape.domain import dice, named_effects
from battletape.domain.dnd5e import conditions, effects, stats
from battletape.domain.encounter import combatant, require_initiative, require_placed
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import DeathSaveRolled, Event, RoundStarted, TurnEnded, TurnStarted
from battletape.domain.state import EncounterState


def _takes_turns(state: EncounterState, name: str) -> bool:
    return state.combatants[name].status not in ("dead", "fled")


def next_turn(state: EncounterState, death_saves: dict[str, int],
              saves: dict[str, list[list[int]]] | None = None,
              rng=None) -> list[Event]:
    """``saves``: {NAME: [faces, ...]} of the save-ends conditions of the creature
    whose turn ends (effects.py), in the order of its conditions."""
    require_initiative(state)
    require_placed(state, "Iniziativa")  # a newcomer is never skipped in silence
    events: list[Event] = []
    people = state.combatants
    current = people.get(state.turn) if state.turn else None
    # the creatures with conditions, looked at once (a long battle keeps every wave's
    # dead, and the conditions they fell with): the effects held by concentration;
    # those with a duration (``until``), the only ones that end with a turn or round
    held: set[str] = set()
    timed = []
    concentration = effects.CONCENTRATION
    for b in filter(named_effects.HOLDING, people.values()):
        lasting = False
        for info in b.conditions.values():
            if info.until:
                lasting = True
            if info.source and info.mods and info.mods.get(concentration):
                held.add(info.source)
        if lasting:
            timed.append(b)
    for c in (people.values() if held else ()):  # effects.held_by, looked up
        owed = c.extra.get("concentration_saves") if c.name in held else None
        if owed:
            refuse(N_("{name} owes a concentration save (con DC {dc}): "
                      "`save {name} --ability con`"), effects.SECTION, name=c.name,
                   dc=owed[0])
    naturals: list[list[int]] = []  # (none typed, no condition: no save owed)
    if saves or (current is not None and current.conditions):
        naturals = named_effects.check_turn_saves(dict(saves or {}), current,
                                                  lambda n: combatant(state, n))
    if current is not None:
        if stats.get(current, "death_save_due") and current.status == "unconscious":
            refuse(N_("{name} must roll its death save first: `death-save {name}`"),
                   "Tiri salvezza contro la morte", name=current.name)
        events.append(TurnEnded(name=current.name))
        if current.status not in ("dead", "fled"):
            events += saves_at_turn_end(current, rng, naturals)
        if timed:
            ended = {(e.name, e.condition) for e in events
                     if type(e).__name__ == "ConditionRemoved"}
            events += [e for e in conditions.expiring_at_turn_end(current, state, timed)
                       if (e.name, e.condition) not in ended]
    acted = set(state.acted)
    if current is not None:
        acted.add(current.name)
    order = state.order  # ordered(state), kept by the fold whenever it changes
    # _takes_turns inline; those who have acted passed by without a call
    nxt = next((n for n in filterfalse(acted.__contains__, order)
                if people[n].status not in ("dead", "fled")), None)
    round_ = state.round
    if nxt is None:
        nxt = next((n for n in order if _takes_turns(state, n)), None)
        if nxt is None:
            raise violation(N_("no one is left to take a turn: `end` or `flee`"))
        round_ += 1
        events.append(RoundStarted(round=round_))
    events.append(TurnStarted(name=nxt, round=round_))
    if timed:
        events += conditions.expiring_at(state, round_, nxt, order, timed)
    for name, natural in death_saves.items():
        c = combatant(state, name)
        if c.name != nxt or c.status != "unconscious":
            raise BadInput("--death-save", f"{name}={natural}",
                           N_("a death save for {nxt} only if it is dying at 0 hp"),
                           nxt=nxt)
        roll = dice.d20_typed(natural, what="death save natural")
        events.append(DeathSaveRolled(name=c.name, roll=roll, success=natural >= 10,
                                      acts=natural == 20))
    return events


def side_defeated(state: EncounterState) -> bool:
    """Fine del combattimento: every combatant of one side is out of the fight."""
    out = ("dead", "unconscious", "stable", "knocked-out", "fled")
    for side in (True, False):
        members = [c for c in state.combatants.values() if c.pc == side]
        if members and all(c.status in out for c in members):
            return True
    return False


def saves_at_turn_end(c, rng, naturals: list[list[int]]) -> list[Event]:
    """``--save-ends ABIL:DC``: the bearer repeats the save at the end of each of its
    turns, one SaveRolled per condition (``ends`` names it); a success removes it.
    ``naturals``: the faces typed, in the order of its conditions (else virtual)."""
    due = named_effects.saves_due(c)
    if not due:
        return []
    import msgspec

    from battletape.domain.dnd5e.saving_throws import save_roll
    from battletape.domain.events import ConditionRemoved

    events: list[Event] = []
    for i, (n, abil, dc) in enumerate(due):
        saved = save_roll(c, rng, abil, dc, None, naturals[i] if i < len(naturals) else [])
        events.append(msgspec.structs.replace(saved, ends=n))
        if saved.success:
            events.append(ConditionRemoved(name=c.name, condition=n,
                                           reason=f"saved ({abil} DC {dc})"))
    return events
