"""5e: the verbs of the command-line contract, their options, their decisions.

Each verb checks its values (bad input: one clear line) and returns the decision; the
rules modules of ``domain/dnd5e/`` decide.
"""

from __future__ import annotations

from battletape.domain.errors import BadInput, NotThisSystem
from battletape.domain.words import N_
from battletape.domain.dnd5e.attack_order import ATTACK, AttackOrder
from battletape.domain.verbs import Verb, arg, flag, names, opt, pairs, typed


def _one_roll(text: str | None, adv: bool, dis: bool) -> list[int]:
    from battletape.domain.dnd5e.d20_tests import parse_faces

    if adv and dis:
        raise BadInput("--adv/--dis", "both", N_("one of them (they would cancel)"))
    # one face with --adv or --dis: the rules decide (a derived disadvantage cancels
    # it: one d20; otherwise bad input), d20_tests.roll
    return parse_faces(text)


def _add(services, v):
    """``add``: ``v`` is the verb's values (its declared struct, Verb.order)."""
    from battletape.domain.dnd5e import roster

    for what, value in (("--pd", v.pd), ("--md", v.md)):
        if value is not None:
            raise NotThisSystem.said(N_("{option} is a 13th Age defense; this encounter "
                                        "is 5e"), what, value, option=what)
    from battletape.domain.dnd5e.rest import with_carried

    carried = services.carried(v.name) if v.pc and services is not None else None
    return lambda s, r: with_carried(roster.add(s, v), carried)


def _init(services, naturals, adv, dis, surprised, source_hidden):
    from battletape.domain.dnd5e import initiative

    given = initiative.parse_naturals(list(naturals or []))
    return lambda s, r: initiative.roll_initiative(s, r, given, adv, dis, surprised,
                                                   source_hidden or [])


def _tiebreak(services, names, by):
    from battletape.domain.dnd5e import initiative

    return lambda s, r: initiative.tiebreak(s, list(names), by)


def _attack(services, v):
    """``attack``: ``v`` is the attack's order, its declared struct (attack_order)."""
    from battletape.domain.dnd5e import making_an_attack as atk

    if v.vs.lower() != "ac":
        if v.vs.lower() in ("pd", "md"):
            raise NotThisSystem.said(N_("--vs {defense} is a 13th Age defense; this "
                                        "encounter is 5e"), "--vs", v.vs,
                                     defense=v.vs.lower())
        raise BadInput("--vs", v.vs, N_("ac (5e attacks are against Armor Class)"))
    if v.adv and v.dis:
        raise BadInput("--adv/--dis", "both", N_("one of them (they would cancel)"))
    return lambda s, r: atk.attack(s, r, v)


def _effect(services, source, targets, ability, dc, damage, dmg, type_, half, save_roll,
            cover, condition, save_ends, rounds):
    from battletape.domain.dnd5e import saving_throws_and_damage as svd
    from battletape.domain.dnd5e.d20_tests import parse_faces

    rolls: dict[str, list[int]] = {}
    for item in save_roll or []:
        name, sep, value = item.rpartition("=")
        if not sep or not name:
            raise BadInput("--save-roll", item, N_("TARGET=NATURAL, e.g. Gob1=12"))
        rolls[name] = parse_faces(value, f"--save-roll for {name}")
    covers: dict[str, str] = {}
    for item in cover or []:
        name, sep, value = item.rpartition("=")
        if not sep or not name:
            raise BadInput("--cover", item, N_("TARGET=half|three-quarters|total"))
        covers[name] = value
    return lambda s, r: svd.effect(s, r, source, names(targets), ability, dc, damage, dmg,
                                   type_, half, rolls, covers, condition, save_ends,
                                   rounds)


def _save(services, name, ability, dc, bonus, roll, adv, dis, cover, fall):
    from battletape.domain.dnd5e import saving_throws

    faces = _one_roll(roll, adv, dis)
    return lambda s, r: saving_throws.save(s, r, name, ability, dc, bonus, faces, adv, dis,
                                           cover, fall)


def _check(services, name, ability, skill, bonus, proficient, expertise, half_prof, dc,
           roll, adv, dis, sense, source_hidden):
    from battletape.domain.dnd5e import proficiency

    faces = _one_roll(roll, adv, dis)
    return lambda s, r: proficiency.check(s, r, name, ability, skill, bonus,
                                          list(proficient or []), expertise, half_prof, dc,
                                          faces, adv, dis, sense, source_hidden)


