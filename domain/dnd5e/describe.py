"""5e SRD (seed 002), Giocare: one log line for each of 5e's own events (and 5e's
reading of an attack); None lets the core word the rest. Italian is ``describe_it``'s
(the system picks by language)."""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.dnd5e import events as ev5


_TAG_WORDS = {"resist": "resistance", "vulnerable": "vulnerability", "immune": "immunity"}


def _tag(tag: str, t) -> str:
    """``advantage:target prone`` in the reader's words (``vantaggio:target prono``)."""
    head, sep, rest = tag.partition(":")
    if not sep:
        return tag
    return t(_TAG_WORDS.get(head, head)) + sep + " ".join(t(w) for w in rest.split(" "))


def mods_text(mods: dict[str, int]) -> str:
    """A named effect's modifiers as typed (``ac +3, resist:fire, damage +1d6``)."""
    out = []
    for k, v in mods.items():
        head, _, arg = k.partition(":")
        if k == "concentration" or (arg and head in ("resist", "vulnerable", "immune")) \
                or head == "no-healing":
            out.append(k)
        elif arg:  # dice: damage:1d6 with the sign as its value
            out.append(f"{head} {'-' if v < 0 else '+'}{arg}")
        elif head in ("crit", "source-crit"):
            out.append(f"{head} {v}-20")
        else:
            out.append(f"{k} {v:+d}")
    return ", ".join(out)


def describe(system, e, lang: str = "en") -> str | None:
    t = (lambda w: system.term(w, lang))
    match e:
        case ev.AttackResolved():
            faces = "/".join(map(str, e.roll.faces)) if len(e.roll.faces) > 1 else ""
            kept = f"natural {e.natural}" + (f" (of {faces})" if faces else "")
            result = (t("crit").upper() if e.crit else t("hit") if e.hit else t("miss"))
            dmg = ""
            if e.hit and e.damage_roll is not None:
                dmg = f" for {e.damage}" + (f" {t(e.damage_type)}" if e.damage_type else "")
            why = [x for x in e.tags if x.split(":")[0] in (
                "advantage", "disadvantage", "waived", "effect", "cover", "resist", "vulnerable", "immune")
                or x.startswith(("knock", "wrong", "natural"))]
            why = [_tag(x, t) for x in why]
            return (f"{e.attacker} attacks {e.target}: {kept}, total {e.total} vs AC "
                    f"{e.defense_value}: {result}{dmg}"
                    + (f" [{'; '.join(why)}]" if why else ""))
        case ev5.InitiativeTied():
            return f"{t('initiative')} tie at {e.total}: {', '.join(e.names)} (undecided)"
        case ev5.TieBroken():
            return f"tie decided by the {e.decided_by}: {' before '.join(e.names)}"
        case ev5.ActionTaken():
            slot = {"bonus": f" ({t('bonus action')})", "free": " (free)",
                    "interact": " (free interaction)",
                    "readied": " (readied)"}.get(e.slot, "")
            what = f": {e.what}" if e.what else ""
            if lang == "en" and e.slot in ("action", "bonus", "readied"):
                return f"{e.name} takes the {e.action.capitalize()} action{slot}{what}"
            return f"{e.name}: {t(e.action)}{slot}{what}"
        case ev5.ReadiedResponseTaken():
            return f"{e.name} takes its readied action ({e.trigger}), using its {t('reaction')}"
        case ev5.ConditionIgnored():
            return f"{e.name} is immune to {t(e.condition)}: not applied"
        case ev5.ExhaustionChanged():
            return f"{e.name}: {t('exhaustion')} {e.change:+d} -> level {e.level}" + (
                " (dead at 10)" if e.level >= 10 else "")
        case ev5.MaxHpReduced():
            return f"{e.target}'s hit point maximum drops by {e.amount} to {e.max_hp}"
        case ev5.TemporaryHitPointsChosen():
            return (f"{e.target} keeps the {e.keep} {t('temporary hit points')}: "
                    f"{e.temp_hp} (had {e.old}, offered {e.offered})")
        case ev5.InstantDeath():
            return (f"{e.name} dies instantly: {e.excess} excess damage vs {e.max_hp} "
                    f"max hp ({e.rule})")
        case ev5.Mounted():
            how = "controlled" if e.controlled else "independent"
            return f"{e.rider} mounts {e.mount} ({how})"
        case ev5.Dismounted():
            return f"{e.rider} leaves {e.mount}" + (f" ({e.reason})" if e.reason else "")
        case ev5.RestTaken():
            return f"{t(e.kind + ' rest')}: {', '.join(e.names)}"
        case ev5.UnderwaterSet():
            return "the fight is under water" if e.underwater else "the fight leaves the water"
        case ev5.AbilityCheckRolled():
            res = "" if e.success is None else (" — success" if e.success else " — failure")
            dc = f" vs DC {e.dc}" if e.dc is not None else ""
            what = e.skill or t(e.ability)
            auto = next((x for x in e.tags if x.startswith("auto-fail:")), None)
            if auto is not None:
                cond, _, sense = auto[len("auto-fail:"):].partition(" (")
                res += f" (automatic: {t(cond)}, a check relying on {sense.rstrip(')')})"
            return f"{e.name} {what} check: natural {e.natural}, total {e.total}{dc}{res}"
        case ev.DeathSaveRolled():
            n = e.roll.natural
            what = ("regains 1 hp" if n == 20 else "two failures" if n == 1 else
                    "success" if e.success else "failure")
            return f"{e.name} {t('death save')}: natural {n}: {what}"
        case ev.SaveRolled():
            ends = f" (against {t(e.ends)})" if e.ends else ""
            return (f"{e.name} {t(e.against)} {t('save')}{ends} {e.roll.expr} "
                    f"{e.roll.faces} = {e.roll.total} vs DC {e.target}: "
                    f"{'success' if e.success else 'failure'}")
        case ev.ConditionApplied() if e.mods or e.turn_of or (e.save and ":" in e.save):
            src = f" by {e.source}" if e.source else ""
            more = [mods_text(e.mods)] if e.mods else []
            if e.save:
                more.append(f"save ends: {e.save.replace(':', ' DC ')}")
            if e.until:
                more.append(f"until {e.until}" + (f" of {e.turn_of}" if e.turn_of else ""))
            return f"{e.name} is under {t(e.condition)}{src} ({'; '.join(more)})"
    return None
