"""D&D 3.5 (seed 003), Attacchi (Attacks), with Tiro per Colpire, Attacco completo and
Bonus di Attacco Base.

An attack roll (TxC) is 1d20 + the attack bonus against an Armor Class: a hit if the total
is at least the AC; "un 1 al dado in un TxC è sempre un fallimento", "un 20 al dado è sempre
un successo (oltre che una minaccia di critico)" (35-TXC-01..03). ``--bonus`` is the sheet's
total (BAB + Str or Dex + size + ...); every situational modifier the rules add (the
attacker's conditions, flanking, charging, fighting defensively, two-weapon fighting,
range increments, shooting into melee, nonlethal with a lethal weapon, an unseen attacker,
negative levels, aid another) is named in the event's ``modifiers``. A full attack
(``--full``, a full-round action) makes one attack per step of the attacker's base attack
bonus, in decreasing order, each iterative 5 lower (35-ATK-09, 35-BAB-01); its targets are
chosen as it goes (``B,C``: B first, C for the rest).
"""

from __future__ import annotations

from msgspec.structs import replace
from typing import TYPE_CHECKING

from battletape.domain import dice
from battletape.domain.dice import d100
from battletape.domain.dnd35 import (abilities, armor, armor_class,
                                     attacks_of_opportunity as aoo, battle_grid, conditions,
                                     confusion, critical_hits as crit, damage as dmg_rules,
                                     effects, special_moves, stats, weapons)
# what the GM announced, declared once with the verb's options
from battletape.domain.dnd35.attack_order import AttackOrder
from battletape.domain.dnd35.bonuses import Mod, stacked
from battletape.domain.dnd35.events import (ConfirmationRolled, IncorporealDamageRolled,
                                            MissChanceRolled, SplashLanded)
from battletape.domain.dnd35.rounds_and_actions import (complete_pending, require_battle,
                                                        require_can_act, strain, take)
from battletape.domain.dnd35.terms import damage_type
from battletape.domain.encounter import combatant
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.events import AttackResolved, DamageTaken, Event, Roll
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random

SECTION = "Attacchi"
KINDS = ("melee", "ranged")
DEFENSES = ("ac", "touch", "flat-footed")
#: Incorporeo: an incorporeal attacker's magic melee weapon on a corporeal target
INCORPOREAL_WEAPON_MISS = 50


