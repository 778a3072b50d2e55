"""D&D 3.5 (seed 003), Mosse speciali (Special Moves) that are not a plain attack roll.

- ``aid A ALLY TARGET`` -- *Aiutare un altro* (35-AID-01): a standard action, an attack
  roll against AC 10; success: +2 on the ally's next attack roll against that opponent,
  or +2 AC against that opponent's next attack; used once, gone at the start of the
  aider's next turn.
- ``feint A B`` -- *Fintare* (35-FNT-01): a standard action, Bluff opposed by Sense Motive
  + the target's BAB (``--opposed`` is the target's total); never against a mindless
  creature; -4 against a non-humanoid, -8 against Int 1-2 (the worse one only, ⚠). A
  tie keeps the target's guard (⚠ "superando": the feint must beat it). Success: the
  target loses its Dex bonus to AC against the feinter's next melee attack made before
  the end of the feinter's next turn.
- ``maneuver A B grapple|trip|disarm|sunder|bull-rush|overrun|pin`` -- *Lottare*,
  *Sbilanciare*, *Disarmare*, *Spezzare*, *Spingere*, *Oltrepassare* (35-GRP-01..03,
  35-TRP-01, 35-DIS-01, 35-SUN-01, 35-BR-01, 35-OVR-01). ``--check`` and ``--opposed``
  are the natural d20s (rolled if omitted); ``--bonus`` and ``--opposed-bonus`` each
  side's own modifier (default from the sheet: BAB + Str for a grapple check or the
  attack roll of a disarm or sunder, Str for trip, bull rush and overrun -- the defender
  the better of Str and Dex where it may choose); battletape adds what the rules add
  (special size modifier, +4 per size category, +4 with more than two legs, +4
  two-handed / -4 light or none, +2 charging) and names each, and each side's own
  penalties: its conditions, its negative levels (-1 on "tutti i TxC ... e prove di
  caratteristica"), a non-proficient armor's check penalty. The melee touch attack of a
  grapple or trip is an attack roll like any other: the mover's conditions (shaken,
  sickened, prone ...), negative levels and armor check penalty count
  (``touch_mods``). Ties: the higher modifier
  wins; equal modifiers: both reroll (35-GRP-02; ⚠ the seed says it of grapple checks,
  battletape applies it to every opposed roll here).
- ``turn NAME`` -- *Scacciare* (35-TRN-01): the turning check (``--check``: the total of
  1d20 + Cha modifier) sets the maximum Hit Dice, 2d6 + level + Cha the total; the
  targets, lowest Hit Dice first (``--targets`` in order of distance, nearest first).

A move whose provoked attack of opportunity dealt damage fails (grapple, disarm):
``--aoo-damage`` says so (battletape keeps no interleaving of the two).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from battletape.domain import dice
from battletape.domain.dnd35 import ability_scores, armor_class, conditions, size, stats
from battletape.domain.dnd35.rounds_and_actions import require_battle, require_can_act, strain, take
from battletape.domain.encounter import combatant
from battletape.domain.errors import AlreadyHolds, BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import ConditionApplied, Event
from battletape.domain.state import Combatant, EncounterState
# the move as announced, declared once with the verb's options; the seed's names
from battletape.domain.dnd35.maneuver_order import ALIASES, ManeuverOrder, canonical  # noqa: F401

if TYPE_CHECKING:
    import random

SECTION = "Mosse speciali"
MANEUVERS = ("grapple", "trip", "disarm", "sunder", "bull-rush", "overrun", "pin")
#: the action table's row for each move (pin: a grapple action in place of an attack)
ROWS = {"grapple": "grapple", "trip": "trip", "disarm": "disarm", "sunder": "sunder",
        "bull-rush": "bull-rush", "overrun": "overrun", "pin": "standard"}
ITALIAN = {"grapple": "Lottare", "trip": "Sbilanciare", "disarm": "Disarmare",
           "sunder": "Spezzare", "bull-rush": "Spingere", "overrun": "Oltrepassare",
           "pin": "Lottare"}


#: moves that may be countered at once by a defender who wins
COUNTERS = {"trip", "disarm", "overrun"}
WEAPONS = {"two-handed": 4, "one-handed": 0, "light": -4, "none": -4, "object": -4}
#: Scacciare: the turning check -> modifier to the maximum Hit Dice
TURNING = ((0, -4), (3, -3), (6, -2), (9, -1), (12, 0), (15, 1), (18, 2), (21, 3))
#: Unirsi ad una Lotta: at most 4 same-size grapplers on one creature
GRAPPLE_ROOM = 4


def _mod(c: Combatant, ability: str) -> int:
    score = ability_scores.score(c, ability)
    return 0 if score is None else stats.modifier(score)


# --- Aiutare un altro ----------------------------------------------------------------

def aid(state: EncounterState, rng: "random.Random", aider: str, ally: str, target: str,
        natural: int | None, bonus: int, give: str) -> list[Event]:
    from battletape.domain.dnd35.events import AidAnotherRolled, ModifierAdded

    require_battle(state)
    if give not in ("attack", "ac"):
        raise BadInput("--give", give, N_("attack (+2 on the ally's next attack roll) or ac "
                       "(+2 AC against the opponent's next attack)"))
    a, f, t = combatant(state, aider), combatant(state, ally), combatant(state, target)
    if len({a.name, f.name, t.name}) < 3:
        raise BadInput("aid", f"{a.name} {f.name} {t.name}", N_("three different creatures: "
                       "the helper, the ally, the opponent"))
    for c in (f, t):
        if c.status in ("dead", "fled"):
            raise violation(N_("{name} is {status}"), "Aiutare un altro", name=c.name,
                            status=c.status)
    events = take(state, a, "aid-another", t)
    roll = dice.d20_roll(natural, rng, bonus)
    nat = roll.faces[0]
    ok = nat == 20 or (nat != 1 and roll.total >= 10)
    events.append(AidAnotherRolled(aider=a.name, ally=f.name, target=t.name, give=give,
                                   roll=roll, total=roll.total, success=ok))
    if ok:
        events.append(ModifierAdded(
            name=f.name, stat=give, value=2, bonus_type="untyped",
            source=f"aid another ({a.name})", against=t.name,
            until=f"start of {a.name}'s turn", uses=1))
    return events + strain(state, a, events[0].kind)


# --- Fintare ---------------------------------------------------------------------------

def feint(state: EncounterState, rng: "random.Random", feinter: str, target: str,
          natural: int | None, bonus: int, opposed: int | None) -> list[Event]:
    from battletape.domain.dnd35.events import FeintRolled

    require_battle(state)
    a, t = combatant(state, feinter), combatant(state, target)
    if a.name == t.name:
        raise BadInput("feint", t.name, N_("an opponent, not the feinter"))
    if opposed is None:
        raise BadInput("--opposed", None, N_("the target's Sense Motive check + its BAB "
                       "(the total)"))
    if t.status in ("dead", "fled"):
        raise violation(N_("{name} is {status}"), "Fintare", name=t.name, status=t.status)
    if stats.get(t, "mindless"):
        refuse(N_("{name} is mindless: it can't be feinted"), "Fintare", name=t.name)
    mods: dict[str, int] = {"Bluff": bonus}
    intelligence = ability_scores.score(t, "int")
    if intelligence is not None and 1 <= intelligence <= 2:
        mods[f"{t.name} has Int {intelligence}"] = -8
    elif not stats.get(t, "humanoid"):
        mods[f"{t.name} is not humanoid"] = -4
    events = take(state, a, "feint", t)
    roll = dice.d20_roll(natural, rng, sum(mods.values()))
    ok = roll.total > opposed
    events.append(FeintRolled(feinter=a.name, target=t.name, roll=roll, modifiers=mods,
                              total=roll.total, opposed=opposed, success=ok,
                              turns=2 if state.turn == a.name else 1))
    return events + strain(state, a, events[0].kind)


# --- the maneuvers -----------------------------------------------------------------------

def _check(o: ManeuverOrder) -> None:
    if o.what not in MANEUVERS:
        raise BadInput("maneuver", o.what, ", ".join(MANEUVERS))
    for what, n in (("--check", o.check), ("--opposed", o.opposed), ("--touch", o.touch)):
        if n is not None and not 1 <= n <= 20:
            raise BadInput(what, n, N_("a natural d20 from 1 to 20"))
    for what, w in (("--weapon", o.weapon), ("--opposed-weapon", o.opposed_weapon)):
        if w not in WEAPONS:
            raise BadInput(what, w, ", ".join(WEAPONS))
    if o.dmg is not None and o.damage is not None:
        raise BadInput("--dmg", o.dmg,
                       N_("either --damage EXPR (rolled) or --dmg N (typed)"))
    if o.dmg is not None and o.dmg < 0:
        raise BadInput("--dmg", o.dmg, N_("0 or more"))
    if o.hardness < 0:
        raise BadInput("--hardness", o.hardness, N_("0 or more"))
    if o.charge and o.what != "bull-rush":
        raise BadInput("--charge", o.what,
                       N_("bull-rush (a bull rush as part of a charge)"))
    if o.trip_weapon and o.what != "trip":
        raise BadInput("--trip-weapon", o.what, N_("trip"))
    if o.keep and o.what != "disarm":
        raise BadInput("--keep", o.what, N_("disarm"))
    if o.no_room and o.what != "bull-rush":
        raise BadInput("--no-room", o.what, N_("bull-rush"))
    if o.avoided and o.what != "overrun":
        raise BadInput("--avoided", o.what, N_("overrun (the defender steps aside)"))


def _base(c: Combatant, what: str, defender: bool) -> tuple[str, int]:
    """(label, modifier) of ``c``'s own roll for ``what`` from its sheet."""
    bab, st, dx = stats.get(c, "bab"), _mod(c, "str"), _mod(c, "dex")
    if what in ("grapple", "pin"):
        return "grapple modifier (BAB + Str)", bab + st
    if what in ("disarm", "sunder"):
        return "attack bonus (BAB + Str)", bab + st
    if defender and what in ("trip", "overrun") and dx > st:
        return "Dex", dx
    return "Str", st


