"""5e SRD (seed 002), Giocare: Effettuare un attacco (Making an Attack).

Choose a target, the GM determines the modifiers (cover, advantage and disadvantage,
bonuses and penalties), roll to hit against AC, then damage on a hit. Attaccanti e
bersagli invisibili: "Se attacchi una creatura che non vedi, hai svantaggio" (also
derived when the attacker is Blinded); "Se non è dove pensi, manchi"
(``--wrong-square``); "Se una creatura non può vederti, hai vantaggio per colpirla"
(also when the target is Blinded); attacking from hiding reveals the attacker.
The seed never says what makes a critical hit nor that a natural 20 always hits and a
natural 1 always misses (5E-GAP-01): battletape follows the official SRD (a natural
20 hits and is a critical hit, a natural 1 misses) and tags the decision. Paralyzed
and Unconscious targets turn a melee hit into a critical hit (read "a melee attack
that hits"). Damage is rolled once for all targets; a critical hit rolls the dice
twice and adds the modifiers once; ``--dmg`` is the total as rolled at the table,
critical dice included (DESIGN.md), or ``--dmg`` plus ``--crit-dmg`` (the second roll
of the dice). Every source of advantage and disadvantage is a tag of the event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.dnd5e import (conditions, cover, d20_tests, effects,
                                     opportunity_attacks,
                          ranged_attacks, stats, underwater_combat)
from battletape.domain.dnd5e.actions import (readied_slot, require_can_act,
                                             require_mount_allows, require_slot,
                                             require_turn)
from battletape.domain.dnd5e.conditions import EFFECTS
from battletape.domain.dnd5e.damage_and_healing import (adjust, crit_expression, extra_crit_dice,
                                             underwater)
from battletape.domain.dnd5e.dropping_to_zero import instant_death, reaching_hp
from battletape.domain.dnd5e.terms import damage_type
from battletape.domain.encounter import combatant, require_initiative
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.events import AttackResolved, Event, Roll
from battletape.domain.state import Combatant, EncounterState
# what the GM announced, declared once with the verb's options
from battletape.domain.dnd5e.attack_order import AttackOrder  # noqa: F401

if TYPE_CHECKING:
    import random

SECTION = "Effettuare un attacco"
KINDS = ("melee", "ranged", "spell")
SLOTS = ("action", "bonus", "reaction", "extra")


def _sources(state: EncounterState, a: Combatant, t: Combatant, o: AttackOrder,
             dtype: str | None) -> tuple[list[str], list[str]]:
    adv = ["gm"] if o.adv else []
    dis = ["gm"] if o.dis else []
    for n in a.conditions:
        eff = EFFECTS.get(n)
        if eff is None:
            continue
        if eff.needs_source_visible and o.source_hidden:
            continue
        if eff.own_attacks == "advantage":
            adv.append(f"attacker {n}")
        elif eff.own_attacks == "disadvantage":
            dis.append(f"attacker {n}")
        if eff.blind:
            dis.append("can't see target (attacker blinded)")
    for n in t.conditions:
        eff = EFFECTS.get(n)
        if eff is None:
            continue
        if eff.attacks_against == "advantage":
            adv.append(f"target {n}")
        elif eff.attacks_against == "disadvantage":
            dis.append(f"target {n}")
        if eff.melee_against == "advantage" and o.kind == "melee":
            adv.append(f"target {n}")
    if stats.get(t, "dodging"):
        dis.append("target dodging")
    if o.unseen:
        dis.append("attacker can't see target")
    elif stats.get(t, "hidden"):  # Unseen Attackers and Targets: from the state
        dis.append("attacker can't see target (target hidden)")
    if o.unseen_by_target:
        adv.append("target can't see attacker")
    elif stats.get(a, "hidden"):  # attacking from hiding: unseen, then revealed
        adv.append("target can't see attacker (attacker hidden)")
    wet = underwater(state)
    if not (wet and o.range == "long"):
        dis += ranged_attacks.range_disadvantage(o.kind, o.range, t.name)
    if o.adjacent_enemy:
        dis += ranged_attacks.close_quarters(o.kind, combatant(state, o.adjacent_enemy), a)
    if wet:
        dis += underwater_combat.disadvantage(a, o.kind, dtype, o.range)
    return adv, dis


class _Damage:
    """Damage rolled once for every target; the crit dice once more if needed."""

    def __init__(self, o: AttackOrder, rng: "random.Random"):
        self.o, self.rng = o, rng
        self._base: Roll | None = None
        self._crit: Roll | None = None

    def roll(self, crit: bool, more: str = "") -> Roll | None:
        """``more``: the named effects' dice for this target (``+1d6``), joined to the
        expression: typed, already in ``--dmg``; virtual, rolled for this target."""
        o = self.o
        if o.dmg is None and o.damage is None:
            return None
        if o.dmg is not None:
            joined = f"{o.damage}{more}" if o.damage and more else o.damage
            if not crit:
                return dice.typed(joined or "typed", o.dmg)
            if o.crit_dmg is None:
                expr = crit_expression(joined) if joined else "typed"
                return dice.typed(expr, o.dmg)
            first = dice.typed(joined or "typed", o.dmg)
            second = dice.typed(extra_crit_dice(joined) if joined else "typed",
                                o.crit_dmg)
            return Roll(expr=f"{first.expr} + crit {second.expr}",
                        total=first.total + second.total, source="typed")
        if self._base is None:
            self._base = dice.roll(o.damage, self.rng)
        if not crit:
            base = self._base
        else:
            if self._crit is None:
                self._crit = dice.roll(extra_crit_dice(o.damage), self.rng)
            b, x = self._base, self._crit
            base = Roll(expr=crit_expression(o.damage), faces=b.faces + x.faces,
                        sides=b.sides + x.sides, modifier=b.modifier,
                        total=b.total + x.total - x.modifier, source="virtual")
        if not more:
            return base
        rolled = dice.roll(crit_expression(more[1:]) if crit else more[1:], self.rng)
        return Roll(expr=f"{base.expr}+{rolled.expr}", faces=base.faces + rolled.faces,
                    sides=base.sides + rolled.sides,
                    modifier=base.modifier + rolled.modifier,
                    total=base.total + rolled.total, source="virtual")


def _effect_damage(a: Combatant, t: Combatant) -> tuple[str, int, list[str]]:
    """The named effects' damage on ``a``'s hit on ``t`` (effects.py): the dice joined
    to the attack's (``+1d6``), the numbers added once, and their tags."""
    if not a.conditions and not t.conditions:  # no named effect on either
        return "", 0, []
    more, flat = effects.damage_parts(a, t)
    tags = [f"effect:{n} damage {'' if d.startswith('-') else '+'}{d}" for n, d in more]
    tags += [f"effect:{n} damage {v:+d}" for n, v in flat.items()]
    joined = "".join(d if d.startswith("-") else f"+{d}" for _, d in more)
    return joined, sum(flat.values()), tags


