"""D&D 3.5 (seed 003): one log line for each of 3.5's own events (and 3.5's reading of
an attack, a save, a d100 to stabilise); None lets the core word the rest.

Each line is a message of 3.5's catalogue (``locale/``: domain/words.py). The Sigil
community reads its rules in Italian: the Italian lines use the seed's own words (tiro
per colpire, minaccia di critico, CA da tocco, colto alla sprovvista, danni non
letali, attacco di opportunità, morente, stabile), ``t`` giving the seed's terms.
"""

from __future__ import annotations

import re

from battletape.domain.patterns import pattern
from battletape.domain.dnd35.terms import CONDITIONS

from battletape.domain import events as ev
from battletape.domain.dnd35 import events as ev35
from battletape.domain.words import N_, Words


#: Confuso (35-CND-11): what a confused creature does, by its d100 band
_BEHAVIOURS = {"attack-source": "attacks the source of the confusion",
               "act-normally": "acts normally", "babble": "babbles incoherently",
               "flee": "flees from the source of the confusion",
               "attack-nearest": "attacks the nearest creature",
               "attack-attacker": "attacks the creature that attacked it"}
_DEFENSES = {"ac": "AC", "touch": "touch AC", "flat-footed": "flat-footed AC"}


def _defense(defense: str, _: Words) -> str:
    name = _DEFENSES.get(defense, defense)
    return _.ctx("defense", name)


def _modifier(label: str, _: Words, t) -> str:
    """An attack's modifier in the reader's words (fiancheggiare, carica, paura)."""
    said = _.ctx("modifier", label)
    if said != label:
        return said
    if label.startswith("fear (") and label.endswith(")"):
        return _("fear ({conditions})", conditions=", ".join(
            t(w) for w in label[6:-1].split(", ")))
    return t(label)


_MISS_CHANCE = pattern(r"miss chance (\d+)% \((.*)\): d100 (\d+)")
_HEAL = pattern(r"Heal DC (\d+) on (.+)")


_THREAT = pattern(r"threat range (\d+)-20 \((.+)\)")
_DR = pattern(r"DR (\d+)/(\S+) \((.+)\): -(\d+)")
_RESIST = pattern(r"resistance to (\w+) (\d+) \((.+)\): -(\d+)")
_IMMUNE = pattern(r"immune to (\w+) \((.+)\): -(\d+)")


def _reduction(tag: str, _: Words, t) -> str | None:
    """A named effect's note on an attack (effects.py): threat range, DR, resistance."""
    if m := _THREAT.fullmatch(tag):
        return _("threat range {n}-20 ({effect})", n=m[1], effect=m[2])
    if m := _DR.fullmatch(tag):
        return _("DR {n}/{word} ({effect}): -{cut}", n=m[1], word=m[2], effect=m[3],
                 cut=m[4])
    if m := _RESIST.fullmatch(tag):
        return _("resistance to {type} {n} ({effect}): -{cut}", type=t(m[1]), n=m[2],
                 effect=m[3], cut=m[4])
    if m := _IMMUNE.fullmatch(tag):
        return _("immune to {type} ({effect}): -{cut}", type=t(m[1]), effect=m[2],
                 cut=m[3])
    return None


def mods_text(mods: dict[str, int], _: Words, t) -> str:
    """A named effect's modifiers (effects.py): ``ac +2 deflection, threat 17-20, DR
    10/adamantine, resistance to fire 10``."""
    out = []
    for key, v in mods.items():
        head, _sep, arg = key.partition(":")
        if head == "threat":
            out.append(_("threat {n}-20", n=v))
        elif head == "dr":
            out.append(_("DR {n}/{word}", n=v, word=arg or "—"))
        elif head == "resist":
            out.append(_("resistance to {type} {n}", type=t(arg), n=v))
        elif head == "immune":
            out.append(_("immune to {type}", type=t(arg)))
        else:
            out.append(f"{_.ctx('stat', head)} {v:+d}"
                       + (f" {_.ctx('bonus type', arg)}" if arg else ""))
    return ", ".join(out)


_ROUND_OF = pattern(r"round (\d+), (.+)'s turn")


def _until(until: str, _: Words) -> str:
    """A duration's end: ``round 11, Kael's turn`` or a kind (``end-of-next-turn``)."""
    m = _ROUND_OF.fullmatch(until)
    if m:
        return _("round {round}, {name}'s turn", round=m[1], name=m[2])
    return _.ctx("until", until)


