"""The battle report in Markdown: participants, a paragraph per round, the final
state and the notable moments — ready to paste into a campaign journal."""

from __future__ import annotations

import html

from collections import defaultdict
from typing import Sequence

from battletape.domain import events as ev, systems
from battletape.domain.history import EffectiveHistory
from battletape.replay import history
from battletape.replay.entries import entries

EN = {
    "participants": "Participants", "final": "Final state", "notable": "Notable moments",
    "corrections": "Corrections", "disputes": "Disputes", "round": "Round",
    "setup": "Before initiative", "surprise": "Surprise round", "hits": "{a} hit {t} for {d}",
    "crit": "{a} scored a crit on {t} for {d}", "miss": "{a} missed {t}",
    "fumble": "{a} fumbled against {t}", "fell": "{t} fell",
    "died": "{t} died", "slain": "{t} was slain", "rallied": "{t} rallied (+{d})",
    "recovered": "{t} spent a recovery (+{d})", "biggest": "Biggest hit",
    "streak": "Longest streak of hits", "none": "nothing of note",
    "ongoing": "{t} took {d} ongoing damage", "death": "{t} made a death save ({r})",
    "stabilised": "{t} rolled {r} on d100: stable", "bled": "{t} rolled {r} on d100 and bled",
    "dropped": "{t} dropped ({s})",
    "effect": "{t} took {d} from an effect",
    "cond": "{t} became {c}", "saved": "{t} shook off {c}",
    "ended": "The battle ended: {o}.", "nodisputes": "No disputes.",
    "dispute": "{p} disputed position {n}: {r} — {o}",
    "nocorrections": "No corrections.", "rulings": "The GM's rulings",
    "forced": "{n}: {b} forced over \"{o}\"{r}: {w}", "ruled": "{n}: {b} ruled: {w}{r}",
    "triggered": "{a}'s {k} triggered on {t}",
}
IT = {
    "participants": "Partecipanti", "final": "Stato finale", "notable": "Momenti notevoli",
    "corrections": "Correzioni", "disputes": "Contestazioni", "round": "Round",
    "setup": "Prima dell'iniziativa", "surprise": "Round di sorpresa", "hits": "{a} ha colpito {t} per {d}",
    "crit": "{a} ha messo a segno un colpo critico su {t} per {d}",
    "miss": "{a} ha mancato {t}", "fumble": "{a} ha fatto un fallimento critico contro {t}",
    "fell": "{t} è caduto privo di sensi", "died": "{t} è morto", "slain": "{t} è stato ucciso",
    "rallied": "{t} si è ripreso (+{d})", "recovered": "{t} ha speso un recupero (+{d})",
    "biggest": "Colpo più forte", "streak": "Serie più lunga di colpi",
    "none": "niente di rilevante", "ongoing": "{t} ha subito {d} danni continuati",
    "effect": "{t} ha subito {d} danni da un effetto",
    "death": "{t} ha tirato un tiro salvezza contro morte ({r})",
    "stabilised": "{t} ha tirato {r} su d100: stabile",
    "bled": "{t} ha tirato {r} su d100 e ha perso sangue", "dropped": "{t} è caduto ({s})",
    "cond": "{t} è diventato {c}", "saved": "{t} si è liberato di {c}",
    "ended": "La battaglia è finita: {o}.", "nodisputes": "Nessuna contestazione.",
    "dispute": "{p} ha contestato la posizione {n}: {r} — {o}",
    "nocorrections": "Nessuna correzione.", "rulings": "Le decisioni del GM",
    "forced": "{n}: {b} ha imposto, contro \"{o}\"{r}: {w}",
    "ruled": "{n}: {b} ha deciso: {w}{r}",
    "triggered": "l'attacco {k} di {a} ha attivato su {t}",
}


def _dice_line(state, lang: str) -> str:
    """Where the virtual dice came from: a public seed, or a committed secret."""
    from battletape.domain import fair_dice

    d = fair_dice.describe(state)
    it = lang == "it"
    if d["mode"] == "public seed":
        return (f"Dadi virtuali: seme pubblico {d['seed']} (riproducibili da chiunque)."
                if it else f"Virtual dice: public seed {d['seed']} (reproducible by anyone).")
    if d["mode"] == "unverifiable":
        return ("Dadi virtuali: senza segreto impegnato (non verificabili)." if it else
                "Virtual dice: no committed secret (they cannot be checked).")
    said = (("rivelato: ogni tiro si verifica con `battletape verify`" if it else
             "revealed: every roll can be checked with `battletape verify`")
            if d["revealed"] else ("non ancora rivelato" if it else "not revealed yet"))
    return (f"Dadi virtuali: segreto impegnato (sha256 `{d['commitment'][:16]}…`), {said}."
            if it else
            f"Virtual dice: committed secret (sha256 `{d['commitment'][:16]}…`), {said}.")