def _sides(state: EncounterState, a: Combatant, t: Combatant, o: ManeuverOrder
           ) -> tuple[dict[str, int], dict[str, int]]:
    """Each side's named modifiers."""
    label, own = _base(a, o.what, False)
    mine = {("--bonus" if o.bonus is not None else label):
            o.bonus if o.bonus is not None else own}
    label, own = _base(t, o.what, True)
    theirs = {("--opposed-bonus" if o.opposed_bonus is not None else label):
              o.opposed_bonus if o.opposed_bonus is not None else own}
    if o.what in ("grapple", "pin"):
        for c, other, side in ((a, t, mine), (t, a, theirs)):
            if size.special(c, other):
                side[f"size ({size.of(c)})"] = size.special(c, other)
    else:
        n = size.steps(a, t)
        if n:
            (mine if n > 0 else theirs)[f"size: {abs(n)} categories larger"] = 4 * abs(n)
    if o.what in ("trip", "overrun", "bull-rush") and stats.get(t, "legs") > 2:
        theirs[f"more than two legs ({stats.get(t, 'legs')})"] = 4
    if o.what == "bull-rush" and o.charge:
        mine["charging"] = 2
    if o.what in ("disarm", "sunder"):
        for w, side in ((o.weapon, mine), (o.opposed_weapon, theirs)):
            if WEAPONS[w]:
                side[f"{w} weapon" if w != "none" else "no weapon"] = WEAPONS[w]
    penalty = "attack" if o.what in ("disarm", "sunder") else "checks"
    for c, side in ((a, mine), (t, theirs)):
        p = conditions.penalty(c, penalty)
        if p:
            side[f"conditions ({penalty})"] = p
        side.update(_own(c))
    return mine, theirs


