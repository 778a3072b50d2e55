"""Why a value is what it is: a `git blame` for a battle (issue 25, `battletape why`).

The events of the effective history that changed one value of one combatant (its hit
points, temporary hit points, status, initiative or whether it has a condition), each
with its position, who recorded it and when, the log's own sentence, the value before
and after (a save against a condition is one even when the condition survives it),
and the correction it came from or survived: an amendment that decided it
again, an undo taken back, a dispute upheld, or an undo or rewind just before it that
it follows. One pure function of the log, over the effective history computed once
(domain/history.py) as every view shows it (an amended command by its replacement,
its sentences said as `log` says them: replay/entries.py), so its last value is
`state --at`'s.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Callable, Iterator, NamedTuple, Sequence

from battletape.domain import events as ev, systems
from battletape.domain.encounter import combatant
from battletape.domain.errors import BadInput
from battletape.domain.history import AMENDED, EffectiveHistory
from battletape.domain.state import EncounterState
from battletape.domain.words import N_, Words, words
from battletape.projections.describe import describe
from battletape.replay.drops import DropWatch, narrate
from battletape.replay.history import state_at

#: the values ``why`` follows beside a condition's: their names as typed -> the key
FIELDS = {"hp": "hp", "temp_hp": "temp_hp", "temp-hp": "temp_hp", "temp": "temp_hp",
          "thp": "temp_hp", "status": "status", "init": "init",
          "initiative": "init"}


class Step(NamedTuple):
    """One event that changed the value."""

    position: int
    recorded_by: str
    at: datetime
    sentence: str
    value_before: Any
    value_after: Any
    correction: dict | None = None

    def view(self) -> dict:
        """The step as ``why --json`` prints it."""
        return {"position": self.position, "recorded_by": self.recorded_by,
                "at": self.at.isoformat(), "sentence": self.sentence,
                "value_before": self.value_before, "value_after": self.value_after,
                "correction": self.correction}


class Answer(NamedTuple):
    """What ``why`` found: whose value, which, at which position, and the steps."""

    name: str
    field: str
    position: int
    value: Any
    steps: list[Step]

    def view(self) -> dict:
        return {"name": self.name, "field": self.field, "position": self.position,
                "value": self.value, "steps": [s.view() for s in self.steps]}


def field_of(given: str, system: systems.RuleSystem) -> str:
    """``hp``, ``temp_hp``, ``status``, ``init`` or a condition id (the seed's
    Italian name accepted); a named effect is taken as typed (lower case)."""
    key = given.strip().lower()
    if key in FIELDS:
        return FIELDS[key]
    if not key:
        raise BadInput("field", given, EXPECTED, conditions=_conditions(system))
    by_italian = {it.lower(): cid for cid, it in system.conditions.items()}
    return by_italian.get(key, key)


#: what a field of ``why`` is
EXPECTED = N_("hp, temp_hp, status, init or a condition ({conditions})")


def _conditions(system: systems.RuleSystem) -> str:
    return ", ".join(sorted(system.conditions))


def value_of(state: EncounterState, name: str | None, field: str) -> Any:
    """The value ``field`` of the combatant ``name`` (None before it joins; a
    condition: had or not; ``init``: its initiative count and its place in the order,
    ``{"initiative": N, "place": K}``, a tie broken moving the place alone)."""
    c = state.combatants.get(name) if name else None
    if field in ("hp", "temp_hp", "status"):
        return None if c is None else getattr(c, field)
    if field == "init":
        if c is None or (c.initiative is None and c.name not in state.order):
            return None
        place = state.order.index(c.name) + 1 if c.name in state.order else None
        return {"initiative": c.initiative, "place": place}
    return c is not None and field in c.conditions


def why(events: Sequence[ev.Event], name: str, field: str = "hp",
        at: int | None = None, lang: str = "en",
        history: EffectiveHistory | None = None) -> Answer:
    """The events that made ``name``'s ``field`` what it is at position ``at`` (now
    by default). ``name`` resolves as every command's does (any case, an unambiguous
    prefix, initials); a field that is neither a value nor a condition the
    combatant ever had nor one of its system is ``BadInput``."""
    if not events:
        raise BadInput("encounter", "", N_("an encounter with events"))
    history = history if history is not None else EffectiveHistory(events)
    system = systems.get(getattr(events[0], "system", systems.DEFAULT_SYSTEM))
    last = events[-1].originator_version
    if at is not None and not 1 <= at <= last:
        raise BadInput("--at", str(at), N_('a position of the log, 1..{last}'), last=last)
    key = field_of(field, system)
    # the name as every command resolves it, against the state at ``at``
    found = combatant(state_at(events, at, history=history), name).name
    state = EncounterState()

    def changed(before: Any, after: Any, e: ev.Event) -> list[tuple[str, str, Any, Any]]:
        if _counts(before, after) or _saved_against(e, found, key):
            return [(found, key, before, after)]
        return []

    steps = [s for _n, _k, _r, s in _walk(events, history, state, lambda st: value_of(
        st, found, key), changed, at, lang, system)]
    if key not in FIELDS.values() and key not in system.conditions \
            and not any(s.value_after is True for s in steps):
        raise BadInput("field", field, EXPECTED, conditions=_conditions(system))
    position = min(at, last) if at is not None else last
    return Answer(found, key, position, value_of(state, found, key), steps)


def _counts(before: Any, after: Any) -> bool:
    """A change of the value (a combatant joining without the condition is none)."""
    return before != after and not (before is None and after is False)


def _walk(events: Sequence[ev.Event], history: EffectiveHistory, state: EncounterState,
          look: Callable[[EncounterState], Any],
          changed: Callable[[Any, Any, ev.Event], list[tuple[str, str, Any, Any]]],
          at: int | None, lang: str, system: systems.RuleSystem
          ) -> Iterator[tuple[str, str, int, Step]]:
    """The one walk of ``why``: the effective history folded into ``state`` (up to
    ``at``), what ``look`` sees before and after each event, and a step for each
    (name, field, before, after) that ``changed`` finds, with the event's sentence and
    the correction it came from or survived, and the walk's reach there (the highest
    position counted so far: the step is in ``why --at P``'s answer when it is P or
    less)."""
    _ = words(lang)
    corrections = [c for c in events if isinstance(c, ev.CORRECTIONS)
                   and not history.is_void(c)]
    previous = 0  # the log position of the last effective event before this one
    watch = DropWatch(state)  # folds each event, and tells a creature going down
    after = look(state)  # what ``look`` sees now (the state changes only below)
    for status, e, amended_at in history.shown(False, events):
        if type(e) is ev.NoteRecorded:
            continue  # a remark changes nothing
        counted_at = e.cmd if status == AMENDED else e.originator_version
        if at is not None and counted_at > at:
            break
        before, was_before = after, previous
        drops = watch.see(e)  # ``e`` folded into ``state``
        after = look(state)
        found = changed(before, after, e)
        previous = max(previous, counted_at)
        if found:
            said = describe(e, lang, system.id) + narrate(drops, lang, system.id)
            for name, key, was, now in found:
                fix = _correction(history, corrections, e, status, was_before, name, _)
                yield name, key, previous, Step(e.originator_version, e.by, e.timestamp,
                                                said, was, now, fix)


def why_all(events: Sequence[ev.Event], lang: str = "en",
            history: EffectiveHistory | None = None
            ) -> dict[tuple[str, str], list[tuple[int, Step]]]:
    """Every combatant's answers in one walk: ``{(name, field): steps}`` for its hit
    points, temporary hit points, status, initiative and each condition it had or saved
    against: ``why(events, name, field)``'s steps, each with the walk's reach there
    (``why --at P``'s steps are those whose reach is P or less)."""
    history = history if history is not None else EffectiveHistory(events)
    system = systems.get(getattr(events[0], "system", systems.DEFAULT_SYSTEM))
    out: dict[tuple[str, str], list[tuple[int, Step]]] = {}

    def look(state: EncounterState) -> dict:
        places = {n: k for k, n in enumerate(state.order)}
        return {n: (c.hp, c.temp_hp, c.status, c.initiative, tuple(c.conditions),
                    places.get(n))
                for n, c in state.combatants.items()}

    def changed(before: dict, after: dict, e: ev.Event) -> list[tuple[str, str, Any, Any]]:
        found = []
        for n in {**before, **after}:
            was, now = before.get(n), after.get(n)
            if was == now:
                continue
            keys = set(was[4] if was else ()) | set(now[4] if now else ())
            for key in ("hp", "temp_hp", "status", "init", *sorted(keys)):
                a, b = _value(was, key), _value(now, key)
                if _counts(a, b):
                    found.append((n, key, a, b))
        if type(e) is ev.SaveRolled:
            for key in dict.fromkeys(k for k in (e.against, e.ends) if k):
                if not any(f[0] == e.name and f[1] == key for f in found):
                    v = _value(after.get(e.name), key)
                    found.append((e.name, key, v, v))
        return found

    for name, key, reach, step in _walk(events, history, EncounterState(), look,
                                        changed, None, lang, system):
        out.setdefault((name, key), []).append((reach, step))
    return out


def _value(seen: tuple | None, key: str) -> Any:
    """``value_of`` from ``why_all``'s look at a combatant."""
    if key in ("hp", "temp_hp", "status"):
        return None if seen is None else seen[("hp", "temp_hp", "status").index(key)]
    if key == "init":
        if seen is None or (seen[3] is None and seen[5] is None):
            return None
        return {"initiative": seen[3], "place": None if seen[5] is None else seen[5] + 1}
    return seen is not None and key in seen[4]


def _saved_against(e: ev.Event, name: str | None, key: str) -> bool:
    """A save of ``name`` against the condition ``key``: a step whether it ended the
    condition or the condition survived it."""
    return type(e) is ev.SaveRolled and e.name == name and key in (e.against, e.ends)


# --- the correction a step came from or survived -----------------------------------------

def _correction(history: EffectiveHistory, corrections: list[ev.Event], e: ev.Event,
                status: str, previous: int, name: str | None, _: Words) -> dict | None:
    """The correction ``e`` came from (an amendment), survived (an undo redone, a
    dispute) or follows (an undo of a command that named it, a rewind), if any."""
    cmd = e.cmd
    if status == AMENDED:
        return _amended(history.amended[cmd], _)
    for c in corrections:  # an undo of it, itself undone (a redo)
        if isinstance(c, ev.CommandRestored):
            undone = history.at(c.retraction)
            if isinstance(undone, ev.CommandRetracted) and undone.target == cmd:
                return _said("restored", c, _(
                    "undone at {undo} by {by}, redone at {redo}", undo=undone.originator_version,
                    by=undone.by, redo=c.originator_version) + _reason(c.reason or undone.reason),
                    target=cmd, reason=undone.reason)
    for c in corrections:  # a dispute of it
        if isinstance(c, ev.DisputeRaised) and c.target in (e.originator_version, cmd):
            return _disputed(c, corrections, _)
    for c in reversed(corrections):  # an undo or a rewind just before it
        pos = c.originator_version
        if not previous < pos < cmd:
            continue
        if isinstance(c, ev.CommandRetracted) and _concerns(history, c.target, name):
            return _said("after_undo", c, _(
                "after undo of {target} at {at} by {by}", target=c.target, at=pos,
                by=c.by) + _reason(c.reason), target=c.target, reason=c.reason)
        if isinstance(c, ev.Rewound):
            return _said("after_rewind", c, _(
                "after rewind to {to} at {at} by {by}", to=c.to, at=pos, by=c.by)
                + _reason(c.reason), target=c.to, reason=c.reason)
    return None


def _amended(a: ev.CommandAmended, _: Words) -> dict:
    changed = {k: v for k, v in a.changes.items()
               if k not in ("as_decided", "kept", "also")}
    what = ", ".join(f"--{k} {v}" for k, v in changed.items())
    text = _("amended at {at} by {by}", at=a.originator_version, by=a.by) \
        + (f" ({what})" if what else "") + _reason(a.reason)
    return _said("amended", a, text, target=a.target, reason=a.reason,
                 changes=changed, was=a.replaced,
                 now=a.changes.get("as_decided", ""))


def _disputed(d: ev.DisputeRaised, corrections: list[ev.Event], _: Words) -> dict:
    outcome = next((c.outcome for c in corrections if isinstance(c, ev.DisputeResolved)
                    and c.dispute == d.originator_version), None)
    text = _("disputed at {at} by {player}", at=d.originator_version, player=d.player) \
        + _reason(d.reason) + " — " + (_.ctx("dispute", outcome) if outcome
                                        else _("still open"))
    return _said("disputed", d, text, target=d.target, reason=d.reason,
                 outcome=outcome)


def _said(kind: str, c: ev.Event, text: str, **more: Any) -> dict:
    """A correction as ``why --json`` gives it: every key in every kind."""
    return {"kind": kind, "position": c.originator_version, "recorded_by": c.by,
            "at": c.timestamp.isoformat(), "text": text, "target": None,
            "reason": "", "changes": {}, "was": None, "now": None, "outcome": None,
            **more}


def _reason(reason: str) -> str:
    return f": {reason}" if reason else ""


def _concerns(history: EffectiveHistory, cmd: int, name: str | None) -> bool:
    """The command at ``cmd`` (undone) named the combatant."""
    if name is None:
        return False
    for e in history.log:
        if e.cmd == cmd and type(e) not in (ev.CommandRetracted,):
            if _names(ev.to_builtins(e), name):
                return True
        if e.originator_version > cmd and e.cmd != cmd:
            break
    return False


def _names(data: Any, name: str) -> bool:
    if isinstance(data, str):
        return data == name
    if isinstance(data, list):
        return any(_names(d, name) for d in data)
    if isinstance(data, dict):
        return any(_names(v, name) for k, v in data.items() if k != "command")
    return False


# --- in words -------------------------------------------------------------------------

#: how each value is named in a sentence (a condition by the system's term)
_NAMES = {"hp": N_("hit points"), "temp_hp": N_("temporary hit points"),
          "status": N_("status"), "init": N_("initiative")}


def lines(answer: Answer, system: str, lang: str = "en") -> list[str]:
    """``why`` for people: a title, then a line per step (position, who, the value
    before and after, the log's sentence) and the correction under it."""
    rules = systems.get(system)
    _ = words(lang)

    def shown(value: Any) -> str:
        if value is None:
            return "—"
        if isinstance(value, dict):  # init: the count and the place in the order
            return _("{initiative} (place {place})", initiative=value["initiative"],
                     place=value["place"] or "—")
        if isinstance(value, bool):
            return _.ctx("has the condition", "yes") if value else \
                _.ctx("has the condition", "no")
        return rules.term(value, lang) if isinstance(value, str) else str(value)

    what = (_(_NAMES[answer.field]) if answer.field in _NAMES
            else rules.term(answer.field, lang))
    out = [_("{name}: {field} {value} at position {position}", name=answer.name,
             field=what, value=shown(answer.value), position=answer.position)]
    if not answer.steps:
        out.append("  " + _("nothing has changed it"))
    for s in answer.steps:
        change = f"{shown(s.value_before)} → {shown(s.value_after)}"
        out.append(f"{s.position:>5}  {s.recorded_by:<8} {change:<12} {s.sentence}")
        if s.correction is not None:
            out.append(" " * 29 + "↳ " + s.correction["text"])
    return out
