"""5e SRD (seed 002), Giocare: one log line for each of 5e's own events (and 5e's
reading of an attack); None lets the core word the rest. Each line is a message of
5e's catalogue (``locale/``: domain/words.py), with the seed's terms (``t``)."""

from __future__ import annotations

from battletape.domain.patterns import pattern
from battletape.domain import events as ev
from battletape.domain.dnd5e import events as ev5
from battletape.domain.words import Words

# what an effect (Tiri salvezza e danni) records in words: its roll's purpose and
# each target's damage source ("effect of Theren: save success")
_EFFECT_ROLL = "damage of one effect on "
_EFFECT_DAMAGE = pattern(r"effect of (.+): save (success|failure)")
_TAG_WORDS = {"resist": "resistance", "vulnerable": "vulnerability", "immune": "immunity"}


_NOTES = pattern(r"^(.*?) \((.+)\)$")


def _expr(expr: str, t, _: Words) -> str:
    """A save's expression with its notes (``2d20kh1+2 (advantage:dodging)``, 3.5 audit
    D16's 5e twin): the advantage, disadvantage and waived notes in the reader's
    words, the others as written."""
    m = _NOTES.match(expr)
    if m is None:
        return expr
    notes = [_tag(n, t, _) if n.split(":")[0] in ("advantage", "disadvantage", "waived")
             else n for n in m[2].split("; ")]
    return f"{m[1]} ({'; '.join(notes)})"


def _tag(tag: str, t, _: Words) -> str:
    """``advantage:target prone`` in the reader's words (``vantaggio:target prono``);
    a tag of its own words (``natural 20 hits (SRD)``) as the catalogue says it."""
    head, sep, rest = tag.partition(":")
    if not sep or head in ("knock-out", "wrong square"):
        return _.ctx("tag", tag)
    said = _.ctx("tag", rest)  # a phrase the catalogue holds, else word by word
    if said == rest:
        said = " ".join(t(w) if t(w) != w else _.ctx("tag", w) for w in rest.split(" "))
    word = _TAG_WORDS.get(head, head)
    return (t(word) if t(word) != word else _.ctx("tag", word)) + sep + said


def mods_text(mods: dict[str, int]) -> str:
    """A named effect's modifiers as typed (``ac +3, resist:fire, damage +1d6``)."""
    out = []
    for k, v in mods.items():
        head, _sep, arg = k.partition(":")
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


def _ok(success: bool, _: Words) -> str:
    return _.ctx("roll", "success") if success else _.ctx("roll", "failure")


