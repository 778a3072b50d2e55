"""The battle report in Markdown: participants, a paragraph per round, the final
state and the notable moments — ready to paste into a campaign journal."""

from __future__ import annotations

import html

from collections import defaultdict
from typing import Sequence

from battletape.domain import events as ev, systems
from battletape.domain.history import EffectiveHistory
from battletape.replay import history
from battletape.domain.words import Words, words
from battletape.replay.entries import entries

def _dice_line(state, _: Words) -> str:
    """Where the virtual dice came from: a public seed, or a committed secret."""
    from battletape.domain import fair_dice

    d = fair_dice.describe(state)
    if d["mode"] == "public seed":
        return _("Virtual dice: public seed {seed} (reproducible by anyone).", seed=d["seed"])
    if d["mode"] == "unverifiable":
        return _("Virtual dice: no committed secret (they cannot be checked).")
    said = (_("revealed: every roll can be checked with `battletape verify`")
            if d["revealed"] else _("not revealed yet"))
    return _("Virtual dice: committed secret (sha256 `{commitment}…`), {said}.",
             commitment=d["commitment"][:16], said=said)


def markdown(events: Sequence[ev.Event], lang: str = "en",
             hp_chart: str | None = None) -> str:
    """The report; ``hp_chart``: the file name of the HP chart beside it, to link."""
    start = events[0]
    system = systems.get(start.system)
    _ = words(lang, system.package)
    term = system.term
    effective = EffectiveHistory(events)  # one model for the state and the story
    final = history.state_at(events, history=effective)
    lines = [f"# {start.name}", ""]
    lines.append("*" + _("{system} — campaign {campaign} — {date}", system=start.system,
                         campaign=start.campaign, date=f"{start.timestamp:%Y-%m-%d}")
                 + "*")
    lines += ["", _dice_line(final, _)]
    lines += ["", "## " + _("Participants"), ""]
    for c in final.combatants.values():
        lines.append("- " + _("**{name}** ({kind}, {rank}): {max_hp} hp, {stats}",
                              name=c.name, kind=_("PC") if c.pc else _("monster"),
                              rank=system.rank(c, lang), max_hp=c.max_hp,
                              stats=system.stat_line(c, ", ", lang)))
    rounds: dict[int, list[str]] = defaultdict(list)
    current = 0
    biggest: tuple[int, str] = (0, "")
    streaks: dict[str, int] = defaultdict(int)
    best_streak: tuple[int, str] = (0, "")
    state = history.EncounterState()
    from battletape.projections.encounter_state import apply

    rulings: list[ev.RulingRecorded] = []
    for entry in entries(events, lang, start.system, corrections=effective):
        e = entry.event
        before = {n: c.status for n, c in state.combatants.items()}
        apply(state, e)
        if isinstance(e, ev.RulingRecorded):
            rulings.append(e)
        say = rounds[current].append
        match e:
            case ev.RoundStarted():
                current = e.round
            case ev.AttackResolved():
                who = dict(attacker=e.attacker, target=e.target, damage=e.damage)
                if e.fumble:
                    say(_("{attacker} fumbled against {target}", **who))
                elif e.crit:
                    say(_("{attacker} scored a crit on {target} for {damage}", **who))
                elif e.hit:
                    say(_("{attacker} hit {target} for {damage}", **who))
                else:
                    say(_("{attacker} missed {target}", **who)
                        + (f" ({term('damage', lang)} {e.damage})" if e.damage else ""))
                if e.hit:
                    streaks[e.attacker] += 1
                    if streaks[e.attacker] > best_streak[0]:
                        best_streak = (streaks[e.attacker], e.attacker)
                else:
                    streaks[e.attacker] = 0
                if e.damage > biggest[0]:
                    biggest = (e.damage, f"{e.attacker} → {e.target}, "
                               f"{term('round', lang)} {current}"
                               + (_(" (crit)") if e.crit else ""))
            case ev.SavedAttackUsed():
                for fired in e.fired:
                    target, _sep, trigger = fired.partition(": ")
                    say(_("{attacker}'s {attack} triggered on {target}",
                          attacker=e.attacker, attack=e.attack, target=target)
                        + f" ({trigger})")
            case ev.DamageTaken() if e.source == "ongoing":
                say(_("{target} took {damage} ongoing damage", target=e.target,
                      damage=e.amount))
            case ev.DamageTaken() if e.source.startswith("effect"):
                say(_("{target} took {damage} from an effect", target=e.target,
                      damage=e.amount)
                    + (f" ({term(e.damage_type, lang)})" if e.damage_type else ""))
            case ev.DeathSaveRolled() if e.roll.sides == [100]:
                # a d100 to stabilise (D&D 3.5, Morente)
                say(_("{name} rolled {roll} on d100: stable", name=e.name,
                      roll=e.roll.total) if e.success else
                    _("{name} rolled {roll} on d100 and bled", name=e.name,
                      roll=e.roll.total))
            case ev.DeathSaveRolled():
                say(_("{name} made a death save ({roll})", name=e.name,
                      roll=e.roll.natural))
            case ev.ConditionApplied():
                say(_("{name} became {condition}", name=e.name,
                      condition=term(e.condition, lang)))
            case ev.NoteRecorded():  # a remark, where it belongs (log's own words)
                say("*" + entry.text.replace("*", "\\*") + "*")
            case ev.CombatantLeft():  # leaving the fight, in every system
                say(_("{name} became {condition}", name=e.name,
                      condition=term(e.how, lang)))
            case ev.ConditionRemoved() if e.reason == "save":
                say(_("{name} shook off {condition}", name=e.name,
                      condition=term(e.condition, lang)))
            case _:  # the system's own events in the story (13th Age: recoveries)
                told = system.story(e)
                if told is not None:
                    say(_(told[0], **told[1]))
        for name, c in state.combatants.items():
            was = before.get(name)
            if was is not None and was != c.status:
                if c.status == "unconscious":
                    say(_.of(c.gender, "{name} fell", name=name))
                elif c.status in ("dying", "disabled") and was not in ("dying", "stable"):
                    say(_.of(c.gender, "{name} dropped ({status})", name=name,
                              status=term(c.status, lang, c.gender)))
                elif c.status == "dead":
                    say(_.of(c.gender, "{name} died", name=name) if c.pc
                        else _.of(c.gender, "{name} was slain", name=name))
    surprise = any(isinstance(e, ev.SurpriseDeclared) for e in events)
    for rnd in sorted(rounds):
        if not rounds[rnd]:
            continue
        title = (_("Surprise round") if surprise else _("Before initiative")) if rnd == 0 \
            else _("Round {n}", n=rnd)
        lines += ["", f"## {title}", "", "; ".join(rounds[rnd]) + "."]
    if hp_chart:
        lines += ["", "## " + _("hit points"), "",
                  f"![{_('hit points')}]({hp_chart.replace(' ', '%20')})"]
    lines += ["", "## " + _("Final state"), ""]
    lines.append("| " + " | ".join((_("name"), _("hp"), _("status"), _("conditions")))
                 + " |")
    lines.append("| --- | --- | --- | --- |")
    for c in final.combatants.values():
        status = term(c.status, lang, c.gender) + (
            f" ({term(system.words_staggered, lang, c.gender)})"
            if c.hp > 0 and system.staggered(c) else "")
        conds = ", ".join(term(k, lang, c.gender) for k in system.shown_conditions(c)) or "—"
        lines.append(f"| {c.name.replace('|', chr(92) + '|')} | {c.hp}/{c.max_hp} | {status} | {conds} |")
    if final.ended:
        lines += ["", _("The battle ended: {outcome}.",
                        outcome=_.ctx("outcome", final.ended))]
    lines += ["", "## " + _("Notable moments"), ""]
    lines.append("- " + _("Biggest hit") + ": " + (f"{biggest[0]} ({biggest[1]})"
                                                   if biggest[0] else _("nothing of note")))
    lines.append("- " + _("Longest streak of hits") + ": " + (
        f"{best_streak[0]} ({best_streak[1]})" if best_streak[0] else _("nothing of note")))
    resolved = {e.dispute: e for e in events if isinstance(e, ev.DisputeResolved)}
    disputes = [e for e in events if isinstance(e, ev.DisputeRaised)]
    if disputes:
        for d in disputes:
            outcome = resolved[d.originator_version].outcome \
                if d.originator_version in resolved else "open"
            note = resolved[d.originator_version].note \
                if d.originator_version in resolved else ""
            lines.append("- " + _("{player} disputed position {position}: {reason} — "
                                  "{outcome}", player=d.player, position=d.target,
                                  reason=d.reason, outcome=_.ctx("dispute", outcome))
                         + (f" ({note})" if note and system.correction_policy else ""))
    else:
        lines.append("- " + _("No disputes."))
    if rulings:  # the GM's last word (DESIGN.md principle 8), forced or not
        lines += ["", "## " + _("The GM's rulings"), ""]
        for r in rulings:
            fields = dict(position=r.originator_version, by=r.by or _.ctx("roller", "GM"),
                          overrode=r.overrode, rule=f" ({r.rule})" if r.rule else "",
                          text=r.text)
            lines.append("- " + (_('{position}: {by} forced over "{overrode}"{rule}: {text}',
                                   **fields) if r.overrode else
                                 _("{position}: {by} ruled: {text}{rule}", **fields)))
    kinds = (ev.CommandRetracted, ev.Rewound, ev.CommandAmended, ev.CommandRestored)
    fixes = [e for e in events if isinstance(e, kinds)]
    policy = system.correction_policy
    if policy is not None:
        # the system's policy in a few plain lines, then each correction with its kind
        # and the dispute it settled (seed 003, Concetti Fondamentali, for 3.5)
        from battletape.domain import corrections

        lines += ["", "## " + _("Corrections"), ""]
        lines += list(policy.say(lang))
        lines.append("")
        lines += [f"- {corrections.correction_line(f, events, policy, lang)}"
                  for f in fixes] or ["- " + _("No corrections.")]
    elif fixes:
        lines += ["", "## " + _("Corrections"), ""]
        for f in fixes:
            lines.append(f"- {f.originator_version}: {type(f).__name__} by {f.by}: "
                         f"{getattr(f, 'reason', '')}")
    # user text (names, reasons, quotes) never becomes HTML in a Markdown viewer
    return html.escape("\n".join(lines) + "\n", quote=False)
