"""13th Age: the verbs of the command-line contract, their options, their decisions.

Each verb checks its values and returns the decision; the rules modules decide.
"""

from __future__ import annotations

from battletape.domain.thirteenth_age.attack_order import ATTACK, AttackOrder
from battletape.domain.words import N_
from battletape.domain.verbs import Verb, arg, flag, opt, pairs, typed


def _add(services, v):
    """``add``: ``v`` is the verb's values (its declared struct, Verb.order)."""
    import msgspec

    from battletape.domain.thirteenth_age import roster

    if v.mook and v.pc:
        from battletape.domain.errors import BadInput

        raise BadInput("--mook", v.name, N_("a monster: a PC is never a mook"))
    carried = services.carried(v.name) if v.pc else None

    def decide(s, r):
        added = roster.add(
            s, v.name, v.hp, ac=v.ac, pd=v.pd, md=v.md, init=v.init, level=v.level,
            pc=v.pc, count=v.count, recoveries=v.recoveries,
            recovery_die=v.recovery_die, con_mod=v.con_mod, resist=v.resist,
            carried=carried)
        if v.villain:  # Optional Meaningful Death Rule: "only ... named villains"
            added = [msgspec.structs.replace(e, stats={**e.stats, "villain": True})
                     for e in added]
        if v.mook:  # a mob: damage spills over, one turn (domain/thirteenth_age/mooks.py)
            added = [msgspec.structs.replace(e, stats={**e.stats, "mook": True})
                     for e in added]
        return added

    return decide


def _init(services, naturals, ambush, advance_escalation):
    from battletape.domain.thirteenth_age import cyclic_initiative

    given = {k: v[0] for k, v in pairs(naturals or [], "initiative").items()}
    return lambda s, r: cyclic_initiative.roll_initiative(s, r, given, ambush,
                                                          advance_escalation)


def _attack(services, order):
    """``attack``: ``order`` is the verb's declared struct (attack_order.AttackOrder)."""
    from battletape.domain.thirteenth_age import attacks

    return lambda s, r: attacks.attack(s, r, order)


def _damage(services, target, amount, type_, natural, nonmagical, knock_out=False):
    from battletape.domain.errors import BadInput
    from battletape.domain.thirteenth_age import damage_and_healing as dh

    if natural is not None and not 1 <= natural <= 20:
        raise BadInput("natural", natural, "1..20")
    return lambda s, r: dh.direct_damage(s, target, amount, type_, natural, nonmagical,
                                         r, knock_out)


def _heal(services, target, amount):
    from battletape.domain.thirteenth_age import damage_and_healing as dh
    from battletape.domain.encounter import heal_decision

    return heal_decision(amount, lambda s, n: dh.direct_heal(s, target, n), check=False)


def _temp(services, target, amount):
    from battletape.domain.thirteenth_age import damage_and_healing as dh

    return lambda s, r: dh.temporary(s, target, amount)


def _recover(services, name, roll_):
    from battletape.domain.thirteenth_age import recoveries

    return lambda s, r: recoveries.recover(s, r, name, roll_)


def _rally(services, name, roll_, save):
    from battletape.domain.thirteenth_age import recoveries

    return lambda s, r: recoveries.rally(s, r, name, roll_, save)


def _cond_add(services, name, condition, save, until, by, mod):
    from battletape.domain.thirteenth_age import conditions, effects

    effects.modifiers(list(mod))  # checked before anything is read
    return lambda s, r: conditions.apply_condition(s, name, condition, save, until, by,
                                                   list(mod))


def _cond_remove(services, name, condition):
    from battletape.domain.thirteenth_age import conditions

    return lambda s, r: conditions.remove_condition(s, name, condition)


def _ongoing(services, name, amount, type_, save, natural, nonmagical=False):
    from battletape.domain.thirteenth_age import ongoing_damage

    return lambda s, r: ongoing_damage.apply(s, name, amount, type_, save, natural,
                                             nonmagical, r)


def _save(services, name, roll_, against, difficulty, save_bonus=0):
    from battletape.domain.thirteenth_age import ongoing_damage

    return lambda s, r: ongoing_damage.save(s, r, name, roll_, against, difficulty,
                                            save_bonus)


