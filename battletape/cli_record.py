"""The recording commands: set-up, attacks, damage and healing, conditions, position,
turns, death and dying, the GM's calls. Each parses, makes one call, prints."""

from __future__ import annotations

from typing import List, Optional

import typer

from battletape.cli import NEGATIVE_NUMBERS, app
from battletape.context import echo_events, get, out, parse_pairs
from domain.errors import BadInput

cond_app = typer.Typer(help="Conditions: add or remove.", no_args_is_help=True)
escalation_app = typer.Typer(help="The GM's escalation die override.",
                             no_args_is_help=True)
app.add_typer(cond_app, name="cond")
app.add_typer(escalation_app, name="escalation")


# --- set-up ---------------------------------------------------------------------------

@app.command()
def new(ctx: typer.Context, name: str,
        system: str = typer.Option("13a", help="13a, 5e or 3.5e."),
        campaign: str = typer.Option("default", help="The campaign this battle belongs to."),
        seed: Optional[int] = typer.Option(None, help="Make virtual dice reproducible."),
        lasting_wounds: bool = typer.Option(False, "--lasting-wounds", help="Optional Lasting-Wound Rule."),
        meaningful_death: bool = typer.Option(False, "--meaningful-death", help="Optional Meaningful Death Rule.")):
    """Start an encounter.  Example: battletape new "Goblin ambush" --campaign Emberfall"""
    c = get(ctx)
    c.bt.new(name, system=system, campaign=campaign, seed=seed,
             options={k: v for k, v in (("lasting_wounds", lasting_wounds),
                                        ("meaningful_death", meaningful_death)) if v},
             command=c.command_line)
    c.encounter = name
    out(c, f"encounter {name!r} started ({system}, campaign {campaign})")


@app.command()
def add(ctx: typer.Context, name: str,
        hp: int = typer.Option(..., help="Maximum hit points."),
        ac: int = typer.Option(10), pd: int = typer.Option(10), md: int = typer.Option(10),
        init: int = typer.Option(0, help="Initiative bonus (Dex mod + level)."),
        level: int = typer.Option(1),
        pc: bool = typer.Option(False, "--pc", help="A player character."),
        count: int = typer.Option(1, help="Add NAME 1..N sharing one initiative roll."),
        recoveries: Optional[int] = typer.Option(None, help="Recoveries left (PCs: 8)."),
        recovery_die: str = typer.Option("d8", "--recovery-die"),
        con_mod: int = typer.Option(0, "--con-mod"),
        resist: List[str] = typer.Option([], "--resist", help="TYPE:N, repeatable.")):
    """Add a combatant.  Example: battletape add Bruna --pc --hp 30 --ac 17 --init 3"""
    from domain import roster

    c = get(ctx)
    carried = c.carried(name) if pc else None
    events = c.record(lambda s, r: roster.add(
        s, name, hp, ac=ac, pd=pd, md=md, init=init, level=level, pc=pc, count=count,
        recoveries=recoveries, recovery_die=recovery_die, con_mod=con_mod,
        resist=resist, carried=carried))
    echo_events(c, events)


@app.command()
def init(ctx: typer.Context,
         naturals: List[str] = typer.Argument(None, help="NAME=NATURAL as rolled at the table."),
         ambush: Optional[str] = typer.Option(None, help="Ambushes and Surprise: the ambusher."),
         advance_escalation: bool = typer.Option(False, "--advance-escalation",
                                                 help="Advance the die after the surprise round.")):
    """Roll initiative (d20 + bonus) for those without.  Example: battletape init Bruna=14 Goblin=9"""
    from domain.thirteenth_age import cyclic_initiative

    c = get(ctx)
    given = {k: v[0] for k, v in parse_pairs(naturals or [], "initiative").items()}
    echo_events(c, c.record(lambda s, r: cyclic_initiative.roll_initiative(
        s, r, given, ambush, advance_escalation)))


# --- attacks, damage, healing ---------------------------------------------------------