def _tag(tag: str, _: Words, t) -> str:
    """An attack's note in the reader's words (its conditions by the seed's terms)."""
    said = _reduction(tag, _, t)
    if said is not None:
        return said
    head, sep, rest = tag.partition(": ")
    reasons = ", ".join(t(r) for r in rest.split(", ")) if sep else ""
    if head == "loses Dex to AC":
        return _("loses Dex to AC: {reasons}", reasons=reasons)
    if head == "Dex 0":
        return _("Dex 0: {reasons}", reasons=reasons)
    if head == "precision damage lost":
        return _("precision damage lost: {why}", why=_.ctx("tag", rest))
    found = _MISS_CHANCE.fullmatch(tag)
    if found:
        chance, why, roll = found.groups()
        return _("miss chance {chance}% ({why}): d100 {roll}", chance=chance,
                 why=_.ctx("tag", why), roll=roll)
    return _.ctx("tag", tag)


def _attack(e: ev.AttackResolved, _: Words, t) -> str:
    result = (_.ctx("attack", "CRITICAL HIT", crit=t("critical hit")) if e.crit
              else t("hit") if e.hit else t("miss"))
    damage = ""
    if e.hit and e.damage_roll is not None:
        fields = dict(damage=e.damage, type=t(e.damage_type or ""))
        if "nonlethal" in e.tags:
            damage = (_(" for {damage} nonlethal {type}", **fields) if e.damage_type
                      else _(" for {damage} nonlethal", **fields))
        else:
            damage = (_(" for {damage} {type}", **fields) if e.damage_type
                      else _(" for {damage}", **fields))
    mods = [f"{_modifier(k, _, t)} {v:+d}" for k, v in e.modifiers.items()
            if k != "attack bonus"]
    why = [_tag(x, _, t) for x in e.tags if x.startswith((
        "natural", "loses Dex", "Dex 0", "miss chance", "cover hit", "precision",
        "immune", "coup de grace", "not confirmed", "incorporeal", "threat range",
        "DR ", "resistance to"))]
    aoo = f" ({t('attack of opportunity')})" if e.action == "aoo" else ""
    return _("{attacker} attacks {target}{aoo}: natural {natural}, total {total} vs "
             "{defense} {value}: {result}{damage}", attacker=e.attacker, target=e.target,
             aoo=aoo, natural=e.natural, total=e.total, defense=_defense(e.defense, _),
             value=e.defense_value, result=result, damage=damage) + (
        f" [{'; '.join(mods + why)}]" if mods or why else "")


