"""Corrections and what-ifs as variations, the way a chess study shows them beside the
main line: each correction in force with the stretch it voided or replaced and what
came in its place (who, when, why, the rule), and each what-if branch from its fork."""

from __future__ import annotations

from typing import Sequence

from battletape.domain import events as ev
from battletape.domain.corrections import CorrectionPolicy, correction_line
from battletape.domain.history import EffectiveHistory
from battletape.domain.words import words
from battletape.projections.describe import describe

#: the lines of what came after a rewind or an undo shown beside it, at most
FOLLOWING = 12

_PLAIN = CorrectionPolicy(source="", tactical="")


def _command_end(events: Sequence[ev.Event], first: int) -> int:
    """The last position of the command whose first position is ``first``."""
    end = first
    while end < len(events) and events[end].cmd == first:
        end += 1
    return end


def _rule(e: ev.Event, events: Sequence[ev.Event], policy, lang: str) -> str:
    """The rule a correction stands on: its kind, the seed section a dispute quoted,
    the system's policy."""
    _ = words(lang, (policy or _PLAIN).package)
    said = [(policy or _PLAIN).kind(getattr(e, "kind", ""), lang)] \
        if getattr(e, "kind", "") else []
    q = getattr(e, "dispute", None)
    d = events[q - 1] if q and 0 < q <= len(events) else None
    if isinstance(d, ev.DisputeRaised) and d.quote:
        said.append(d.quote)
    if policy is not None and policy.source:
        said.append(policy.source)
    return "; ".join(said)


def corrections(events: Sequence[ev.Event], history: EffectiveHistory, lang: str,
                system) -> list[dict]:
    """Each correction in force as a variation: ``at`` its index, ``voided`` and
    ``then`` index ranges ``[first, last]`` (what it voided or replaced, what came
    after it), ``new`` the lines an amendment put in place, and who, when, why, the
    rule."""
    policy = system.correction_policy
    first = events[0].originator_version
    last = len(events) - 1
    out = []
    for e in events:
        if type(e) not in (ev.CommandRetracted, ev.Rewound, ev.CommandAmended,
                           ev.CommandRestored) or history.is_void(e):
            continue
        i = e.originator_version - first
        card = {"at": i, "by": e.by, "when": f"{e.timestamp:%Y-%m-%d %H:%M}",
                "why": getattr(e, "reason", ""),
                "what": correction_line(e, events, policy or _PLAIN, lang),
                "rule": _rule(e, events, policy, lang)}
        match e:
            case ev.Rewound():
                card["voided"] = [e.to + 1 - first, i - 1]
                card["then"] = [i + 1, min(last, i + FOLLOWING)]
            case ev.CommandRetracted():
                card["voided"] = [e.target - first, _command_end(events, e.target) - first]
                card["then"] = [i + 1, min(last, i + FOLLOWING)]
            case ev.CommandAmended():
                card["voided"] = [e.target - first, _command_end(events, e.target) - first]
                card["new"] = [describe(r, lang, system.id) for r in e.replacement]
            case ev.CommandRestored():
                card["voided"] = [e.retraction - first, e.retraction - first]
        if card.get("then") and card["then"][0] > card["then"][1]:
            del card["then"]
        out.append(card)
    return out