@app.command()
def attack(ctx: typer.Context, attacker: str,
           targets: str = typer.Argument(..., help="TARGET[,TARGET...]"),
           bonus: int = typer.Option(..., help="Attack bonus (ability + level + magic)."),
           vs: str = typer.Option(..., "--vs", help="ac, pd or md."),
           roll: Optional[str] = typer.Option(None, help="Natural d20s, one per target: 14,7"),
           damage: Optional[str] = typer.Option(None, help="Damage in dice notation: 2d8+4"),
           dmg: Optional[int] = typer.Option(None, help="Damage total as announced (before crit and resistance)."),
           miss: int = typer.Option(0, help="Damage on a miss."),
           type_: Optional[str] = typer.Option(None, "--type", help="Damage type: fire, cold, ..."),
           crit_range: int = typer.Option(20, "--crit-range", help="Natural needed to crit."),
           ability: Optional[int] = typer.Option(None, help="Ability modifier added to rolled damage (x2 at 5th, x3 at 8th)."),
           kind: str = typer.Option("melee", help="melee, ranged, spell or close."),
           opportunity: bool = typer.Option(False, "--opportunity", help="An opportunity attack, out of turn."),
           two_weapon: bool = typer.Option(False, "--two-weapon", help="Reroll a natural 2."),
           reroll: Optional[int] = typer.Option(None, help="The two-weapon reroll's natural."),
           flexible: bool = typer.Option(False, "--flexible"),
           unarmed: bool = typer.Option(False, "--unarmed"),
           coup_de_grace: bool = typer.Option(False, "--coup-de-grace"),
           invisible: bool = typer.Option(False, "--invisible", help="The target is invisible: 50% miss chance."),
           concealment: Optional[str] = typer.Option(None, help="d100 per target for invisibility."),
           nonmagical: bool = typer.Option(False, "--nonmagical", help="Normal energy: resistance means immunity."),
           mod: int = typer.Option(0, help="Situational modifier (+2/-2)."),
           double_crit: bool = typer.Option(False, "--double-crit", help="Crit damage doubled again: triple."),
           swoop: bool = typer.Option(False, "--swoop", help="Flying swoop past: -2."),
           ongoing: int = typer.Option(0, help="Ongoing damage on a hit."),
           ongoing_save: str = typer.Option("normal", "--ongoing-save"),
           action: str = typer.Option("standard", help="standard, quick, free or interrupt (out of turn)."),
           basic: bool = typer.Option(False, "--basic", help="A basic attack (all a hampered creature may make).")):
    """One attack roll per target, damage rolled once.  Example: battletape attack Bruna Goblin --bonus 6 --vs ac --roll 15 --damage 1d8+3"""
    from domain.thirteenth_age import attacks

    c = get(ctx)
    order = attacks.AttackOrder(
        attacker=attacker, targets=[t.strip() for t in targets.split(",") if t.strip()],
        bonus=bonus, defense=vs, rolls=_ints(roll, "--roll"), damage=damage, dmg=dmg,
        miss=miss, damage_type=type_.lower() if type_ else None, crit_range=crit_range,
        ability=ability, kind=kind, opportunity=opportunity, two_weapon=two_weapon,
        reroll=reroll, flexible=flexible, unarmed=unarmed, coup_de_grace=coup_de_grace,
        invisible=invisible, concealment=_ints(concealment, "--concealment"),
        nonmagical=nonmagical, modifier=mod, double_crit=double_crit, swoop=swoop,
        ongoing=ongoing, ongoing_save=ongoing_save, action=action, basic=basic)
    echo_events(c, c.record(lambda s, r: attacks.attack(s, r, order)))


def _ints(text: Optional[str], what: str) -> list[int]:
    if not text:
        return []
    try:
        return [int(x) for x in text.split(",")]
    except ValueError:
        raise BadInput(what, text, "whole numbers separated by commas") from None