def _own(c: Combatant) -> dict[str, int]:
    """What a side brings to every roll of a special move besides its conditions: its
    negative levels (-1 each on attack rolls and checks) and a non-proficient armor's
    check penalty (Str- and Dex-based checks, attack rolls)."""
    from battletape.domain.dnd35 import armor

    out: dict[str, int] = {}
    levels = stats.get(c, "negative_levels")
    if levels:
        out[f"{levels} negative level(s)"] = -levels
    for m in armor.attack_mods(c):
        out[m.source] = m.value
    return out


def _touch_mods(a: Combatant, t: Combatant, o: ManeuverOrder) -> dict[str, int]:
    """The melee touch attack of a grapple or trip: the sheet's bonus (``--touch-bonus``,
    or BAB + Str + size) and what the mover brings to any melee attack roll."""
    from battletape.domain.dnd35.attacks import own_mods
    from battletape.domain.dnd35.bonuses import stacked

    mods = {"--touch-bonus": o.touch_bonus} if o.touch_bonus is not None else \
        {"BAB + Str + size": stats.get(a, "bab") + _mod(a, "str") + size.bonus(a, t)}
    for m in stacked(own_mods(a, "melee")):
        mods[m.source or m.type] = mods.get(m.source or m.type, 0) + m.value
    return mods