def describe(system, e, _: Words, t) -> str | None:  # noqa: C901 (one arm an event)
    match e:
        case ev.AttackResolved():
            return _attack(e, _, t)
        case ev.CombatantAdded() if e.stats.get("joins"):
            fields = dict(name=e.name, hp=e.hp, max_hp=e.max_hp,
                          stats=system.stat_line(e, lang=_.lang))
            said = (_.ctx("a PC", "{name} joins: {hp}/{max_hp} hp, {stats}", **fields)
                    if e.pc else _("{name} joins: {hp}/{max_hp} hp, {stats}", **fields))
            return said + _joins(e.stats, _)
        case ev35.NaturalHealing():
            return _natural_healing(e, _)
        case ev.RoundStarted() if e.round == 0:
            return t("surprise round")
        case ev35.ConfirmationRolled():
            return _("{attacker} rolls to confirm the {threat} on {target}: natural "
                     "{natural}, total {total} vs {value}: {result}", attacker=e.attacker,
                     threat=t("threat"), target=e.target, natural=e.roll.faces[0],
                     total=e.total, value=e.defense_value,
                     result=_("confirmed") if e.confirmed
                     else _("not confirmed (normal damage)"))
        case ev35.MissChanceRolled():
            return _("{attacker}'s miss chance against {target} ({chance}%): d100 {roll}: "
                     "{result}", attacker=e.attacker, target=e.target, chance=e.chance,
                     roll=e.roll.total, result=t("miss") if e.missed
                     else _("the hit stands"))
        case ev35.TieRerollDue():
            return _("{initiative} tie at {total} with the same bonus: {names} reroll "
                     "between themselves", initiative=t("initiative"), total=e.total,
                     names=_.names(e.names))
        case ev35.TieRerolled():
            return _("tie rerolled: {order}", order=_(" before ").join(
                f"{n} ({e.rolls[n]})" if n in e.rolls else n for n in e.names))
        case ev35.SurpriseRoundEnded():
            return _("the {surprise_round} ends: everyone rolls {initiative} again",
                     surprise_round=t("surprise round"), initiative=t("initiative"))
        case ev35.TableActionTaken():
            return _table_action(e, _, t)
        case ev.ConditionApplied() if e.mods or e.turn_of or (e.save and ":" in e.save):
            more = [mods_text(e.mods, _, t)] if e.mods else []
            if e.save:
                kind, _sep, dc = e.save.partition(":")
                more.append(_("save ends: {save} DC {dc}", save=t(kind), dc=dc))
            if e.until:
                more.append(_("until {until}", until=_until(e.until, _)) + (
                    _(" of {name}", name=e.turn_of) if e.turn_of else ""))
            source = _(" by {source}", source=e.source) if e.source else ""
            if e.condition in CONDITIONS:       # the seed's, with a save that ends it
                return _("{name} is {condition}{source} ({more})", name=e.name,
                         condition=t(e.condition), more="; ".join(more), source=source)
            return _("{name} is under {condition}{source} ({more})", name=e.name,
                     condition=t(e.condition), more="; ".join(more), source=source)
        case ev.DamageTaken() if e.resistance and e.rolled:   # effects.py's reductions
            return _("{target} takes {amount} ({rolled} less {cut}: damage reduction or "
                     "resistance)", target=e.target, amount=e.amount, rolled=e.rolled,
                     cut=e.resistance)
        case ev35.NonlethalDamageTaken():
            return _("{target} takes {amount} {nonlethal}", target=e.target,
                     amount=e.amount, nonlethal=t("nonlethal damage"))
        case ev.ConditionRemoved() if e.reason.startswith(("shaken free by ",
                                                           "a direct threat by ")):
            return _fascination_ends(e, _, t)
        case ev35.SaveDemanded():
            return _("{name} must make a {save} save DC {dc} ({against})", name=e.name,
                     save=t(e.save), dc=e.dc, against=t(e.against.replace("-", " ")))
        case ev35.Died():
            return _("{name} dies ({cause})", name=e.name,
                     cause=t(e.cause.replace("-", " ")))
        case ev35.AbilityChanged():
            return _ability_changed(e, _, t)
        case ev35.NegativeLevelsGained():
            if e.count < 0:
                return _("{name} loses {count} {negative_levels} (restored)", name=e.name,
                         count=-e.count, negative_levels=t("negative levels"))
            fields = dict(name=e.name, count=e.count, drainer=e.drainer,
                          negative_levels=t("negative levels"))
            if e.drainer:
                return _.plural("{name} drained by {drainer} gains {count} negative level",
                                "{name} drained by {drainer} gains {count} "
                                "{negative_levels}", e.count, **fields)
            return _.plural("{name} gains {count} negative level",
                            "{name} gains {count} {negative_levels}", e.count, **fields)
        case ev35.AbilityCheckMade():
            dc = ""
            if e.dc is not None:
                dc = _(" vs DC {dc}: {result}", dc=e.dc, result=_ok(e.success, _))
            return _("{name} {ability} check: natural {natural}, total {total}{dc}",
                     name=e.name, ability=t(e.ability), natural=e.natural, total=e.total,
                     dc=dc)
        case ev35.ModifierAdded():
            against = _(" against {against}", against=e.against) if e.against else ""
            force = _(", force effect") if e.force_effect else ""
            return _("{name}: {value} {bonus_type} to {stat}{against} ({source}{force})",
                     name=e.name, value=f"{e.value:+d}", bonus_type=e.bonus_type,
                     stat=e.stat, against=against, source=e.source, force=force)
        case ev35.ModifierRemoved():
            return _("{name}: {source} ends", name=e.name, source=e.source)
        case ev35.ProvokedActionLost():
            return _("{name}'s {action} is lost: {reason} after the attack of opportunity "
                     "it provoked", name=e.name, action=e.action, reason=e.reason)
        case ev35.ReadiedActionLost():
            return _("{name}'s readied action ({trigger}) is lost: its turn came first",
                     name=e.name, trigger=e.trigger)
        case ev35.CoverHit():
            return _("{attacker}'s attack on {target} hits the {cover} cover instead: "
                     "{damage} damage, hardness {hardness}, {dealt} to the cover",
                     attacker=e.attacker, target=e.target, cover=e.cover,
                     damage=e.damage, hardness=e.hardness, dealt=e.dealt)
        case ev35.AidAnotherRolled():
            fields = dict(aider=e.aider, ally=e.ally, target=e.target,
                          natural=e.roll.faces[0], total=e.total)
            what = (_("+2 on {ally}'s next attack on {target}", **fields)
                    if e.give == "attack" else
                    _("+2 AC for {ally} against {target}'s next attack", **fields))
            return _("{aider} aids {ally} against {target}: natural {natural}, total "
                     "{total} vs AC 10: {result}", result=what if e.success
                     else _("no help"), **fields)
        case ev35.FeintRolled():
            fields = dict(feinter=e.feinter, target=e.target, total=e.total,
                          opposed=e.opposed)
            return _("{feinter} feints {target}: Bluff {total} vs {opposed}: {result}",
                     result=_("{target} loses its Dex bonus to AC against {feinter}'s "
                              "next melee attack", **fields) if e.success
                     else _("not fooled"), **fields)
        case ev35.ManeuverResolved():
            rolls = (_(": {check} vs {opposed}", check=e.check.total,
                       opposed=e.opposed.total)
                     if e.check is not None and e.opposed is not None else "")
            fields = dict(attacker=e.attacker, move=_.ctx("maneuver", e.maneuver.replace("-", " ")),
                          target=e.target, rolls=rolls, result=_maneuver_result(e, _))
            if e.counter:
                return _("{attacker} tries to {move} {target} (counter){rolls}: {result}",
                         **fields)
            return _("{attacker} tries to {move} {target}{rolls}: {result}", **fields)
        case ev35.TurningResolved():
            out = _("{name} turns undead: check {check}, up to {max_hd} HD, {hd_total} "
                    "HD in all", name=e.name, check=e.check.total, max_hd=e.max_hd,
                    hd_total=e.hd_total)
            if e.destroyed:
                out += _("; destroyed: {names}", names=", ".join(e.destroyed))
            if e.turned:
                out += _("; turned: {names}", names=", ".join(e.turned))
            if not e.destroyed and not e.turned:
                out += _("; no undead affected")
            return out
        case ev35.SplashLanded():
            return _splash(e, _)
        case ev35.FearEffectNoted():
            return _("{name} suffers the fear effect {effect} ({condition})", name=e.name,
                     effect=e.effect, condition=t(e.condition))
        case ev35.ConfusionRolled():
            return _("{name} is confused: {roll}{behaviour}{target}{why}", name=e.name,
                     roll=f"d100 {e.roll.total}: " if e.roll is not None else "",
                     behaviour=_.ctx("confusion", _BEHAVIOURS.get(e.behaviour,
                                                                  e.behaviour)),
                     target=f" ({e.target})" if e.target else "",
                     why=f" — {e.why}" if e.why else "")
        case ev35.IncorporealDamageRolled():
            if not e.magic:
                return _("{name} is incorporeal: immune to the {amount} nonmagical damage",
                         name=e.name, amount=e.amount)
            fields = dict(name=e.name, amount=e.amount,
                          roll=f"d100 {e.roll.total}: " if e.roll is not None else "")
            if e.ignored:
                return _("{name} is incorporeal: {roll}the {amount} damage is ignored "
                         "(50%)", **fields)
            return _("{name} is incorporeal: {roll}the {amount} damage goes through",
                     **fields)
        case ev35.SpellFailureRolled():
            return _("{name}'s arcane spell failure{spell} ({chance}%): d100 {roll}: "
                     "{result}", name=e.name, chance=e.chance, roll=e.roll.total,
                     spell=_(" casting {spell}", spell=e.spell) if e.spell else "",
                     result=_("the spell is wasted") if e.failed
                     else _("the spell goes off"))
        case ev.SurpriseDeclared():
            return _("a {surprise_round}: only {names} are aware of their enemies and "
                     "act (Sorpresa)", surprise_round=t("surprise round"),
                     names=_.names(e.actors))
        case ev.Delayed():
            return _("{name} delays: the turn passes (Ritardare il turno)", name=e.name)
        case ev.Readied():
            return _("{name} readies a {action} action: {trigger}", name=e.name,
                     action=t(e.action or "standard"), trigger=e.trigger)
        case ev.DelayedActionTaken():
            return _("{name} takes the delayed turn after {after} (initiative now "
                     "{initiative})", name=e.name, after=e.after, initiative=e.initiative)
        case ev.ReadiedActionTaken():
            return _("{name}'s readied action goes off before {before} (initiative now "
                     "{initiative})", name=e.name, before=e.before,
                     initiative=e.initiative)
        case ev.DeathSaveRolled():
            return _("{name} rolls d100 to stabilise: {roll}: {result}", name=e.name,
                     roll=e.roll.total, result=t("stable") if e.success
                     else _("loses 1 hp"))
        case ev.StabilizeAttempted():
            return _("{helper} tries to {stabilize} {name}: Heal {roll} vs DC 15: {result}",
                     helper=e.helper, stabilize=t("stabilize"), name=e.name,
                     roll=e.roll.total, result=t("stable") if e.success
                     else _.ctx("roll", "failure"))
        case ev.SaveRolled() if e.ends:     # a save that ends a condition (effects.py)
            return _("{name} {kind} {save} against {condition}: natural {natural}, total "
                     "{total} vs DC {dc}: {result}", name=e.name, kind=t(e.difficulty),
                     save=t("save"), condition=t(e.ends), natural=e.roll.faces[0],
                     total=e.roll.total, dc=e.target, result=_ok(e.success, _))
        case ev.SaveRolled():
            return _("{name} {kind} {save}: natural {natural}, total {total} vs DC {dc}: "
                     "{result}", name=e.name, kind=t(e.difficulty), save=t("save"),
                     natural=e.roll.faces[0], total=e.roll.total, dc=e.target,
                     result=_ok(e.success, _)) + (
                f" ({t(e.against.replace('-', ' '))})" if e.against != e.difficulty
                else "")
    return None


