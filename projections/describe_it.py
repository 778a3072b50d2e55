"""The core's events in Italian sentences (``--lang it``), with the seeds' terms.

A rule system words its own events first (domain/<system>/describe*.py); every event
of the core and of the campaign is worded here, so no line falls back to raw fields.
The rule words come from the encounter's system (``t``: 13th Age "dado di escalation",
"tiro salvezza", "barcollante"; 5e and 3.5 their own seeds' words).
"""

from __future__ import annotations

from typing import Callable

from battletape.domain import events as ev
from battletape.projections.saved_attacks import fired_by_target

_OUTCOMES = {"victory": "vittoria", "defeat": "sconfitta", "fled": "fuga",
             "truce": "tregua", "surrender": "resa"}
_KINDS = {"table-error": "errore al tavolo", "rules-error": "errore di regole",
          "ruling": "decisione del GM"}
_SAVES = {"easy": "facile", "normal": "normale", "hard": "difficile"}
_DEFENSES = {"ac": "CA", "pd": "DF", "md": "DM", "touch": "CA di contatto",
             "flat-footed": "CA colto alla sprovvista"}
_TYPES = {"fire": "fuoco", "cold": "freddo", "acid": "acido", "lightning": "fulmine",
          "thunder": "tuono", "poison": "veleno", "psychic": "psichico",
          "force": "forza", "holy": "sacro", "negative": "energia negativa",
          "negative-energy": "energia negativa",
          "necrotic": "necrotico", "radiant": "radioso", "slashing": "tagliente",
          "piercing": "perforante", "bludgeoning": "contundente"}
_HOW = {"attack": "attacco", "intercept": "intercettazione", "move": "movimento"}
_UNTIL = {"end-of-turn": "fine del turno", "end-of-next-turn": "fine del turno successivo",
          "end-of-battle": "fine della battaglia"}


def _and(names: list[str]) -> str:
    if not names:
        return "nessuno"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " e " + names[-1]


def _roll(r: ev.Roll) -> str:
    return f"{r.expr} {r.faces} = {r.total}" if r.faces else f"{r.total}"


def _why(reason: str) -> str:
    return f": {reason}" if reason else ""


def _type(kind: str, t: Callable[[str], str]) -> str:
    """A damage type in the system's Italian, else the common one (fuoco, freddo)."""
    said = t(kind)
    return _TYPES.get(kind, said) if said == kind else said


def _ok(success: bool) -> str:
    return "riuscito" if success else "fallito"


