"""D&D 3.5 (seed 003): the verbs of the command-line contract, their options, their
decisions.

Each verb checks its values (bad input: one clear line) and returns the decision; the
rules modules of ``domain/dnd35/`` decide.
"""

from __future__ import annotations

from battletape.domain.errors import BadInput, NotThisSystem
from battletape.domain.words import N_
from battletape.domain.dnd35.attack_order import ATTACK, AttackOrder
from battletape.domain.dnd35.maneuver_order import MANEUVER, ManeuverOrder
from battletape.domain.verbs import Verb, arg, flag, opt, pairs, typed


def _names(text: str | None) -> list[str]:
    return [t.strip() for t in (text or "").split(",") if t.strip()]


def _add(services, v):
    """``add``: ``v`` is the verb's values (its declared struct, Verb.order)."""
    from battletape.domain.dnd35 import abilities, armor, attacking_objects, roster

    for what, value in (("--pd", v.pd), ("--md", v.md)):
        if value is not None:
            raise NotThisSystem.said(N_("{option} is a 13th Age defense; this encounter "
                                        "is 3.5e"), what, value, option=what)
    worn = armor.sheet_stats(v.armor_check, v.armor_nonproficient, v.max_dex,
                             v.spell_failure)
    extra_body = _body(v.darkvision, v.legs, v.nonhumanoid)
    # Caratteristiche (no score), Attaccare gli oggetti (an object, its hardness)
    extra_body.update(abilities.sheet_stats(v.no_score))
    extra_body.update(attacking_objects.sheet_stats(v.object_, v.hardness))
    if v.climb_speed:
        extra_body["climb_speed"] = True    # Scalare: keeps its Dex bonus (35-CLB-01)
    from battletape.domain.dnd35.natural_healing import with_carried

    carried = services.carried(v.name) if v.pc and services is not None else None
    return lambda s, r: with_carried(_with_stats(roster.add(s, v), {**worn, **extra_body}),
                                     carried)


def _rest(services, kind, names, campaign=None):
    """``rest``: between battles on the campaign, or forced in a fight (natural
    healing: domain/dnd35/natural_healing.py)."""
    from battletape.domain.dnd35 import natural_healing

    names = list(names or [])

    def decide(where, rng):
        if not isinstance(where, str):  # a fight still going on
            return natural_healing.mid_fight(where, kind, names)
        return natural_healing.between_battles(kind, services.rest_pcs(where, names),
                                               services.battle)
    return decide


def _with_stats(events, more: dict):
    """Armature e Carico: the armor numbers join the added combatants' statistics."""
    import msgspec

    if not more:
        return events
    return [msgspec.structs.replace(e, stats={**e.stats, **more})
            if type(e).__name__ == "CombatantAdded" else e for e in events]


def _spell_failure(services, name, roll_, chance, spell):
    from battletape.domain.dnd35 import armor

    return lambda s, r: armor.spell_failure(s, r, name, roll_, chance, spell or "")


def _init(services, naturals, aware, reroll):
    from battletape.domain.dnd35 import initiative

    given = initiative.parse(list(naturals or []))
    again = initiative.parse(list(reroll or []), "--reroll") if reroll else None
    if again and given:
        raise BadInput("--reroll", ",".join(reroll),
                       N_("a reroll on its own (no NAME=N)"))
    who = [n for item in aware or [] for n in _names(item)]
    return lambda s, r: initiative.roll_initiative(s, r, given, who, again)


def _attack(services, order):
    """``attack``: ``order`` is the verb's declared struct (attack_order.AttackOrder)."""
    from battletape.domain.dnd35 import attacks as atk

    return lambda s, r: atk.attack(s, r, order)


def _damage(services, target, amount, nonlethal, type_, hardness, reflex=None,
            cover=None, ranged=False, siege=False, magic=False, miss_roll=None):
    from battletape.domain.dnd35 import conditions

    inner = _damage_to(services, target, amount, nonlethal, type_, hardness, reflex,
                       cover, ranged, siege)
    return conditions.incorporeal_damage(target, amount, type_, magic, miss_roll, inner)