def _engage(services, a, b):
    from battletape.domain.thirteenth_age import position

    return lambda s, r: position.engage(s, a, b)


def _disengage(services, a, roll_, hit_grabber, from_=None, save_bonus=0,
               interrupt=False):
    from battletape.domain.thirteenth_age import disengaging

    only = [n.strip() for n in from_.split(",") if n.strip()] if from_ else None
    return lambda s, r: disengaging.disengage(s, r, a, roll_, hit_grabber, only,
                                              save_bonus, interrupt)


def _move(services, a, where, ally, interrupt=False):
    from battletape.domain.thirteenth_age import position

    return lambda s, r: position.move(s, a, where, ally=ally, interrupt=interrupt)


def _teleport(services, a, where):
    from battletape.domain.thirteenth_age import position

    return lambda s, r: position.move(s, a, where, teleport=True)


def _intercept(services, a, b):
    from battletape.domain.thirteenth_age import position

    return lambda s, r: position.intercept(s, a, b)


def _fly(services, a):
    from battletape.domain.thirteenth_age import position

    return lambda s, r: position.fly(s, a, True)


def _land(services, a):
    from battletape.domain.thirteenth_age import position

    return lambda s, r: position.fly(s, a, False)


def _next(services, save, save_bonus=0):
    from battletape.domain.thirteenth_age import cyclic_initiative

    saves = pairs(save, "save")
    return lambda s, r: cyclic_initiative.next_turn(s, r, saves, save_bonus)


def _delay(services, name):
    from battletape.domain.thirteenth_age import cyclic_initiative

    return lambda s, r: cyclic_initiative.delay(s, name)


def _ready(services, name, trigger, readies="standard"):
    from battletape.domain.thirteenth_age import cyclic_initiative

    return lambda s, r: cyclic_initiative.ready(s, name, trigger, readies)


def _act(services, name, save):
    from battletape.domain.thirteenth_age import cyclic_initiative

    saves = pairs(save, "save")
    return lambda s, r: cyclic_initiative.act(s, r, name, saves)


def _escalation_set(services, value, hold, reason):
    from battletape.domain.thirteenth_age import escalation_die as ed

    checked = ed.check_value(value)
    return lambda s, r: ed.set_escalation(s, checked, hold, reason)


def _escalation_hold(services, reason):
    from battletape.domain.thirteenth_age import escalation_die as ed

    return lambda s, r: ed.set_escalation(s, ed.current(s), True, reason)


def _escalation_release(services):
    from battletape.domain.thirteenth_age import escalation_die as ed

    return lambda s, r: ed.set_escalation(s, ed.current(s), False, "")


def _death_save(services, name, roll_, recovery, save_bonus=0):
    from battletape.domain.thirteenth_age import death_and_dying

    return lambda s, r: death_and_dying.death_save(s, r, name, roll_, recovery,
                                                   save_bonus)


def _potion(services, name, by, roll_, action):
    from battletape.domain.thirteenth_age import recoveries

    return lambda s, r: recoveries.potion(s, r, name, by, roll_, action)


def _stabilize(services, name, by, roll_, interrupt=False, beside=False):
    from battletape.domain.thirteenth_age import death_and_dying

    return lambda s, r: death_and_dying.stabilize(s, r, name, by, roll_, interrupt,
                                                  beside)


def _spirit(services, name, ally, bonus, amount):
    from battletape.domain.thirteenth_age import special_actions

    return lambda s, r: special_actions.fight_in_spirit(s, name, ally, bonus.lower(),
                                                        amount)


def _flee(services):
    from battletape.domain.thirteenth_age import special_actions

    return lambda s, r: special_actions.flee(s)


def _end(services, outcome):
    from battletape.domain.thirteenth_age import special_actions

    return lambda s, r: special_actions.end(s, outcome)


def _rest(services, name, spend, roll_, campaign):
    from battletape.domain.thirteenth_age import rest_and_recharge

    def decide(camp, rng):
        pc = services.pc_state(camp, name)
        return rest_and_recharge.quick_rest(pc, pc["name"] if pc else name, spend,
                                            list(roll_), rng)
    return decide