@app.command()
def roll(ctx: typer.Context, expr: str,
         by: Optional[str] = typer.Option(None, "--by"),
         for_: str = typer.Option("", "--for"),
         json_: bool = typer.Option(False, "--json")):
    """A free roll, recorded.  Example: battletape roll 1d20+5 --by Bruna --for "climb the wall" """
    from domain import free_rolls

    c = get(ctx)
    events = c.record(lambda s, r: free_rolls.free_roll(s, r, expr, by, for_))
    if json_:
        import msgspec
        e = events[0]
        out(c, msgspec.json.encode({"position": e.originator_version, "expr": e.roll.expr,
                                    "faces": e.roll.faces, "sides": e.roll.sides,
                                    "modifier": e.roll.modifier, "total": e.roll.total,
                                    "by": e.roller, "for": e.purpose}).decode())
    else:
        echo_events(c, events)


@app.command(context_settings=NEGATIVE_NUMBERS)
def damage(ctx: typer.Context, target: str, amount: int,
           type_: Optional[str] = typer.Option(None, "--type"),
           natural: Optional[int] = typer.Option(None, help="A (faked) natural roll against resistance."),
           nonmagical: bool = typer.Option(False, "--nonmagical")):
    """Direct damage.  Example: battletape damage Bruna 7 --type fire"""
    from domain.thirteenth_age import damage_and_healing as dh

    c = get(ctx)
    if natural is not None and not 1 <= natural <= 20:
        raise BadInput("natural", natural, "1..20")
    echo_events(c, c.record(lambda s, r: dh.direct_damage(s, target, amount, type_,
                                                          natural, nonmagical)))


@app.command(context_settings=NEGATIVE_NUMBERS)
def heal(ctx: typer.Context, target: str, amount: int):
    """Healing without a recovery.  Example: battletape heal Bruna 10"""
    from domain.thirteenth_age import damage_and_healing as dh

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: dh.direct_heal(s, target, amount)))


@app.command(context_settings=NEGATIVE_NUMBERS)
def temp(ctx: typer.Context, target: str, amount: int):
    """Temporary hit points (the higher amount counts).  Example: battletape temp Bruna 8"""
    from domain.thirteenth_age import damage_and_healing as dh

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: dh.temporary(s, target, amount)))


@app.command()
def recover(ctx: typer.Context, name: str,
            roll_: Optional[int] = typer.Option(None, "--roll", help="Recovery dice total, before Con.")):
    """Spend a recovery.  Example: battletape recover Bruna --roll 9"""
    from domain.thirteenth_age import recoveries

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: recoveries.recover(s, r, name, roll_)))


@app.command()
def rally(ctx: typer.Context, name: str,
          roll_: Optional[int] = typer.Option(None, "--roll", help="Recovery dice total."),
          save: Optional[int] = typer.Option(None, help="Natural d20 for a second rally (11+).")):
    """Rally: spend a recovery as a standard action.  Example: battletape rally Bruna --roll 9"""
    from domain.thirteenth_age import recoveries

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: recoveries.rally(s, r, name, roll_, save)))


# --- conditions, ongoing damage, saves ------------------------------------------------

@cond_app.command("add")
def cond_add(ctx: typer.Context, name: str, condition: str,
             save: Optional[str] = typer.Option(None, help="easy, normal or hard: save ends."),
             until: Optional[str] = typer.Option(None, help="end-of-turn, end-of-next-turn or end-of-battle."),
             by: Optional[str] = typer.Option(None, "--by", help="The source (the grabber, for grabbed).")):
    """Apply a condition.  Example: battletape cond add Bruna dazed --save normal"""
    from domain.thirteenth_age import conditions

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: conditions.apply_condition(
        s, name, condition, save, until, by)))


@cond_app.command("remove")
def cond_remove(ctx: typer.Context, name: str, condition: str):
    """Remove a condition.  Example: battletape cond remove Bruna dazed"""
    from domain.thirteenth_age import conditions

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: conditions.remove_condition(s, name, condition)))