def _damage_to(services, target, amount, nonlethal, type_, hardness, reflex=None,
               cover=None, ranged=False, siege=False):
    from battletape.domain.dnd35 import damage

    if amount < 0:
        raise BadInput("damage", amount, N_("0 or more"))
    if siege and not ranged:
        raise BadInput("--siege", "without --ranged", N_("--ranged --siege (a siege weapon "
                       "deals full damage to objects)"))
    if reflex is not None or cover is not None:
        from battletape.domain.dnd35 import battle_grid

        return battle_grid.reflex_decision(
            lambda s, t, a, n, ty, h: damage.direct_damage(s, t, a, n, ty, h, ranged, siege),
            target, amount, nonlethal, type_, hardness, reflex, cover)
    return lambda s, r: damage.direct_damage(s, target, amount, nonlethal, type_, hardness,
                                             ranged, siege)


def _ability(services, name, ability, points, drain, by, crit):
    from battletape.domain.dnd35 import abilities

    return lambda s, r: abilities.change(s, name, ability, points, drain, by, crit)


def _drain(services, name, count, by):
    from battletape.domain.dnd35 import abilities

    return lambda s, r: abilities.energy_drain(s, name, count, by)


def _ability_check(services, name, ability, roll_, dc, bonus):
    from battletape.domain.dnd35 import abilities

    return lambda s, r: abilities.check(s, r, name, ability, roll_, dc, bonus)


def _heal(services, target, amount):
    from battletape.domain.dnd35 import hit_points
    from battletape.domain.encounter import heal_decision

    return heal_decision(amount, lambda s, n: hit_points.direct_heal(s, target, n))


def _save(services, name, fort, ref, will, which, dc, bonus, roll_, against, cover,
          harmless=False):
    from battletape.domain.dnd35 import saves

    chosen = [k for k, v in (("fort", fort), ("ref", ref), ("will", will)) if v]
    if which:
        chosen.append(which)
    if len(chosen) != 1:
        raise BadInput("save", " ".join(chosen) or "none",
                       N_("one of --fort, --ref, --will"))
    return lambda s, r: saves.save(s, r, name, chosen[0], dc, bonus, roll_, against, cover,
                                   harmless)


def _death_save(services, name, roll_):
    from battletape.domain.dnd35 import dying

    return lambda s, r: dying.death_save(s, r, name, roll_)


def _stabilize(services, name, by, roll_, bonus):
    from battletape.domain.dnd35 import dying

    return lambda s, r: dying.stabilize(s, r, name, by, roll_, bonus)


def _cond_add(services, name, condition, source, rounds, effect, mod, until=None,
              save_ends=None):
    from battletape.domain.dnd35 import conditions
    from battletape.domain import leaving

    if condition.strip().lower() in leaving.LEAVING:  # leaving the fight, as in 13th Age
        return lambda s, r: leaving.leave(s, name, condition)
    conditions.effect_modifiers(list(mod or []))  # checked before anything is read
    from battletape.domain.dnd35 import effects
    effects.save_ends(save_ends)
    return lambda s, r: conditions.apply_condition(s, name, condition, source, rounds,
                                                   effect, list(mod or []), until,
                                                   save_ends)


def _confusion(services, name, roll_):
    from battletape.domain.dnd35 import confusion

    return lambda s, r: confusion.roll(s, r, name, roll_)


def _cond_remove(services, name, condition):
    from battletape.domain.dnd35 import conditions

    return lambda s, r: conditions.remove_condition(s, name, condition)


def _do(services, name, action, target, threatened_by, what, difficult=False):
    from battletape.domain.dnd35 import rounds_and_actions as act

    return lambda s, r: act.do(s, name, action, target, _names(threatened_by), what or "",
                               difficult)


def _engage(services, a, b):
    from battletape.domain.dnd35 import movement

    return lambda s, r: movement.engage(s, a, b)


def _move(services, name, where, threatened_by):
    from battletape.domain.dnd35 import movement

    return lambda s, r: movement.move(s, name, where, _names(threatened_by))


def _next(services, death_save, save=None):
    from battletape.domain import named_effects
    from battletape.domain.dnd35 import rounds

    saves = {k: v[0] for k, v in pairs(list(death_save or []), "death save").items()}
    ends = named_effects.turn_saves(list(save or []), _one_natural)
    return lambda s, r: rounds.next_turn(s, r, saves, ends)


