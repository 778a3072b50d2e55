"""13th Age SRD, Combat Rules: Attacks (Attacchi).

General Attack Rules, Crits (double damage; a doubled crit triples), Crit Range,
Fumbles (a natural 1 has no effect, not even miss damage), Damage on Miss, Flexible
Attacks (the natural result is recorded), Unarmed Attacks, Two-Weapon Fighting (reroll
a natural 2, and use the reroll), Coup de Grace, and the Combat Modifiers (Shooting
into Melee: a fumble is rerolled against the engaged ally; Invisibility). Multiple
targets: "a separate attack roll for each one, but only roll damage once". Targeting:
"you can't target yourself". Confused: "Your next attack action will be a basic or
at-will attack against any nearby ally, determined randomly". Unconscious: a monster
may be knocked out instead of slain. Flying: a swoop attacks a flyer "instead of
engaging it directly, at a -2 attack penalty".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from battletape.domain import dice
from battletape.domain.encounter import (combatant, require_able, require_initiative, require_turn,
                              same_side)
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.events import AttackResolved, Engaged, Event, OngoingDamageApplied, Roll
from battletape.domain.state import Combatant, EncounterState
# what the GM announced, declared once with the verb's options
from battletape.domain.thirteenth_age.attack_order import AttackOrder
from battletape.domain.thirteenth_age import (actions, combat_stats, conditions,
                                   damage_and_healing, effects, escalation_die,
                                   events as te, mooks, position,
                                   resistance, targeting)

if TYPE_CHECKING:
    import random

KINDS = ("melee", "ranged", "spell", "close")


def unarmed_damage(level: int) -> str:
    """Unarmed Attacks: 1d6 per two levels, and a d3 at odd levels."""
    terms = []
    if level // 2:
        terms.append(f"{level // 2}d6")
    if level % 2:
        terms.append("1d3")
    return "+".join(terms)


def crit_multiplier(double_crit: bool | int) -> int:
    """Crit Effects: double damage; "If you manage to double your crit damage ...
    triple it instead. If you manage to double your triple damage, bump it up to
    quadruple, and so on": each doubling adds one to the multiplier."""
    return 2 + int(double_crit)


def _spirit(c: Combatant, stat: str, round_: int) -> int:
    entry = c.part.spirit.get(stat)
    return entry[0] if entry and entry[1] >= round_ else 0


def attack_modifiers(state: EncounterState, a: Combatant, t: Combatant,
                     order: AttackOrder) -> dict[str, int]:
    """Every modifier to the attack total besides the announced bonus."""
    mods: dict[str, int] = {}
    held = a.conditions  # (an attacker without conditions: nothing of theirs to ask)
    if held and conditions.attack_penalty(set(held)):
        worst = next(x for x in ("dazed", "fear", "weakened") if x in held)
        mods[worst] = conditions.ATTACK_PENALTY
    grab = t.conditions.get("grabbed") if t.conditions else None
    if grab is not None and grab.source and grab.source.casefold() == a.name.casefold():
        mods["grabbing"] = conditions.GRAB_ATTACK_BONUS
    if a.part.penalty:
        mods["no recoveries"] = -a.part.penalty
    if order.unarmed:
        mods["unarmed"] = -2
    if order.swoop:
        mods["swoop"] = -2
    spirit = _spirit(a, "attack", state.round)
    if spirit:
        mods["fight in spirit"] = spirit
    if order.modifier:
        mods["situation"] = order.modifier
    if held:
        mods.update(effects.bonus(a, "attack"))  # named effects of powers and spells
    return mods


def defense_value(state: EncounterState, t: Combatant, defense: str) -> int:
    base = t.ac if defense == "ac" else getattr(t.part, defense)  # PD, MD: 13th Age
    penalty = conditions.defense_penalty(set(t.conditions),
                                         t.status in ("unconscious", "stable"))
    return (base + penalty - t.part.penalty + _spirit(t, defense, state.round)
            + (effects.total(t, defense) if t.conditions else 0))


def _natural(order: AttackOrder, index: int, rng: random.Random) -> Roll:
    if order.rolls:
        return dice.d20_typed(order.rolls[index])
    return dice.d20_virtual(rng)


