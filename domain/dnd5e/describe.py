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
                "advantage", "disadvantage", "cover", "resist", "vulnerable", "immune")
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
            parts = []
            for name in e.names:
                did = []
                rolls = e.hit_dice.get(name, [])
                if rolls:
                    con = e.con_bonus.get(name, 0)
                    faces = ", ".join(str(r.total) for r in rolls)
                    did.append(f"spends {len(rolls)} Hit {'Die' if len(rolls) == 1 else 'Dice'}"
                               f" ({faces}, {con:+d} each)")
                if e.healed.get(name):
                    did.append(f"heals {e.healed[name]} hp")
                if e.dice_regained.get(name):
                    did.append(f"regains {e.dice_regained[name]} Hit "
                               f"{'Die' if e.dice_regained[name] == 1 else 'Dice'}")
                if name in e.exhaustion_down:
                    did.append("loses a level of exhaustion")
                parts.append(f"{name} {', '.join(did)}" if did else name)
            after = f" after {e.after}" if e.after else ""
            return f"{t(e.kind + ' rest')}{after}: {'; '.join(parts) or 'nobody'}"
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
            return (f"{e.name} {t(e.against)} {t('save')} {e.roll.expr} {e.roll.faces} = "
                    f"{e.roll.total} vs DC {e.target}: {'success' if e.success else 'failure'}")
    return None