def _one_natural(text: str, what: str) -> list[int]:
    """One d20 natural (3.5 has no advantage): ``12`` -> [12]."""
    try:
        n = int(str(text).strip())
    except ValueError:
        n = 0
    if not 1 <= n <= 20:
        raise BadInput(what, text, N_("a natural from 1 to 20"))
    return [n]


def _effect(services, source, targets, which, fort, ref, will, dc, condition, save_ends,
            rounds, save_roll):
    from battletape.domain.dnd35 import saves

    chosen = [k for k, v in (("fort", fort), ("ref", ref), ("will", will)) if v]
    if which:
        chosen.append(which)
    if len(chosen) != 1:
        raise BadInput("--save", " ".join(chosen) or "none", N_("one of fort, ref, will"))
    rolls = {k: v[0] for k, v in pairs(list(save_roll or []), "--save-roll").items()}
    return lambda s, r: saves.effect(s, r, source, _names(targets), chosen[0], dc,
                                     condition, save_ends, rounds, rolls)


def _delay(services, name):
    from battletape.domain.dnd35 import initiative

    return lambda s, r: initiative.delay(s, name)


def _ready(services, name, trigger, action):
    from battletape.domain.dnd35 import initiative

    return lambda s, r: initiative.ready(s, name, trigger, action)


def _act(services, name):
    from battletape.domain.dnd35 import initiative

    return lambda s, r: initiative.act(s, name, r)


def _mod(services, name, stat, value, type_, source, against, rounds, force_effect=False):
    from battletape.domain.dnd35 import bonus_effects

    return lambda s, r: bonus_effects.add_modifier(s, name, stat, value, type_, source,
                                                   against, rounds, force_effect)


def _flee(services):
    from battletape.domain import encounter

    return lambda s, r: encounter.flee(s)


def _end(services, outcome):
    from battletape.domain import encounter

    return lambda s, r: encounter.end(s, outcome)


def _body(darkvision, legs, nonhumanoid) -> dict:
    """Griglia di battaglia and Mosse speciali: darkvision (Illuminazione), legs (+4
    against trip, bull rush and overrun with more than two), non-humanoid (feint -4)."""
    out: dict = {}
    if darkvision:
        out["darkvision"] = True
    if legs is not None:
        if not 0 <= legs <= 100:
            raise BadInput("--legs", legs, N_("0..100 (0: legless, can't be tripped)"))
        out["legs"] = legs
    if nonhumanoid:
        out["humanoid"] = False
    return out


def _aid(services, aider, ally, target, roll_, bonus, give):
    from battletape.domain.dnd35 import maneuvers

    return lambda s, r: maneuvers.aid(s, r, aider, ally, target, roll_, bonus,
                                      (give or "").lower())


def _feint(services, feinter, target, roll_, bonus, opposed):
    from battletape.domain.dnd35 import maneuvers

    return lambda s, r: maneuvers.feint(s, r, feinter, target, roll_, bonus, opposed)


def _maneuver(services, v):
    """``maneuver``: ``v`` is the move's order, its declared struct (maneuver_order)."""
    from battletape.domain.dnd35 import maneuvers

    return lambda s, r: maneuvers.maneuver(s, r, v)


def _turn(services, name, level, check, damage_roll, cha, targets):
    from battletape.domain.dnd35 import maneuvers

    if level is None:
        raise BadInput("--level", None, N_("the cleric level (or paladin level - 3)"))
    return lambda s, r: maneuvers.turn(s, r, name, level, check, damage_roll, cha or 0,
                                       _names(targets))


def _table_help() -> str:
    """The action table's rows by type, for `do --help` (Tabella delle Azioni)."""
    from battletape.domain.dnd35.action_table import EXTRA, ROWS

    bare = {"standard", "move-action", "full-round", "swift", "immediate", "free"}
    kinds: dict[str, list[str]] = {}
    for row in [*ROWS.values(), *(r for r in EXTRA.values() if r.slug not in bare)]:
        mark = "*" if row.provokes != "no" else ""
        kinds.setdefault(row.kind, []).append(row.slug + mark)
    return ("A row of the action table (* provokes attacks of opportunity): "
            + "; ".join(f"{kind}: {', '.join(slugs)}" for kind, slugs in kinds.items())
            + "; or a bare standard, move-action, full-round, swift, immediate, free.")


