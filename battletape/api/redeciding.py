"""Deciding a recorded command again: for amendments, ripple checks and verify.

A command's first event keeps the command line as typed; deciding it again reads that
line with its verb's parser (the one the command line, ``run`` and ``play`` parse it
with: :func:`battletape.api.line_reader.read`) and calls the verb's decision against a
given state, saving nothing (a ``--force REASON`` in front forces it again). A line
the verbs' parsers do not take (a core command, a malformed line) goes to the
services' ``redecide_unread``: the library refuses it in the parser's words, the
command line decides it through its whole parser.
"""

from __future__ import annotations

import shlex
from typing import Iterable

import msgspec

from battletape.api import line_reader, lines
from battletape.api.services import Services
from battletape.domain.words import N_
from battletape.domain.errors import BadInput, BattletapeError
from battletape.domain.history import EffectiveHistory

class Capture:
    """Decide a command against a given state without saving (amend, ripple checks)."""

    def __init__(self, state, rng, events=None):
        self.state, self.rng, self.events = state, rng, events or []
        self.decided: list = []

    def decide(self, decide, needs_history: bool = False):
        from battletape.domain.state import copy
        from battletape.projections.encounter_state import apply

        work = copy(self.state)
        self.state = copy(self.state)
        new = (decide(work, self.rng, self.events) if needs_history
               else decide(work, self.rng))
        start = self.state.position + 1
        stamped = [msgspec.structs.replace(e, originator_version=start + i, cmd=start)
                   for i, e in enumerate(new)]
        self.decided += stamped
        for e in stamped:
            apply(self.state, e)
        return stamped


class Redecider:
    """Decides recorded command lines again, each read once by its verb's parser and
    handed to the verb's decision (a stat block's lines filled from the copy the
    command recorded)."""

    def __init__(self, parent: Services, encounter: str | None = None):
        self.parent = parent
        self.encounter = encounter or parent.encounter
        self._read: dict[tuple[str, str], object] = {}  # (system, line) -> read
        self._services: Services | None = None  # the services lines are decided with
        self.by_table = 0   # lines decided through their verb's parser
        self.by_parser = 0  # lines the services decided (core commands, malformed)

    def __call__(self, line: str, state, rng, events=()) -> list:
        """The events ``line`` would record against ``state`` (nothing is saved;
        ``state`` is not changed: a decision never changes the state it is given)."""
        start = state.position + 1
        return [msgspec.structs.replace(e, originator_version=start + i, cmd=start)
                for i, e in enumerate(self.decisions(line, state, rng, events))]

    def prepare(self, system: str, lines_: Iterable[str]) -> None:
        """Read ahead the lines a walk will decide (each distinct line once, in a
        run: the reader's tables stay warm); a line that does not read is left to
        be refused where the walk decides it."""
        read = self._read
        for line in lines_:
            key = (system, line)
            if key not in read:
                try:
                    read[key] = _reading(system, line)
                except BattletapeError:
                    pass

    def decisions(self, line: str, state, rng, events=()) -> list:
        """As a call, but the events are not stamped with the positions they would
        take (a ripple walk compares them without their positions)."""
        key = (state.system, line)
        found = self._read.get(key)
        if found is None:
            found = self._read[key] = _reading(state.system, line)
        verb, reason, make, decide = found
        if verb is None:
            self.by_parser += 1
            return self.parent.redecide_unread(line, state, rng, events, self.encounter)
        self.by_table += 1
        capture = Capture(state, rng, events)
        services = self._services
        if services is None:  # made once: each decision is given its own capture
            services = self._services = self.parent.deciding(self.encounter, capture)
        services.capture = capture
        if decide is None:
            # a line's decision is made once: it is a function of the line's values
            # alone (the state, the dice and the history are given to it when it
            # decides, a stat block or a PC's sheet read from them), and these
            # services stay the same (only their capture changes)
            decide = make(services)
            if reason is not None:
                from battletape.domain import gm

                decide = gm.forced(decide, reason)
            found[3] = decide
        new = (decide(state, rng, events) if verb.needs_history
               else decide(state, rng))
        return new if type(new) is list else list(new)

    def sequence(self, lines_: list[str], state, rng, events=()) -> list:
        """Several lines decided one after the other from ``state`` (an amendment
        with ``--also``): each sees the events of the ones before it."""
        from battletape.projections.encounter_state import fold_all

        decided: list = []
        for line in lines_:
            decided += self(line, fold_all(state, decided) if decided else state, rng,
                            events)
        return decided