@app.command(context_settings=NEGATIVE_NUMBERS)
def ongoing(ctx: typer.Context, name: str, amount: int,
            type_: Optional[str] = typer.Option(None, "--type"),
            save: str = typer.Option("normal", help="easy, normal or hard."),
            natural: Optional[int] = typer.Option(None, help="The original attack's natural roll (for resistance).")):
    """Ongoing damage, taken at the end of the creature's turn.  Example: battletape ongoing Goblin 5 --type fire"""
    from domain.thirteenth_age import ongoing_damage

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: ongoing_damage.apply(s, name, amount, type_,
                                                              save, natural)))


@app.command()
def save(ctx: typer.Context, name: str,
         roll_: Optional[int] = typer.Option(None, "--roll", help="Natural d20."),
         against: Optional[str] = typer.Option(None, help="A condition or 'ongoing'."),
         difficulty: Optional[str] = typer.Option(None, help="easy, normal or hard.")):
    """A save outside the end-of-turn routine.  Example: battletape save Bruna --roll 12 --against dazed"""
    from domain.thirteenth_age import ongoing_damage

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: ongoing_damage.save(s, r, name, roll_, against,
                                                             difficulty)))


# --- position -------------------------------------------------------------------------

@app.command()
def engage(ctx: typer.Context, a: str, b: str):
    """A engages B in melee.  Example: battletape engage Bruna Goblin"""
    from domain.thirteenth_age import position

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: position.engage(s, a, b)))


@app.command()
def disengage(ctx: typer.Context, a: str,
              roll_: Optional[int] = typer.Option(None, "--roll", help="Natural d20."),
              hit_grabber: bool = typer.Option(False, "--hit-grabber", help="A hit the grabber this turn.")):
    """A disengage check: normal save 11+, -1 per extra foe.  Example: battletape disengage Bruna --roll 12"""
    from domain.thirteenth_age import disengaging

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: disengaging.disengage(s, r, a, roll_,
                                                               hit_grabber)))


@app.command()
def move(ctx: typer.Context, a: str, where: str,
         ally: Optional[str] = typer.Option(None, help="For `behind`: the unengaged ally in front.")):
    """Move far away, nearby, or behind an ally (leaving melee provokes).  Example: battletape move Vex behind --ally Bruna"""
    from domain.thirteenth_age import position

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: position.move(s, a, where, ally=ally)))


@app.command()
def teleport(ctx: typer.Context, a: str, where: str = typer.Argument("nearby")):
    """Teleport: no opportunity attacks.  Example: battletape teleport Vex far"""
    from domain.thirteenth_age import position

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: position.move(s, a, where, teleport=True)))


@app.command()
def intercept(ctx: typer.Context, a: str, b: str):
    """A intercepts B moving past.  Example: battletape intercept Bruna Ogre"""
    from domain.thirteenth_age import position

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: position.intercept(s, a, b)))


@app.command()
def fly(ctx: typer.Context, a: str):
    """A takes to the air (Flying).  Example: battletape fly Vex"""
    from domain.thirteenth_age import position

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: position.fly(s, a, True)))


@app.command()
def land(ctx: typer.Context, a: str):
    """A lands.  Example: battletape land Vex"""
    from domain.thirteenth_age import position

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: position.fly(s, a, False)))


# --- turns ----------------------------------------------------------------------------

@app.command("next")
def next_(ctx: typer.Context,
          save: List[str] = typer.Option([], "--save", help="NAME=N[,N...]: naturals for end-of-turn saves.")):
    """End the turn (ongoing damage, then saves) and start the next.  Example: battletape next --save Goblin=12"""
    from domain.thirteenth_age import cyclic_initiative

    c = get(ctx)
    saves = parse_pairs(save, "save")
    echo_events(c, c.record(lambda s, r: cyclic_initiative.next_turn(s, r, saves)))


@app.command()
def delay(ctx: typer.Context, name: str):
    """Delay: act later this round.  Example: battletape delay Bruna"""
    from domain.thirteenth_age import cyclic_initiative

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: cyclic_initiative.delay(s, name)))


@app.command()
def ready(ctx: typer.Context, name: str, trigger: str):
    """Ready an action for a trigger.  Example: battletape ready Bruna "the ogre charges" """
    from domain.thirteenth_age import cyclic_initiative

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: cyclic_initiative.ready(s, name, trigger)))


