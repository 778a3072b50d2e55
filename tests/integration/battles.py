"""Hypothesis strategies for generated battles: random GM commands on a real store."""

from __future__ import annotations

from hypothesis import strategies as st

from battletape.domain.thirteenth_age import roster
from battletape.domain.thirteenth_age import (attacks, conditions, cyclic_initiative as ci,
                                   damage_and_healing as dh, death_and_dying, disengaging,
                                   ongoing_damage, position, recoveries)

NAMES = ["Bruna", "Kael", "Goblin 1", "Goblin 2", "Ogre"]
CONDS = ["dazed", "weakened", "stuck", "vulnerable", "fear", "stunned"]


def setup_commands():
    return [
        lambda s, r: roster.add(s, "Bruna", 30, pc=True, ac=17, pd=14, md=12, init=3,
                                level=3, recovery_die="d10", con_mod=2),
        lambda s, r: roster.add(s, "Kael", 24, pc=True, ac=15, pd=12, md=15, init=5,
                                level=2),
        lambda s, r: roster.add(s, "Goblin", 12, ac=15, pd=13, md=10, init=4, count=2),
        lambda s, r: roster.add(s, "Ogre", 40, ac=16, pd=15, md=11, init=1,
                                resist=["fire:16"]),
        lambda s, r: ci.roll_initiative(s, r, {"Bruna": 12, "Kael": 9}),
    ]


def _turn(s):
    return s.turn or "Bruna"


@st.composite
def command(draw):
    """One GM command as a decide function (it may be refused by the rules)."""
    kind = draw(st.sampled_from(["attack", "attack", "attack", "next", "next", "damage",
                                 "heal", "temp", "cond", "ongoing", "engage",
                                 "disengage", "recover", "death", "move", "uncond"]))
    target = draw(st.sampled_from(NAMES))
    natural = draw(st.integers(1, 20))
    amount = draw(st.integers(0, 25))
    if kind == "attack":
        dmg = draw(st.integers(0, 20))
        miss = draw(st.sampled_from([0, 0, 3]))
        typ = draw(st.sampled_from([None, None, "fire"]))
        k = draw(st.sampled_from(["melee", "ranged", "spell"]))
        return lambda s, r: attacks.attack(s, r, attacks.AttackOrder(
            attacker=_turn(s), targets=[target], bonus=6, defense="ac",
            rolls=[natural], dmg=dmg, miss=miss, damage_type=typ, kind=k))
    if kind == "next":
        return lambda s, r: ci.next_turn(s, r, {})
    if kind == "damage":
        return lambda s, r: dh.direct_damage(s, target, amount, None)
    if kind == "heal":
        return lambda s, r: dh.direct_heal(s, target, amount)
    if kind == "temp":
        return lambda s, r: dh.temporary(s, target, amount)
    if kind == "cond":
        cond = draw(st.sampled_from(CONDS))
        save = draw(st.sampled_from([None, "easy", "normal", "hard"]))
        until = None if save else draw(st.sampled_from([None, "end-of-turn"]))
        return lambda s, r: conditions.apply_condition(s, target, cond, save, until, None)
    if kind == "uncond":
        cond = draw(st.sampled_from(CONDS))
        return lambda s, r: conditions.remove_condition(s, target, cond)
    if kind == "ongoing":
        return lambda s, r: ongoing_damage.apply(s, target, max(amount, 1), "fire",
                                                 "normal", natural)
    if kind == "engage":
        other = draw(st.sampled_from(NAMES))
        return lambda s, r: position.engage(s, target, other)
    if kind == "disengage":
        return lambda s, r: disengaging.disengage(s, r, _turn(s), natural)
    if kind == "move":
        where = draw(st.sampled_from(["far", "nearby"]))
        return lambda s, r: position.move(s, target, where)
    if kind == "recover":
        return lambda s, r: recoveries.recover(s, r, target, None)
    return lambda s, r: death_and_dying.death_save(s, r, _turn(s), natural, None)

