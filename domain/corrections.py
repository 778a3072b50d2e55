"""Corrections as events: rewind (undo and redo live in replay.history's lookups), the
kinds of correction, the dispute a correction settles, and a system's correction policy
(seed 003's first section, *Concetti Fondamentali*, for D&D 3.5)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from battletape.domain.errors import BadInput, RuleViolation, violation
from battletape.domain.words import N_
from battletape.domain.events import (CORRECTIONS, CommandAmended, CommandRestored, CommandRetracted,
                           DisputeRaised, DisputeResolved, Event, EncounterStarted,
                           Rewound)

KINDS = ("rules-error", "table-error", "tactical")


@dataclass(frozen=True)
class CorrectionPolicy:
    """How a rule system's community corrects a combat. The core asks the encounter's
    system for one (``RuleSystem.correction_policy``); a system without one keeps the
    core's plain behaviour."""

    #: where the policy comes from (``seed 003, Concetti Fondamentali``)
    source: str
    #: the refusal of a ``--kind tactical`` correction, in the policy's words
    tactical: str
    #: a few plain lines saying the policy (messages of ``package``'s catalogue)
    lines: tuple[str, ...] = ()
    #: the package whose catalogue says the lines and the kinds (``kind`` context)
    package: str = "battletape.projections"
    #: warn (never refuse) when a rewind voids more than the erroneous command
    warn_wide_rewinds: bool = True
    #: say, when a dispute is raised in time, that an amendment fixes it
    in_time_hint: bool = True

    def say(self, lang: str = "en") -> tuple[str, ...]:
        from battletape.domain.words import words

        _ = words(lang, self.package)
        return tuple(_(line) for line in self.lines)

    def kind(self, kind: str, lang: str = "en") -> str:
        from battletape.domain.words import words

        return words(lang, self.package).ctx("kind", kind)


def rewind(events: list[Event], position: int, reason: str, kind: str,
           dispute: int | None = None,
           policy: CorrectionPolicy | None = None) -> list[Event]:
    """Seed 003, first section: an established rules error may be rewound; a legal but
    tactically poor choice never is. ``dispute``: the dispute the rewind settles."""
    check_kind(kind, policy)
    if not reason.strip():
        raise BadInput("reason", reason, N_("why the battle is rewound"))
    last = events[-1].originator_version if events else 0
    starts = [e.originator_version for e in events if isinstance(e, EncounterStarted)]
    if not starts or position < starts[0] or position >= last:
        raise BadInput("position", position,
                       N_("a position from {n} to {n2}"),
                       n=starts[0] if starts else 1, n2=last - 1)
    if dispute is not None:
        d = check_dispute(events, dispute)
        if d.target <= position:
            raise violation(N_(
                "dispute {dispute} is about position {target}, which a rewind to "
                "{position} keeps: rewind to {most} at most (just before the disputed "
                "command)"), dispute=dispute, target=d.target, position=position,
                most=_command_of(events, d.target) - 1)
    return [Rewound(to=position, reason=reason, kind=kind, dispute=dispute)]


def check_kind(kind: str, policy: CorrectionPolicy | None = None) -> str:
    """Seed 003, first section: a tactical choice is never rewound."""
    if kind not in KINDS:
        raise BadInput("kind", kind, ", ".join(KINDS))
    if kind == "tactical":
        if policy is not None:
            raise RuleViolation(policy.tactical, policy.source)
        raise violation(N_("a legal but tactically poor choice is never rewound"),
                        "seed 003: rewinding a combat")
    return kind


def check_dispute(events: Sequence[Event], position: int,
                  corrected: int | None = None) -> DisputeRaised:
    """The dispute at ``position`` a correction settles: a ``DisputeRaised`` of this
    encounter, still open, about the corrected command (``corrected``) or later."""
    found = next((e for e in events if e.originator_version == position), None)
    if not isinstance(found, DisputeRaised):
        disputes = [str(e.originator_version) for e in events
                    if isinstance(e, DisputeRaised)]
        raise BadInput("--dispute", position,
                       N_("the position of a dispute of this encounter ({positions})")
                       if disputes else
                       N_("the position of a dispute of this encounter (there is none: "
                          "raise one with `dispute POSITION`)"),
                       positions=", ".join(disputes))
    if any(isinstance(e, DisputeResolved) and e.dispute == position for e in events):
        raise violation(N_("dispute {dispute} is already resolved"), dispute=position)
    if corrected is not None and found.target < corrected:
        raise violation(N_("dispute {dispute} is about position {target}, before the "
                           "command corrected at {corrected}"), dispute=position,
                        target=found.target, corrected=corrected)
    return found


def _command_of(events: Sequence[Event], position: int) -> int:
    return next((e.cmd for e in events if e.originator_version == position), position)


# --- what a policy says about a correction ---------------------------------------------