def _checks(state: EncounterState, a: Combatant, targets: list[Combatant],
            order: AttackOrder) -> None:
    require_initiative(state)
    require_able(a, "attack")
    if (order.opportunity or order.swoop) and order.kind is None:
        order.kind = "melee"  # an opportunity attack, a swoop: melee attacks by rule
    if order.kind is not None and order.kind not in KINDS:
        raise BadInput("attack kind", order.kind, ", ".join(KINDS))
    if order.rolls and len(order.rolls) != len(targets):
        raise BadInput("--roll", ",".join(map(str, order.rolls)),
                       N_('one natural d20 per target ({n})'), n=len(targets))
    if order.concealment and len(order.concealment) != len(targets):
        raise BadInput("--concealment", order.concealment, N_("one d100 per target"))
    if not 2 <= order.crit_range <= 20:
        raise BadInput("crit range", order.crit_range, "2..20")
    if order.miss < 0 or order.ongoing < 0:
        raise BadInput("damage", min(order.miss, order.ongoing), N_("0 or more"))
    if order.unarmed and order.miss:  # Unarmed Attacks: "If you miss, no damage."
        raise BadInput("--miss", order.miss, N_("nothing: an unarmed attack that misses "
                       "deals no damage"))
    if len({t.name for t in targets}) != len(targets):
        raise BadInput("targets", ",".join(order.targets), N_("each target once"))
    targeting.require_not_self(a, targets)
    if order.knock_out:
        for t in targets:
            damage_and_healing.require_knock_out(t, True)
    for t in targets:
        if t.status in ("dead", "fled"):
            refuse(N_("{name} is {status} and can't be attacked"), name=t.name,
                   status=t.status)
    if order.opportunity:
        if not conditions.can_make_opportunity_attacks(set(a.conditions)):
            refuse(N_("{name} is confused or grabbed and can't make opportunity attacks"),
                   "Conditions", name=a.name)
        if order.kind != "melee" or len(targets) != 1 or order.flexible:
            refuse(N_("an opportunity attack is one basic melee attack, never flexible"),
                   "Disengaging")
        t = targets[0]
        if a.name not in t.part.provoked or state.turn != t.name:
            refuse(
                N_("{name} has not provoked an opportunity attack from {attacker} this "
                   "turn (moving away from melee, or a ranged attack or spell while "
                   "engaged, does)"), "Disengaging", name=t.name, attacker=a.name)
    elif order.action != "interrupt":
        require_turn(state, a, "attack")
    if "hampered" in a.conditions and not order.basic and not order.opportunity:
        refuse(N_("{name} is hampered and can only make basic attacks (--basic)"),
               "Conditions: Hampered", name=a.name)
    if order.kind in ("ranged", "spell") and "grabbed" in a.conditions:
        refuse(N_("{name} is grabbed and can't use ranged attacks or ranged spells "
                  "(melee and close-quarters spells are fine)"), "Grabbed", name=a.name)
    if order.swoop:
        if order.kind != "melee" or not a.part.flying or any(
                not t.part.flying for t in targets):
            refuse(N_("a swoop is a flyer's melee attack on another flyer in the air, "
                      "instead of engaging it"), "Flying")
    if order.coup_de_grace:
        if order.opportunity or order.action != "standard" or state.turn != a.name:
            refuse(N_("a coup de grace is a standard action attack on your own turn"),
                   "Coup de Grace")
        if a.actions_used or a.part.moving:
            refuse(N_("a coup de grace skips the move and quick actions: {name} already "
                      "used {used}") if a.actions_used
                   else N_("a coup de grace skips the move and quick actions: {name} "
                           "already used its move"), "Coup de Grace", name=a.name,
                   used=", ".join(a.actions_used))
        t = targets[0]
        helpless = t.status in ("unconscious", "stable") or "helpless" in t.conditions
        if len(targets) != 1 or not helpless or t.name not in a.engaged_with:
            refuse(N_("a coup de grace targets only one helpless enemy you are engaged "
                      "with"), "Coup de Grace")
    if order.unarmed and order.defense != "ac":
        refuse(N_("unarmed attacks are against AC"), "Unarmed Attacks")