def _recharge(services, name, power, need, roll_, campaign):
    from battletape.domain.thirteenth_age import rest_and_recharge

    return lambda camp, rng: rest_and_recharge.recharge(
        name, power, need, roll_, rng, services.battle_pcs())


def _heal_up(services, names, campaign, campaign_loss):
    from battletape.domain.thirteenth_age import rest_and_recharge

    def decide(camp, rng):
        pcs = services.battle_pcs()
        whom = [rest_and_recharge.pc_of(pcs, n) for n in names or []] or pcs
        return rest_and_recharge.full_heal_up(
            whom if names else [], campaign_loss,
            {n: services.pc_state(camp, n) for n in whom})
    return decide


CAMPAIGN = opt("campaign", help="Default: the current encounter's.")
INTERRUPT = flag("interrupt", help="Out of turn, as the interrupt action a power "
                 "allows (one until the end of your next turn).")
SAVE_BONUS = opt("save_bonus", int, 0, help="A talent's, feat's or magic item's bonus "
                 "to the save (Saves).")
ROLL = opt("roll_", int, None, "--roll", help="Natural d20.")

VERBS = [
    Verb("add", _add, (
        arg("name"),
        opt("hp", int, None, help="Maximum hit points.", required=True, low=1),
        opt("ac", int, 10), opt("pd", int, 10), opt("md", int, 10),
        opt("init", int, 0, help="Initiative bonus (Dex mod + level)."),
        opt("level", int, 1),
        flag("pc", help="A player character."),
        opt("count", int, 1, help="Add NAME 1..N sharing one initiative roll."),
        opt("recoveries", int, None, help="Recoveries left (PCs: 8)."),
        opt("recovery_die", str, "d8"),
        opt("con_mod", int, 0),
        opt("resist", str, None, help="TYPE:N, repeatable.", multiple=True),
        flag("villain", help="A named villain: under the optional meaningful death rule, "
             "only villains slay PCs."),
        flag("mook", help="Mooks: with --count, a mob whose damage spills over from "
             "one mook to the next (--hp is each mook's), one initiative, one turn.")),
        "Add a combatant.  Example: battletape add Bruna --pc --hp 30 --ac 17 --init 3"),
    Verb("init", _init, (
        arg("naturals", help="NAME=NATURAL as rolled at the table.", required=False,
            multiple=True),
        opt("ambush", help="Ambushes and Surprise: the ambusher."),
        flag("advance_escalation", help="Advance the die after the surprise round.")),
        "Roll initiative (d20 + bonus) for those without.  Example: battletape init "
        "Bruna=14 Goblin=9", roll_option=""),
    Verb("attack", _attack, ATTACK,
        "One attack roll per target, damage rolled once.  Example: battletape attack "
        "Bruna Goblin --bonus 6 --vs ac --roll 15 --damage 1d8+3"),
    Verb("damage", _damage, (
        arg("target", role="target"), arg("amount", int, role="amount"),
        opt("type_", str, None, "--type"),
        opt("natural", int, None, help="A (faked) natural roll against resistance "
            "(rolled virtually when the target resists and none is given)."),
        flag("nonmagical"),
        flag("knock_out", help="A monster at 0 hp is knocked out, not slain.")),
        "Direct damage.  Example: battletape damage Bruna 7 --type fire",
        negative_numbers=True),
    Verb("heal", _heal, (arg("target", role="target"),
                         arg("amount", role="amount", help="Hit points, or dice notation rolled virtually: 2d4+2")),
         "Healing without a recovery.  Example: battletape heal Bruna 10",
         negative_numbers=True),
    Verb("temp", _temp, (arg("target", role="target"),
                         arg("amount", int, role="amount")),
         "Temporary hit points (the higher amount counts).  Example: battletape temp "
         "Bruna 8", negative_numbers=True),
    Verb("recover", _recover, (
        arg("name", role="target"), opt("roll_", int, None, "--roll",
                         help="Recovery dice total, before Con.")),
        "Spend a recovery.  Example: battletape recover Bruna --roll 9"),
    Verb("rally", _rally, (
        arg("name"), opt("roll_", int, None, "--roll", help="Recovery dice total."),
        opt("save", int, None, help="Natural d20 for a second rally (11+).")),
        "Rally: spend a recovery as a standard action.  Example: battletape rally Bruna "
        "--roll 9"),
    Verb("cond add", _cond_add, (
        arg("name"), arg("condition"),
        opt("save", help="easy, normal or hard: save ends."),
        opt("until", help="end-of-turn, end-of-next-turn or end-of-battle; "
            "end-of-next-turn:NAME counts NAME's turns (the caster's)."),
        opt("by", help="The source (the grabber, for grabbed)."),
        opt("mod", str, None, help="A named effect's modifier, TARGET:+N with TARGET "
            "attack, ac, pd, md, defenses or save (repeatable).", multiple=True)),
        "Apply a condition, or a named effect of a power or spell.  Example: "
        "battletape cond add Bruna \"shield of faith\" --mod ac:+1 --until "
        "end-of-next-turn:Sera"),
    Verb("cond remove", _cond_remove, (arg("name"), arg("condition")),
         "Remove a condition.  Example: battletape cond remove Bruna dazed"),
    Verb("ongoing", _ongoing, (
        arg("name", role="target"), arg("amount", int, role="amount"),
        opt("type_", str, None, "--type"),
        opt("save", str, "normal", help="easy, normal or hard."),
        opt("natural", int, None, help="The original attack's natural roll (for "
            "resistance; faked virtually when the target resists and none is given)."),
        flag("nonmagical", help="Normal energy: resistance means immunity.")),
        "Ongoing damage, taken at the end of the creature's turn.  Example: battletape "
        "ongoing Goblin 5 --type fire", negative_numbers=True),
    Verb("save", _save, (
        arg("name", role="target"), ROLL,
        opt("against", help="A condition or 'ongoing'."),
        opt("difficulty", help="easy, normal or hard."), SAVE_BONUS),
        "A save outside the end-of-turn routine.  Example: battletape save Bruna --roll "
        "12 --against dazed"),
    Verb("engage", _engage, (arg("a"), arg("b", role="target")),
         "A engages B in melee.  Example: battletape engage Bruna Goblin"),
    Verb("disengage", _disengage, (
        arg("a"), ROLL, flag("hit_grabber", help="A hit the grabber this turn."),
        opt("from_", str, None, "--from", help="FOE[,FOE...]: disengage from only these "
            "(-1 per foe beyond the first); stay engaged with the others."),
        SAVE_BONUS, INTERRUPT),
        "A disengage check: normal save 11+, -1 per extra foe.  Example: battletape "
        "disengage Bruna --roll 12"),
    Verb("move", _move, (
        arg("a"), arg("where"),
        opt("ally", help="For `behind`: the unengaged ally in front."), INTERRUPT),
        "Move far away, nearby, or behind an ally (leaving melee provokes).  Example: "
        "battletape move Vex behind --ally Bruna"),
    Verb("teleport", _teleport, (arg("a"), arg("where", required=False,
                                               default="nearby")),
         "Teleport: no opportunity attacks.  Example: battletape teleport Vex far"),
    Verb("intercept", _intercept, (arg("a"), arg("b", role="target")),
         "A intercepts B moving past.  Example: battletape intercept Bruna Ogre"),
    Verb("fly", _fly, (arg("a"),), "A takes to the air (Flying).  Example: battletape "
         "fly Vex"),
    Verb("land", _land, (arg("a"),), "A lands.  Example: battletape land Vex"),
    Verb("next", _next, (
        opt("save", help="NAME=N[,N...]: naturals for end-of-turn saves.",
            multiple=True), SAVE_BONUS),
        "End the turn (ongoing damage, then saves) and start the next.  Example: "
        "battletape next --save Goblin=12", roll_option="--save", roll_per_name=True),
    Verb("delay", _delay, (arg("name"),),
         "Delay: act later this round.  Example: battletape delay Bruna"),
    Verb("ready", _ready, (arg("name"), arg("trigger"),
                           opt("readies", str, "standard", "--action",
                               help="The action readied: standard, move or free.")),
         "Ready an action for a trigger.  Example: battletape ready Bruna \"the ogre "
         "charges\""),
    Verb("act", _act, (
        arg("name"), opt("save", help="NAME=N for the ending turn's saves.",
                         multiple=True)),
        "Take a delayed or readied action now.  Example: battletape act Bruna",
        roll_option="--save", roll_per_name=True),
    Verb("escalation set", _escalation_set, (
        arg("value", int), flag("hold", help="Keep it from advancing."),
        opt("reason", str, "", help="Why.")),
        "Set the escalation die.  Example: battletape escalation set 0 --reason \"the "
        "fight stalled\"", negative_numbers=True),
    Verb("escalation hold", _escalation_hold, (opt("reason", str, "", help="Why."),),
         "Stop the die advancing (the heroes avoid the fight).  Example: battletape "
         "escalation hold"),
    Verb("escalation release", _escalation_release, (),
         "Let the die advance again.  Example: battletape escalation release"),
    Verb("death-save", _death_save, (
        arg("name"), ROLL,
        opt("recovery", int, None, help="Recovery dice total on a 16+."), SAVE_BONUS),
        "A death save: 16+ spends a recovery; the fourth failure in a battle kills. A "
        "PC also dies at negative hit points equal to half its maximum; an odd maximum "
        "dies on passing it (25 hp: -13 is dead, -12 is not).  Example: battletape "
        "death-save Bruna --roll 17 --recovery 9"),
    Verb("stabilize", _stabilize, (
        arg("name", role="target"), arg("by"),
        opt("roll_", int, None, "--roll", help="Wisdom check total."), INTERRUPT,
        flag("beside", help="The helper already stands next to the dying ally (the GM "
             "says so); without it, unless both are engaged with one enemy or the helper "
             "moved this turn, getting next to them spends the helper's move action.")),
        "Stabilize a dying ally: \"Get next to them\" (a move unless already next to "
        "them: engaged with the same enemy, or --beside), then DC 10 Wisdom, a standard "
        "action (25+: a quick one).  Example: battletape stabilize Bruna Kael --roll 13"),
    Verb("potion", _potion, (
        arg("name"), opt("by", help="Who feeds it (a dying character can't drink)."),
        opt("roll_", int, None, "--roll", help="Recovery dice total, before Con."),
        opt("action", str, "standard", help="standard (always, for a dying character) "
            "or quick.")),
        "A healing potion: uses up a recovery.  Example: battletape potion Bruna --by "
        "Kael --roll 9"),
    Verb("spirit", _spirit, (
        arg("name"), arg("ally"),
        opt("bonus", str, "attack", help="attack, ac, pd or md."),
        opt("amount", int, None, help="1, or 2 the first time each battle.")),
        "Fight in spirit for an ally.  Example: battletape spirit Bruna Kael --bonus ac"),
    Verb("flee", _flee, (), "The party flees: a campaign loss.  Example: battletape flee"),
    Verb("rest", _rest, (
        arg("name"),
        opt("spend", int, None, help="Recoveries to spend (default: 1 if staggered, else "
            "the --roll count)."),
        opt("roll_", int, None, "--roll", help="Recovery dice total, once per recovery.",
            multiple=True),
        CAMPAIGN),
        "A quick rest after a battle: spend recoveries.  Example: battletape rest Bruna "
        "--roll 12 --roll 9", scope="campaign"),
    Verb("recharge", _recharge, (
        arg("name"), arg("power"),
        opt("need", int, None, help="The power's recharge value (e.g. 16 for 16+).",
            required=True),
        ROLL, CAMPAIGN),
        "Roll to recharge a power after a battle.  Example: battletape recharge Kael "
        "\"Fireball\" --need 16 --roll 17", scope="campaign"),
    Verb("heal-up", _heal_up, (
        arg("names", help="Only these PCs (default: all).", required=False, multiple=True),
        CAMPAIGN,
        flag("campaign_loss", help="Retreating early to heal up.")),
        "A full heal-up: hit points, recoveries and lasting wounds reset.  Example: "
        "battletape heal-up", scope="campaign"),
    Verb("end", _end, (opt("outcome", str, "victory", help="victory, defeat, truce..."),),
         "End the encounter.  Example: battletape end"),
]

#: the verbs whose decision takes one typed value, the struct of its declared params
#: (Verb.order), instead of a parameter per option
TYPED = {"add": None, "attack": AttackOrder}
VERBS = [typed(v, TYPED[v.name]) if v.name in TYPED else v for v in VERBS]
