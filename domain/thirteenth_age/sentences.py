"""13th Age: one line in words for each of its own events, in English and Italian.

The core words the events every system shares (projections/describe.py); these are
the sentences of the events only 13th Age emits (domain/thirteenth_age/events.py),
with the seed's terms (``term``: the system's word in the language asked).
"""

from __future__ import annotations

from typing import Callable

from battletape.domain import events as ev
from battletape.domain.events import Event, Roll
from battletape.domain.thirteenth_age import events as te


def _roll(r: Roll) -> str:
    return f"{r.expr} {r.faces} = {r.total}" if r.faces else f"{r.total}"


def _why(reason: str) -> str:
    return f": {reason}" if reason else ""


def _and(names: list[str], nobody: str, word: str) -> str:
    if len(names) < 2:
        return names[0] if names else nobody
    return ", ".join(names[:-1]) + f" {word} " + names[-1] if word != "," \
        else ", ".join(names)


def english(e: Event, t: Callable[[str], str]) -> str | None:
    """The English line of a 13th Age event (None: not one of its own)."""
    match e:
        case ev.RoundStarted():
            return (f"{t('round')} {e.round}, {t('escalation die')} "
                    f"{te.own(e, 'escalation_die')}")
        case ev.SurpriseDeclared():
            return (f"surprise: only {_and(e.actors, 'nobody', ',')} act in the ambush "
                    "round" + ("; the escalation die advances after it"
                               if te.own(e, "advance_escalation") else ""))
        case te.EscalationSet():
            held = "; held: it will not advance" if e.held else ""
            return f"the GM sets the {t('escalation die')} to {e.value}{held}{_why(e.reason)}"
        case te.RecoverySpent():
            half = "" if e.had_recovery else " (no recoveries left: half, -1 penalty)"
            return (f"{e.name} spends a recovery: {_roll(e.roll)} {e.con_bonus:+d} = "
                    f"{e.amount} hp{half}")
        case te.RallyAttempted():
            return f"{e.name} rallies" + ("" if e.save is None else (
                f": save {e.save.total} — {'success' if e.success else 'failure'}"))
        case te.FlightChanged():
            return f"{e.name} takes to the air" if e.flying else f"{e.name} lands"
        case te.SpiritFought():
            return (f"{e.name} fights in spirit: {e.ally} gets {e.amount:+d} {e.stat} "
                    f"until round {e.until_round}")
        case te.HealingPotionUsed():
            return (f"{e.helper} feeds {e.name} a healing potion" if e.helper != e.name
                    else f"{e.name} drinks a healing potion")
        case te.QuickRestTaken():
            rolls = ", ".join(_roll(r) for r in e.rolls)
            return (f"{e.name} takes a quick rest"
                    + (f" after {e.after}" if e.after else "")
                    + f": {e.recoveries_spent} "
                    + ("recovery" if e.recoveries_spent == 1 else "recoveries") + " spent"
                    + (f" ({rolls}, {e.con_bonus:+d} each)" if rolls else "")
                    + f", {e.healed} hp healed")
        case te.RechargeRolled():
            return (f"{e.name} rolls to recharge {e.power}: {_roll(e.roll)} vs "
                    f"{e.recharge}+ — {'recharged' if e.success else 'still spent'}")
        case te.FullHealUpTaken():
            who = _and(e.names, "the whole party", ",")
            return (f"full heal-up for {who}: hit points and recoveries restored"
                    + (" (after a campaign loss)" if e.campaign_loss else ""))
    return None


def italian(e: Event, t: Callable[[str], str]) -> str | None:
    """The Italian line of a 13th Age event (None: not one of its own)."""
    ok = "riuscito" if getattr(e, "success", False) else "fallito"
    match e:
        case ev.RoundStarted():
            return (f"{t('round')} {e.round}, {t('escalation die')} "
                    f"{te.own(e, 'escalation_die')}")
        case ev.SurpriseDeclared():
            return ("sorpresa: nel round dell'imboscata agiscono solo "
                    f"{_and(e.actors, 'nessuno', 'e')}"
                    + ("; poi il dado di escalation avanza"
                       if te.own(e, "advance_escalation") else ""))
        case te.EscalationSet():
            held = "; bloccato: non avanza" if e.held else ""
            return f"il GM porta il {t('escalation die')} a {e.value}{held}{_why(e.reason)}"
        case te.RecoverySpent():
            half = "" if e.had_recovery else " (senza recuperi: metà, penalità -1)"
            return (f"{e.name} spende un recupero: {_roll(e.roll)} {e.con_bonus:+d} = "
                    f"{e.amount} pf{half}")
        case te.RallyAttempted():
            return f"{e.name} si riprende" + (
                "" if e.save is None else f": tiro salvezza {e.save.total} — {ok}")
        case te.FlightChanged():
            return f"{e.name} si alza in volo" if e.flying else f"{e.name} atterra"
        case te.SpiritFought():
            return (f"{e.name} combatte in spirito: {e.ally} ottiene {e.amount:+d} a "
                    f"{e.stat} fino al round {e.until_round}")
        case te.HealingPotionUsed():
            potion = t("healing potion")
            return (f"{e.helper} fa bere una {potion} a {e.name}"
                    if e.helper != e.name else f"{e.name} beve una {potion}")
        case te.QuickRestTaken():
            rolls = ", ".join(_roll(r) for r in e.rolls)
            return (f"{e.name} fa un riposo breve" + (f" dopo {e.after}" if e.after else "")
                    + f": {e.recoveries_spent} "
                    + ("recupero speso" if e.recoveries_spent == 1
                       else f"{t('recoveries')} spesi")
                    + (f" ({rolls}, {e.con_bonus:+d} ciascuno)" if rolls else "")
                    + f", {e.healed} pf recuperati")
        case te.RechargeRolled():
            return (f"{e.name} tira per ricaricare {e.power}: {_roll(e.roll)} contro "
                    f"{e.recharge}+ — {'ricaricato' if e.success else 'ancora speso'}")
        case te.FullHealUpTaken():
            who = _and(e.names, "tutto il gruppo", "e")
            return (f"recupero completo per {who}: punti ferita e recuperi ripristinati"
                    + (" (dopo una sconfitta per la campagna)" if e.campaign_loss else ""))
    return None