def _damage(services, target, amount, type_, crit, modifier):
    from battletape.domain.dnd5e import damage_and_healing as dh

    if amount < 0:
        raise BadInput("damage", amount, N_("0 or more"))
    return lambda s, r: dh.direct_damage(s, target, amount, type_, crit, modifier)


def _heal(services, target, amount):
    from battletape.domain.dnd5e import damage_and_healing as dh
    from battletape.domain.encounter import heal_decision

    return heal_decision(amount, lambda s, n: dh.direct_heal(s, target, n))


def _temp(services, target, amount, keep):
    from battletape.domain.dnd5e import temporary_hit_points as thp

    if amount <= 0:
        raise BadInput("temporary hit points", amount, N_("1 or more"))
    return lambda s, r: thp.temporary(s, target, amount, keep)


def _reduce_max(services, target, amount):
    from battletape.domain.dnd5e import damage_and_healing as dh

    return lambda s, r: dh.reduce_max(s, target, amount)


def _death_save(services, name, roll_):
    from battletape.domain.dnd5e import death_saving_throws as ds

    return lambda s, r: ds.death_save(s, r, name, roll_)


def _stabilize(services, name, by, roll_, bonus):
    from battletape.domain.dnd5e import death_saving_throws as ds

    return lambda s, r: ds.stabilize(s, r, name, by, roll_, bonus)


def _cond_add(services, name, condition, source, until, rounds, mod, save_ends,
              concentration):
    from battletape.domain.dnd5e import conditions, effects
    from battletape.domain import leaving

    if condition.strip().lower() in leaving.LEAVING:  # leaving the fight, as in 13th Age
        return lambda s, r: leaving.leave(s, name, condition)
    effects.modifiers(list(mod or []))  # checked before anything is read
    effects.save_ends(save_ends)
    return lambda s, r: conditions.apply_condition(s, name, condition, source, until,
                                                   rounds, list(mod or []), save_ends,
                                                   concentration)


def _cond_remove(services, name, condition):
    from battletape.domain.dnd5e import conditions

    return lambda s, r: conditions.remove_condition(s, name, condition)


def _exhaustion(services, name, change):
    from battletape.domain.dnd5e import conditions

    return lambda s, r: conditions.exhaustion(s, name, change)


def _do(services, name, action, bonus_action, what):
    from battletape.domain.dnd5e import actions

    return lambda s, r: actions.take_action(s, name, action, bonus_action, what or "")


def _move(services, name, where, forced, teleport):
    from battletape.domain.dnd5e import movement

    return lambda s, r: movement.move(s, name, where, forced, teleport)


def _next(services, death_save, save):
    from battletape.domain.dnd5e import order_of_combat

    saves = {k: v[0] for k, v in pairs(list(death_save), "death save").items()} \
        if death_save else {}
    ends: dict = {}
    if save:  # (most turns end with no save typed)
        from battletape.domain import named_effects
        from battletape.domain.dnd5e.d20_tests import parse_faces

        ends = named_effects.turn_saves(list(save), parse_faces)
    return lambda s, r: order_of_combat.next_turn(s, saves, ends, r)


def _ready(services, name, trigger):
    from battletape.domain.dnd5e import actions

    return lambda s, r: actions.ready(s, name, trigger)


def _act(services, name):
    from battletape.domain.dnd5e import actions

    return lambda s, r: actions.act(s, name)


def _mount(services, mount, rider, controlled, independent):
    from battletape.domain.dnd5e import mounted_combat

    return lambda s, r: mounted_combat.mount(s, mount, rider, controlled, independent)


def _dismount(services, rider):
    from battletape.domain.dnd5e import mounted_combat

    return lambda s, r: mounted_combat.dismount(s, rider)


def _rest(services, kind, names, spend, roll_, campaign=None):
    """``rest``: between battles on the campaign (``decide(CAMPAIGN, rng)``, the
    battle it follows in ``services.battle``), or forced in a fight (``decide(state,
    rng)``): domain/dnd5e/rest.py."""
    from battletape.domain.dnd5e import rest

    dice_ = {k: v[0] for k, v in pairs(list(spend or []), "--spend").items()}
    totals = pairs(list(roll_ or []), "--roll")
    names = list(names or [])

    def decide(where, rng):
        if not isinstance(where, str):  # a fight still going on
            return rest.mid_fight(where, kind, names, dice_, totals, rng)
        pcs = services.rest_pcs(where, names)
        return rest.between_battles(kind, pcs, dice_, totals, rng, services.battle)
    return decide


