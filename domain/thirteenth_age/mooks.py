"""13th Age: mooks (the seed's Targeting names them: "whether they're mooks, normal
monsters, or large monsters"); the rules are 13th Age's mook rules.

Mooks of one type fight as a mob (``add Kobold --hp 6 --count 6 --mook``): the mob's
hit points are the sum of its mooks'; damage against one mook beyond what it has
spills over to the next, killing them one by one (each mook's threshold is its own
hit points); the mob shares one initiative and takes one turn, in which every mook
of it acts.
"""

from __future__ import annotations

from typing import Callable

from battletape.domain.state import Combatant, EncounterState


def is_mook(c: Combatant) -> bool:
    return bool(getattr(c.part, "mook", False))


def mob_name(c: Combatant) -> str:
    return c.group or c.name


def mob(state: EncounterState, c: Combatant) -> list[Combatant]:
    """The living mooks of ``c``'s mob (``c`` first, then the others in order)."""
    key = mob_name(c)
    names = list(state.order) + [n for n in state.combatants if n not in state.order]
    mates = [state.combatants[n] for n in names
             if is_mook(state.combatants[n]) and mob_name(state.combatants[n]) == key
             and state.combatants[n].status not in ("dead", "fled")]
    return sorted(mates, key=lambda m: m.name != c.name)


def spill(state: EncounterState, c: Combatant, amount: int,
          damage: Callable[[Combatant, int], None]) -> None:
    """Damage to a mook: what it cannot take goes on to the next mook of its mob (the
    last one left takes the rest)."""
    if not is_mook(c) or c.status in ("dead", "fled"):
        damage(c, amount)
        return
    left = amount
    victims = mob(state, c)
    for i, m in enumerate(victims):
        if left <= 0:
            break
        share = left if i == len(victims) - 1 else min(left, m.hp + m.temp_hp)
        damage(m, share)
        left -= share


def takes_the_turn(state: EncounterState, name: str, acted: set[str]) -> bool:
    """One turn a round for the whole mob: its first living mook's in the order, if
    no mook of the mob has had one this round."""
    c = state.combatants[name]
    if not is_mook(c):
        return True
    mates = [n for n in state.order if is_mook(state.combatants[n])
             and mob_name(state.combatants[n]) == mob_name(c)]
    if any(n in acted for n in mates):
        return False
    living = [n for n in mates if state.combatants[n].status not in ("dead", "fled")]
    return bool(living) and living[0] == name


def in_mobs_turn(state: EncounterState, c: Combatant) -> bool:
    """``c`` is a mook of the mob whose turn it is (its first living mook's turn)."""
    turn = state.combatants.get(state.turn) if state.turn else None
    return (turn is not None and is_mook(c) and is_mook(turn)
            and mob_name(turn) == mob_name(c))


def own_turn(state: EncounterState, c: Combatant) -> bool:
    """It is ``c``'s own turn: its turn, or its mob's, in which every mook acts as on
    its own turn (one standard, move and quick action each)."""
    return state.turn == c.name or in_mobs_turn(state, c)


def act_together(state: EncounterState, name: str) -> None:
    """At the mob's turn every living mook of it acts (as on its own turn, with its
    own standard, move and quick actions)."""
    c = state.combatants[name]
    if not is_mook(c):
        return
    for m in mob(state, c):
        if m.name != name:
            m.acts_out_of_turn = True
            m.actions_used = []
            p = m.part
            p.moving = p.moved = p.coup_de_grace = p.engaging = False
            state.out_of_turn.append(m.name)


def mobs_view(state: EncounterState) -> dict[str, dict]:
    """{mob: {hp, max_hp, mooks, alive}}: the mob's hit points are the sum."""
    out: dict[str, dict] = {}
    for c in state.combatants.values():
        if not is_mook(c):
            continue
        entry = out.setdefault(mob_name(c), {"hp": 0, "max_hp": 0, "mooks": 0,
                                             "alive": 0})
        entry["max_hp"] += c.max_hp
        entry["mooks"] += 1
        if c.status not in ("dead", "fled"):
            entry["hp"] += max(c.hp, 0)
            entry["alive"] += 1
    return out
