"""One line in words for each event (no rich here: recording commands import it).

Every sentence is a message of the catalogues (projections/words.py): written once,
in English, with named fields; its Italian is in ``locale/it/LC_MESSAGES``. The rule
words come from the encounter's system (``t``: 13th Age "dado di escalation", 5e and
3.5 their own seeds' words); a system words its own events first.
"""

from __future__ import annotations

from battletape.domain.patterns import pattern
from battletape.domain import events as ev, systems
from battletape.domain.party import KEY as PARTY_SHEET
from battletape.projections.saved_attacks import fired_by_target
from battletape.domain.words import Words, words


_CORE = frozenset((*ev.CORE_ENCOUNTER_EVENTS, *ev.CampaignEvent.__args__))
_SAVED = pattern(r"saved \((\w+) DC (\d+)\)")


def describe(e: ev.Event, lang: str = "en",
             system: str = systems.DEFAULT_SYSTEM) -> str:
    """One line in words for an event of an encounter of ``system``, in ``lang``.
    The system words its own events first."""
    rules = systems.get(system)
    own = rules.describe(e, lang)
    if own is None and type(e) not in _CORE:  # another system's (a campaign's)
        own = next((said for s in systems.all_systems().values()
                    if (said := s.describe(e, lang)) is not None), None)
    if own is not None:
        return own
    said = _sentence(e, rules, words(lang), lambda w: rules.term(w, lang))
    if said is not None:
        return said
    fields = {k: v for k, v in ev.to_builtins(e).items()
              if k not in ("type", "originator_id", "originator_version",
                           "timestamp", "by", "cmd", "schema", "command")}
    return f"{type(e).__name__} " + " ".join(f"{k}={v}" for k, v in fields.items())