def _reading(system: str, line: str) -> list:
    """A recorded line read once: [its verb (None: the services decide it), the
    reason it was forced with, what makes its decision from the services, that
    decision once made]. A typed verb's line is read straight into its order."""
    try:
        words = lines.split(line)
    except ValueError as err:  # unbalanced quotes in a line typed by hand
        raise BadInput("command", line,
                       N_("valid quoting ({err})"), err=err) from None
    args = lines.split_globals(words)
    reason = lines.forced_reason(words)
    direct = line_reader.order(system, args) if args else None
    if direct is not None:
        verb, order = direct
        return [verb, reason, lambda services: verb.run.decide(services, order), None]
    read = line_reader.read(system, args) if args else None
    if read is None:
        return [None, reason, None, None]
    own = _own(read)
    if own is not None:
        return [read.verb, reason, lambda services: read.verb.run(services, **own), None]
    # a stat block, a saved attack or a PC's sheet fills the line
    return [read.verb, reason, lambda services: line_reader.stat_block_decision(
        services, read.verb, read.values, read.typed), None]


def _own(read) -> dict | None:
    """The values the verb's decision takes from a line that gives them all (no stat
    block, saved attack or PC's sheet to fill it from): the same for every state, read
    once per line; None for a line that is filled when it is decided."""
    if read is None:
        return None
    given = getattr(read.verb.run, "given", None)  # a typed verb's (verbs._Typed)
    if read.verb.name not in line_reader.STAT_BLOCK_VERBS:
        return given(read.values) if given is not None else read.values
    values = read.values
    if "from_" in values or "saved" in values or "update" in values or (
            read.verb.name == "add" and values.get("pc")):
        return None
    from battletape.domain import stat_blocks

    try:  # (line_reader.stat_block_decision, without a stat block)
        own = stat_blocks.fill(read.verb, values, read.typed, {})
    except BattletapeError:  # refused when it is decided, in the same words
        return None
    return given(own) if given is not None else own


def redecide(parent: Services, line: str, state, rng, events,
             encounter: str | None = None) -> list:
    """The events ``line`` would record against ``state`` (nothing is saved)."""
    return Redecider(parent, encounter)(line, state, rng, events)


def _set_option(args: list[str], option: str, value: str) -> None:
    for i, a in enumerate(args):
        if a == option and i + 1 < len(args):
            args[i + 1] = value
            return
        if a.startswith(option + "="):
            args[i] = f"{option}={value}"
            return
    args += [option, value]


def _set_nth(args: list[str], option: str, index: int, value: str) -> None:
    """The ``index``-th of the comma-separated values of ``option`` set to ``value``."""
    for i, a in enumerate(args):
        if a == option and i + 1 < len(args):
            at, before = i + 1, args[i + 1]
        elif a.startswith(option + "="):
            at, before = i, a[len(option) + 1:]
        else:
            continue
        values = before.split(",")
        if not 0 <= index < len(values):
            break
        values[index] = value
        args[at] = ",".join(values) if at != i else f"{option}={','.join(values)}"
        return
    if index == 0:          # rolled virtually: the first value is the one typed now
        args += [option, value]
        return
    raise BadInput("--roll", value,
                   N_("a roll the command typed with {option} (give the whole line with "
                      "--command)"), option=option)


def _given_name(args: list[str], option: str) -> str | None:
    """The NAME of ``--option NAME=N`` in a command line, if it has one."""
    for i, a in enumerate(args):
        if a == option and i + 1 < len(args) and "=" in args[i + 1]:
            return args[i + 1].rpartition("=")[0]
        if a.startswith(option + "=") and "=" in a[len(option) + 1:]:
            return a[len(option) + 1:].rpartition("=")[0]
    return None