def voided_commands(events: Sequence[Event], position: int) -> list[tuple[int, str]]:
    """The effective commands a rewind to ``position`` would void: (cmd, command line)."""
    from battletape.domain.history import EffectiveHistory

    history = EffectiveHistory(events)
    cmds = {e.cmd for e in history.events() if e.cmd > position}
    return [(cmd, history.line(cmd)) for cmd in sorted(cmds)]


def wide_rewind_warning(events: Sequence[Event], position: int,
                        dispute: int | None = None) -> str | None:
    """Seed 003 (35-POL-05): a rewind "slows play down a lot" and is used as little as
    possible. A warning (never a refusal) when a rewind to ``position`` voids more than
    the erroneous command: more than one command, or commands before the disputed one."""
    voided = voided_commands(events, position)
    if not voided:
        return None
    erroneous = voided[0][0]
    if dispute is not None:
        d = next((e for e in events if e.originator_version == dispute), None)
        if isinstance(d, DisputeRaised):
            erroneous = _command_of(events, d.target)
    if len(voided) <= 1 and erroneous == voided[0][0]:
        return None
    shown = ", ".join(f"{cmd} `{line}`" if line else str(cmd) for cmd, line in voided[:4])
    if len(voided) > 4:
        shown += f", … ({len(voided) - 4} more)"
    extra = ""
    if erroneous != voided[0][0]:
        extra = (f"; the disputed command is at {erroneous}: `rewind {erroneous - 1}` "
                 "would be enough")
    return (f"warning: this rewind voids {len(voided)} commands ({shown}), more than the "
            f"erroneous one{extra}; a rewind is used as little as possible: "
            f"`amend {erroneous} …` keeps the later commands (`ripple` shows which would "
            "change)")


def in_time(events: Sequence[Event], dispute: DisputeRaised) -> bool:
    """An objection "in tempo": the disputed event belongs to the last effective command
    when the dispute was raised."""
    from battletape.domain.history import EffectiveHistory

    before = [e for e in events if e.originator_version < dispute.originator_version]
    eff = [e for e in EffectiveHistory(before).events()
           if not isinstance(e, EncounterStarted)]
    return bool(eff) and _command_of(before, dispute.target) == eff[-1].cmd


def settled_by(events: Sequence[Event]) -> dict[int, Event]:
    """Dispute position -> the correction that names it (``--dispute``), the newest."""
    out: dict[int, Event] = {}
    for e in events:
        q = getattr(e, "dispute", None)
        if isinstance(e, (Rewound, CommandAmended)) and q:
            out[q] = e
    return out


def correction_line(e: Event, events: Sequence[Event], policy: CorrectionPolicy,
                    lang: str = "en") -> str:
    """One correction in plain words: what it did, its kind, who established it and the
    dispute it settled (for a system with a policy)."""
    from battletape.domain.words import words

    _ = words(lang, policy.package)
    kind = policy.kind(getattr(e, "kind", ""), lang)
    who = (_("established by {by}", by=e.by) if getattr(e, "kind", "") == "rules-error"
           else _("by {by}", by=e.by))
    match e:
        case Rewound():
            what = _("rewind to {to}", to=e.to)
        case CommandAmended():
            what = _("amendment of the command at {position}", position=e.target)
        case CommandRetracted():
            what = _("undo of the command at {position}", position=e.target)
        case CommandRestored():
            what = _("redo (the undo at {position} withdrawn)", position=e.retraction)
            return f"{e.originator_version}: {what}, {who}" + (
                f": {e.reason}" if e.reason else "")
        case _:
            what = type(e).__name__
    line = f"{e.originator_version}: {what} ({kind}, {who})"
    if getattr(e, "reason", ""):
        line += f": {e.reason}"
    q = getattr(e, "dispute", None)
    if q:
        d = next((x for x in events if x.originator_version == q), None)
        outcome = next((x.outcome for x in events
                        if isinstance(x, DisputeResolved) and x.dispute == q), "open")
        about = f" ({d.player}: {d.reason})" if isinstance(d, DisputeRaised) else ""
        line += _(" — settles dispute {dispute}{about}, {outcome}", dispute=q,
                  about=about, outcome=_.ctx("dispute", outcome))
        if isinstance(e, CommandAmended) and isinstance(d, DisputeRaised) \
                and in_time(events, d):
            line += _("; an objection in time, applied without rewinding")
    return line


def is_correction(e: Event) -> bool:
    return isinstance(e, (CommandRetracted, CommandRestored, Rewound, CommandAmended))


__all__ = ["KINDS", "CORRECTIONS", "CorrectionPolicy", "rewind", "check_kind",
           "check_dispute", "voided_commands", "wide_rewind_warning", "in_time",
           "settled_by", "correction_line", "is_correction"]
