"""One line in words for each event (no rich here: recording commands import it)."""

from __future__ import annotations

from battletape.domain import events as ev, systems
from battletape.projections.saved_attacks import fired_by_target


def _settles(e: ev.Event) -> str:
    """The dispute a correction settles (``--dispute``), if it names one."""
    q = getattr(e, "dispute", None)
    return f" — settles dispute {q}" if q else ""


def describe(e: ev.Event, lang: str = "en",
             system: str = systems.DEFAULT_SYSTEM) -> str:
    """One line in words for an event of an encounter of ``system``; rule terms in
    Italian with ``lang="it"``. The system words its own events first."""
    rules = systems.get(system)
    own = rules.describe(e, lang)
    if own is None and type(e) in ev.SYSTEM_EVENTS:  # another system's (a campaign's)
        own = next((said for s in systems.all_systems().values()
                    if (said := s.describe(e, lang)) is not None), None)
    if own is not None:
        return own
    t = (lambda w: rules.term(w, lang))
    if lang == "it":
        from battletape.projections.describe_it import describe_it

        said = describe_it(e, rules, t)
        if said is not None:
            return said
    match e:
        case ev.EncounterStarted():
            return f"encounter {e.name} started ({e.system}, campaign {e.campaign})"
        case ev.CombatantAdded():
            return f"{e.name} joins: {e.hp}/{e.max_hp} hp, {rules.stat_line(e)}"
        case ev.InitiativeRolled():
            return f"initiative {', '.join(e.names)}: {_roll(e.roll)}"
        case ev.RoundStarted():
            return f"{t('round')} {e.round}"
        case ev.TurnStarted():
            return f"{t('turn')}: {e.name}"
        case ev.TurnEnded():
            return f"{e.name}'s turn ends"
        case ev.AttackResolved():
            result = (t("fumble").upper() if e.fumble else t("crit").upper() if e.crit
                      else t("hit") if e.hit else t("miss"))
            extra = ""
            if e.concealed_miss:
                result = t("miss") + " (invisible)"
            if e.damage or e.hit:
                extra = f" for {e.damage}" + (f" {e.damage_type}" if e.damage_type else "")
                if e.half:
                    extra += " (half: resisted)"
                if e.immune:
                    extra += " (immune)"
            return (f"{e.attacker} attacks {e.target}: natural {e.natural}, total "
                    f"{e.total} vs {e.defense.upper()} {e.defense_value}: {result}{extra}")
        case ev.DamageTaken():
            return f"{e.target} takes {e.amount}" + (f" {e.damage_type}" if e.damage_type
                                                      else "") + f" ({e.source})"
        case ev.Healed():
            return f"{e.target} heals {e.amount}" + (f" ({_roll(e.roll)})" if e.roll
                                                     else "")
        case ev.TempHpGained():
            return f"{e.target} gains {e.amount} temporary hp"
        case ev.SaveRolled():
            return (f"{e.name} {t('save')} vs {t(e.against)} ({e.difficulty} {e.target}+): "
                    f"{e.roll.total} — {'success' if e.success else 'failure'}")
        case ev.DisengageAttempted():
            return (f"{e.name} disengages from {', '.join(e.foes)}: {e.roll.total} vs "
                    f"{e.target}: {'success' if e.success else 'failure'}")
        case ev.DeathSaveRolled():
            return (f"{e.name} death save: natural {e.roll.natural}: "
                    f"{'success' if e.success else 'failure'}")
        case ev.CommandRetracted():
            return f"undo: the command at {e.target} is retracted ({e.kind}){_why(e.reason)}"
        case ev.CommandRestored():
            return f"redo: the undo at {e.retraction} is withdrawn{_why(e.reason)}"
        case ev.Rewound():
            return (f"rewind to {e.to}: everything after it is void ({e.kind})"
                    f"{_why(e.reason)}{_settles(e)}")
        case ev.CommandAmended():
            return (f"amend the command at {e.target}: `{e.replaced}` becomes "
                    f"`{e.changes.get('as_decided', '')}` ({e.kind}){_why(e.reason)}"
                    f"{_settles(e)}")
        case ev.DisputeRaised():
            quote = f" quoting {e.quote}" if e.quote else ""
            return f"dispute by {e.player} of {e.target}{quote}{_why(e.reason)}"
        case ev.DisputeResolved():
            return f"dispute {e.dispute} {e.outcome}{_why(e.note)}"
        case ev.RippleAccepted():
            at = ", ".join(str(r.position) for r in e.ripples)
            return (f"ripple accepted: the GM reviewed and lets stand the command(s) "
                    f"at {at}{_why(e.note)}")
        case ev.Engaged():
            return f"{e.a} engages {e.b}" + (f" ({e.how})" if e.how != "engage" else "")
        case ev.Moved():
            prov = f"; opportunity attacks from {', '.join(e.provoked)}" if e.provoked else ""
            how = "teleports" if e.teleport else "moves"
            return f"{e.name} {how} {e.where}{prov}"
        case ev.ConditionApplied():
            extra = f", save {e.save}" if e.save else f", until {e.until}" if e.until else ""
            if e.until and e.turn_of:
                extra += f" of {e.turn_of}"
            if e.mods:
                extra += " (" + ", ".join(f"{k} {v:+d}" for k, v in e.mods.items()) + ")"
            src = f" by {e.source}" if e.source else ""
            return f"{e.name} is {_under(rules, e.condition, t)}{src}{extra}"
        case ev.ConditionRemoved():
            return (f"{e.name} is no longer {_under(rules, e.condition, t)} "
                    f"({e.reason})")
        case ev.OngoingDamageApplied():
            return f"{e.name} takes {e.amount}{' ' + e.damage_type if e.damage_type else ''} ongoing damage ({e.save} save)"
        case ev.OngoingDamageEnded():
            return f"{e.name}'s ongoing damage ends ({e.reason})"
        case ev.EncounterEnded():
            return f"the encounter ends: {e.outcome}" + (" (a campaign loss)" if e.campaign_loss else "")
        case ev.CombatantLeft():
            return (f"{e.name} surrenders and leaves the fight" if e.how == "surrendered"
                    else f"{e.name} flees the fight")
        case ev.StabilizeAttempted():
            return f"{e.helper} tries to stabilize {e.name}: {e.roll.total} vs DC 10 — {'success' if e.success else 'failure'}" + (" (a quick action)" if e.quick else "")
        case ev.RulingRecorded() if e.overrode:
            rule = f" ({e.rule})" if e.rule else ""
            by = f" by {e.by}" if e.by else ""
            return f"GM's ruling{by}, forced over \"{e.overrode}\"{rule}: {e.text}"
        case ev.RulingRecorded():
            return (f"GM ruling by {e.by or 'the GM'}: {e.text}"
                    + (f" ({e.rule})" if e.rule else ""))
        case ev.DiceCommitted():
            return (f"dadi virtuali: nuovo segreto impegnato (sha256 {e.commitment[:12]}…)"
                    if lang == "it" else
                    f"virtual dice: a new secret committed (sha256 {e.commitment[:12]}…)")
        case ev.DiceContributed():
            return (f"{e.name} contribuisce al segreto dei dadi: {e.value!r}" if lang == "it"
                    else f"{e.name} adds {e.value!r} to the dice secret")
        case ev.DiceRevealed():
            return (f"dadi virtuali: il segreto (sha256 {e.commitment[:12]}…) è rivelato, "
                    "ogni tiro virtuale si può verificare (battletape verify)"
                    if lang == "it" else
                    f"virtual dice: the secret (sha256 {e.commitment[:12]}…) is revealed; "
                    "every virtual roll can be checked (battletape verify)")
        case ev.FreeRolled():
            return f"{e.roller or 'GM'} rolls {_roll(e.roll)}" + (f" for {e.purpose}" if e.purpose else "")
        case ev.StatBlockSaved():
            attacks = ", ".join(e.attacks)
            return (f"stat block {e.key} saved to the bestiary ({e.name}, {e.system}): "
                    f"{e.stats.get('hp')} hp" + (f"; attacks: {attacks}" if attacks else ""))
        case ev.StatBlockUsed():
            attacks = ", ".join(e.attacks)
            return (f"{', '.join(e.names)} from stat block {e.key}"
                    + (f", with saved attacks {attacks}" if attacks else ""))
        case ev.SavedAttackUsed():
            fired = "; ".join(f"on {target}: {'; '.join(texts)}"
                              for target, texts in fired_by_target(e.fired))
            return (f"{e.attacker} uses the saved attack {e.attack}"
                    + (f" — triggered {fired}" if fired else ""))
        case ev.SurpriseDeclared():
            return f"surprise: only {_and(e.actors)} act in the ambush round"
        case ev.Delayed():
            return f"{e.name} delays, to act later this round"
        case ev.Readied():
            return f"{e.name} readies an action for when {e.trigger}"
        case ev.DelayedActionTaken():
            return f"{e.name} takes the delayed turn after {e.after} (initiative {e.initiative})"
        case ev.ReadiedActionTaken():
            return (f"{e.name} takes the readied action before {e.before} "
                    f"(initiative {e.initiative})")
        case ev.CampaignStarted():
            return f"campaign {e.name} started" + (f", GM {_and(e.gms)}" if e.gms else "")
        case ev.EncounterRegistered():
            return f"encounter {e.name} joins campaign {e.campaign} ({e.system})"
        case ev.GmAdded():
            return f"{e.name} becomes a GM of the campaign"
        case _:
            fields = {k: v for k, v in ev.to_builtins(e).items()
                      if k not in ("type", "originator_id", "originator_version",
                                   "timestamp", "by", "cmd", "schema", "command")}
            return f"{type(e).__name__} " + " ".join(f"{k}={v}" for k, v in fields.items())


def _under(rules, condition: str, t) -> str:
    """A condition of the seed by its name; a named effect of a power as `under X`."""
    return t(condition) if condition in rules.conditions else f"under {condition}"


def _and(names: list[str]) -> str:
    return ", ".join(names) if names else "nobody"


def _why(reason: str) -> str:
    return f": {reason}" if reason else ""


def _roll(r: ev.Roll) -> str:
    return f"{r.expr} {r.faces} = {r.total}" if r.faces else f"{r.total}"