def attacks_from_bab(bab: int) -> int:
    """35-BAB-01: 1 attack up to +5, 2 at +6..+10, 3 at +11..+15, 4 at +16 or more."""
    return 1 if bab <= 5 else min(4, 1 + (bab - 1) // 5)


def check(o: AttackOrder) -> None:
    """Bad input: one clear line before anything is decided."""
    if not o.targets:
        raise BadInput("targets", "", N_("TARGET[,TARGET...]"))
    if o.vs not in DEFENSES:
        if o.vs in ("pd", "md"):
            from battletape.domain.errors import NotThisSystem
            raise NotThisSystem.said(N_("--vs {defense} is a 13th Age defense; this "
                                        "encounter is 3.5e"), "--vs", o.vs, defense=o.vs)
        raise BadInput("--vs", o.vs, N_("ac, touch or flat-footed"))
    if o.kind is not None and o.kind not in KINDS:
        raise BadInput("--kind", o.kind, N_("melee or ranged"))
    crit.check_threat(o.threat)
    crit.check_mult(o.mult)
    for r in o.rolls:
        if not 1 <= r <= 20:
            raise BadInput("--roll", r, N_("natural d20s from 1 to 20"))
    for r in o.confirms:
        if not 1 <= r <= 20:
            raise BadInput("--confirm", r, N_("a natural d20 from 1 to 20"))
    for r in o.incorporeal_rolls:
        if not 1 <= r <= 100:
            raise BadInput("--incorporeal-roll", r, N_("a d100 result from 1 to 100"))
    for r in o.miss_rolls:
        if not 1 <= r <= 100:
            raise BadInput("--miss-roll", r, N_("a d100 result from 1 to 100"))
    if o.concealment not in (None, 20, 50):
        raise BadInput("--concealment", o.concealment,
                       N_("20 (concealment) or 50 (total)"))
    # --miss-roll without --concealment: checked once the conditions are known (attack)
    if o.cover is not None and o.cover not in armor_class.COVER:
        raise BadInput("--cover", o.cover, ", ".join(armor_class.COVER))
    if any(d < 0 for d in o.dmgs) or (o.dmg is not None and o.dmg < 0):
        raise BadInput("--dmg", o.dmg, N_("0 or more"))
    if o.dmg is not None and o.damage is not None:
        raise BadInput("--dmg", o.dmg,
                       N_("either --damage EXPR (rolled) or --dmg N (typed)"))
    if o.increment is not None and o.increment < 1:
        raise BadInput("--increment", o.increment, N_("1 or more"))
    if o.off_hand not in ("light", "one-handed"):
        raise BadInput("--off-hand", o.off_hand, N_("light or one-handed"))
    if (o.full or o.two_weapon) and o.opportunity:
        raise BadInput("--opportunity", "with --full",
                       N_("a single melee attack (an attack of opportunity)"))
    weapons.check(o)


def own_mods(a: Combatant, kind: str | None) -> list[Mod]:
    """What the attacker itself brings to any attack roll of ``kind`` -- a plain attack
    or the touch attack of a special move: its conditions (fear counted once), its
    negative levels (Risucchio di energia), a non-proficient armor's check penalty."""
    mods: list[Mod] = []
    for n, e in conditions.effects(a):
        if e.attack and n not in conditions.FEAR:
            mods.append(Mod(e.attack, "untyped", n))
        if e.melee_attack and kind == "melee":
            mods.append(Mod(e.melee_attack, "untyped", n))
    fear = conditions.fear_penalty(a) if a.conditions else 0
    if fear:
        mods.append(Mod(fear, "untyped", "fear (" + ", ".join(
            n for n in conditions.FEAR if n in a.conditions) + ")"))
    levels = stats.get(a, "negative_levels")
    if levels:
        mods.append(Mod(-levels, "untyped", f"{levels} negative level(s)"))
    return mods + armor.attack_mods(a)


def situational(state: EncounterState, a: Combatant, t: Combatant, o: AttackOrder,
                unseen: bool) -> list[Mod]:
    """The modifiers the rules add to ``a``'s attack roll against ``t``."""
    mods = own_mods(a, o.kind)
    for m in a.extra.get("mods") or []:
        if m.get("stat") == "attack" and (not m.get("against") or m["against"] == t.name):
            mods.append(Mod(m["value"], m.get("bonus_type", "untyped"), m.get("source", "")))
    if unseen:
        mods.append(Mod(2, "untyped", "unseen attacker (Invisibile)"))
    mods += battle_grid.attack_mods(o)
    mods += special_moves.attack_mods(a, o)
    mods += special_moves.grapple_mods(a, t)
    mods += battle_grid.versus(a, t, o)
    mods += weapons.attack_mods(o, a)
    mods += abilities.attack_mods(a, o.kind)     # a score changed since the sheet
    return mods


def _unseen(a: Combatant, t: Combatant, o: AttackOrder) -> bool:
    """The target can't see the attacker: invisible, hidden, or the target is blinded."""
    return o.hidden or "invisible" in a.conditions or "blinded" in t.conditions


def incorporeal_weapon(a: Combatant, t: Combatant, o: AttackOrder) -> bool:
    """Incorporeo (35-CND-22), the attacker's side: an incorporeal creature's melee
    attack on a corporeal target with a weapon -- not its incorporeal touch (``--vs
    touch``) nor a natural weapon (``--natural``): a nonmagical one "non può
    danneggiare", a magic one "ha il 50% di fallire" (a miss chance, ``--miss-roll``)."""
    return ("incorporeal" in a.conditions and "incorporeal" not in t.conditions
            and o.kind == "melee" and o.vs != "touch" and not o.naturals)


def _miss_chance(a: Combatant, t: Combatant, o: AttackOrder) -> tuple[int, str]:
    best, why = o.concealment or 0, "concealment" if o.concealment else ""
    if o.magic and incorporeal_weapon(a, t, o) and INCORPOREAL_WEAPON_MISS > best:
        best, why = INCORPOREAL_WEAPON_MISS, "incorporeal attacker, magic weapon"
    sight, because = battle_grid.miss_chance(a, t, o)
    if sight > best:
        best, why = sight, because
    for n in conditions.has(a, "miss_chance"):
        if conditions.EFFECTS[n].miss_chance > best:
            best, why = conditions.EFFECTS[n].miss_chance, f"attacker {n}"
    for n in conditions.has(t, "concealed"):
        if conditions.EFFECTS[n].concealed > best:
            best, why = conditions.EFFECTS[n].concealed, f"target {n}"
    return best, why


def _plan(a: Combatant, o: AttackOrder) -> list[tuple[int, str, str]]:
    """Each swing: (iterative penalty, label, role). Roles: ``primary`` (a manufactured
    weapon in the primary hand), ``off`` (two-weapon fighting's off hand),
    ``natural-primary`` and ``natural-secondary`` (Armi Naturali: never iterative)."""
    naturals = [(0, f"natural {i + 1} ({n})", f"natural-{n}")
                for i, n in enumerate(o.naturals)]
    if not o.full:
        if len(o.rolls) > 1:
            raise BadInput("--roll", ",".join(map(str, o.rolls)),
                           N_("one natural (a single attack; --full for a full attack)"))
        return naturals[:1] or [(0, "attack", "primary")]
    swings: list[tuple[int, str, str]] = []
    why = ""
    if o.naturals and not o.manufactured:
        swings = naturals
        why = (f"{len(naturals)} natural weapon{'s' if len(naturals) > 1 else ''} give "
               f"{len(naturals)} attack{'s' if len(naturals) > 1 else ''} (never iterative)")
    else:
        bab = stats.get(a, "bab")
        n = attacks_from_bab(bab)
        swings = [(-5 * i, f"attack {i + 1}", "primary") for i in range(n)]
        why = f"BAB {bab:+d} gives {n} attack{'s' if n > 1 else ''}"
        if o.two_weapon:
            swings.append((0, "off hand", "off"))
            why += " and the off hand one more"
        if naturals:
            swings += naturals
            why += f" and the natural weapons {len(naturals)} more"
    if len(o.rolls) > len(swings):
        raise BadInput("--roll", ",".join(map(str, o.rolls)),
                       N_('at most {n} naturals: {why}'), n=len(swings), why=why)
    if o.rolls:
        swings = swings[:len(o.rolls)]
    return swings


def _slug(o: AttackOrder) -> str:
    if o.coup_de_grace:
        return "coup-de-grace"
    if o.charge:
        return "charge"
    if o.full:
        return "full-attack"
    if o.splash or (o.improvised and o.thrown):
        return "ranged-attack"
    if o.unarmed:
        return "unarmed-strike"
    if o.kind == "ranged":
        return "ranged-attack"
    if o.kind == "melee" or o.naturals:
        return "melee-attack"
    return "standard"


def attack(state: EncounterState, rng: "random.Random", o: AttackOrder) -> list[Event]:
    require_battle(state)
    check(o)
    a = combatant(state, o.attacker)
    targets = [combatant(state, t) for t in o.targets]
    for t in targets:
        if t.name == a.name:
            refuse(N_("{name} can't attack itself"), SECTION, name=a.name)
        if t.status in ("dead", "fled"):
            refuse(N_("{name} is {status}"), SECTION, name=t.name, status=t.status)
    if o.cover == "total":
        refuse(N_("{name} has total cover: it can't be targeted or attacked"),
               "Copertura Totale", name=targets[0].name)
    require_can_act(state, a, "attack")
    for n in conditions.has(a, "no_attack"):
        refuse(N_("{name} is {condition} and can't attack"),
               f"Condizioni: {conditions.CONDITIONS[n].title()}", name=a.name,
               condition=n)
    confusion.check_attack(state, a, targets)
    if o.miss_rolls and not (o.concealment or o.obscured or o.light in ("dim", "dark")) \
            and not any(_miss_chance(a, t, o)[0] for t in targets):
        raise BadInput("--miss-roll", o.miss_rolls[0], N_("--concealment 20|50 as well"))
    special_moves.check_attack(state, a, targets, o)
    weapons.check_rules(a, o)
    if o.splash:
        o = _as_splash(o)
    elif o.kind is None and (o.naturals or o.unarmed):
        o = replace(o, kind="melee")    # natural weapons and unarmed strikes are melee
    swings = _plan(a, o)
    if len(targets) > len(swings) and not o.intersection:
        raise BadInput("targets", ",".join(o.targets),
                       N_('at most {n} target(s), one per attack'), n=len(swings))
    events: list[Event] = []
    kind_spent = "none"
    if o.opportunity:
        aoo.check(state, a, targets[0], o.cover, o.concealment, o.kind)
        aoo.check_trigger(state, a, targets[0], o.trigger)
        action = "aoo"
    elif a.acts_out_of_turn and state.turn != a.name:
        action = "readied"
    elif o.charge and stats.get(a, "pending") == "charge":
        complete_pending(state, a, "charge")    # declared by `do A charge` (35-AOO-05)
        action = ""
    else:
        two_handed_throw = o.improvised and o.thrown and \
            weapons.wielded(a, o) == "two-handed"
        taken = take(state, a, _slug(o), targets[0], o.threatened_by,
                     kind="full-round" if two_handed_throw else None, can_act=True)
        events += taken
        kind_spent = taken[0].kind
        action = ""
    for t in targets:       # Affascinato: an attack is a direct threat that ends it
        events += conditions.fascination_ends(t, a.name, conditions.DIRECT_THREAT)
    if o.intersection:
        return events + _intersection(state, rng, a, targets, o) + \
            strain(state, a, kind_spent)
    rolls = list(o.rolls)
    confirms = list(o.confirms)
    misses = list(o.miss_rolls)
    incorporeal = list(o.incorporeal_rolls)
    damage = dmg_rules.DamageRoller(o, rng)
    hp = {t.name: (t.hp, stats.get(t, "nonlethal")) for t in targets}
    for i, (iterative, label, role) in enumerate(swings):
        t = targets[min(i, len(targets) - 1)]
        unseen = _unseen(a, t, o)
        d = armor_class.defense(state, a, t, o.vs, o.kind, o.cover, unseen)
        mods = situational(state, a, t, o, unseen)
        if iterative:
            mods.append(Mod(iterative, "untyped", "iterative attack"))
        if role == "natural-secondary":
            mods.append(Mod(weapons.SECONDARY_PENALTY, "untyped",
                            "secondary natural weapon"))
        if label == "off hand":
            mods = [m for m in mods if m.source != "two-weapon fighting (primary)"]
            mods.append(Mod(weapons.off_hand_penalty(o.off_hand), "untyped",
                            "two-weapon fighting (off hand)"))
        counted = stacked(mods)
        modifiers = {"attack bonus": o.bonus}
        for m in counted:
            modifiers[m.source or m.type] = modifiers.get(m.source or m.type, 0) + m.value
        bonus = sum(modifiers.values())
        natural_given = rolls.pop(0) if rolls else None
        roll = dice.d20_roll(natural_given, rng, bonus)
        natural = roll.faces[0]
        total = natural + bonus
        tags = list(d.tags)
        if o.coup_de_grace:
            hit, tags = True, tags + ["coup de grace: hits automatically"]
        elif natural == 1:
            hit = False
            tags.append("natural 1 misses")
        elif natural == 20:
            hit = True
            tags.append("natural 20 hits")
        else:
            hit = total >= d.value
        cover_hit = battle_grid.hits_cover(o, natural, total, d.value, hit)
        if cover_hit:
            tags.append("cover hit: the damage goes to the cover (Distruggere la copertura)")
        chance, why = _miss_chance(a, t, o)
        if hit and chance and not o.coup_de_grace:
            m_roll = d100(misses.pop(0) if misses else None, rng, "--miss-roll")
            missed = m_roll.total <= chance
            events.append(MissChanceRolled(attacker=a.name, target=t.name, roll=m_roll,
                                           chance=chance, missed=missed))
            if missed:
                hit = False
                tags.append(f"miss chance {chance}% ({why}): d100 {m_roll.total}")
        threat_at, keen = effects.threat_floor(a, o.threat)
        if keen and not o.coup_de_grace and natural >= threat_at and hit:
            tags.append(f"threat range {threat_at}-20 ({keen})")
        threat = crit.threatens(natural, hit, threat_at) or (o.coup_de_grace and hit)
        critical = False
        if threat and not o.coup_de_grace:
            tags.append("threat")
            c_given = confirms.pop(0) if confirms else None
            c_roll = dice.d20_roll(c_given, rng, bonus, "confirmation natural")
            c_nat = c_roll.faces[0]
            critical = crit.confirms(c_nat, c_nat + bonus, d.value)
            events.append(ConfirmationRolled(attacker=a.name, target=t.name, roll=c_roll,
                                             total=c_nat + bonus, defense_value=d.value,
                                             confirmed=critical))
            tags.append("confirmed" if critical else "not confirmed")
        elif o.coup_de_grace:
            critical = True
        if critical and (stats.get(t, "crit_immune")):
            tags.append("immune to critical hits: normal damage")
            critical = False
        mult = o.mult if critical else 1
        amount, d_roll, dtags = (0, None, [])
        if hit:
            amount, d_roll, dtags = damage.hit(a, t, mult, chance > 0, label,
                                               weapons.strength(a, o, role))
        tags += dtags
        nonlethal = (o.nonlethal or o.unarmed) and not o.lethal
        if hit and stats.get(t, "object"):
            from battletape.domain.dnd35 import attacking_objects  # (an object's hit only)
            amount, otags = attacking_objects.on_hit(t, amount, damage_type(o.damage_type),
                                                     o.kind, nonlethal)
            tags += otags
        if hit and amount and not o.magic and incorporeal_weapon(a, t, o):
            amount = 0
            tags.append("incorporeal attacker: a nonmagical weapon can't harm a "
                        "corporeal target")
        if hit and amount and "incorporeal" in t.conditions:
            amount, itags, rolled = _incorporeal(t, amount, o, incorporeal, rng)
            tags += itags
            events += rolled
        if hit and amount:      # damage reduction, energy resistance (effects.py)
            amount, rtags = effects.reduced(t, amount, damage_type(o.damage_type), o.magic)
            tags += rtags
        if nonlethal:
            tags.append("nonlethal")
        if o.opportunity:
            tags.append("opportunity")
        if o.trigger is not None:
            tags.append(f"trigger:{o.trigger}")
        events.append(AttackResolved(
            attacker=a.name, target=t.name, defense=o.vs, defense_value=d.value,
            roll=roll, natural=natural, bonus=bonus, modifiers=modifiers, total=total,
            crit_range=threat_at, hit=hit, crit=critical, fumble=natural == 1,
            damage_roll=d_roll, damage_type=damage_type(o.damage_type),
            multiplier=mult, damage=amount, kind=o.kind or "", tags=tags, action=action,
            extra={"defense_parts": dict(d.parts)} if d.parts else {}))
        if cover_hit:
            events.append(battle_grid.damage_to_cover(a, t, o, damage, label))
        if hit and amount:
            cur_hp, cur_nl = hp[t.name]
            hp[t.name] = (cur_hp, cur_nl + amount) if nonlethal else (cur_hp - amount,
                                                                        cur_nl)
            events += dmg_rules.after_hit(t, amount, nonlethal, hp[t.name][0], o)
        if o.splash:
            events += _splash(state, rng, a, t, o, hit)
    if misses:
        raise BadInput("--miss-roll", ",".join(map(str, o.miss_rolls)),
                       N_("one d100 per hit a miss chance may turn into a miss ({n} such "
                          "hit in this attack): no miss roll for an attack that missed")
                       if len(o.miss_rolls) - len(misses) == 1 else
                       N_("one d100 per hit a miss chance may turn into a miss ({n} such "
                          "hits in this attack): no miss roll for an attack that missed"),
                       n=len(o.miss_rolls) - len(misses))
    if confirms:
        raise BadInput("--confirm", ",".join(map(str, o.confirms)),
                       N_("one natural per threat ({n} threat in this attack): no "
                          "confirmation roll without a threat")
                       if len(o.confirms) - len(confirms) == 1 else
                       N_("one natural per threat ({n} threats in this attack): no "
                          "confirmation roll without a threat"),
                       n=len(o.confirms) - len(confirms))
    return events + strain(state, a, kind_spent)


def _as_splash(o: AttackOrder) -> AttackOrder:
    """Armi a Spargimento: thrown like a thrown weapon, a ranged touch attack."""
    return replace(o, kind="ranged", thrown=True, vs="touch")


def _scatter(o: AttackOrder, rng) -> Roll:
    if o.scatter is not None:
        return Roll(expr="1d8", faces=[o.scatter], sides=[8], total=o.scatter,
                    source="typed")
    return dice.roll("1d8", rng)


def _splash_damage(state: EncounterState, names: list[str], amount: int,
                   o: AttackOrder) -> list[Event]:
    if not amount:
        return []
    out: list[Event] = []
    for n in names:
        c = combatant(state, n)
        if c.status in ("dead", "fled"):
            continue
        out.append(DamageTaken(target=c.name, amount=amount,
                               damage_type=damage_type(o.damage_type),
                               source="splash (Armi a Spargimento)"))
    return out


def _splash(state: EncounterState, rng, a: Combatant, t: Combatant, o: AttackOrder,
            hit: bool) -> list[Event]:
    """35-WPN-05: a hit splashes every creature adjacent to the target; a miss lands
    in one of the 8 squares around it (1d8)."""
    if hit:
        adjacent = [combatant(state, n).name for n in o.adjacent if n != t.name]
        return [SplashLanded(attacker=a.name, at=t.name, hit=True, splashed=adjacent,
                             damage=o.splash_dmg or 0)] + \
            _splash_damage(state, adjacent, o.splash_dmg or 0, o)
    return [SplashLanded(attacker=a.name, at=t.name, hit=False,
                         scatter=_scatter(o, rng))]


def _intersection(state: EncounterState, rng, a: Combatant, targets: list[Combatant],
                  o: AttackOrder) -> list[Event]:
    """35-WPN-05: thrown at a grid intersection, an attack against AC 5; a hit splashes
    the creatures of the 4 squares around it, with no direct damage."""
    if o.damage is not None or o.dmg is not None or o.confirms:
        raise BadInput("--intersection", "with direct damage or --confirm",
                       N_("--splash-dmg only (no direct damage at an intersection)"))
    mods = situational(state, a, targets[0], o, False)
    bonus = o.bonus + sum(m.value for m in stacked(mods))
    natural = o.rolls[0] if o.rolls else None
    roll = dice.d20_roll(natural, rng, bonus)
    nat = roll.faces[0]
    hit = nat != 1 and (nat == 20 or nat + bonus >= weapons.INTERSECTION_AC)
    names = [t.name for t in targets]
    if not hit:
        return [SplashLanded(attacker=a.name, at="intersection", hit=False, roll=roll,
                             defense_value=weapons.INTERSECTION_AC,
                             scatter=_scatter(o, rng))]
    return [SplashLanded(attacker=a.name, at="intersection", hit=True, roll=roll,
                         defense_value=weapons.INTERSECTION_AC, splashed=names,
                         damage=o.splash_dmg or 0)] + \
        _splash_damage(state, names, o.splash_dmg or 0, o)


def _incorporeal(t: Combatant, amount: int, o: AttackOrder, rolls: list[int], rng
                 ) -> tuple[int, list[str], list[Event]]:
    """Incorporeo (35-CND-22): immune to nonmagical attacks; a magic one's damage is
    ignored on a d100 of 01-50 (rolled apart from any concealment); force and positive or
    negative energy hurt in full."""
    if damage_type(o.damage_type) in conditions.FULL_ON_INCORPOREAL:
        return amount, [f"incorporeal: {o.damage_type} hurts in full"], []
    if not o.magic:
        return 0, ["incorporeal: immune to nonmagical attacks"], [IncorporealDamageRolled(
            name=t.name, amount=amount, magic=False, ignored=True)]
    r = d100(rolls.pop(0) if rolls else None, rng, "--incorporeal-roll")
    ignored = r.total <= conditions.INCORPOREAL_CHANCE
    rolled = [IncorporealDamageRolled(name=t.name, amount=amount, magic=True, roll=r,
                                      ignored=ignored)]
    if ignored:
        return 0, [f"incorporeal: d100 {r.total}, the damage is ignored (50%)"], rolled
    return amount, [f"incorporeal: d100 {r.total}, the damage goes through"], rolled