def _opposed(rng, o: ManeuverOrder, mine: dict[str, int], theirs: dict[str, int]):
    """Both rolls and who wins: the higher total, then the higher modifier, then both
    reroll (typed naturals: the reroll is asked for)."""
    ma, md = sum(mine.values()), sum(theirs.values())
    nat_a, nat_d = o.check, o.opposed
    while True:
        ra = dice.d20_roll(nat_a, rng, ma, "--check")
        rd = dice.d20_roll(nat_d, rng, md, "--opposed")
        if ra.total != rd.total:
            return ra, rd, ra.total > rd.total
        if ma != md:
            return ra, rd, ma > md
        if o.check is not None or o.opposed is not None:
            raise violation(N_("a tie at {total} with equal modifiers ({modifier}): both "
                               "reroll (give the new naturals: --check N --opposed N)"),
                            "Prove di Lotta", total=ra.total, modifier=f"{ma:+d}")
        nat_a = nat_d = None


def _grapplers(state: EncounterState, t: Combatant) -> list[Combatant]:
    return [state.combatants[n] for n in t.extra.get("grappling_with") or []
            if n in state.combatants]


def _room(a: Combatant, t: Combatant, others: list[Combatant]) -> float:
    """Unirsi ad una Lotta: how much of the 4 same-size places grapplers take."""
    def weight(c: Combatant) -> float:
        n = size.steps(c, t)
        return 0.5 if n < 0 else 1 if n == 0 else 2 if n == 1 else 4
    return sum(weight(c) for c in [*others, a])