@app.command()
def act(ctx: typer.Context, name: str,
        save: List[str] = typer.Option([], "--save", help="NAME=N for the ending turn's saves.")):
    """Take a delayed or readied action now.  Example: battletape act Bruna"""
    from domain.thirteenth_age import cyclic_initiative

    c = get(ctx)
    saves = parse_pairs(save, "save")
    echo_events(c, c.record(lambda s, r: cyclic_initiative.act(s, r, name, saves)))


@escalation_app.command("set", context_settings=NEGATIVE_NUMBERS)
def escalation_set(ctx: typer.Context, value: int,
                   hold: bool = typer.Option(False, "--hold", help="Keep it from advancing."),
                   reason: str = typer.Option("", help="Why.")):
    """Set the escalation die.  Example: battletape escalation set 0 --reason "the fight stalled" """
    from domain.thirteenth_age import escalation_die as ed
    from domain import gm

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: gm.set_escalation(s, ed.check_value(value),
                                                           hold, reason)))


@escalation_app.command("hold")
def escalation_hold(ctx: typer.Context, reason: str = typer.Option("", help="Why.")):
    """Stop the die advancing (the heroes avoid the fight).  Example: battletape escalation hold"""
    from domain import gm

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: gm.set_escalation(s, s.escalation_die, True,
                                                           reason)))


@escalation_app.command("release")
def escalation_release(ctx: typer.Context):
    """Let the die advance again.  Example: battletape escalation release"""
    from domain import gm

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: gm.set_escalation(s, s.escalation_die, False, "")))


# --- death and dying, special actions -------------------------------------------------

@app.command("death-save")
def death_save(ctx: typer.Context, name: str,
               roll_: Optional[int] = typer.Option(None, "--roll", help="Natural d20."),
               recovery: Optional[int] = typer.Option(None, help="Recovery dice total on a 16+.")):
    """A death save: 16+ spends a recovery.  Example: battletape death-save Bruna --roll 17 --recovery 9"""
    from domain.thirteenth_age import death_and_dying

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: death_and_dying.death_save(s, r, name, roll_,
                                                                    recovery)))


@app.command()
def stabilize(ctx: typer.Context, name: str, by: str,
              roll_: Optional[int] = typer.Option(None, "--roll", help="Wisdom check total.")):
    """Stabilize a dying ally: DC 10 Wisdom.  Example: battletape stabilize Bruna Kael --roll 13"""
    from domain.thirteenth_age import death_and_dying

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: death_and_dying.stabilize(s, r, name, by, roll_)))


@app.command()
def spirit(ctx: typer.Context, name: str, ally: str,
           bonus: str = typer.Option("attack", help="attack, ac, pd or md."),
           amount: Optional[int] = typer.Option(None, help="1, or 2 the first time each battle.")):
    """Fight in spirit for an ally.  Example: battletape spirit Bruna Kael --bonus ac"""
    from domain.thirteenth_age import special_actions

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: special_actions.fight_in_spirit(
        s, name, ally, bonus.lower(), amount)))


@app.command()
def flee(ctx: typer.Context):
    """The party flees: a campaign loss.  Example: battletape flee"""
    from domain.thirteenth_age import special_actions

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: special_actions.flee(s)))


@app.command()
def end(ctx: typer.Context, outcome: str = typer.Option("victory", help="victory, defeat, truce...")):
    """End the encounter.  Example: battletape end"""
    from domain.thirteenth_age import special_actions

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: special_actions.end(s, outcome)))


@app.command()
def ruling(ctx: typer.Context, text: str,
           rule: Optional[str] = typer.Option(None, help="The seed section it concerns.")):
    """Record a GM's call where the rules leave one.  Example: battletape ruling "the ogre is large: it carries Bruna" """
    from domain import gm

    c = get(ctx)
    echo_events(c, c.record(lambda s, r: gm.ruling(s, text, rule)))