def _melee_engagement(state: EncounterState, a: Combatant,
                      targets: list[Combatant]) -> list[Event]:
    """Melee needs engagement: a free attacker moves in and engages (Movement and Melee)."""
    events: list[Event] = []
    for t in targets:
        if t.name in a.engaged_with:
            continue
        if a.engaged_with:
            refuse(
                N_("{name} is engaged with {engaged} and not with {target}: disengage or "
                   "move first"), "Movement and Melee", name=a.name,
                engaged=", ".join(a.engaged_with), target=t.name)
        moves = position.approach(state, a, t, how="attack")
        events += moves
        a = msgspec.structs.replace(a, actions_used=a.actions_used + [
            e.action for e in moves if e.action != "free"],
            part=msgspec.structs.replace(a.part, moving=False,
                                         engaging=state.turn == a.name))
    return events


def provoked_by(a: Combatant, targets: list[Combatant], kind: str,
                state: EncounterState) -> list[str]:
    """Ranged Attacks and Spell Attacks: who gets an opportunity attack."""
    if kind == "ranged":
        hit = {t.name for t in targets}
        foes = [n for n in a.engaged_with if n not in hit]
    elif kind == "spell":
        foes = list(a.engaged_with)
    else:
        return []
    return [n for n in foes if position.can_take_opportunity(state, n)]


def attack(state: EncounterState, rng: random.Random, order: AttackOrder) -> list[Event]:
    """Decide an attack: one d20 per target, one damage roll for all of them."""
    # the order as decided here (the die's pick of a confused attacker's ally, the
    # defense's key, a kind by rule) is this decision's own: the caller's order stays
    # as announced, to be decided again (verify decides a recurring line's one order)
    order = msgspec.structs.replace(order)
    a = combatant(state, order.attacker)
    confused_tags: list[str] = []
    if "confused" in a.conditions and not order.opportunity:
        order.targets, confused_tags = targeting.confused_target(
            state, a, order.targets, order.pick, rng)
    targets = [combatant(state, n) for n in order.targets]
    defense = combat_stats.defense_key(order.defense)
    order.defense = defense
    _checks(state, a, targets, order)
    events: list[Event] = []
    if order.kind == "melee" and not order.opportunity and not order.swoop:
        events += _melee_engagement(state, a, targets)
    probe = a
    if events:  # the move into melee is spent before the attack's own action
        probe = msgspec.structs.replace(a, actions_used=a.actions_used + [
            e.action for e in events if getattr(e, "action", "")])
    own_turn = mooks.own_turn(state, a)
    action = "free" if order.opportunity else actions.slot(probe, order.action, own_turn)
    if order.coup_de_grace:
        action = "standard"
    expr = order.damage or (unarmed_damage(a.level) if order.unarmed else None)
    ability = (combat_stats.ability_damage(order.ability, a.level)
               if order.ability and order.dmg is None else 0)
    if order.dmg is not None:
        damage_roll = dice.typed(expr or "", order.dmg)
    else:
        damage_roll = None
    escalation = escalation_die.attack_bonus(escalation_die.current(state), a.pc,
                                             "fear" in a.conditions)
    provokes = provoked_by(a, targets, order.kind, state)
    shared = _Shared(expr=expr, ability=ability, damage_roll=damage_roll,
                     escalation=escalation, defense=defense)
    reroll_used = False
    for i, t in enumerate(targets):
        tags = [f"provokes:{n}" for n in provokes] if i == 0 else []
        resolved, ongoing = _resolve(state, rng, a, t, order, _natural(order, i, rng),
                                     shared, tags + (confused_tags if i == 0 else []),
                                     action if i == 0 else "")
        events.append(resolved)
        events += ongoing
        if resolved.fumble and order.kind in ("ranged", "spell"):
            ally = targeting.into_melee(state, a, t, order.ally)
            if ally is not None and not reroll_used:  # Shooting into Melee
                reroll_used = True
                roll = dice.d20_roll(order.ally_roll, rng,
                                     what="shooting-into-melee reroll")
                again, ongoing = _resolve(
                    state, rng, a, ally, order, roll, shared,
                    [f"into-melee-reroll:{t.name}"], "")
                events.append(again)
                events += ongoing
    if order.reroll is not None and not any(
            getattr(e, "rerolled_from", None) == 2 for e in events):
        raise BadInput("--reroll", order.reroll, N_("nothing: Two-Weapon Fighting rerolls "
                       "only a natural 2 of a --two-weapon attack"))
    if order.ally_roll is not None and not reroll_used:
        raise BadInput("--ally-roll", order.ally_roll, N_("nothing: no fumble into melee "
                       "to reroll against an ally"))
    return events