def maneuver(state: EncounterState, rng: "random.Random", o: ManeuverOrder
             ) -> list[Event]:
    from battletape.domain.dnd35.events import ManeuverResolved, ModifierAdded, NonlethalDamageTaken

    require_battle(state)
    _check(o)
    a, t = combatant(state, o.attacker), combatant(state, o.target)
    rule = ITALIAN[o.what]
    if a.name == t.name:
        raise BadInput("maneuver", t.name, N_("an opponent, not the attacker itself"))
    if t.status in ("dead", "fled"):
        raise violation(N_("{name} is {status}"), rule, name=t.name, status=t.status)
    grapplers = _grapplers(state, t)
    joining = o.what == "grapple" and bool(grapplers)
    if o.what == "grapple" and a.name in (t.extra.get("grappling_with") or []):
        raise AlreadyHolds.said(N_("{name} is already grappling {target}"), name=a.name,
                                target=t.name)
    if joining and _room(a, t, grapplers) > GRAPPLE_ROOM:
        refuse(N_("no room to join the grapple on {name}: at most four same-size "
                  "creatures (one size larger counts 2, two or more 4, smaller 1/2)"),
               "Unirsi ad una Lotta", name=t.name)
    if o.what == "pin" and t.name not in (a.extra.get("grappling_with") or []):
        raise violation(
        N_("{name} is not grappling {target}: pinning is a grapple action"),
                        "Condizioni: In Lotta", name=a.name, target=t.name)
    if o.what in ("trip", "bull-rush", "overrun") and size.steps(t, a) > 1:
        refuse(N_("{name} ({size}) is more than one size larger than {other} "
                  "({other_size})"), rule, name=t.name, size=size.of(t), other=a.name,
               other_size=size.of(a))
    if o.what == "trip":
        if "incorporeal" in t.conditions:
            refuse(N_("{name} is incorporeal: it can't be tripped"), rule, name=t.name)
        if stats.get(t, "legs") == 0:
            refuse(N_("{name} has no legs: it can't be tripped"), rule, name=t.name)
    if o.what == "sunder" and o.damage_type and o.damage_type.lower() in (
            "piercing", "perforante"):
        refuse(N_("a sunder needs a slashing or bludgeoning weapon"), rule)
    if o.what == "overrun" and not o.counter and \
            a.extra.get("overrun_round") == state.round and state.round:
        refuse(N_("{name} has already tried an overrun this round: once per round"), rule,
               name=a.name)
    events: list[Event] = []
    if o.counter:
        pending = state.extra.get("maneuver_counter") or {}
        if pending != {"by": a.name, "against": t.name, "maneuver": o.what}:
            raise violation(N_("{name} has no counter {maneuver} against {target} now: only "
                               "at once, after winning against the same move"), rule,
                            name=a.name, maneuver=o.what, target=t.name)
        require_can_act(state, a, f"try a counter {o.what}", "free")
    elif o.opportunity:
        from battletape.domain.dnd35 import attacks_of_opportunity as aoo
        events += aoo.as_opportunity(state, a, t, o.what, o.trigger, o.trip_weapon)
    else:
        if o.what == "bull-rush" and o.charge:
            for n in conditions.has(a, "no_run_charge"):
                refuse(N_("{name} is {condition} and can't charge"), "Caricare",
                       name=a.name, condition=n)
            events += take(state, a, "charge", t)
            events.append(ModifierAdded(name=a.name, stat="ac", value=-2, source="charge",
                                        until=f"start of {a.name}'s turn"))
        elif not (o.what == "overrun" and o.avoided):
            events += take(state, a, ROWS[o.what], t)
        if (joining or o.trip_weapon) and events and events[0].provokes:
            events[0] = msgspec.structs.replace(events[0], provokes=[])
    # Affascinato: a special move on it is a direct threat that ends it
    events += conditions.fascination_ends(t, a.name, conditions.DIRECT_THREAT)
    result = dict(attacker=a.name, target=t.name, maneuver=o.what, counter=o.counter,
                  item=(o.item or "weapon") if o.what in ("disarm", "sunder") else None)
    if o.what == "overrun" and o.avoided:
        return events + [ManeuverResolved(
            **result, result=f"{t.name} steps aside: {a.name} moves on through its "
            "space (only movement spent)")]
    if o.aoo_damage and o.what in ("grapple", "disarm") and not o.counter:
        return events + [ManeuverResolved(
            **result, result=f"the attack of opportunity dealt damage: the {o.what} "
            "fails")]
    # the melee touch attack of a grapple or a trip
    if o.what in ("grapple", "trip") and not o.counter:
        if joining:
            result.update(touch_hit=True)
        else:
            touch_mods = _touch_mods(a, t, o)
            d = armor_class.defense(state, a, t, "touch", "melee")
            r = dice.d20_roll(o.touch, rng, sum(touch_mods.values()), "--touch")
            hit = r.faces[0] == 20 or (r.faces[0] != 1 and r.total >= d.value)
            result.update(touch=r, touch_ac=d.value, touch_hit=hit, touch_mods=touch_mods)
            if not hit:
                return events + [ManeuverResolved(
                    **result, result=f"the touch attack misses (touch AC {d.value})")]
    if o.what == "grapple" and size.steps(t, a) >= 2:
        return events + [ManeuverResolved(
            **result, result=f"{t.name} is two or more sizes larger: the grapple "
            "automatically fails")]
    mine, theirs = _sides(state, a, t, o)
    ra, rd, won = _opposed(rng, o, mine, theirs)
    result.update(check=ra, check_mods=mine, opposed=rd, opposed_mods=theirs,
                  success=won)
    out: list[Event] = []
    text = ""
    if o.what == "grapple":
        if won:
            text = f"{a.name} and {t.name} are grappling"
            for c, other in ((a, t), (t, a)):
                if "grappling" not in c.conditions:
                    out.append(ConditionApplied(name=c.name, condition="grappling",
                                                source=other.name))
            if o.damage is not None or o.dmg is not None:
                roll = dice.dice_total(o.damage or "typed", o.dmg, rng) if o.damage \
                    else dice.typed(str(o.dmg), o.dmg)
                result.update(damage_roll=roll, damage=roll.total)
                out.append(NonlethalDamageTaken(target=t.name, amount=roll.total,
                                                source=f"grapple ({a.name}, unarmed)"))
        else:
            text = f"{t.name} resists the grapple"
    elif o.what == "pin":
        if won:
            text = f"{t.name} is pinned by {a.name} for 1 round"
            out.append(ConditionApplied(name=t.name, condition="pinned", source=a.name,
                                        until=f"round {state.round + 1}", turn_ends=1))
        else:
            text = f"{t.name} is not pinned"
    elif o.what in ("trip", "overrun"):
        if won:
            text = f"{t.name} is knocked prone" if not o.counter else \
                f"{t.name} is knocked prone by the counter"
            if "prone" not in t.conditions:
                out.append(ConditionApplied(name=t.name, condition="prone",
                                            source=f"{o.what} ({a.name})"))
        elif o.what == "trip":
            text = f"{t.name} keeps its footing"
        else:
            text = (f"{t.name} blocks: {a.name} is pushed back 1,5 m and its move ends"
                    if not o.counter else f"{t.name} keeps its footing")
            result.update(distance_m=1.5 if not o.counter else 0.0)
    elif o.what == "disarm":
        item = result["item"]
        if won:
            keep = o.keep and o.weapon == "none"
            if o.keep and not keep:
                raise BadInput("--keep", True, N_("--weapon none (only an empty-handed "
                               "attacker may end holding the item)"))
            text = (f"{a.name} takes {t.name}'s {item}" if keep
                    else f"{t.name}'s {item} drops in its square")
        else:
            text = f"{t.name} keeps its {item}"
    elif o.what == "sunder":
        if won:
            if o.damage is not None or o.dmg is not None:
                roll = dice.roll(o.damage, rng) if o.damage else dice.typed(str(o.dmg),
                                                                             o.dmg)
                dealt = max(0, roll.total - o.hardness)
                result.update(damage_roll=roll, damage=dealt, hardness=o.hardness)
                text = (f"{a.name} strikes {t.name}'s {result['item']}: {roll.total} "
                        f"- hardness {o.hardness} = {dealt} damage to it")
            else:
                text = f"{a.name} strikes {t.name}'s {result['item']} (roll the damage)"
        else:
            text = f"{t.name}'s {result['item']} is not hit"
    elif o.what == "bull-rush":
        if won:
            extra = (ra.total - rd.total) // 5
            metres = 1.5 * (1 + extra)
            result.update(distance_m=metres)
            text = (f"{t.name} is pushed back {metres:g} m".replace(".", ",")
                    + (f" ({a.name} moving along)" if extra else ""))
        elif o.no_room:
            text = f"{a.name} fails and falls prone (no room to move back)"
            if "prone" not in a.conditions:
                out.append(ConditionApplied(name=a.name, condition="prone",
                                            source="bull rush failed"))
        else:
            text = f"{a.name} fails and moves back 1,5 m"
            result.update(distance_m=1.5)
    counter = (not won and not o.counter and o.what in COUNTERS
               and not (o.what == "disarm" and (o.opposed_weapon == "none"
                                                or not stats.get(t, "armed"))))
    if counter:
        text += f"; {t.name} may at once try to {o.what.replace('-', ' ')} {a.name}" + (
            "" if o.what != "overrun" else " (opposed Str, to knock it prone)")
    result["result"] = text
    return events + [ManeuverResolved(**result, counter_allowed=counter)] + out + (
        strain(state, a, events[0].kind) if events else [])