def _slot(state: EncounterState, a: Combatant, o: AttackOrder,
          targets: list[Combatant]) -> str:
    if o.opportunity:
        opportunity_attacks.check(o.kind, targets, o.trigger)
        require_slot(state, a, "reaction")
        return "reaction"
    if o.trigger is not None:
        raise BadInput("--trigger", o.trigger, N_("only with --opportunity"))
    slot = o.action or "action"
    if slot not in SLOTS:
        raise BadInput("--action", slot, N_("action, bonus, reaction or extra"))
    readied = readied_slot(state, a, slot)
    if readied is not None:
        return readied
    if slot != "reaction":
        require_turn(state, a, "attack")
    if slot == "extra":
        # Extra Attack, Multiattack: a feature's exception to the one attack of the
        # Attack action (Le eccezioni superano le regole generali)
        if not a.extra.get("attacks"):
            refuse(N_("{name} has made no attack with the Attack action this turn: "
                      "--action extra is a further attack of that action (Extra Attack, "
                      "Multiattack)"), "Azioni: Attacco", name=a.name)
        return slot
    require_slot(state, a, slot)
    return slot


def attack(state: EncounterState, rng: "random.Random", o: AttackOrder) -> list[Event]:
    require_initiative(state)
    a = combatant(state, o.attacker)
    if not o.targets:
        raise BadInput("targets", "", N_("TARGET[,TARGET...]"))
    targets = [combatant(state, t) for t in o.targets]
    if len(targets) > 1 and len({t.name for t in targets}) != len(targets):
        raise BadInput("targets", ",".join(o.targets), N_("each target once"))
    if o.kind is not None and o.kind not in KINDS:
        raise BadInput("--kind", o.kind, N_("melee, ranged or spell"))
    if o.rolls and len(o.rolls) != len(targets):
        raise BadInput("--roll", o.rolls, N_('one roll per target ({n})'), n=len(targets))
    if o.crit_dmg is not None and o.dmg is None:
        raise BadInput("--crit-dmg", o.crit_dmg, N_("--dmg as well"))
    dtype = damage_type(o.damage_type)
    cover_degree = cover.check(o.cover)
    ranged_attacks.check_range(o.range)
    require_can_act(state, a, "attack")
    require_mount_allows(a, "attack")
    charm = a.conditions.get("charmed")
    for t in targets:
        if t.status in ("dead", "fled"):
            refuse(N_("{name} is {status}"), SECTION, name=t.name, status=t.status)
        if charm is not None and charm.source == t.name:
            refuse(N_("{name} is charmed by {target} and can't attack it"),
                   "Condizioni: Incantato", name=a.name, target=t.name)
    if o.knock_out and o.kind != "melee":
        refuse(N_("only a melee attack can knock a creature out (--kind melee)"),
               "Svenire un nemico")
    if o.rolls and (o.adv or o.dis):  # bad input before any rule: 5E-D20-02
        for t, faces in zip(targets, o.rolls):
            if len(faces) != 2 and d20_tests.mode(*_sources(state, a, t, o, dtype)) \
                    != "cancelled":
                raise BadInput("--roll", "/".join(map(str, faces)),
                               N_("two naturals as A/B with --adv or --dis"))
    slot = _slot(state, a, o, targets)
    damage = _Damage(o, rng)
    wet = underwater(state)  # (the state a decision is given does not change)
    events: list[Event] = []
    for i, t in enumerate(targets):
        plus = cover.bonus(cover_degree, t.name)
        adv, dis = _sources(state, a, t, o, dtype)
        own = effects.attack_bonus(a, t)          # named effects (effects.py)
        bonus = o.bonus + sum(own.values())
        test = d20_tests.roll(o.rolls[i] if o.rolls else [], rng, bonus, adv, dis,
                              who=t.name)
        natural, tags = test.natural, list(test.tags)
        shield = effects.ac_bonus(t)
        ac = t.ac + plus + sum(shield.values())
        if plus:
            tags.append(f"cover:{cover_degree} (+{plus} AC)")
        if own:
            tags += [f"effect:{n} attack {v:+d}" for n, v in own.items()]
        if shield:
            tags += [f"effect:{n} AC {v:+d}" for n, v in shield.items()]
        total = natural + bonus
        floor, keen = effects.crit_floor(a, t)
        if o.wrong_square:
            hit = False
            tags.append("wrong square: miss")
        elif wet and underwater_combat.auto_miss(o.kind, o.range):
            hit = False
            tags.append("underwater: ranged beyond normal range misses")
        elif natural == 20:
            hit = True
            tags.append("natural 20 hits (SRD)")
        elif natural >= floor:
            hit = True  # SRD: a critical hit hits
            tags.append(f"natural {natural} crits ({keen}): hits")
        elif natural == 1:
            hit = False
            tags.append("natural 1 misses (SRD)")
        else:
            hit = d20_tests.succeeds(total, ac)
        crit = hit and natural >= floor and not o.wrong_square
        if crit:
            tags.append("crit:natural 20 (SRD)" if natural == 20
                        else f"crit:natural {natural} ({keen}, {floor}-20)")
        if hit and o.kind == "melee":
            for n in conditions.has(t, "melee_crit"):
                crit = True
                tags.append(f"crit:target {n}")
        if o.opportunity:
            tags.append("opportunity")
        if stats.get(a, "hidden"):
            tags.append("revealed: attacked from hiding")
        more, plus_dmg, more_tags = _effect_damage(a, t)
        roll = damage.roll(crit, more) if hit else None
        if roll is not None and (more or plus_dmg):
            tags += more_tags
            if plus_dmg:
                roll = Roll(expr=f"{roll.expr}{plus_dmg:+d}", faces=roll.faces,
                            sides=roll.sides, modifier=roll.modifier + plus_dmg,
                            total=max(0, roll.total + plus_dmg), source=roll.source)
        amount, adj = 0, None
        if roll is not None:
            adj = adjust(state, t, roll.total, dtype)
            amount = adj.amount
            tags += adj.tags
        death = None
        if o.knock_out and hit:
            if reaching_hp(t, amount) >= t.hp > 0:
                tags.append("knocked-out")
            else:
                tags.append("knock-out: no effect (target stays above 0)")
        if hit and "knocked-out" not in tags:
            death = instant_death(t, amount)
        events.append(AttackResolved(
            attacker=a.name, target=t.name, defense="ac", defense_value=ac,
            roll=test.roll, natural=natural, bonus=o.bonus,
            modifiers={"attack bonus": o.bonus, **own}, total=total, hit=hit, crit=crit,
            fumble=natural == 1, damage_roll=roll, damage_type=dtype,
            multiplier=2 if adj and adj.vulnerable else 1, half=bool(adj and adj.resisted),
            immune=bool(adj and adj.immune), damage=amount, kind=o.kind or "",
            tags=tags, action=slot))
        if death is not None:
            events.append(death)
    return events