def describe(system, e, _: Words, t) -> str | None:  # noqa: C901 (one arm an event)
    match e:
        case ev.AttackResolved():
            return _attack(e, _, t)
        case ev.FreeRolled() if e.purpose.startswith(_EFFECT_ROLL):
            r = e.roll
            return _("{roller} rolls {roll} for damage of one effect on {targets}",
                     roller=e.roller, roll=f"{r.expr} {r.faces} = {r.total}" if r.faces
                     else r.total,
                     targets=e.purpose[len(_EFFECT_ROLL):])
        case ev.DamageTaken() if _EFFECT_DAMAGE.fullmatch(e.source):
            source, outcome = _EFFECT_DAMAGE.fullmatch(e.source).groups()
            fields = dict(target=e.target, amount=e.amount, type=t(e.damage_type or ""),
                          source=_("effect of {source}: save {outcome}", source=source,
                                   outcome=_.ctx("roll", outcome)))
            if e.damage_type:
                return _("{target} takes {amount} {type} ({source})", **fields)
            return _("{target} takes {amount} ({source})", **fields)
        case ev5.InitiativeTied():
            return _("{initiative} tie at {total}: {names} (undecided)",
                     initiative=t("initiative"), total=e.total, names=", ".join(e.names))
        case ev5.TieBroken():
            order = _(" before ").join(e.names)
            if e.decided_by == "gm":
                return _("tie decided by the gm: {order}", order=order)
            return _("tie decided by the {by}: {order}", by=_.ctx("tie", e.decided_by),
                     order=order)
        case ev5.ActionTaken():
            slot = {"bonus": _(" ({bonus_action})", bonus_action=t("bonus action")),
                    "free": _(" (free)"), "interact": _(" (free interaction)"),
                    "readied": _(" (readied)")}.get(e.slot, "")
            fields = dict(name=e.name, Action=e.action.capitalize(), action=t(e.action),
                          slot=slot, what=f": {e.what}" if e.what else "")
            if e.slot in ("action", "bonus", "readied"):
                return _("{name} takes the {Action} action{slot}{what}", **fields)
            return _("{name}: {action}{slot}{what}", **fields)
        case ev5.ReadiedResponseTaken():
            return _("{name} takes its readied action ({trigger}), using its {reaction}",
                     name=e.name, trigger=e.trigger, reaction=t("reaction"))
        case ev5.ConditionIgnored():
            return _("{name} is immune to {condition}: not applied", name=e.name,
                     condition=t(e.condition))
        case ev5.ExhaustionChanged():
            return _("{name}: {exhaustion} {change} -> level {level}", name=e.name,
                     exhaustion=t("exhaustion"), change=f"{e.change:+d}",
                     level=e.level) + (_(" (dead at 10)") if e.level >= 10 else "")
        case ev5.MaxHpReduced():
            return _("{target}'s hit point maximum drops by {amount} to {max_hp}",
                     target=e.target, amount=e.amount, max_hp=e.max_hp)
        case ev5.TemporaryHitPointsChosen():
            return _("{target} keeps the {keep} {temporary_hp}: {temp_hp} (had {old}, "
                     "offered {offered})", target=e.target, keep=_.ctx("keep", e.keep),
                     temporary_hp=t("temporary hit points"), temp_hp=e.temp_hp,
                     old=e.old, offered=e.offered)
        case ev5.InstantDeath():
            return _("{name} dies instantly: {excess} excess damage vs {max_hp} max hp "
                     "({rule})", name=e.name, excess=e.excess, max_hp=e.max_hp,
                     rule=_.ctx("instant death", e.rule))
        case ev5.Mounted():
            fields = dict(rider=e.rider, mount=e.mount, a_mount=t("mount"))
            if e.controlled:
                return _("{rider} mounts {mount} (controlled)", **fields)
            return _("{rider} mounts {mount} (independent)", **fields)
        case ev5.Dismounted():
            return _("{rider} leaves {mount}", rider=e.rider, mount=e.mount) + (
                f" ({e.reason})" if e.reason else "")
        case ev5.RestTaken():
            return _rest(e, _, t)
        case ev5.UnderwaterSet():
            return (_("the fight is under water") if e.underwater
                    else _("the fight leaves the water"))
        case ev5.AbilityCheckRolled():
            return _check(e, _, t)
        case ev.DeathSaveRolled():
            n = e.roll.natural
            what = (_("regains 1 hp") if n == 20 else _("two failures") if n == 1 else
                    _.ctx("death save", "success") if e.success
                    else _.ctx("death save", "failure"))
            return _("{name} {death_save}: natural {natural}: {outcome}", name=e.name,
                     death_save=t("death save"), natural=n, outcome=what)
        case ev.SaveRolled():
            return _("{name} {against} {save}{ends} {expr} {faces} = {total} vs DC {dc}: "
                     "{outcome}", name=e.name, against=t(e.against), save=t("save"),
                     ends=_(" (against {condition})", condition=t(e.ends)) if e.ends
                     else "", expr=_expr(e.roll.expr, t, _), faces=e.roll.faces,
                     total=e.roll.total, dc=e.target, outcome=_ok(e.success, _))
        case ev.ConditionApplied() if e.mods or e.turn_of or (e.save and ":" in e.save):
            more = [mods_text(e.mods)] if e.mods else []
            if e.save:
                more.append(_("save ends: {save}", save=e.save.replace(":", " DC ")))
            if e.until:
                more.append(_("until {until}", until=_.ctx("until", e.until)) + (
                    _(" of {name}", name=e.turn_of) if e.turn_of else ""))
            return _("{name} is under {condition}{source} ({more})", name=e.name,
                     condition=t(e.condition), more="; ".join(more),
                     source=_(" by {source}", source=e.source) if e.source else "")
    return None