# --- Scacciare ---------------------------------------------------------------------------

def turning_modifier(check: int) -> int:
    for top, m in TURNING:
        if check <= top:
            return m
    return 4


def turn(state: EncounterState, rng: "random.Random", name: str, level: int,
         check: int | None, damage_roll: int | None, cha: int, targets: list[str]
         ) -> list[Event]:
    from battletape.domain.dnd35.events import Died, TurningResolved

    require_battle(state)
    c = combatant(state, name)
    if not 1 <= level <= 40:
        raise BadInput("--level", level, N_("the level that grants turning, 1..40"))
    if not -5 <= cha <= 20:
        raise BadInput("--cha", cha, N_("the Charisma modifier"))
    if damage_roll is not None and not 2 <= damage_roll <= 12:
        raise BadInput("--damage-roll", damage_roll,
                       N_("the 2d6 of turning damage, 2..12"))
    uses_max = max(0, 3 + cha)
    used = stats.get(c, "turn_uses") or 0
    if used >= uses_max:
        refuse(N_("{name} has used its {uses} turning attempts (3 + Cha a day)"),
               "Scacciare", name=c.name, uses=uses_max)
    undead = [combatant(state, n) for n in targets]
    events = take(state, c, "turn")
    if check is None:
        roll = dice.d20_roll(None, rng, cha)
    else:
        natural = check - cha
        if not 1 <= natural <= 20:
            raise BadInput("--check", check,
                           N_("a turning check 1d20 {cha:+d}: {n}..{n2}"),
                           cha=cha, n=1 + cha, n2=20 + cha)
        roll = dice.d20_typed(natural, cha, "--check")
    max_hd = level + turning_modifier(roll.total)
    hd_roll = dice.dice_total("2d6", damage_roll, rng)
    hd_total = hd_roll.total + level + cha
    turned, destroyed, spent = [], [], 0
    order = sorted((u for u in undead if u.status not in ("dead", "fled")),
                   key=lambda u: stats.get(u, "hd"))
    for u in order:
        hd = stats.get(u, "hd")
        if hd > max_hd or spent + hd > hd_total:
            continue
        spent += hd
        (destroyed if 2 * hd <= level else turned).append(u.name)
    events.append(TurningResolved(name=c.name, level=level, check=roll, max_hd=max_hd,
                                  hd_roll=hd_roll, hd_total=hd_total, turned=turned,
                                  destroyed=destroyed, uses=used + 1, uses_max=uses_max))
    for n in turned:
        events.append(ConditionApplied(name=n, condition="turned", source=c.name,
                                       until=f"round {state.round + 10}", turn_ends=10))
    for n in destroyed:
        events.append(Died(name=n, cause=f"destroyed by turning ({c.name})"))
    return events + strain(state, c, events[0].kind)


# --- folding -------------------------------------------------------------------------

def fold_maneuver(state: EncounterState, e) -> None:
    a, t = state.combatants[e.attacker], state.combatants[e.target]
    state.extra["maneuver_counter"] = (
        {"by": t.name, "against": a.name, "maneuver": e.maneuver}
        if e.counter_allowed else None)
    if e.maneuver == "overrun" and not e.counter and e.check is not None:
        a.extra["overrun_round"] = state.round
    if not e.success:
        return
    if e.maneuver == "grapple":
        for c, other in ((a, t), (t, a)):
            with_ = list(c.extra.get("grappling_with") or [])
            if other.name not in with_:
                c.extra["grappling_with"] = with_ + [other.name]
    elif e.maneuver == "disarm":
        t.extra["dropped"] = list(t.extra.get("dropped") or []) + [e.item or "weapon"]
        if e.result.startswith(f"{a.name} takes"):
            a.extra["holding"] = e.item


def fold_feint(state: EncounterState, e) -> None:
    if e.success:
        t = state.combatants[e.target]
        t.extra["feinted_by"] = e.feinter
        t.extra["feint_turns"] = e.turns


def fold_turning(state: EncounterState, e) -> None:
    state.combatants[e.name].extra["turn_uses"] = e.uses
