"""D&D 3.5 (seed 003): one log line for each of 3.5's own events (and 3.5's reading of
an attack, a save, a d100 to stabilise); None lets the core word the rest. With
``--lang it`` the common lines are Italian sentences (``describe_it``)."""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.dnd35 import events as ev35

_DEFENSE = {"ac": "AC", "touch": "touch AC", "flat-footed": "flat-footed AC"}


def _attack(e: ev.AttackResolved, t) -> str:
    result = (t("critical hit").upper() if e.crit else t("hit") if e.hit else t("miss"))
    dmg = ""
    if e.hit and e.damage_roll is not None:
        kind = " nonlethal" if "nonlethal" in e.tags else ""
        dmg = f" for {e.damage}{kind}" + (f" {t(e.damage_type)}" if e.damage_type else "")
    mods = [f"{k} {v:+d}" for k, v in e.modifiers.items() if k != "attack bonus"]
    why = [x for x in e.tags if x.startswith(("natural", "loses Dex", "Dex 0", "miss chance",
                                              "cover hit", "precision", "immune",
                                              "coup de grace", "not confirmed",
                                              "incorporeal"))]
    aoo = f" ({t('attack of opportunity')})" if e.action == "aoo" else ""
    return (f"{e.attacker} attacks {e.target}{aoo}: natural {e.natural}, total {e.total} "
            f"vs {_DEFENSE.get(e.defense, e.defense)} {e.defense_value}: {result}{dmg}"
            + (f" [{'; '.join(mods + why)}]" if mods or why else ""))


def _joins(stats: dict) -> str:
    """Why a newcomer has the count it has (35-INI-06)."""
    if stats.get("joins") == "aware" and stats.get("initiative") is not None:
        n = stats["initiative"]
        return (f"aware of the fight: initiative {n}, before everyone (the highest count, "
                f"{n - 1}, + 1: 35-INI-06), acting from round {stats.get('joins_round')}")
    return (f"{stats.get('joins')} of the fight: it rolls initiative (`init`) and acts "
            f"from round {stats.get('joins_round')} (35-INI-06)")