def _underwater(services, off):
    from battletape.domain.dnd5e.events import UnderwaterSet
    from battletape.domain.encounter import require_on

    def decide(s, r):
        require_on(s)
        return [UnderwaterSet(underwater=not off)]
    return decide


def _flee(services):
    from battletape.domain import encounter

    return lambda s, r: encounter.flee(s)


def _end(services, outcome):
    from battletape.domain import encounter

    return lambda s, r: encounter.end(s, outcome)


ROLL = opt("roll_", int, None, "--roll", help="Natural d20.")
D20 = opt("roll", str, None, help="Natural d20, or two as A/B with --adv/--dis.")
ADV = flag("adv", help="Advantage: keep the higher of two d20.")
DIS = flag("dis", help="Disadvantage: keep the lower of two d20.")
TYPE = opt("type_", str, None, "--type", help="Damage type: fire, slashing (fuoco...).")

VERBS = [
    Verb("add", _add, (
        arg("name"),
        opt("hp", int, None, help="Maximum hit points.", required=True),
        opt("ac", int, 10, help="Armor Class."),
        opt("init", int, None, help="Initiative bonus (default: the Dex modifier of "
            "--score dex:N, else 0)."),
        opt("level", int, None, help="Character level (proficiency bonus)."),
        opt("cr", str, None, help="Challenge rating: 1/2, 5 ..."),
        opt("prof", int, None, help="Proficiency bonus, if not from level or CR."),
        flag("pc", help="A player character (rolls death saves at 0 hp)."),
        opt("count", int, 1, help="Add NAME 1..N sharing one initiative roll."),
        opt("save", str, None, help="ABIL:N save bonus, repeatable: dex:+3",
            multiple=True),
        opt("score", str, None, help="ABIL:N ability score (1..30), repeatable.",
            multiple=True),
        opt("resist", str, None, help="Damage type resisted, repeatable.", multiple=True),
        opt("vulnerable", str, None, help="Damage type, repeatable.", multiple=True),
        opt("immune", str, None, help="Damage type or condition, repeatable.",
            multiple=True),
        flag("no_die_at_0", help="A monster that follows the characters' rules at 0 hp."),
        flag("swim", help="Has a swimming speed (underwater combat)."),
        opt("hit_die", str, None, help="A character's Hit Die (d6, d8, d10, d12): spent "
            "on a short rest."),
        opt("pd", int, None, help="(13th Age only)"), opt("md", int, None,
                                                          help="(13th Age only)")),
        "Add a combatant.  Example: battletape add Gob --hp 7 --ac 15 --init 2 --cr 1/4"),
    Verb("underwater", _underwater, (flag("off", help="The fight leaves the water."),),
         "The fight is under water (Combattimento sott'acqua).  Example: battletape "
         "underwater"),
    Verb("init", _init, (
        arg("naturals", help="NAME=N, or NAME=A/B with advantage or disadvantage.",
            required=False, multiple=True),
        opt("adv", str, None, help="NAME with advantage, repeatable.", multiple=True),
        opt("dis", str, None, help="NAME with disadvantage, repeatable.", multiple=True),
        opt("surprised", str, None, help="NAME,...: surprised, disadvantage.",
            multiple=True),
        opt("source_hidden", str, None, help="NAME,...: frightened, but can't see the "
            "source of its fear (no disadvantage).", multiple=True)),
        "Roll initiative (d20 + Dex) for those without.  Example: battletape init "
        "Bruna=14 Gob=15/6 --surprised Gob", roll_option=""),
    Verb("tiebreak", _tiebreak, (
        arg("names", help="The tied names, first to last.", multiple=True),
        opt("by", str, "gm", help="Who decided: gm or players.")),
        "Decide an initiative tie.  Example: battletape tiebreak Bruna Kael --by players"),
    Verb("attack", _attack, ATTACK,
        "One attack roll per target against AC, damage rolled once.  Example: "
        "battletape attack Bruna Gob --bonus 5 --roll 7/15 --adv --damage 1d8+3 "
        "--kind melee"),
    Verb("effect", _effect, (
        arg("source"), arg("targets", help="TARGET[,TARGET...]"),
        opt("ability", str, None, help="The save's ability.", required=True),
        opt("dc", int, None, help="The save's DC.", required=True),
        opt("damage", help="Damage in dice notation, rolled once: 8d6"),
        opt("dmg", int, None, help="Damage total as rolled at the table."),
        TYPE, flag("half", help="Half damage on a successful save."),
        opt("save_roll", str, None, help="TARGET=N natural, repeatable.", multiple=True),
        opt("cover", str, None, help="TARGET=half|three-quarters|total, repeatable.",
            multiple=True),
        opt("condition", str, None, help="A condition each target that fails gets "
            "(no damage needed): frightened."),
        flag("save_ends", help="With --condition: the same save at the end of each of "
             "the bearer's turns ends it."),
        opt("rounds", int, None, help="With --condition: it lasts N rounds at most.")),
        "One damage roll, one save per target; or a save or a condition.  Example: "
        "battletape effect Mage Gob1,Gob2 --ability dex --dc 13 --damage 8d6 --type fire "
        "--half; battletape effect Hag Bruna --ability wis --dc 13 --condition "
        "frightened --save-ends --rounds 10"),
    Verb("save", _save, (
        arg("name", role="target"),
        opt("ability", str, None, help="str dex con int wis cha.", required=True),
        opt("dc", int, None, help="Difficulty class (none: the concentration save "
            "owed after damage, --ability con)."),
        opt("bonus", int, None, help="Save bonus (default: the --save given at add)."),
        D20, ADV, DIS,
        opt("cover", str, None, help="half, three-quarters or total (Dex saves)."),
        flag("fall", help="Falling from a mount: prone on a failure.")),
        "A saving throw against a DC.  Example: battletape save Bruna --ability dex --dc "
        "13 --roll 12"),
    Verb("check", _check, (
        arg("name"),
        opt("ability", str, None, help="str dex con int wis cha."),
        opt("skill", str, None, help="A skill: stealth, medicine ..."),
        opt("bonus", int, None, help="The ability modifier (default: from --score)."),
        opt("proficient", str, None, help="A proficiency that applies, repeatable.",
            multiple=True),
        opt("expertise", int, 0, help="Times the proficiency bonus is doubled (once at "
            "most)."),
        opt("half_prof", int, 0, help="Times it is halved (once at most)."),
        opt("dc", int, None, help="Difficulty class."), D20, ADV, DIS,
        opt("sense", str, None, help="sight or hearing: the check relies on it (blinded "
            "or deafened fail it).", choices=("sight", "hearing", "vista", "udito")),
        flag("source_hidden", help="A frightened creature can't see its source of fear.")),
        "An ability check.  Example: battletape check Vex --skill stealth --bonus 3 "
        "--proficient stealth --roll 12"),
    Verb("damage", _damage, (
        arg("target", role="target"), arg("amount", int, role="amount"), TYPE,
        flag("crit", help="From a critical hit (two death-save failures at 0 hp)."),
        opt("modifier", int, 0, help="A bonus or penalty applied before resistance.")),
        "Direct damage.  Example: battletape damage Bruna 7 --type fire",
        negative_numbers=True),
    Verb("heal", _heal, (arg("target", role="target"),
                         arg("amount", role="amount", help="Hit points, or dice notation rolled virtually: 2d4+2")),
         "Healing.  Example: battletape heal Bruna 10", negative_numbers=True),
    Verb("temp", _temp, (
        arg("target", role="target"), arg("amount", int, role="amount"),
        opt("keep", str, None, help="old or new: temporary hp never stack.")),
        "Temporary hit points.  Example: battletape temp Bruna 5 --keep new",
        negative_numbers=True),
    Verb("reduce-max", _reduce_max, (arg("target"), arg("amount", int)),
         "Lower the hit point maximum (0 kills).  Example: battletape reduce-max Bruna 5",
         negative_numbers=True),
    Verb("death-save", _death_save, (arg("name"), ROLL),
         "A death save at the start of the turn at 0 hp.  Example: battletape death-save "
         "Bruna --roll 12"),
    Verb("stabilize", _stabilize, (
        arg("name", role="target"), arg("by"), ROLL,
        opt("bonus", int, 0, help="Wisdom (Medicine) bonus.")),
        "Help: stabilize an ally at 0 hp, Wisdom (Medicine) DC 10.  Example: battletape "
        "stabilize Bruna Kael --roll 8 --bonus 2"),
    Verb("cond add", _cond_add, (
        arg("name"), arg("condition", help="One of the seed's conditions, or a named "
            "effect of a spell or feature (mage armor, rage, hex)."),
        opt("source", str, None, help="Who causes it (grappler, charmer, fear, caster)."),
        opt("until", str, None, help="end-of-turn or end-of-next-turn; "
            "end-of-next-turn:NAME counts NAME's turns (the caster's)."),
        opt("rounds", int, None, help="Ends at the same point N rounds later."),
        opt("mod", str, None, help="A modifier, repeatable: attack:+N, ac:+N, save:+N, "
            "dex-save:+N, damage:+N|+XdY, resist:TYPE, vulnerable:TYPE, immune:TYPE, "
            "crit:19, no-healing, source-attack:+N, source-damage:+XdY, source-crit:19 "
            "(source-: the --source's attacks on the bearer).", multiple=True),
        opt("save_ends", str, None, help="ABIL:DC: saved against at the end of each of "
            "the bearer's turns; a success ends it."),
        flag("concentration", help="The --source concentrates on it: another one, or a "
             "failed Constitution save after damage, ends it.")),
        "Apply a condition or a named effect.  Example: battletape cond add Bruna "
        "\"mage armor\" --mod ac:+3; battletape cond add Ogre hex --source Sera --mod "
        "source-damage:+1d6 --concentration"),
    Verb("cond remove", _cond_remove, (arg("name"), arg("condition")),
         "Remove a condition.  Example: battletape cond remove Bruna poisoned"),
    Verb("exhaustion", _exhaustion, (arg("name"), arg("change", int)),
         "Change the exhaustion level (1..10; 10 kills).  Example: battletape exhaustion "
         "Bruna +1", negative_numbers=True),
    Verb("do", _do, (
        arg("name"), arg("action", help="dash, disengage, dodge, help, hide, influence, "
                         "magic, search, study, utilize, interact, improvise, "
                         "drop-prone"),
        flag("bonus_action", help="A bonus action a rule grants."),
        opt("what", str, None, help="What is done (improvise, interact).")),
        "Take an action.  Example: battletape do Bruna dodge"),
    Verb("move", _move, (
        arg("name"), arg("where", required=False, default="away"),
        flag("forced", help="Moved by an effect, against its will."),
        flag("teleport")),
        "Record a move (a forced move ends a grapple).  Example: battletape move Gob "
        "away --forced"),
    Verb("next", _next, (
        opt("death_save", str, None, help="NAME=N: the death save of the next creature.",
            multiple=True),
        opt("save", str, None, help="NAME=N[,N]: the naturals of the saves that end its "
            "conditions (--save-ends), at the end of its turn.", multiple=True)),
        "End the turn and start the next.  Example: battletape next --death-save "
        "Bruna=12", roll_option="--death-save", roll_per_name=True),
    Verb("ready", _ready, (arg("name"), arg("trigger")),
         "Ready an action for a trigger.  Example: battletape ready Bruna \"the ogre "
         "comes through the door\""),
    Verb("act", _act, (arg("name"),),
         "The readied action fires (the reaction).  Example: battletape act Bruna",
         roll_option=""),
    Verb("mount", _mount, (
        arg("mount"), arg("rider"),
        flag("controlled", help="Takes the rider's initiative; only Dash, Disengage, "
             "Dodge."),
        flag("independent", help="Keeps its own initiative.")),
        "Mount a creature.  Example: battletape mount Horse Bruna --controlled"),
    Verb("dismount", _dismount, (arg("rider"),),
         "Leave the mount.  Example: battletape dismount Bruna"),
    Verb("rest", _rest, (
        arg("kind", help="short or long"),
        arg("names", required=False, multiple=True, help="The PCs who rest (default: "
            "every PC of the battle, the dead aside)."),
        opt("spend", str, None, help="NAME=N: Hit Dice NAME spends on a short rest "
            "(rolled virtually), repeatable.", multiple=True),
        opt("roll_", str, None, "--roll", help="NAME=T[,T...]: the Hit Dice totals "
            "rolled at the table, before Con, one per die, repeatable.", multiple=True),
        opt("campaign", help="Default: the current encounter's.")),
        "A short or long rest between battles (SRD: Hit Dice spent on a short rest; "
        "all hit points and half the Hit Dice back on a long one).  Example: "
        "battletape rest short Tobin --roll Tobin=6", scope="rest"),
    Verb("flee", _flee, (), "The party flees.  Example: battletape flee"),
    Verb("end", _end, (opt("outcome", str, "victory", help="victory, defeat, truce..."),),
         "End the encounter.  Example: battletape end"),
]

#: the verbs whose decision takes one typed value, the struct of its declared params
#: (Verb.order), instead of a parameter per option
TYPED = {"add": None, "attack": AttackOrder}
VERBS = [typed(v, TYPED[v.name]) if v.name in TYPED else v for v in VERBS]