def _joins(stats: dict, _: Words) -> str:
    """Why a newcomer has the count it has (35-INI-06)."""
    if stats.get("joins") == "aware" and stats.get("initiative") is not None:
        n = stats["initiative"]
        return _("; aware of the fight: initiative {n}, before everyone (the highest "
                 "count, {highest}, + 1: 35-INI-06), acting from round {round}", n=n,
                 highest=n - 1, round=stats.get("joins_round"))
    return _("; {joins} of the fight: it rolls initiative (`init`) and acts from round "
             "{round} (35-INI-06)", joins=_.ctx("joins", stats.get("joins")),
             round=stats.get("joins_round"))


def _natural_healing(e: ev35.NaturalHealing, _: Words) -> str:
    """Guarigione naturale: what an hour, a night or a day of rest healed."""
    what = {"short": _("an hour's rest"), "long": _("a night's rest"),
            "day": _("a day of bed rest")}.get(e.kind, e.kind)
    parts = []
    for name in e.names:
        did = [_("heals {amount} hp", amount=e.healed[name])] if e.healed.get(name) else []
        if e.nonlethal.get(name):
            did.append(_("{amount} nonlethal", amount=e.nonlethal[name]))
        for a, n in e.ability.get(name, {}).items():
            did.append(_("{amount} {ability} damage", amount=n, ability=a.upper()))
        parts.append(f"{name} {', '.join(did)}" if did else _("{name} nothing", name=name))
    after = _(" after {battle}", battle=e.after) if e.after else ""
    return f"{what}{after}: {'; '.join(parts) or _('nobody')}"


