"""13th Age: one line in words for each of its own events.

The core words the events every system shares (projections/describe.py); these are
the sentences of the events only 13th Age emits (domain/thirteenth_age/events.py),
and of the core's rounds and surprises with the escalation die. Each is a message of
13th Age's catalogue (``locale/``: domain/words.py), with the seed's terms (``t``:
the system's word in the language asked).
"""

from __future__ import annotations

from typing import Callable

from battletape.domain import events as ev
from battletape.domain.events import Event, Roll
from battletape.domain.thirteenth_age import events as te
from battletape.domain.words import Words


def _roll(r: Roll) -> str:
    return f"{r.expr} {r.faces} = {r.total}" if r.faces else f"{r.total}"


def _why(reason: str) -> str:
    return f": {reason}" if reason else ""


def _ok(success: bool, _: Words) -> str:
    return _.ctx("roll", "success") if success else _.ctx("roll", "failure")


def sentence(e: Event, _: Words, t: Callable[[str], str]) -> str | None:  # noqa: C901
    """The line of a 13th Age event in ``_``'s language (None: not one of its own)."""
    match e:
        case ev.RoundStarted():
            return (f"{t('round')} {e.round}, {t('escalation die')} "
                    f"{te.own(e, 'escalation_die')}")
        case ev.SurpriseDeclared():
            return _("surprise: only {names} act in the ambush round",
                     names=_.names(e.actors)) + (
                _("; the escalation die advances after it")
                if te.own(e, "advance_escalation") else "")
        case te.EscalationSet():
            held = _("; held: it will not advance") if e.held else ""
            return _("the GM sets the {escalation_die} to {value}{held}{why}",
                     escalation_die=t("escalation die"), value=e.value, held=held,
                     why=_why(e.reason))
        case te.RecoverySpent():
            half = "" if e.had_recovery else _(" (no recoveries left: half, -1 penalty)")
            return _("{name} spends a recovery: {roll} {con} = {amount} hp{half}",
                     name=e.name, roll=_roll(e.roll), con=f"{e.con_bonus:+d}",
                     amount=e.amount, half=half)
        case te.RallyAttempted():
            if e.save is None:
                return _("{name} rallies", name=e.name)
            return _("{name} rallies: save {total} — {outcome}", name=e.name,
                     total=e.save.total, outcome=_ok(e.success, _))
        case te.FlightChanged():
            return (_("{name} takes to the air", name=e.name) if e.flying
                    else _("{name} lands", name=e.name))
        case te.SpiritFought():
            return _("{name} fights in spirit: {ally} gets {amount} {stat} until round "
                     "{round}", name=e.name, ally=e.ally, amount=f"{e.amount:+d}",
                     stat=e.stat, round=e.until_round)
        case te.HealingPotionUsed():
            potion = t("healing potion")
            if e.helper != e.name:
                return _("{helper} feeds {name} a healing potion", helper=e.helper,
                         name=e.name, potion=potion)
            return _("{name} drinks a healing potion", name=e.name, potion=potion)
        case te.QuickRestTaken():
            rolls = ", ".join(_roll(r) for r in e.rolls)
            return (_("{name} takes a quick rest", name=e.name)
                    + (_(" after {battle}", battle=e.after) if e.after else "")
                    + _.plural(": {n} recovery spent", ": {n} recoveries spent",
                               e.recoveries_spent, recoveries=t("recoveries"))
                    + (_(" ({rolls}, {con} each)", rolls=rolls, con=f"{e.con_bonus:+d}")
                       if rolls else "")
                    + _(", {healed} hp healed", healed=e.healed))
        case te.RechargeRolled():
            return _("{name} rolls to recharge {power}: {roll} vs {recharge}+ — {outcome}",
                     name=e.name, power=e.power, roll=_roll(e.roll), recharge=e.recharge,
                     outcome=_("recharged") if e.success else _("still spent"))
        case te.FullHealUpTaken():
            return _("full heal-up for {names}: hit points and recoveries restored",
                     names=_.names(e.names, "the whole party")) + (
                _(" (after a campaign loss)") if e.campaign_loss else "")
    return None