def _sentence(e: ev.Event, rules, _: Words, t) -> str | None:  # noqa: C901 (one arm an event)
    match e:
        case ev.EncounterStarted():
            return _("encounter {name} started ({system}, campaign {campaign})",
                     name=e.name, system=e.system, campaign=e.campaign)
        case ev.CombatantAdded():
            fields = dict(name=e.name, hp=e.hp, max_hp=e.max_hp,
                          stats=rules.stat_line(e, lang=_.lang))
            if e.pc:
                return _.ctx("a PC", "{name} joins: {hp}/{max_hp} hp, {stats}", **fields)
            return _("{name} joins: {hp}/{max_hp} hp, {stats}", **fields)
        case ev.InitiativeRolled():
            return _("{initiative} {names}: {roll}", initiative=t("initiative"),
                     names=_.names(e.names), roll=_roll(e.roll))
        case ev.RoundStarted():
            return f"{t('round')} {e.round}"
        case ev.TurnStarted():
            return _("{turn}: {name}", turn=t("turn"), name=e.name)
        case ev.TurnEnded():
            return _("{name}'s turn ends", turn=t("turn"), name=e.name)
        case ev.AttackResolved():
            return _attack(e, _, t)
        case ev.DamageTaken():
            source = _.ctx("damage source", e.source)
            if e.damage_type:
                return _("{target} takes {amount} {type} ({source})", target=e.target,
                         amount=e.amount, type=_type(e.damage_type, _, t), source=source)
            return _("{target} takes {amount} ({source})", target=e.target,
                     amount=e.amount, source=source)
        case ev.Healed():
            return _("{target} heals {amount}", target=e.target, amount=e.amount) + (
                f" ({_roll(e.roll)})" if e.roll else "")
        case ev.TempHpGained():
            return _("{target} gains {amount} temporary hp", target=e.target,
                     amount=e.amount)
        case ev.SaveRolled():
            return _("{name} {save} vs {against} ({difficulty} {target}+): {total} — "
                     "{outcome}", name=e.name, save=t("save"), against=t(e.against),
                     difficulty=_.ctx("save", e.difficulty), target=e.target,
                     total=e.roll.total, outcome=_ok(e.success, _))
        case ev.DisengageAttempted():
            return _("{name} disengages from {foes}: {total} vs {target}: {outcome}",
                     name=e.name, disengage=t("disengage"), foes=_.names(e.foes),
                     total=e.roll.total, target=e.target, outcome=_ok(e.success, _))
        case ev.DeathSaveRolled():
            return _("{name} death save: natural {natural}: {outcome}", name=e.name,
                     death_save=t("death save"), natural=e.roll.natural,
                     outcome=_ok(e.success, _))
        case ev.CommandRetracted():
            return _("undo: the command at {target} is retracted ({kind}){why}",
                     target=e.target, kind=_.ctx("kind", e.kind), why=_why(e.reason))
        case ev.CommandRestored():
            return _("redo: the undo at {retraction} is withdrawn{why}",
                     retraction=e.retraction, why=_why(e.reason))
        case ev.Rewound():
            return _("rewind to {to}: everything after it is void ({kind}){why}{settles}",
                     to=e.to, kind=_.ctx("kind", e.kind), why=_why(e.reason),
                     settles=_settles(e, _))
        case ev.CommandAmended():
            return _("amend the command at {target}: `{replaced}` becomes `{decided}` "
                     "({kind}){why}{settles}", target=e.target, replaced=e.replaced,
                     decided=e.changes.get("as_decided", ""), kind=_.ctx("kind", e.kind),
                     why=_why(e.reason), settles=_settles(e, _))
        case ev.DisputeRaised():
            quote = _(" quoting {quote}", quote=e.quote) if e.quote else ""
            return _("dispute by {player} of {target}{quote}{why}", player=e.player,
                     target=e.target, quote=quote, why=_why(e.reason))
        case ev.DisputeResolved():
            return _("dispute {dispute} {outcome}{why}", dispute=e.dispute,
                     outcome=_.ctx("dispute", e.outcome), why=_why(e.note))
        case ev.RippleAccepted():
            return _("ripple accepted: the GM reviewed and lets stand the command(s) at "
                     "{positions}{why}", positions=", ".join(str(r.position)
                                                             for r in e.ripples),
                     why=_why(e.note))
        case ev.Engaged():
            if e.how != "engage":
                return _("{a} engages {b} ({how})", a=e.a, b=e.b,
                         how=_.ctx("engaged by", e.how))
            return _("{a} engages {b}", a=e.a, b=e.b)
        case ev.Moved():
            provoked = (_("; opportunity attacks from {names}", names=_.names(e.provoked))
                        if e.provoked else "")
            if e.teleport:
                return _("{name} teleports {where}{provoked}", name=e.name, where=e.where,
                         provoked=provoked)
            return _("{name} moves {where}{provoked}", name=e.name, where=e.where,
                     provoked=provoked)
        case ev.ConditionApplied():
            extra = (_(", save {save}", save=_.ctx("save", e.save)) if e.save
                     else _until(e.until, _) if e.until else "")
            if e.until and e.turn_of:
                extra += _(" of {name}", name=e.turn_of)
            if e.mods:
                extra += " (" + ", ".join(f"{k} {v:+d}" for k, v in e.mods.items()) + ")"
            return _applied(e, _under(rules, e.condition, _, t), extra, _)
        case ev.ConditionRemoved():
            saved = _SAVED.fullmatch(e.reason or "")  # a save ended it (named_effects)
            reason = (_("saved ({save} DC {dc})", save=t(saved[1]), dc=saved[2]) if saved
                      else _.ctx("reason", e.reason) if e.reason else _("removed"))
            return _("{name} is no longer {condition} ({reason})", name=e.name,
                     condition=_under(rules, e.condition, _, t), reason=reason)
        case ev.OngoingDamageApplied():
            fields = dict(name=e.name, amount=e.amount, ongoing=t("ongoing damage"),
                          save=_.ctx("save", e.save))
            if e.damage_type:
                return _("{name} will take {amount} {type} ongoing damage (until a {save} "
                         "save)",
                         type=_type(e.damage_type, _, t), **fields)
            return _("{name} will take {amount} ongoing damage (until a {save} save)",
                     **fields)
        case ev.OngoingDamageEnded():
            return _("{name}'s ongoing damage ends ({reason})", name=e.name,
                     ongoing=t("ongoing damage"), reason=_.ctx("reason", e.reason))
        case ev.EncounterEnded():
            return _("the encounter ends: {outcome}", outcome=_.ctx("outcome", e.outcome)) \
                + (_(" (a campaign loss)") if e.campaign_loss else "")
        case ev.CombatantLeft():
            return (_("{name} surrenders and leaves the fight", name=e.name)
                    if e.how == "surrendered" else _("{name} flees the fight", name=e.name))
        case ev.StabilizeAttempted():
            return _("{helper} tries to stabilize {name}: {total} vs DC 10 — {outcome}",
                     helper=e.helper, name=e.name, total=e.roll.total,
                     outcome=_ok(e.success, _)) + (_(" (a quick action)") if e.quick else "")
        case ev.RulingRecorded() if e.overrode:
            fields = dict(by=e.by, overrode=e.overrode, text=e.text,
                          rule=f" ({e.rule})" if e.rule else "")
            if e.by:
                return _('GM\'s ruling by {by}, forced over "{overrode}"{rule}: {text}',
                         **fields)
            return _('GM\'s ruling, forced over "{overrode}"{rule}: {text}', **fields)
        case ev.RulingRecorded():
            return _("GM ruling by {by}: {text}", by=e.by or _("the GM"), text=e.text) \
                + (f" ({e.rule})" if e.rule else "")
        case ev.NoteRecorded():
            return _("note by {author} on {at}: {text}",
                     author=e.author or e.by or _("the GM"), at=e.at, text=e.text)
        case ev.DiceCommitted():
            return _("virtual dice: a new secret committed (sha256 {commitment}…)",
                     commitment=e.commitment[:12])
        case ev.DiceContributed():
            return _("{name} adds {value} to the dice secret", name=e.name,
                     value=repr(e.value))
        case ev.DiceRevealed():
            return _("virtual dice: the secret (sha256 {commitment}…) is revealed; every "
                     "virtual roll can be checked (battletape verify)",
                     commitment=e.commitment[:12])
        case ev.FreeRolled():
            return _("{roller} rolls {roll}", roller=e.roller or _.ctx("roller", "GM"),
                     roll=_roll(e.roll)) + (_(" for {purpose}", purpose=e.purpose)
                                            if e.purpose else "")
        case ev.StatBlockSaved():
            attacks = ", ".join(e.attacks)
            return _("stat block {key} saved to the bestiary ({name}, {system}): {hp} hp",
                     key=e.key, name=e.name, system=e.system, hp=e.stats.get("hp")) + (
                _("; attacks: {attacks}", attacks=attacks) if attacks else "")
        case ev.EncounterSelected():
            return _("{name} becomes the current encounter", name=e.name)
        case ev.SheetKept():
            if e.removed:
                return _("{name} leaves the party", name=e.name)
            return _("the party keeps {name}'s sheet ({system}): {hp} hp", name=e.name,
                     system=e.system, hp=e.stats.get("hp"))
        case ev.StatBlockUsed() if e.key == PARTY_SHEET:
            return _("{names} joins with the sheet the party keeps",
                     names=", ".join(e.names))
        case ev.StatBlockUsed():
            attacks = ", ".join(e.attacks)
            return _("{names} from stat block {key}", names=_.names(e.names), key=e.key) + (
                _(", with saved attacks {attacks}", attacks=attacks) if attacks else "")
        case ev.SavedAttackUsed():
            fired = "; ".join(_("on {target}: {texts}", target=target,
                                texts="; ".join(texts))
                              for target, texts in fired_by_target(e.fired))
            return _("{attacker} uses the saved attack {attack}", attacker=e.attacker,
                     attack=e.attack) + (_(" — triggered {fired}", fired=fired)
                                         if fired else "")
        case ev.SurpriseDeclared():
            return _("surprise: only {names} act in the ambush round",
                     names=_.names(e.actors))
        case ev.Delayed():
            return _("{name} delays, to act later this round", name=e.name)
        case ev.Readied():
            return _("{name} readies an action for when {trigger}", name=e.name,
                     trigger=e.trigger)
        case ev.DelayedActionTaken():
            return _("{name} takes the delayed turn after {after} ({initiative} {count})",
                     name=e.name, after=e.after, initiative=t("initiative"),
                     count=e.initiative)
        case ev.ReadiedActionTaken():
            return _("{name} takes the readied action before {before} ({initiative} "
                     "{count})", name=e.name, before=e.before, initiative=t("initiative"),
                     count=e.initiative)
        case ev.CampaignStarted():
            return _("campaign {name} started", name=e.name) + (
                _(", GM {names}", names=_.names(e.gms)) if e.gms else "")
        case ev.EncounterRegistered():
            return _("encounter {name} joins campaign {campaign} ({system})", name=e.name,
                     campaign=e.campaign, system=e.system)
        case ev.GmAdded():
            return _("{name} becomes a GM of the campaign", name=e.name)
    return None