def _rest(e: ev5.RestTaken, _: Words, t) -> str:
    """Riposo breve, riposo lungo: what each PC spent and got back."""
    parts = []
    for name in e.names:
        did = []
        rolls = e.hit_dice.get(name, [])
        if rolls:
            did.append(_.plural("spends {n} Hit Die ({faces}, {con} each)",
                                "spends {n} Hit Dice ({faces}, {con} each)", len(rolls),
                                faces=", ".join(str(r.total) for r in rolls),
                                con=f"{e.con_bonus.get(name, 0):+d}"))
        if e.healed.get(name):
            did.append(_("heals {amount} hp", amount=e.healed[name]))
        if e.dice_regained.get(name):
            did.append(_.plural("regains {n} Hit Die", "regains {n} Hit Dice",
                                e.dice_regained[name]))
        if name in e.exhaustion_down:
            did.append(_("loses a level of exhaustion"))
        if name in e.unrested:
            did.append(_("gains nothing: under 1 hit point at its start"))
        elif not did:
            did.append(_("gains nothing") if e.kind == "long"
                       else _("spends no Hit Die"))
        parts.append(f"{name} {', '.join(did)}")
    after = _(" after {battle}", battle=e.after) if e.after else ""
    return f"{t(e.kind + ' rest')}{after}: {'; '.join(parts) or _('nobody')}"


def _attack(e: ev.AttackResolved, _: Words, t) -> str:
    faces = "/".join(map(str, e.roll.faces)) if len(e.roll.faces) > 1 else ""
    kept = _("natural {natural}", natural=e.natural) + (
        _(" (of {faces})", faces=faces) if faces else "")
    result = (_.ctx("attack", "CRIT", crit=t("critical hit")) if e.crit
              else t("hit") if e.hit else t("miss"))
    damage = ""
    if e.hit and e.damage_roll is not None:
        damage = (_(" for {damage} {type}", damage=e.damage, type=t(e.damage_type))
                  if e.damage_type else _(" for {damage}", damage=e.damage))
    why = [_tag(x, t, _) for x in e.tags if x.split(":")[0] in (
        "advantage", "disadvantage", "waived", "effect", "cover", "resist", "vulnerable",
        "immune") or x.startswith(("knock", "wrong", "natural"))]
    return _("{attacker} attacks {target}: {kept}, total {total} vs AC {value}: "
             "{result}{damage}", attacker=e.attacker, target=e.target, kept=kept,
             total=e.total, value=e.defense_value, result=result, damage=damage) + (
        f" [{'; '.join(why)}]" if why else "")


def _check(e: ev5.AbilityCheckRolled, _: Words, t) -> str:
    result = "" if e.success is None else " — " + _ok(e.success, _)
    auto = next((x for x in e.tags if x.startswith("auto-fail:")), None)
    if auto is not None:
        cond, _sep, sense = auto[len("auto-fail:"):].partition(" (")
        sense = sense.rstrip(")")
        if sense == "sight":
            result += _(" (automatic: {condition}, a check relying on sight)",
                        condition=t(cond))
        elif sense == "hearing":
            result += _(" (automatic: {condition}, a check relying on hearing)",
                        condition=t(cond))
        else:
            result += _(" (automatic: {condition}, a check relying on {sense})",
                        condition=t(cond), sense=sense)
    return _("{name} {what} check: natural {natural}, total {total}{dc}{result}",
             name=e.name, what=t(e.skill) if e.skill else t(e.ability), natural=e.natural,
             total=e.total, dc=_(" vs DC {dc}", dc=e.dc) if e.dc is not None else "",
             result=result)