#: a maneuver's result as maneuvers.py writes it ({a} attacker, {t} target), and its
#: message in the reader's words (3.5 audit D12)
_RESULTS = (
    ("{a} and {t} are grappling", N_("{a} and {t} are grappling")),
    ("{t} resists the grapple", N_("{t} resists the grapple")),
    ("{t} is pinned by {a} for 1 round", N_("{t} is pinned by {a} for 1 round")),
    ("{t} is not pinned", N_("{t} is not pinned")),
    ("{t} is knocked prone", N_("{t} is knocked prone")),
    ("{t} is knocked prone by the counter", N_("{t} is knocked prone by the counter")),
    ("{t} keeps its footing", N_("{t} keeps its footing")),
    ("{a} takes {t}'s {item}", N_("{a} takes {t}'s {item}")),
    ("{t}'s {item} drops in its square", N_("{t}'s {item} drops in its square")),
    ("{t} keeps its {item}", N_("{t} keeps its {item}")),
    ("the touch attack misses (touch AC {ac})",
     N_("the touch attack misses (touch AC {ac})")),
)


def _maneuver_result(e, _: Words) -> str:
    for shape, message in _RESULTS:
        parts = []
        for piece in re.split(r"(\{\w+\})", shape):
            if piece in ("{a}", "{t}"):
                parts.append(re.escape(e.attacker if piece == "{a}" else e.target))
            elif piece.startswith("{") and piece.endswith("}"):
                parts.append(f"(?P<{piece[1:-1]}>.+)")
            else:
                parts.append(re.escape(piece))
        m = re.fullmatch("".join(parts), e.result)
        if m:
            return _(message, a=e.attacker, t=e.target, **m.groupdict())
    return _.ctx("maneuver result", e.result)


