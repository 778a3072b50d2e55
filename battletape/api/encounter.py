"""One encounter of an open store: its system's verbs as methods, the corrections,
the state at any position and the log."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any, Callable

from battletape.api import verbs as derived
from battletape.api.result import Result
from battletape.domain.words import N_
from battletape.domain.errors import AlreadyHolds, BadInput

if TYPE_CHECKING:
    from battletape.domain.state import EncounterState


def _line(*words: Any, force: str | None = None, **options: Any) -> str:
    """A command line: the words, then ``--option value`` for each option given."""
    parts = [str(w) for w in words]
    for key, value in options.items():
        if value is None or value is False or value == () or value == []:
            continue
        flag = "--" + key.rstrip("_").replace("_", "-")
        if value is True:
            parts.append(flag)
            continue
        for v in (value if isinstance(value, (list, tuple)) else [value]):
            parts += [flag, str(v)]
    return shlex.join((["--force", force] if force is not None else []) + parts)


def _told(bt, events: list) -> dict[int, list]:
    """What the command's events did to whom, by position (``Result.consequences``)."""
    told = getattr(bt, "consequences", None) or {}
    return {e.originator_version: told[(e.originator_id, e.originator_version)]
            for e in events if (e.originator_id, e.originator_version) in told}


class Encounter:
    """An encounter: ``enc.add(...)``, ``enc.attack(...)``, ``enc.next()`` and every
    other verb of its rule system, each returning a :class:`Result`.

    The verbs are the system's declarations (``battletape.domain.verbs.Verb``), read
    when asked for: ``dir(enc)`` lists them and ``help(enc.attack)`` shows their
    params. Each takes its positional arguments in order and its options as keyword
    arguments named after them, plus ``force=REASON`` (a GM records it although a
    rule refuses it, DESIGN.md principle 8). Errors are
    :class:`battletape.domain.errors.BattletapeError` subclasses: ``BadInput``,
    ``UnknownCombatant``, ``RuleViolation``, ...; nothing is recorded then.
    """

    def __init__(self, client, name: str, system: str, campaign: str):
        """``client``: the :class:`battletape.api.Client` it was opened by."""
        self._client = client
        self.name, self.system, self.campaign = name, system, campaign

    def __repr__(self) -> str:
        return f"<Encounter {self.name!r} ({self.system}, campaign {self.campaign!r})>"

    # --- the system's verbs -----------------------------------------------------------

    def _system(self):
        from battletape.domain import systems

        return systems.get(self.system)

    def __getattr__(self, name: str) -> Callable[..., Result]:
        if name.startswith("_"):
            raise AttributeError(name)
        system = self._system()
        verb = derived.find(system, name)
        if verb is None:
            raise AttributeError(f"{name!r}: no verb of {system.id} ({system.title}) "
                                 "nor a method of an encounter")

        def method(*args: Any, force: str | None = None, **kwargs: Any) -> Result:
            return self.command(verb.name, *args, force=force, **kwargs)

        method.__name__ = derived.method_name(verb.name)
        method.__doc__ = derived.docstring(verb, system)
        method.__signature__ = derived.signature(verb)  # type: ignore[attr-defined]
        return method

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) |
                      {derived.method_name(n) for n in self._system().verbs})

    def verbs(self) -> list[str]:
        """The verbs of this encounter's system, by their names (``cond add``)."""
        return list(self._system().verbs)

    def command(self, verb_name: str, *args: Any, force: str | None = None,
           **kwargs: Any) -> Result:
        """Record the verb ``verb_name`` (``"cond add"``, or its method name) with these
        values: what ``enc.cond_add(...)`` calls (and ``enc.do(...)``, where a
        system has a verb ``do``)."""
        system = self._system()
        verb = derived.find(system, verb_name)
        if verb is None:
            raise BadInput("verb", verb_name, N_("a verb of {system}: {verbs}"),
                           system=system.id, verbs=", ".join(system.verbs))
        values = derived.values(verb, system.id, args, kwargs)
        line = derived.command_line(verb, values, force)
        c = self._client._services(self.name, line, force)
        fight = verb.scope == "rest" and c.bt.state(self.name).ended is False
        if verb.scope == "campaign" or (verb.scope == "rest" and not fight):
            from battletape.projections.campaign import between_battles

            campaign, battle = between_battles(c.bt, values.get("campaign"), self.name)
            c.battle = battle
            decide = c.forcing(verb.run(c, **values), campaign)
            return self._result(lambda: c.bt.record_campaign_rolls(campaign, decide, line))
        decide = c.forcing(verb.run(c, **values))
        return self._result(lambda: c.bt.record(decide, self.name, verb.needs_history,
                                                command=line), bt=c.bt)

    def record(self, decide: Callable[..., list], needs_history: bool = False,
               command: str = "", force: str | None = None) -> Result:
        """Record a decision of your own: ``decide(state, rng)`` (or
        ``decide(state, rng, events)`` with ``needs_history``) returns new events,
        saved in one atomic append with ``command`` as their command line."""
        c = self._client._services(self.name, command, force)
        decide = c.forcing(decide)
        return self._result(lambda: c.bt.record(decide, self.name, needs_history,
                                                command=command), bt=c.bt)

    def _result(self, save: Callable[[], list], notes: tuple[str, ...] = (),
                bt=None) -> Result:
        try:
            events = save()
        except AlreadyHolds as holds:  # what was asked already holds: nothing to do
            return Result([], self.state(), note=f"nothing recorded: {holds}",
                          notes=notes)
        return Result(list(events), self.state(), notes=notes,
                      consequences=_told(bt, events))

    # --- free rolls and rulings -----------------------------------------------------

    def roll(self, expr: str, by: str | None = None, purpose: str = "",
             force: str | None = None, faces: list[int] | None = None) -> Result:
        """A free roll in dice notation (``1d20+5``, ``4d6kh3``), recorded; ``faces``:
        the dice as thrown at the table (``roll("1d100", faces=[42])``)."""
        from battletape.domain import free_rolls

        typed = list(faces) if faces else None
        return self.record(lambda s, r: free_rolls.free_roll(s, r, expr, by, purpose,
                                                             typed),
                           command=_line("roll", expr, by=by, for_=purpose or None,
                                         faces=",".join(map(str, typed)) if typed
                                         else None, force=force), force=force)

    def ruling(self, text: str, rule: str | None = None, force: str | None = None
               ) -> Result:
        """A GM's call where the rules leave one."""
        from battletape.domain import gm

        return self.record(lambda s, r: gm.ruling(s, text, rule),
                           command=_line("ruling", text, rule=rule, force=force),
                           force=force)

    # --- corrections (a GM's; each recorded) ------------------------------------------

    def _correct(self, line: str, force: str | None, run: Callable) -> Result:
        from battletape.api import corrections

        c = self._client._services(self.name, line, force)
        found = run(c)
        events, notes = (found if isinstance(found, tuple) else (found, None))
        said = tuple(n for n in ([notes] if isinstance(notes, str) else notes or ()) if n)
        return Result(list(events), self.state(),
                      notes=said + tuple(corrections.after_correction(c)),
                      consequences=_told(c.bt, events))

    def undo(self, reason: str = "", kind: str = "table-error",
             force: str | None = None) -> Result:
        """Retract the whole last effective command."""
        from battletape.api import corrections

        line = _line("undo", reason=reason or None, kind=_not(kind, "table-error"),
                     force=force)
        return self._correct(line, force, lambda c: corrections.undo(c, reason, kind))

    def redo(self, reason: str = "", force: str | None = None) -> Result:
        """Restore the last undone command."""
        from battletape.api import corrections

        return self._correct(_line("redo", reason=reason or None, force=force), force,
                             lambda c: corrections.redo(c, reason))

    def rewind(self, position: int, reason: str, kind: str = "rules-error",
               dispute: int | None = None, force: str | None = None) -> Result:
        """Void every event after ``position`` (``state()`` then equals
        ``state(at=position)`` but for ``position``)."""
        from battletape.api import corrections

        line = _line("rewind", position, reason=reason, kind=_not(kind, "rules-error"),
                     dispute=dispute, force=force)
        return self._correct(line, force, lambda c: corrections.rewind(
            c, position, reason, kind, dispute))

    def amend(self, position: int, reason: str, roll: Any = None,
              dmg: int | None = None, target: str | None = None,
              type: str | None = None, also: tuple[str, ...] = (),
              command: str | None = None, kind: str = "rules-error",
              dispute: int | None = None, force: str | None = None,
              confirm: Any = None, set: dict[str, Any] | None = None) -> Result:
        """Correct a recorded value of the command at ``position`` (``roll``: the
        natural as it should have been, ``dmg`` the damage total, ``target``,
        ``type``; ``confirm``: 3.5's confirmation natural; ``set``: another option
        of the line, {option: value}; ``also``: forgotten commands of the same
        moment; ``command``: the whole line); the rules decide the command again,
        keeping every recorded die the correction does not change."""
        from battletape.api import corrections

        roll = ",".join(map(str, roll)) if isinstance(roll, (list, tuple)) else \
            None if roll is None else str(roll)
        sets = [f"{k}={v}" for k, v in (set or {}).items()]
        values = corrections.option_values(sets, None if confirm is None else str(confirm))
        line = _line("amend", position, roll=roll, dmg=dmg, target=target, type_=type,
                     also=list(also), command=command, reason=reason,
                     kind=_not(kind, "rules-error"), dispute=dispute, force=force,
                     confirm=None if confirm is None else str(confirm),
                     set_=sets or None)
        return self._correct(line, force, lambda c: corrections.amend(
            c, position, reason, roll, dmg, target, type, also, command, kind,
            dispute, values).recorded)

    def dispute(self, position: int, reason: str, by: str | None = None,
                quote: str | None = None, force: str | None = None) -> Result:
        """A player flags the event at ``position`` (``by``: the player)."""
        from battletape.api import corrections

        line = _line("dispute", position, reason=reason, by=by, quote=quote, force=force)
        return self._correct(line, force, lambda c: corrections.dispute(
            c, position, reason, by, quote))

    def resolve(self, position: int, outcome: str, note: str = "",
                force: str | None = None) -> Result:
        """Resolve a dispute: ``upheld`` or ``overturned``."""
        from battletape.api import corrections

        line = _line("resolve", position, outcome, note=note or None, force=force)
        return self._correct(line, force, lambda c: corrections.resolve(
            c, position, outcome, note))

    # --- reading ------------------------------------------------------------------------

    def state(self, at: int | None = None, round: int | None = None,
              raw: bool = False) -> "dict[str, Any] | EncounterState":
        """The state now, at position ``at`` or at the start of round ``round``: the
        ``state --json`` dict, or with ``raw`` the state object itself."""
        if at is not None and round is not None:
            raise BadInput("at/round", f"{at}/{round}", N_("one of them, not both"))
        found = self._client._bt.state(self.name, at=at, round_=round)
        if raw:
            return found
        from battletape.projections.views import state_view

        return state_view(found)

    def log(self, all: bool = False) -> list[dict[str, Any]]:
        """The effective history as ``log --json`` gives it, one dict per event (an
        amended command by its replacement, with ``amended_at``); with ``all`` every
        stored event, the void ones marked ``voided``."""
        from battletape.domain.events import CORRECTIONS
        from battletape.projections.views import event_view
        from battletape.replay.entries import CORRECTION, REPLACED, VOIDED, entries

        events = self.events()
        out = []
        for entry in entries(events, "en", self.system, everything=all):
            if not all:
                if entry.status == CORRECTION:
                    continue
                data = event_view(entry.event)
                if entry.amended_at is not None:
                    data["amended_at"] = entry.amended_at
            else:
                if entry.status not in (REPLACED, VOIDED, CORRECTION) and \
                        entry.amended_at is not None:
                    continue  # a replacement line: --all shows the stored events
                data = event_view(entry.event, entry.status == VOIDED)
                if entry.status == REPLACED and not isinstance(entry.event, CORRECTIONS):
                    data["replaced_by"] = entry.amended_at
            out.append(data)
        return out

    def why(self, name: str, field: str = "hp", at: int | None = None,
            lang: str = "en") -> dict[str, Any]:
        """How a value came to be (``why --json``): ``{name, field, position, value,
        steps}``, each step ``{position, recorded_by, at, sentence, value_before,
        value_after, correction}`` (``correction``: None, or ``{kind, position,
        recorded_by, at, text, target, reason, changes, was, now, outcome}``, kind
        ``amended``, ``restored``, ``disputed``, ``after_undo`` or ``after_rewind``).
        ``field``: ``hp``, ``temp_hp``, ``status``, ``init`` or a condition."""
        from battletape.replay.why import why

        return why(self.events(), name, field, at, lang).view()

    def events(self) -> list:
        """Every stored event of the encounter, corrections included, in order."""
        return self._client._bt.events(self.name)


def _not(value: str, default: str) -> str | None:
    return None if value == default else value
