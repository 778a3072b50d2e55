"""Duel's verbs: add, guard, strike."""

from __future__ import annotations

from battletape.domain.verbs import Verb, arg, flag, opt


def _add(services, name, hp, pc):
    from battletape.domain import events as ev
    from battletape.domain.roster import check_body, names_for

    def decide(s, r):
        check_body(s, name, hp, 1, pc, 10, 0)
        names_for(s, name, 1)
        return [ev.CombatantAdded(name=name, max_hp=hp, hp=hp, pc=pc)]

    return decide


def _guard(services, name, amount):
    from battletape.domain.encounter import combatant, positive, require_on
    from tests.systems.duel.events import GuardRaised

    positive("guard", amount, allow_zero=False)

    def decide(s, r):
        require_on(s)
        return [GuardRaised(name=combatant(s, name).name, amount=amount)]

    return decide


def _strike(services, attacker, target, roll, dmg):
    from battletape.domain import dice, events as ev
    from battletape.domain.encounter import combatant, positive, require_on
    from battletape.domain.errors import refuse
    from tests.systems.duel.events import Struck

    positive("damage", dmg)

    def decide(s, r):
        require_on(s)
        a, t = combatant(s, attacker), combatant(s, target)
        if a.status == "dead":
            refuse(f"{a.name} is dead and strikes no more", "Duel: strikes")
        d20 = dice.d20_roll(roll, r)
        natural = d20.faces[0]
        hit = natural >= 10
        guard = t.part.guard if t.part is not None else 0
        dealt = max(0, dmg - guard) if hit else 0
        out: list = [Struck(attacker=a.name, target=t.name, roll=d20, hit=hit,
                            damage=dealt, guarded=min(guard, dmg) if hit else 0)]
        if dealt:
            out.append(ev.DamageTaken(target=t.name, amount=dealt, source="strike",
                                      natural=natural))
        return out

    return decide


VERBS = [
    Verb("add", _add, (
        arg("name"),
        opt("hp", int, None, help="Hit points.", required=True),
        flag("pc", help="A player character.")),
        "Add a duellist.  Example: battletape add Ada --hp 10 --pc"),
    Verb("guard", _guard, (
        arg("name"), arg("amount", int, help="How much each strike loses.")),
        "Raise a guard.  Example: battletape guard Ada 2", roll_option=""),
    Verb("strike", _strike, (
        arg("attacker"), arg("target"),
        opt("roll", int, None, help="The natural d20 (10+ hits)."),
        opt("dmg", int, 0, help="The damage on a hit, before the guard.")),
        "Strike: a natural 10 or more hits for the damage less the target's guard.  "
        "Example: battletape strike Ada Bo --roll 12 --dmg 4"),
]