def _ok(success: bool, _: Words) -> str:
    return _.ctx("roll", "success") if success else _.ctx("roll", "failure")


def _table_action(e: ev35.TableActionTaken, _: Words, t) -> str:
    from battletape.domain.dnd35.action_table import row

    provokes = (_(" — may take an {aoo}: {names}", aoo=t("attack of opportunity"),
                  names=_.names(e.provokes)) if e.provokes else "")
    found = row(e.action)  # the action table's name, not its slug ("drink-potion")
    action = (_.ctx("action", e.action) if found is None
              else (found.english[0].lower() + found.english[1:]).split(" (")[0]
              if _.lang == "en"
              else found.italian.split(" (")[0])
    if e.kind == "aoo":     # a special move made as an AoO (35-AOO-06)
        on = (_(" on the action at {position}", position=e.what[8:])
              if e.what.startswith("trigger:") else "")
        return _("{name}: {action} as an {aoo}{on}{provokes}", name=e.name, action=action,
                 aoo=t("attack of opportunity"), on=on, provokes=provokes)
    heal = _HEAL.fullmatch(e.what)
    what = (_("Heal DC {dc} on {name}", dc=heal[1], name=heal[2]) if heal
            else e.what)
    if found is not None and found.basis.startswith("Round e azioni"):
        # an action of the budget itself ("Orc: a standard action"): no kind to add
        return f"{e.name}: {action}" + (f": {what}" if what else "") + provokes
    return _("{name}: {action} ({kind}){what}{provokes}", name=e.name, action=action,
             kind=t(e.kind), what=f": {what}" if what else "", provokes=provokes)


def _fascination_ends(e: ev.ConditionRemoved, _: Words, t) -> str:
    """Affascinato (35-CND-05): why the fascination ended, in the seed's words."""
    shaken = e.reason.startswith("shaken free by ")
    who = e.reason.removeprefix("shaken free by ").removeprefix("a direct threat by ")
    fields = dict(name=e.name, condition=t(e.condition), who=who)
    if shaken:
        return _("{name} is no longer {condition} (shaken free by {who})", **fields)
    return _("{name} is no longer {condition} (a direct threat by {who})", **fields)


def _ability_changed(e: ev35.AbilityChanged, _: Words, t) -> str:
    fields = dict(name=e.name, ability=t(e.ability), amount=abs(e.amount))
    if e.amount < 0:
        return (_("{name}'s {ability} drain restored: +{amount}", **fields) if e.drain
                else _("{name}'s {ability} damage cured: +{amount}", **fields))
    what = (_("{name}'s {ability} drained", **fields) if e.drain
            else _("{name}'s {ability} damaged", **fields))
    by = _(" by {drainer}", drainer=e.drainer) if e.drainer else ""
    crit = _(" (critical: doubled)") if e.crit else ""
    cap = (_(" (of {asked}: a score never goes below 0)", asked=e.asked)
           if e.asked and e.asked > e.amount else "")
    tmp = (_("; {drainer} gains {temp_hp} temporary hp", drainer=e.drainer,
             temp_hp=e.temp_hp) if e.temp_hp else "")
    return f"{what}{by}{crit}: -{e.amount}{cap}{tmp}"


def _splash(e: ev35.SplashLanded, _: Words) -> str:
    where = _("a grid intersection") if e.at == "intersection" else e.at
    roll = (_(" (natural {natural}, total {total} vs AC {value})",
              natural=e.roll.faces[0], total=e.roll.total, value=e.defense_value)
            if e.roll is not None else "")
    if e.hit:
        return _("{attacker}'s splash weapon hits {where}{roll}: {damage} splash damage "
                 "to {who}", attacker=e.attacker, where=where, roll=roll, damage=e.damage,
                 who=", ".join(e.splashed) or _("nobody"))
    return _("{attacker}'s splash weapon misses {where}{roll} and lands in square "
             "{square} of the 8 around it (d8)", attacker=e.attacker, where=where,
             roll=roll, square=e.scatter.total if e.scatter else "?")