def overridden(line: str, changes: dict[str, str], turn: str | None,
               system: str, roll_at: tuple[str, int] | None = None, plan=None) -> str:
    """``line`` with corrected values: --roll, --dmg, --type, the target, a save.
    Where a verb keeps its roll is the verb's own (``Verb.roll_option``), or, for a roll
    the system keeps in another option (``RuleSystem.roll_option_of``: 3.5's
    ``--confirm``), ``roll_at``: that option and which of its comma-separated values."""
    from battletape.domain import systems

    from battletape.api.lines import split_globals

    words = shlex.split(line)
    args = split_globals(words)  # a forced command keeps its --force REASON in front
    forced = words[:len(words) - len(args)]
    if not args:
        raise BadInput("command", line, N_("a recorded command line"))
    verb = args[0]
    spec = systems.get(system).verb(" ".join(args[:2])) or systems.get(system).verb(verb)
    for key, value in changes.items():
        if key == "roll" and roll_at is not None:
            _set_nth(args, *roll_at, value)
        elif key == "roll":
            option = spec.roll_option if spec is not None else "--roll"
            if not option:
                raise BadInput("--roll", value,
                               N_("a command whose roll is its --roll, not {verb!r} "
                                  "(give its whole line with --command)"), verb=verb)
            if spec is not None and spec.roll_per_name:
                name = _given_name(args, option) or turn
                if name is None:
                    raise BadInput("--roll", value, N_("a save at the end of a turn"))
                _set_option(args, option, f"{name}={value}")
            else:
                _set_option(args, option, value)
        elif key == "dmg" and _position(spec, "amount", args) is not None:
            args[_position(spec, "amount", args)] = value
        elif key == "target":
            index = _position(spec, "target", args)
            if index is None:
                raise BadInput("--target", value,
                               N_("a command with a target, not {verb!r}"), verb=verb)
            args[index] = value
        else:
            if spec is not None and not any(f"--{key}" in p.flags for p in spec.params):
                raise BadInput(f"--{key}", value,
                               N_("an option of `{verb}` ({n})"),
                               verb=verb, n=', '.join(sorted(spec.options)) or 'none')
            _set_option(args, f"--{key}", value)
    if plan is not None:  # the rolls an amendment types (api/amend_rolls.py)
        plan.apply(args)
    return shlex.join(forced + args)


def _position(spec, role: str, args: list[str]) -> int | None:
    """Where the verb declares its ``role`` value (``Param(role=...)``), if the line
    has that word."""
    index = spec.position(role) if spec is not None else None
    return index if index is not None and index < len(args) else None


def propagate(parent: Services) -> list[str]:
    """Across encounters: recompute the PC state later battles of the campaign started
    from, after a correction; amend their `add` commands where it changed."""
    from battletape.domain import dice, events as ev
    from battletape.replay import history

    bt = parent.bt
    reg = bt.registration(parent.encounter)
    regs = [e for e in bt.campaign_events(reg.campaign)
            if isinstance(e, ev.EncounterRegistered)]
    names = [r.name for r in regs]
    later = names[names.index(reg.name) + 1:] if reg.name in names else []
    report: list[str] = []
    for name in later:
        events = bt.events(name)
        corr = EffectiveHistory(events)
        for e in list(corr.events()):
            if not isinstance(e, ev.CombatantAdded) or not e.carried_from:
                continue
            line = corr.line(e.cmd)
            if not line:
                continue
            before = history.state_at(events, e.cmd - 1)
            again = redecide(parent, line, before, dice.source(before.seed, e.cmd),
                             events, encounter=name)
            fields = ("hp", "max_hp", "recoveries", "penalty", "lasting_wounds")
            old = {f: _carried(e, f) for f in fields}
            new = {f: _carried(again[0], f) for f in fields} if again else old
            if new == old:
                continue
            amendment = ev.CommandAmended(
                target=e.cmd, replacement=again, kind="rules-error",
                reason=f"carried over from {reg.name}, corrected",
                changes={"as_decided": line, "carried": reg.name}, replaced=line)
            bt.record(lambda s, r, evs: [amendment], name, needs_history=True)
            diffs = ", ".join(f"{f} {old[f]} -> {new[f]}" for f in fields
                              if old[f] != new[f])
            report.append(f"{name}: {e.name} started with {diffs}")
    return report


def _carried(e, field: str):
    """A value a PC carried into a battle: the event's own, or its system's statistic
    (13th Age's recoveries, penalty and lasting wounds; none: 0)."""
    return getattr(e, field) if field in e.__struct_fields__ else e.stats.get(field, 0)