def _attack(e: ev.AttackResolved, _: Words, t) -> str:
    if e.concealed_miss:
        result = _("{miss} (invisible)", miss=t("miss"))
    elif e.fumble:
        result = _.ctx("attack", "FUMBLE", fumble=t("fumble"))
    elif e.crit:
        result = _.ctx("attack", "CRIT", crit=t("crit"))
    else:
        result = t("hit") if e.hit else t("miss")
    extra = ""
    if e.damage or e.hit:
        extra = (_(" for {damage} {type}", damage=e.damage, type=_type(e.damage_type, _, t))
                 if e.damage_type else _(" for {damage}", damage=e.damage))
        if e.half:
            extra += _(" (half: resisted)")
        if e.immune:
            extra += _(" (immune)")
    return _("{attacker} attacks {target}: natural {natural}, total {total} vs {defense} "
             "{value}: {result}{extra}", attacker=e.attacker, target=e.target,
             natural=e.natural, total=e.total, defense=_.ctx("defense", e.defense.upper()),
             value=e.defense_value, result=result, extra=extra)


def _applied(e: ev.ConditionApplied, condition: str, extra: str, _: Words) -> str:
    """A condition as a person says it: ``Dire Rat 1 flees``, ``Orc 1 knocks Bram
    prone``, ``Bram is poisoned by Skeleton``."""
    from battletape.domain.leaving import LEAVING

    if e.condition in LEAVING:
        said = (_("{name} flees", name=e.name) if e.condition == "fled"
                else _("{name} surrenders", name=e.name))
        return said + (_(" (to {source})", source=e.source) if e.source else "") + extra
    if e.condition == "prone" and e.source:
        return _("{source} knocks {name} prone{extra}", source=e.source, name=e.name,
                 extra=extra)
    source = _(" by {source}", source=e.source) if e.source else ""
    return _("{name} is {condition}{source}{extra}", name=e.name, condition=condition,
             source=source, extra=extra)