def describe(system, e, lang: str = "en") -> str | None:
    t = (lambda w: system.term(w, lang))
    if lang == "it":
        from battletape.domain.dnd35 import describe_it

        said = describe_it.describe(system, e, t)
        if said is not None:
            return said
    match e:
        case ev.CombatantAdded() if e.stats.get("joins"):
            return f"{e.name} joins: {e.hp}/{e.max_hp} hp, {system.stat_line(e)}; " + \
                _joins(e.stats)
        case ev.AttackResolved():
            return _attack(e, t)
        case ev35.ConfirmationRolled():
            return (f"{e.attacker} rolls to confirm the {t('threat')} on {e.target}: "
                    f"natural {e.roll.faces[0]}, total {e.total} vs {e.defense_value}: "
                    + ("confirmed" if e.confirmed else "not confirmed (normal damage)"))
        case ev35.MissChanceRolled():
            return (f"{e.attacker}'s miss chance against {e.target} ({e.chance}%): d100 "
                    f"{e.roll.total}: " + ("miss" if e.missed else "the hit stands"))
        case ev35.TieRerollDue():
            return (f"{t('initiative')} tie at {e.total} with the same bonus: "
                    f"{', '.join(e.names)} reroll between themselves")
        case ev35.TieRerolled():
            return "tie rerolled: " + " before ".join(
                f"{n} ({e.rolls[n]})" if n in e.rolls else n for n in e.names)
        case ev35.SurpriseRoundEnded():
            return f"the {t('surprise round')} ends: everyone rolls {t('initiative')} again"
        case ev35.TableActionTaken():
            what = f": {e.what}" if e.what else ""
            kind = t(e.kind)
            aoo = (f" — may take an {t('attack of opportunity')}: {', '.join(e.provokes)}"
                   if e.provokes else "")
            if e.kind == "aoo":     # a special move made as an AoO (35-AOO-06)
                on = (f" on the action at {e.what[8:]}" if e.what.startswith("trigger:")
                      else "")
                return f"{e.name}: {e.action} as an {t('attack of opportunity')}{on}{aoo}"
            return f"{e.name}: {e.action} ({kind}){what}{aoo}"
        case ev35.NonlethalDamageTaken():
            return f"{e.target} takes {e.amount} {t('nonlethal damage')}"
        case ev35.SaveDemanded():
            return (f"{e.name} must make a {t(e.save)} save DC {e.dc} "
                    f"({t(e.against.replace('-', ' '))})")
        case ev35.Died():
            return f"{e.name} dies ({e.cause.replace('-', ' ')})"
        case ev35.AbilityChanged():
            if e.amount < 0:
                what = "drain restored" if e.drain else "damage cured"
                return f"{e.name}'s {t(e.ability)} {what}: +{-e.amount}"
            what = "drained" if e.drain else "damaged"
            by = f" by {e.drainer}" if e.drainer else ""
            crit = " (critical: doubled)" if e.crit else ""
            cap = (f" (of {e.asked}: a score never goes below 0)"
                   if e.asked and e.asked > e.amount else "")
            tmp = f"; {e.drainer} gains {e.temp_hp} temporary hp" if e.temp_hp else ""
            return f"{e.name}'s {t(e.ability)} {what}{by}{crit}: -{e.amount}{cap}{tmp}"
        case ev35.NegativeLevelsGained():
            if e.count < 0:
                return f"{e.name} loses {-e.count} {t('negative levels')} (restored)"
            by = f" drained by {e.drainer}" if e.drainer else ""
            what = t('negative levels') if e.count > 1 else "negative level"
            return f"{e.name}{by} gains {e.count} {what}"
        case ev35.AbilityCheckMade():
            dc = ""
            if e.dc is not None:
                dc = f" vs DC {e.dc}: " + ("success" if e.success else "failure")
            return (f"{e.name} {t(e.ability)} check: natural {e.natural}, total "
                    f"{e.total}{dc}")
        case ev35.ModifierAdded():
            against = f" against {e.against}" if e.against else ""
            return (f"{e.name}: {e.value:+d} {e.bonus_type} to {e.stat}{against} "
                    f"({e.source}{', force effect' if e.force_effect else ''})")
        case ev35.ModifierRemoved():
            return f"{e.name}: {e.source} ends"
        case ev35.ProvokedActionLost():
            return (f"{e.name}'s {e.action} is lost: {e.reason} after the attack of "
                    "opportunity it provoked")
        case ev35.ReadiedActionLost():
            return f"{e.name}'s readied action ({e.trigger}) is lost: its turn came first"
        case ev35.CoverHit():
            return (f"{e.attacker}'s attack on {e.target} hits the {e.cover} cover instead: "
                    f"{e.damage} damage, hardness {e.hardness}, {e.dealt} to the cover")
        case ev35.AidAnotherRolled():
            what = (f"+2 on {e.ally}'s next attack on {e.target}" if e.give == "attack"
                    else f"+2 AC for {e.ally} against {e.target}'s next attack")
            return (f"{e.aider} aids {e.ally} against {e.target}: natural "
                    f"{e.roll.faces[0]}, total {e.total} vs AC 10: "
                    + (what if e.success else "no help"))
        case ev35.FeintRolled():
            return (f"{e.feinter} feints {e.target}: Bluff {e.total} vs {e.opposed}: "
                    + (f"{e.target} loses its Dex bonus to AC against {e.feinter}'s next "
                       "melee attack" if e.success else "not fooled"))
        case ev35.ManeuverResolved():
            move = e.maneuver.replace("-", " ") + (" (counter)" if e.counter else "")
            rolls = ""
            if e.check is not None and e.opposed is not None:
                rolls = f": {e.check.total} vs {e.opposed.total}"
            return f"{e.attacker} tries to {move} {e.target}{rolls}: {e.result}"
        case ev35.TurningResolved():
            out = (f"{e.name} turns undead: check {e.check.total}, up to {e.max_hd} HD, "
                   f"{e.hd_total} HD in all")
            if e.destroyed:
                out += "; destroyed: " + ", ".join(e.destroyed)
            if e.turned:
                out += "; turned: " + ", ".join(e.turned)
            if not e.destroyed and not e.turned:
                out += "; no undead affected"
            return out
        case ev35.SplashLanded():
            where = "a grid intersection" if e.at == "intersection" else e.at
            roll = (f" (natural {e.roll.faces[0]}, total {e.roll.total} vs AC "
                    f"{e.defense_value})" if e.roll is not None else "")
            if e.hit:
                who = ", ".join(e.splashed) or "nobody"
                return (f"{e.attacker}'s splash weapon hits {where}{roll}: {e.damage} splash "
                        f"damage to {who}")
            return (f"{e.attacker}'s splash weapon misses {where}{roll} and lands in square "
                    f"{e.scatter.total if e.scatter else '?'} of the 8 around it (d8)")
        case ev35.FearEffectNoted():
            return f"{e.name} suffers the fear effect {e.effect} ({e.condition})"
        case ev35.ConfusionRolled():
            roll = f"d100 {e.roll.total}: " if e.roll is not None else ""
            what = {"attack-source": "attacks the source of the confusion",
                    "act-normally": "acts normally", "babble": "babbles incoherently",
                    "flee": "flees from the source of the confusion",
                    "attack-nearest": "attacks the nearest creature",
                    "attack-attacker": "attacks the creature that attacked it"
                    }.get(e.behaviour, e.behaviour)
            target = f" ({e.target})" if e.target else ""
            why = f" — {e.why}" if e.why else ""
            return f"{e.name} is confused: {roll}{what}{target}{why}"
        case ev35.IncorporealDamageRolled():
            if not e.magic:
                return (f"{e.name} is incorporeal: immune to the {e.amount} nonmagical "
                        "damage")
            roll = f"d100 {e.roll.total}: " if e.roll is not None else ""
            return (f"{e.name} is incorporeal: {roll}" + (
                f"the {e.amount} damage is ignored (50%)" if e.ignored
                else f"the {e.amount} damage goes through"))
        case ev35.SpellFailureRolled():
            spell = f" casting {e.spell}" if e.spell else ""
            return (f"{e.name}'s arcane spell failure{spell} ({e.chance}%): d100 "
                    f"{e.roll.total}: " + ("the spell is wasted" if e.failed
                                           else "the spell goes off"))
        case ev.SurpriseDeclared():
            return (f"a {t('surprise round')}: only {', '.join(e.actors)} are aware of "
                    "their enemies and act (Sorpresa)")
        case ev.Delayed():
            return f"{e.name} delays: the turn passes (Ritardare il turno)"
        case ev.Readied():
            return f"{e.name} readies a {t(e.action or 'standard')} action: {e.trigger}"
        case ev.DelayedActionTaken():
            return (f"{e.name} takes the delayed turn after {e.after} (initiative now "
                    f"{e.initiative})")
        case ev.ReadiedActionTaken():
            return (f"{e.name}'s readied action goes off before {e.before} (initiative now "
                    f"{e.initiative})")
        case ev.DeathSaveRolled():
            return (f"{e.name} rolls d100 to stabilise: {e.roll.total}: "
                    + (t("stable") if e.success else "loses 1 hp"))
        case ev.StabilizeAttempted():
            return (f"{e.helper} tries to {t('stabilize')} {e.name}: Heal {e.roll.total} vs "
                    f"DC 15: " + ("stable" if e.success else "failure"))
        case ev.SaveRolled():
            return (f"{e.name} {t(e.difficulty)} {t('save')}: natural {e.roll.faces[0]}, "
                    f"total {e.roll.total} vs DC {e.target}: "
                    f"{'success' if e.success else 'failure'}"
                    + (f" ({t(e.against.replace('-', ' '))})" if e.against != e.difficulty
                       else ""))
    return None