class _Shared(msgspec.Struct, kw_only=True):
    """What every target of one attack shares: one damage roll, one escalation die."""

    expr: str | None
    ability: int
    damage_roll: Roll | None
    escalation: int
    defense: str


def _resolve(state: EncounterState, rng: random.Random, a: Combatant, t: Combatant,
             order: AttackOrder, roll: Roll, shared: _Shared, tags: list[str],
             action: str) -> tuple[AttackResolved, list[Event]]:
    """One attack roll against one target, and what it does (``extra``: tags after
    the attack's own)."""
    extra, tags = tags, []
    rerolled_from = None
    if order.two_weapon and roll.natural == 2:  # Two-Weapon Fighting
        rerolled_from = 2
        roll = dice.d20_roll(order.reroll, rng, what="two-weapon reroll")
    natural = roll.natural
    mods = attack_modifiers(state, a, t, order)
    total = natural + order.bonus + shared.escalation + sum(mods.values())
    dv = defense_value(state, t, shared.defense)
    crit_range = order.crit_range
    if "vulnerable" in t.conditions:
        crit_range -= conditions.VULNERABLE_CRIT_EXPANSION
    concealment = None
    concealed = False
    if order.invisible:  # Invisibility: 50% to miss completely, before the roll
        i = order.targets.index(t.name) if t.name in order.targets else 0
        concealment = (dice.Roll(expr="1d100", faces=[order.concealment[i]],
                                 sides=[100], total=order.concealment[i])
                       if order.concealment else dice.roll("1d100", rng))
        if not 1 <= concealment.total <= 100:
            raise BadInput("concealment d100", concealment.total, "1..100")
        concealed = concealment.total <= 50
    fumble = natural == 1 and not order.coup_de_grace
    crit = not fumble and not concealed and (natural >= crit_range or
                                              order.coup_de_grace)
    hit = not fumble and not concealed and (crit or total >= dv)
    if order.flexible:
        tags.append(f"flexible:{natural}")
    if order.coup_de_grace:
        tags.append("coup-de-grace")
    if order.opportunity:
        tags.append("opportunity")
    if order.nonmagical:
        tags.append("nonmagical")
    if order.knock_out:
        tags.append("knock-out")
    if order.swoop:
        tags.append("swoop")
    tags += extra
    if fumble and order.kind in ("ranged", "spell") and not any(
            x.startswith("into-melee-reroll:") for x in extra):
        tags += [f"shooting-into-melee:{n}" for n in t.engaged_with
                 if (o := state.combatants.get(n)) and same_side(o, a)
                 and o.name != a.name]
    amount = 0
    multiplier = 1
    if hit and (shared.expr or shared.damage_roll is not None or shared.ability):
        if shared.damage_roll is None:
            shared.damage_roll = (dice.roll(shared.expr, rng) if shared.expr
                                  else dice.typed("", 0))
        multiplier = crit_multiplier(max(int(order.double_crit),
                                         order.double_crits)) if crit else 1
        amount = (shared.damage_roll.total + shared.ability) * multiplier
    elif not hit and not fumble and not concealed and order.miss:
        amount = order.miss  # Damage on Miss
    outcome = resistance.apply(max(amount, 0), order.damage_type, natural, t.part.resist,
                               order.nonmagical)
    resolved = AttackResolved(
        attacker=a.name, target=t.name, defense=shared.defense, defense_value=dv,
        roll=roll, natural=natural, bonus=order.bonus,
        modifiers=mods, total=total, crit_range=crit_range, hit=hit, crit=crit,
        fumble=fumble, concealment=concealment, concealed_miss=concealed,
        extra=te.extra("AttackResolved", escalation=shared.escalation),
        damage_roll=shared.damage_roll if hit or amount else None,
        damage_type=order.damage_type, multiplier=multiplier,
        resistance=outcome.resistance, half=outcome.half, immune=outcome.immune,
        damage=outcome.amount, kind=order.kind or "", tags=tags,
        rerolled_from=rerolled_from, ongoing=order.ongoing if hit else 0,
        action=action)
    ongoing: list[Event] = []
    if hit and order.ongoing:
        ongoing.append(OngoingDamageApplied(
            name=t.name, amount=order.ongoing, damage_type=order.damage_type,
            save=order.ongoing_save, natural=natural,
            extra=te.extra("OngoingDamageApplied", nonmagical=order.nonmagical)))
    return resolved, ongoing