ROLL = opt("roll_", int, None, "--roll", help="Natural d20.")
THREATENED = opt("threatened_by", str, None, help="NAME,...: creatures threatening it "
                 "besides those engaged with it.")

VERBS = [
    Verb("add", _add, (
        arg("name"),
        opt("hp", int, None, help="Hit points.", required=True, low=1),
        opt("ac", int, 10, help="Armor Class."),
        opt("touch", int, None, help="Touch AC (default 10 + the Dex and dodge part)."),
        opt("flat_footed", int, None, help="Flat-footed AC (default: the AC)."),
        opt("bab", int, 0, help="Base attack bonus (iterative attacks)."),
        opt("fort", int, None, help="Fortitude save bonus."),
        opt("ref", int, None, help="Reflex save bonus."),
        opt("will", int, None, help="Will save bonus."),
        opt("init", int, 0, help="Initiative bonus (Dex modifier + Improved Initiative)."),
        flag("pc", help="A player character."),
        opt("count", int, 1, help="Add NAME 1..N sharing one initiative roll."),
        opt("level", int, None, help="Character level."),
        opt("hd", int, None, help="Hit Dice (negative levels, turning)."),
        opt("score", str, None, help="ABIL:N ability score, repeatable: dex:14",
            multiple=True),
        opt("size", str, "medium", help="fine ... medium ... colossal (Taglia)."),
        flag("nonliving", help="A construct or undead: destroyed at 0 hp, no nonlethal."),
        flag("crit_immune", help="Immune to critical hits and precision damage."),
        flag("no_con", help="No Constitution score (a golem, undead)."),
        opt("aoo", int, 1, help="Attacks of opportunity a round (Combat Reflexes)."),
        opt("speed", float, 9.0, help="Base speed in metres."),
        flag("unarmed", help="Threatens nothing (no natural or melee weapon)."),
        flag("mindless", help="No Intelligence score (immune to feints, morale)."),
        flag("darkvision", help="Sees in dim light and darkness (Illuminazione)."),
        opt("legs", int, None, help="Number of legs (more than two: +4 against trip, "
            "bull rush, overrun; 0 can't be tripped)."),
        flag("nonhumanoid", help="Not a humanoid (a feint against it: -4)."),
        flag("climb_speed", help="Has a climb speed: keeps its Dex bonus to AC while "
             "climbing (Scalare)."),
        opt("joins", str, None, help="aware or unaware: a newcomer to a fight under way."),
        opt("pd", int, None, help="(13th Age only)"),
        opt("md", int, None, help="(13th Age only)"),
        opt("armor_check", int, None, help="Armor check penalty (armor + shield): -N."),
        flag("armor_nonproficient", help="Not proficient with its armor or shield: the "
             "armor check penalty on every attack roll."),
        opt("max_dex", int, None, help="The armor's maximum Dex bonus to AC."),
        opt("spell_failure", str, None, help="Arcane spell failure in percent: ARMOR[,SHIELD]."),
        opt("no_score", str, None, help="ABIL: no score at all for it (a shadow: str; "
            "con is --no-con), repeatable.", multiple=True),
        flag("object_", "--object", help="An object (Attaccare gli oggetti): hardness, "
             "no criticals, no nonlethal, breaks at 0 hp."),
        opt("hardness", int, None, help="With --object: its hardness.")),
        "Add a combatant.  Example: battletape add Orc --hp 15 --ac 13 --touch 10 "
        "--flat-footed 13 --bab 1 --init 0"),
    Verb("init", _init, (
        arg("naturals", help="NAME=N: the natural d20 as rolled.", required=False,
            multiple=True),
        opt("aware", str, None, help="NAME,...: a surprise round for these only.",
            multiple=True),
        opt("reroll", str, None, help="A=N,B=N: the tied creatures' reroll.",
            multiple=True)),
        "Roll initiative (d20 + bonus).  Example: battletape init Kael=14 Orc=9",
        roll_option=""),
    Verb("attack", _attack, ATTACK,
        "Attack rolls against AC, touch or flat-footed AC.  Example: battletape attack "
        "Kael Orc --bonus 7 --roll 19 --threat 19 --confirm 12 --damage 1d8+4 --kind melee"),
    Verb("spell-failure", _spell_failure, (
        arg("name"), opt("roll_", int, None, "--roll", help="The d100."),
        opt("chance", int, None, help="Failure chance in percent (default: the sheet's "
            "--spell-failure)."),
        opt("spell", str, None, help="The spell cast.")),
        "Arcane spell failure in armor: d100, at most the chance wastes the spell.  "
        "Example: battletape spell-failure Mage --roll 20"),
    Verb("damage", _damage, (
        arg("target", role="target"), arg("amount", int, role="amount"),
        flag("nonlethal", help="Nonlethal damage (its own pool)."),
        opt("type_", str, None, "--type", help="Damage type."),
        opt("hardness", int, None, help="An object's hardness."),
        opt("reflex", str, None, help="An area's damage for half: the Reflex save "
            "passed or failed."),
        opt("cover", str, None, help="With --reflex: improved cover is Improved Evasion."),
        flag("ranged", help="An object: a ranged attack's damage (half)."),
        flag("siege", help="With --ranged: a siege weapon (full damage to objects)."),
        flag("magic", help="Magical damage (an incorporeal target ignores it 50%)."),
        opt("miss_roll", int, None, help="Incorporeal target: the d100 (1-50: ignored).")),
        "Direct damage.  Example: battletape damage Kael 7 --nonlethal; battletape damage "
        "Door 20 --type fire --hardness 5",
        negative_numbers=True),
    Verb("ability", _ability, (
        arg("name"), arg("ability", help="str, dex, con, int, wis or cha (or Forza ...)"),
        arg("points", int, help="-N: damage (or drain); +N: cured (or restored)"),
        flag("drain", help="Ability drain (permanent until Restoration)."),
        opt("by", str, None, help="With --drain: the drainer (5 temporary hp)."),
        flag("crit", help="With --drain: a critical hit doubles the points and the "
             "temporary hp.")),
        "Ability damage or drain (Danni alle caratteristiche, Risucchio di "
        "caratteristica).  Example: battletape ability Kael con -2 --drain --by Wight",
        negative_numbers=True),
    Verb("drain", _drain, (
        arg("name"), arg("count", int, help="N negative levels (-N: removed)"),
        opt("by", str, None, help="The creature that drains.")),
        "Energy drain: negative levels (-1 on attacks, saves, checks; -5 hp each).  "
        "Example: battletape drain Kael 2 --by Wight", negative_numbers=True),
    Verb("ability-check", _ability_check, (
        arg("name"), arg("ability", help="str, dex, con, int, wis or cha"), ROLL,
        opt("dc", int, None, help="The DC, if any."),
        opt("bonus", int, None, help="The modifier (default: the sheet's score's).")),
        "An ability check: 1d20 + the ability modifier.  Example: battletape "
        "ability-check Kael str --roll 12 --dc 15"),
    Verb("heal", _heal, (arg("target", role="target"),
                         arg("amount", role="amount", help="Hit points, or dice notation rolled virtually: 2d4+2")),
         "Healing (heals as much nonlethal damage).  Example: battletape heal Kael 8",
         negative_numbers=True),
    Verb("save", _save, (
        arg("name", role="target"),
        arg("which", required=False, help="fort, ref or will"),
        flag("fort", help="Fortitude."), flag("ref", help="Reflex."),
        flag("will", help="Will."),
        opt("dc", int, None, help="The DC (set by the rules for a demanded save)."),
        opt("bonus", int, None, help="Save bonus (default: the sheet's)."), ROLL,
        opt("against", str, None, help="massive-damage, coup-de-grace or a condition."),
        opt("cover", str, None, help="Reflex: normal, limited or improved cover."),
        flag("harmless", help="A harmless effect (or one working on objects): a creature "
             "without Con may still save.")),
        "A saving throw.  Example: battletape save Kael --fort --dc 15 --against "
        "massive-damage --roll 12"),
    Verb("effect", _effect, (
        arg("source"), arg("targets", help="TARGET[,TARGET...]"),
        arg("which", required=False, help="fort, ref or will"),
        flag("fort", help="Fortitude."), flag("ref", help="Reflex."),
        flag("will", help="Will."),
        opt("dc", int, None, help="The save's DC.", required=True),
        opt("condition", str, None, help="The condition a target that fails gets "
            "(shaken, frightened...).", required=True),
        flag("save_ends", help="The same save at the end of each of the bearer's turns "
             "ends it."),
        opt("rounds", int, None, help="It lasts N rounds at most."),
        opt("save_roll", str, None, help="TARGET=N natural, repeatable.", multiple=True)),
        "A save-only effect: one save per target, a condition on a failure, no damage.  "
        "Example: battletape effect Hag Kael,Mira --will --dc 15 --condition shaken "
        "--save-ends"),
    Verb("death-save", _death_save, (
        arg("name"), opt("roll_", int, None, "--roll", help="d100: 01-10 stable.")),
        "A dying creature's roll in its turn: 10% to stabilise, else -1 hp.  Example: "
        "battletape death-save Kael --roll 07"),
    Verb("stabilize", _stabilize, (
        arg("name", role="target"), arg("by"), ROLL,
        opt("bonus", int, 0, help="The helper's Heal bonus.")),
        "Heal DC 15 on a dying creature (a standard action that provokes).  Example: "
        "battletape stabilize Kael Mira --roll 11 --bonus 4"),
    Verb("cond add", _cond_add, (
        arg("name"), arg("condition"),
        opt("source", str, None, help="Who or what causes it."),
        opt("rounds", int, None, help="Lasts N rounds."),
        opt("effect", str, None, help="The effect's name (fear effects don't stack)."),
        opt("mod", str, None, help="A named effect's modifier, STAT:+N[:TYPE] (STAT: "
            "ac, attack, save, fort, ref, will, damage, str..cha, initiative, checks; "
            "TYPE a bonus type, default untyped), threat:N, dr:N[:WORD], "
            "resist:N:TYPE, immune:TYPE; repeatable.", multiple=True),
        opt("until", str, None, help="end-of-turn or end-of-next-turn; "
            "end-of-next-turn:NAME counts NAME's turns (the caster's)."),
        opt("save_ends", str, None, help="SAVE:DC (will:15): saved against at the end "
            "of each of the bearer's turns; a success ends it.")),
        "Apply a condition, or a named effect of a spell.  Example: battletape cond add "
        "Orc shaken --effect \"Cause Fear\" --rounds 3; battletape cond add Kael "
        "\"shield of faith\" --mod ac:+2:deflection --rounds 10"),
    Verb("cond remove", _cond_remove, (arg("name"), arg("condition")),
         "Remove a condition.  Example: battletape cond remove Orc shaken"),
    Verb("confusion", _confusion, (
        arg("name"), opt("roll_", int, None, "--roll", help="The d100: 01-10 attack the "
                         "source, 11-20 act normally, 21-50 babble, 51-70 flee, 71-100 "
                         "attack the nearest.")),
        "A confused creature's behaviour this turn (Confuso, d100).  Example: battletape "
        "confusion Orc --roll 35", roll_option="--roll"),
    Verb("do", _do, (
        arg("name"), arg("action", help=_table_help()),
        opt("target", str, None, help="The creature the action is aimed at."),
        THREATENED, opt("what", str, None, help="What is done."),
        flag("difficult", help="The path crosses difficult terrain (no run, no charge).")),
        "Take an action: its type is spent and those who may take an attack of "
        "opportunity are listed.  Example: battletape do Kael drink-potion"),
    Verb("engage", _engage, (arg("a"), arg("b", role="target")),
         "Two creatures in melee: each threatens the other.  Example: battletape engage "
         "Kael Orc"),
    Verb("move", _move, (
        arg("name"), arg("where", required=False, default="away",
                         help="away (leaves threatened squares) or near NAME"),
        THREATENED),
        "Move (a move action): leaving threatened squares provokes.  Example: battletape "
        "move Kael away"),
    Verb("next", _next, (
        opt("death_save", str, None, help="NAME=N: the d100 of a dying creature whose "
            "turn starts.", multiple=True),
        opt("save", str, None, help="NAME=N[,N]: the naturals of the saves that end its "
            "conditions (--save-ends), at the end of its turn.", multiple=True)),
        "End the turn and start the next.  Example: battletape next",
        roll_option="--death-save", roll_per_name=True),
    Verb("delay", _delay, (arg("name"),),
         "Delay the turn.  Example: battletape delay Kael"),
    Verb("ready", _ready, (
        arg("name"), arg("trigger"),
        opt("action", str, "standard", help="standard, move, swift or free.")),
        "Ready an action for a trigger (a standard action).  Example: battletape ready "
        "Kael \"the orc comes through the door\""),
    Verb("act", _act, (arg("name"),),
         "A readied action goes off, or a delayed creature acts.  Example: battletape act "
         "Kael", roll_option=""),
    Verb("mod", _mod, (
        arg("name"), arg("stat", help="ac, attack, save, fort, ref, will, damage"),
        arg("value", int),
        opt("type_", str, "untyped", "--type", help="dodge, deflection, morale, ..."),
        opt("source", str, None, help="The effect it comes from.", required=True),
        opt("against", str, None, help="Only against this creature."),
        opt("rounds", int, None, help="Lasts N rounds."),
        flag("force_effect", help="A force effect (Mage Armor): its armor bonus counts "
             "against an incorporeal touch attack (Incorporeo).")),
        "A typed bonus or penalty.  Example: battletape mod Kael ac +2 --type deflection "
        "--source \"ring of protection\"", negative_numbers=True),
    Verb("rest", _rest, (
        arg("kind", help="short (an hour), long (a night's rest) or day (a day and a "
            "night in bed)"),
        arg("names", required=False, multiple=True, help="The PCs who rest (default: "
            "every PC of the battle, the dead aside)."),
        opt("campaign", help="Default: the current encounter's.")),
        "Rest between battles: natural healing (a night: 1 hp per level; a day in bed: "
        "2; nonlethal 1 per level an hour).  Example: battletape rest long", scope="rest"),
    Verb("flee", _flee, (), "The party flees.  Example: battletape flee"),
    Verb("end", _end, (opt("outcome", str, "victory", help="victory, defeat, truce..."),),
         "End the encounter.  Example: battletape end"),
    Verb("aid", _aid, (
        arg("aider"), arg("ally"), arg("target"),
        opt("roll_", int, None, "--roll", help="Natural d20 of the attack roll vs AC 10."),
        opt("bonus", int, 0, help="The helper's attack bonus."),
        opt("give", str, None, help="attack (+2 on the ally's next attack on TARGET) or "
            "ac (+2 AC against TARGET's next attack).", required=True)),
        "Aid another (a standard action): attack roll vs AC 10, +2 for the ally until the "
        "start of the helper's next turn.  Example: battletape aid Mira Kael Orc --roll 8 "
        "--bonus 2 --give attack"),
    Verb("feint", _feint, (
        arg("feinter"), arg("target"),
        opt("roll_", int, None, "--roll", help="Natural d20 of the Bluff check."),
        opt("bonus", int, 0, help="The Bluff bonus."),
        opt("opposed", int, None, help="The target's Sense Motive check + its BAB (total).",
            required=True)),
        "Feint in combat (a standard action): the target loses its Dex bonus to AC "
        "against the feinter's next melee attack.  Example: battletape feint Kael Orc "
        "--roll 14 --bonus 5 --opposed 17"),
    Verb("maneuver", _maneuver, MANEUVER,
        "A special move: grapple, trip, disarm, sunder, bull rush, overrun, pin.  "
        "Example: battletape maneuver Kael Orc trip --touch 15 --check 12 --opposed 9",
        roll_option="--check"),
    Verb("turn", _turn, (
        arg("name"),
        opt("level", int, None, help="The turning level (cleric; paladin - 3).",
            required=True),
        opt("check", int, None, help="The turning check: 1d20 + Cha modifier, total."),
        opt("damage_roll", int, None, help="The 2d6 of turning damage."),
        opt("cha", int, 0, help="Charisma modifier."),
        opt("targets", str, None, help="NAME,...: the undead in range, nearest first.")),
        "Turn undead (a standard action, no AoO).  Example: battletape turn Cleric "
        "--level 6 --check 14 --damage-roll 7 --cha 2 --targets Zombie,Ghoul",
        roll_option="--check"),
]

#: the verbs whose decision takes one typed value, the struct of its declared params
#: (Verb.order), instead of a parameter per option
TYPED = {"add": None, "attack": AttackOrder, "maneuver": ManeuverOrder}
VERBS = [typed(v, TYPED[v.name]) if v.name in TYPED else v for v in VERBS]