def describe_it(e: ev.Event, rules, t: Callable[[str], str]) -> str | None:
    """One Italian sentence for ``e``; ``rules`` is the encounter's system. None: an
    event the core words in both languages itself."""
    match e:
        case ev.EncounterStarted():
            return f"inizia lo scontro {e.name} ({e.system}, campagna {e.campaign})"
        case ev.CombatantAdded():
            return (f"entra in scena {e.name}: {e.hp}/{e.max_hp} pf, "
                    f"{rules.stat_line(e)}" + (" (PG)" if e.pc else ""))
        case ev.InitiativeRolled():
            return f"{t('initiative')} di {_and(e.names)}: {_roll(e.roll)}"
        case ev.SurpriseDeclared():
            return f"sorpresa: nel round dell'imboscata agiscono solo {_and(e.actors)}"
        case ev.RoundStarted():
            return f"{t('round')} {e.round}"
        case ev.TurnStarted():
            return f"{t('turn')} di {e.name}"
        case ev.TurnEnded():
            return f"finisce il {t('turn')} di {e.name}"
        case ev.Delayed():
            return f"{e.name} ritarda, per agire più tardi in questo round"
        case ev.Readied():
            return f"{e.name} prepara un'azione per quando {e.trigger}"
        case ev.DelayedActionTaken():
            return (f"{e.name} prende il turno ritardato dopo {e.after} "
                    f"({t('initiative')} {e.initiative})")
        case ev.ReadiedActionTaken():
            return (f"{e.name} compie l'azione preparata prima di {e.before} "
                    f"({t('initiative')} {e.initiative})")
        case ev.AttackResolved():
            result = (t("fumble") if e.fumble else t("crit") if e.crit
                      else t("hit") if e.hit else t("miss"))
            if e.concealed_miss:
                result = t("miss") + " (invisibile)"
            extra = ""
            if e.damage or e.hit:
                extra = f", {e.damage} danni" + (f" da {_type(e.damage_type, t)}"
                                                 if e.damage_type else "")
                if e.half:
                    extra += " (dimezzati: resistenza)"
                if e.immune:
                    extra += " (immune)"
            return (f"{e.attacker} attacca {e.target}: naturale {e.natural}, totale "
                    f"{e.total} contro {_DEFENSES.get(e.defense, e.defense.upper())} "
                    f"{e.defense_value}: "
                    f"{result}{extra}")
        case ev.DamageTaken():
            kind = f" da {_type(e.damage_type, t)}" if e.damage_type else ""
            source = {"direct": "diretti", "ongoing": "continuati"}.get(e.source, e.source)
            return f"{e.target} subisce {e.amount} danni{kind} ({source})"
        case ev.Healed():
            return f"{e.target} recupera {e.amount} pf" + (
                f" ({e.roll.expr} {e.roll.faces} = {e.roll.total})" if e.roll else "")
        case ev.TempHpGained():
            return f"{e.target} ottiene {e.amount} pf temporanei"
        case ev.FreeRolled():
            return (f"{e.roller or 'il GM'} tira {_roll(e.roll)}"
                    + (f" per {e.purpose}" if e.purpose else ""))
        case ev.RulingRecorded():
            forced = getattr(e, "overrode", None)
            return (f"decisione del GM ({e.by or 'il GM'})"
                    + (f", forzata contro \"{forced}\"" if forced else "")
                    + f": {e.text}" + (f" ({e.rule})" if e.rule else ""))
        case ev.ConditionApplied():
            extra = (f", tiro salvezza {_SAVES.get(e.save, e.save)}" if e.save
                     else f", fino alla {_UNTIL.get(e.until, e.until)}" if e.until else "")
            src = f" da parte di {e.source}" if e.source else ""
            return f"{e.name} è {t(e.condition)}{src}{extra}"
        case ev.ConditionRemoved():
            return f"{e.name} non è più {t(e.condition)} ({e.reason or 'rimosso'})"
        case ev.OngoingDamageApplied():
            kind = f" da {_type(e.damage_type, t)}" if e.damage_type else ""
            return (f"{e.name} subirà {e.amount} {t('ongoing damage')}{kind} "
                    f"(tiro salvezza {_SAVES.get(e.save, e.save)})")
        case ev.SaveRolled():
            return (f"{e.name}: {t('save')} contro {t(e.against)} "
                    f"({_SAVES.get(e.difficulty, e.difficulty)} {e.target}+): "
                    f"{e.roll.total} — {_ok(e.success)}")
        case ev.OngoingDamageEnded():
            return f"finiscono i {t('ongoing damage')} di {e.name} ({e.reason})"
        case ev.Engaged():
            how = f" ({_HOW.get(e.how, e.how)})" if e.how != "engage" else ""
            return f"{e.a} ingaggia {e.b}{how}"
        case ev.DisengageAttempted():
            return (f"{e.name} tenta di {t('disengage')} da {_and(e.foes)}: "
                    f"{e.roll.total} contro {e.target}: {_ok(e.success)}")
        case ev.Moved():
            prov = (f"; attacchi di opportunità da {_and(e.provoked)}"
                    if e.provoked else "")
            how = "si teletrasporta" if e.teleport else "si sposta"
            return f"{e.name} {how}: {e.where}{prov}"
        case ev.DeathSaveRolled():
            return (f"{e.name}: {t('death save')}, naturale {e.roll.natural}: "
                    f"{_ok(e.success)}")
        case ev.StabilizeAttempted():
            return (f"{e.helper} tenta di stabilizzare {e.name}: {e.roll.total} contro "
                    f"CD 10 — {_ok(e.success)}" + (" (azione veloce)" if e.quick else ""))
        case ev.EncounterEnded():
            return (f"lo scontro finisce: {_OUTCOMES.get(e.outcome, e.outcome)}"
                    + (" (una sconfitta per la campagna)" if e.campaign_loss else ""))
        case ev.CombatantLeft():
            return (f"{e.name} si arrende e lascia il combattimento"
                    if e.how == "surrendered" else f"{e.name} fugge dal combattimento")
        case ev.CommandRetracted():
            return (f"annulla: il comando in posizione {e.target} è ritirato "
                    f"({_KINDS.get(e.kind, e.kind)}){_why(e.reason)}")
        case ev.CommandRestored():
            return f"ripristina: l'annullamento in posizione {e.retraction} è ritirato{_why(e.reason)}"
        case ev.Rewound():
            settles = f" — chiude la contestazione {e.dispute}" if e.dispute else ""
            return (f"riavvolge a {e.to}: tutto ciò che segue è nullo "
                    f"({_KINDS.get(e.kind, e.kind)}){_why(e.reason)}{settles}")
        case ev.CommandAmended():
            settles = f" — chiude la contestazione {e.dispute}" if e.dispute else ""
            return (f"corregge il comando in posizione {e.target}: `{e.replaced}` "
                    f"diventa `{e.changes.get('as_decided', '')}` "
                    f"({_KINDS.get(e.kind, e.kind)}){_why(e.reason)}{settles}")
        case ev.DisputeRaised():
            quote = f" citando {e.quote}" if e.quote else ""
            return f"{e.player} contesta la posizione {e.target}{quote}{_why(e.reason)}"
        case ev.DisputeResolved():
            outcome = {"upheld": "confermata", "overturned": "ribaltata"}.get(
                e.outcome, e.outcome)
            return f"contestazione {e.dispute} {outcome}{_why(e.note)}"
        case ev.StatBlockUsed():
            attacks = ", ".join(e.attacks)
            return (f"{_and(e.names)} dalla scheda {e.key}"
                    + (f", con gli attacchi salvati {attacks}" if attacks else ""))
        case ev.SavedAttackUsed():
            fired = "; ".join(f"su {target}: {'; '.join(texts)}"
                              for target, texts in fired_by_target(e.fired))
            return (f"{e.attacker} usa l'attacco salvato {e.attack}"
                    + (f" — si attiva {fired}" if fired else ""))
        case ev.CampaignStarted():
            return f"inizia la campagna {e.name}" + (f", GM {_and(e.gms)}" if e.gms else "")
        case ev.EncounterRegistered():
            return f"lo scontro {e.name} entra nella campagna {e.campaign} ({e.system})"
        case ev.GmAdded():
            return f"{e.name} diventa GM della campagna"
        case ev.StatBlockSaved():
            attacks = ", ".join(e.attacks)
            return (f"scheda {e.key} salvata nel bestiario ({e.name}, {e.system}): "
                    f"{e.stats.get('hp')} pf" + (f"; attacchi: {attacks}" if attacks
                                                 else ""))
        case ev.RippleAccepted():
            at = ", ".join(str(r.position) for r in e.ripples)
            return (f"conseguenze accettate: il GM ha riesaminato e lascia valere i "
                    f"comandi in posizione {at}{_why(e.note)}")
    return None  # worded by the core in both languages (describe.py)
