"""5e SRD (seed 002), Giocare: 5e's own events (and its reading of an attack) in the
seed's Italian, for ``--lang it``; None lets the core word the rest in Italian."""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.dnd5e import events as ev5
from battletape.domain.dnd5e.describe import _tag


def _ok(success: bool) -> str:
    return "riuscito" if success else "fallito"


def describe(system, e) -> str | None:
    t = (lambda w: system.term(w, "it"))
    match e:
        case ev.AttackResolved():
            faces = "/".join(map(str, e.roll.faces)) if len(e.roll.faces) > 1 else ""
            kept = f"naturale {e.natural}" + (f" (tra {faces})" if faces else "")
            result = t("critical hit") if e.crit else t("hit") if e.hit else t("miss")
            dmg = ""
            if e.hit and e.damage_roll is not None:
                dmg = f", {e.damage} danni" + (f" da {t(e.damage_type)}"
                                               if e.damage_type else "")
            why = [_tag(x, t) for x in e.tags if x.split(":")[0] in (
                "advantage", "disadvantage", "cover", "resist", "vulnerable", "immune")]
            return (f"{e.attacker} attacca {e.target}: {kept}, totale {e.total} contro "
                    f"CA {e.defense_value}: {result}{dmg}"
                    + (f" [{'; '.join(why)}]" if why else ""))
        case ev5.InitiativeTied():
            return f"parità di {t('initiative')} a {e.total}: {', '.join(e.names)} (da decidere)"
        case ev5.TieBroken():
            who = "dal GM" if e.decided_by == "gm" else f"da {e.decided_by}"
            return f"parità decisa {who}: {' prima di '.join(e.names)}"
        case ev5.ActionTaken():
            slot = {"bonus": f" ({t('bonus action')})", "free": " (gratuita)",
                    "interact": " (interazione gratuita)",
                    "readied": " (preparata)"}.get(e.slot, "")
            what = f": {e.what}" if e.what else ""
            return f"{e.name} compie l'azione {t(e.action)}{slot}{what}"
        case ev5.ReadiedResponseTaken():
            return (f"{e.name} compie l'azione preparata ({e.trigger}), usando la "
                    f"{t('reaction')}")
        case ev5.ConditionIgnored():
            return f"{e.name} è immune a {t(e.condition)}: non si applica"
        case ev5.ExhaustionChanged():
            return (f"{e.name}: {t('exhaustion')} {e.change:+d} -> livello {e.level}"
                    + (" (morto a 10)" if e.level >= 10 else ""))
        case ev5.MaxHpReduced():
            return (f"il massimo dei punti ferita di {e.target} scende di {e.amount} "
                    f"a {e.max_hp}")
        case ev5.TemporaryHitPointsChosen():
            keep = {"old": "vecchi", "new": "nuovi"}.get(e.keep, e.keep)
            return (f"{e.target} tiene i {t('temporary hit points')} {keep}: {e.temp_hp} "
                    f"(aveva {e.old}, offerti {e.offered})")
        case ev5.InstantDeath():
            return (f"{e.name} muore sul colpo: {e.excess} danni in eccesso contro "
                    f"{e.max_hp} pf massimi")
        case ev5.Mounted():
            how = "controllata" if e.controlled else "indipendente"
            return f"{e.rider} monta in sella a {e.mount} ({t('mount')} {how})"
        case ev5.Dismounted():
            return f"{e.rider} scende da {e.mount}" + (f" ({e.reason})" if e.reason else "")
        case ev5.RestTaken():
            parts = []
            for name in e.names:
                did = []
                rolls = e.hit_dice.get(name, [])
                if rolls:
                    con = e.con_bonus.get(name, 0)
                    faces = ", ".join(str(r.total) for r in rolls)
                    did.append(f"spende {len(rolls)} {'Dado' if len(rolls) == 1 else 'Dadi'}"
                               f" Vita ({faces}, {con:+d} ciascuno)")
                if e.healed.get(name):
                    did.append(f"recupera {e.healed[name]} pf")
                if e.dice_regained.get(name):
                    did.append(f"riprende {e.dice_regained[name]} "
                               f"{'Dado' if e.dice_regained[name] == 1 else 'Dadi'} Vita")
                if name in e.exhaustion_down:
                    did.append("perde un livello di affaticamento")
                parts.append(f"{name} {', '.join(did)}" if did else name)
            after = f" dopo {e.after}" if e.after else ""
            return f"{t(e.kind + ' rest')}{after}: {'; '.join(parts) or 'nessuno'}"
        case ev5.UnderwaterSet():
            return ("il combattimento è sott'acqua" if e.underwater
                    else "il combattimento esce dall'acqua")
        case ev5.AbilityCheckRolled():
            res = "" if e.success is None else f" — {_ok(e.success)}"
            dc = f" contro CD {e.dc}" if e.dc is not None else ""
            what = e.skill or t(e.ability)
            auto = next((x for x in e.tags if x.startswith("auto-fail:")), None)
            if auto is not None:
                cond, _, sense = auto[len("auto-fail:"):].partition(" (")
                sense = {"sight": "sulla vista", "hearing": "sull'udito"}.get(
                    sense.rstrip(")"), sense.rstrip(")"))
                res += f" (automaticamente: {t(cond)}, prova basata {sense})"
            return (f"{e.name}, prova di {what}: naturale {e.natural}, totale "
                    f"{e.total}{dc}{res}")
        case ev.DeathSaveRolled():
            n = e.roll.natural
            what = ("recupera 1 pf" if n == 20 else "due fallimenti" if n == 1 else
                    "successo" if e.success else "fallimento")
            return f"{e.name}, {t('death save')}: naturale {n}: {what}"
        case ev.SaveRolled():
            return (f"{e.name}, {t('save')} su {t(e.against)} {e.roll.expr} "
                    f"{e.roll.faces} = {e.roll.total} contro CD {e.target}: {_ok(e.success)}")
    return None