def _until(until: str, _: Words) -> str:
    """How long a condition lasts: ``, until Valdris's turn in round 13`` for a
    system's ``round 13, Valdris`` (or ``round 13, Valdris's turn``), ``, until round
    13``, or a named end (``end-of-turn``) in the reader's words."""
    head, _sep, anchor = until.partition(", ")
    number = head[len("round "):] if head.startswith("round ") else ""
    if not number.isdigit():
        return _(", until {until}", until=_.ctx("until", until))
    anchor = anchor.removesuffix("'s turn")
    if not anchor or anchor == "start":
        return _(", until round {n}", n=number)
    return _(", until {name}'s turn in round {n}", name=anchor, n=number)


def _under(rules, condition: str, _: Words, t) -> str:
    """A condition of the seed by its name; a named effect of a power as `under X`."""
    return t(condition) if condition in rules.conditions else _("under {effect}",
                                                                 effect=condition)


def _type(kind: str, _: Words, t) -> str:
    """A damage type in the system's words, else the language's (fuoco, freddo)."""
    said = t(kind)
    return _.ctx("damage type", kind) if said == kind else said


def _ok(success: bool, _: Words) -> str:
    return _.ctx("roll", "success") if success else _.ctx("roll", "failure")


def _settles(e: ev.Event, _: Words) -> str:
    """The dispute a correction settles (``--dispute``), if it names one."""
    q = getattr(e, "dispute", None)
    return _(" — settles dispute {dispute}", dispute=q) if q else ""


def _why(reason: str) -> str:
    return f": {reason}" if reason else ""


def _roll(r: ev.Roll) -> str:
    return f"{r.expr} {r.faces} = {r.total}" if r.faces else f"{r.total}"