def markdown(events: Sequence[ev.Event], lang: str = "en") -> str:
    t = IT if lang == "it" else EN
    start = events[0]
    system = systems.get(start.system)
    term = system.term
    effective = EffectiveHistory(events)  # one model for the state and the story
    final = history.state_at(events, history=effective)
    lines = [f"# {start.name}", ""]
    lines.append(f"*{start.system} — campaign {start.campaign} — "
                 f"{start.timestamp:%Y-%m-%d}*")
    lines += ["", _dice_line(final, lang)]
    lines += ["", f"## {t['participants']}", ""]
    for c in final.combatants.values():
        kind = "PC" if c.pc else ("monster" if lang != "it" else "mostro")
        lines.append(f"- **{c.name}** ({kind}, {system.rank(c)}): {c.max_hp} hp, "
                     + system.stat_line(c, ", "))
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
                if e.fumble:
                    say(t["fumble"].format(a=e.attacker, t=e.target))
                elif e.crit:
                    say(t["crit"].format(a=e.attacker, t=e.target, d=e.damage))
                elif e.hit:
                    say(t["hits"].format(a=e.attacker, t=e.target, d=e.damage))
                else:
                    say(t["miss"].format(a=e.attacker, t=e.target)
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
                               + (" (crit)" if e.crit else ""))
            case ev.SavedAttackUsed():
                for fired in e.fired:
                    target, _, trigger = fired.partition(": ")
                    say(t["triggered"].format(a=e.attacker, k=e.attack, t=target)
                        + f" ({trigger})")
            case ev.DamageTaken() if e.source == "ongoing":
                say(t["ongoing"].format(t=e.target, d=e.amount))
            case ev.DamageTaken() if e.source.startswith("effect"):
                say(t["effect"].format(t=e.target, d=e.amount)
                    + (f" ({term(e.damage_type, lang)})" if e.damage_type else ""))
            case ev.DeathSaveRolled() if e.roll.sides == [100]:
                # a d100 to stabilise (D&D 3.5, Morente)
                say(t["stabilised" if e.success else "bled"].format(t=e.name,
                                                                    r=e.roll.total))
            case ev.DeathSaveRolled():
                say(t["death"].format(t=e.name, r=e.roll.natural))
            case ev.ConditionApplied():
                say(t["cond"].format(t=e.name, c=term(e.condition, lang)))
            case ev.CombatantLeft():  # leaving the fight, in every system
                say(t["cond"].format(t=e.name, c=term(e.how, lang)))
            case ev.ConditionRemoved() if e.reason == "save":
                say(t["saved"].format(t=e.name, c=term(e.condition, lang)))
            case _:  # the system's own events in the story (13th Age: recoveries)
                told = system.story(e)
                if told is not None:
                    say(t[told[0]].format(**told[1]))
        for name, c in state.combatants.items():
            was = before.get(name)
            if was is not None and was != c.status:
                if c.status == "unconscious":
                    say(t["fell"].format(t=name))
                elif c.status in ("dying", "disabled") and was not in ("dying", "stable"):
                    say(t["dropped"].format(t=name, s=term(c.status, lang)))
                elif c.status == "dead":
                    say((t["slain"] if not c.pc else t["died"]).format(t=name))
    surprise = any(isinstance(e, ev.SurpriseDeclared) for e in events)
    for rnd in sorted(rounds):
        if not rounds[rnd]:
            continue
        title = (t["surprise"] if surprise else t["setup"]) if rnd == 0 \
            else f"{t['round']} {rnd}"
        lines += ["", f"## {title}", "", "; ".join(rounds[rnd]) + "."]
    lines += ["", f"## {t['final']}", ""]
    lines.append("| name | hp | status | conditions |")
    lines.append("| --- | --- | --- | --- |")
    for c in final.combatants.values():
        status = term(c.status, lang) + (f" ({term(system.words_staggered, lang)})"
                                         if c.hp > 0 and system.staggered(c) else "")
        conds = ", ".join(term(k, lang) for k in sorted(c.conditions)) or "—"
        lines.append(f"| {c.name.replace('|', chr(92) + '|')} | {c.hp}/{c.max_hp} | {status} | {conds} |")
    if final.ended:
        lines += ["", t["ended"].format(o=term(final.ended, lang))]
    lines += ["", f"## {t['notable']}", ""]
    lines.append(f"- {t['biggest']}: " + (f"{biggest[0]} ({biggest[1]})" if biggest[0]
                                          else t["none"]))
    lines.append(f"- {t['streak']}: " + (f"{best_streak[0]} ({best_streak[1]})"
                                         if best_streak[0] else t["none"]))
    resolved = {e.dispute: e for e in events if isinstance(e, ev.DisputeResolved)}
    disputes = [e for e in events if isinstance(e, ev.DisputeRaised)]
    if disputes:
        for d in disputes:
            outcome = resolved[d.originator_version].outcome \
                if d.originator_version in resolved else "open"
            note = resolved[d.originator_version].note \
                if d.originator_version in resolved else ""
            lines.append("- " + t["dispute"].format(p=d.player, n=d.target, r=d.reason,
                                                    o=outcome)
                         + (f" ({note})" if note and system.correction_policy else ""))
    else:
        lines.append(f"- {t['nodisputes']}")
    if rulings:  # the GM's last word (DESIGN.md principle 8), forced or not
        lines += ["", f"## {t['rulings']}", ""]
        for r in rulings:
            rule = f" ({r.rule})" if r.rule else ""
            lines.append("- " + t["forced" if r.overrode else "ruled"].format(
                n=r.originator_version, b=r.by or "GM", o=r.overrode, r=rule, w=r.text))
    kinds = (ev.CommandRetracted, ev.Rewound, ev.CommandAmended, ev.CommandRestored)
    fixes = [e for e in events if isinstance(e, kinds)]
    policy = system.correction_policy
    if policy is not None:
        # the system's policy in a few plain lines, then each correction with its kind
        # and the dispute it settled (seed 003, Concetti Fondamentali, for 3.5)
        from battletape.domain import corrections

        lines += ["", f"## {t['corrections']}", ""]
        lines += list(policy.say(lang))
        lines.append("")
        lines += [f"- {corrections.correction_line(f, events, policy, lang)}"
                  for f in fixes] or [f"- {t['nocorrections']}"]
    elif fixes:
        lines += ["", f"## {t['corrections']}", ""]
        for f in fixes:
            lines.append(f"- {f.originator_version}: {type(f).__name__} by {f.by}: "
                         f"{getattr(f, 'reason', '')}")
    # user text (names, reasons, quotes) never becomes HTML in a Markdown viewer
    return html.escape("\n".join(lines) + "\n", quote=False)
