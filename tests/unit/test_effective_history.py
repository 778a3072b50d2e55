"""The effective history (domain/history.py), on logs written by hand: what undo,
redo, rewind and amend void or replace, who did it, and what every view is told."""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.history import (AMENDED, CORRECTION, EFFECTIVE, REPLACED, VOIDED,
                                       EffectiveHistory)


class Log:
    """A log written a command at a time: positions and commands numbered as stored."""

    def __init__(self) -> None:
        self.events: list[ev.Event] = []
        self.record(ev.EncounterStarted(name="Bridge"), line="new Bridge")

    def record(self, *events: ev.Event, line: str = "", by: str = "gm") -> int:
        cmd = len(self.events) + 1
        for i, e in enumerate(events):
            self.events.append(_stamp(e, cmd + i, cmd, line if i == 0 else "", by))
        return cmd

    def hit(self, target: str, amount: int) -> int:
        return self.record(ev.DamageTaken(target=target, amount=amount),
                           line=f"damage {target} {amount}")

    def at(self, position: int) -> ev.Event:
        return self.events[position - 1]


def _stamp(e: ev.Event, pos: int, cmd: int, line: str, by: str) -> ev.Event:
    import msgspec

    return msgspec.structs.replace(e, originator_version=pos, cmd=cmd, command=line, by=by)


def amounts(events) -> list[int]:
    return [e.amount for e in events if isinstance(e, ev.DamageTaken)]


def test_a_log_without_corrections_counts_every_event_but_none_is_void():
    log = Log()
    log.hit("Orc", 3)
    log.record(ev.DamageTaken(target="Orc", amount=1), ev.DamageTaken(target="Orc", amount=2))
    history = EffectiveHistory(log.events)
    assert list(history.events()) == log.events
    assert not any(history.is_void(e) for e in log.events)
    assert history.void_positions() == set()
    assert [c.cmd for c in history.commands()] == [1, 2, 3]
    assert history.commands().__next__().line == "new Bridge"
    assert history.last_command() == 3


def test_undo_voids_the_whole_command_and_says_who_undid_it_and_why():
    log = Log()
    log.hit("Orc", 3)
    two = log.record(ev.DamageTaken(target="Orc", amount=5),
                     ev.DamageTaken(target="Orc", amount=6), line="attack")
    undo = log.record(ev.CommandRetracted(target=two, reason="wrong target"), by="marta")
    history = EffectiveHistory(log.events)
    assert amounts(history.events()) == [3]
    assert history.void_positions() == {3, 4}
    retraction = history.voided_by(log.at(4))
    assert retraction is log.at(undo)
    assert (retraction.by, retraction.reason) == ("marta", "wrong target")
    assert history.voided_by(log.at(2)) is None
    assert history.last_command() == 2  # undo passes undos by
    assert history.last_retraction() is log.at(undo)


def test_redo_voids_the_undo_and_the_command_counts_again():
    log = Log()
    two = log.hit("Orc", 3)
    undo = log.record(ev.CommandRetracted(target=two))
    redo = log.record(ev.CommandRestored(retraction=undo, reason="it was right"))
    history = EffectiveHistory(log.events)
    assert amounts(history.events()) == [3]
    assert history.is_void(log.at(undo))
    assert history.voided_by(log.at(undo)) is log.at(redo)
    assert history.last_command() == two
    assert history.last_retraction() is None


def test_rewind_voids_every_event_between_its_position_and_itself():
    log = Log()
    for n in (1, 2, 3, 4):
        log.hit("Orc", n)
    rewind = log.record(ev.Rewound(to=3, reason="he was dead"))
    log.hit("Orc", 9)
    history = EffectiveHistory(log.events)
    assert amounts(history.events()) == [1, 2, 9]
    assert history.void_positions() == {4, 5}
    assert history.voided_by(log.at(5)) is log.at(rewind)
    assert amounts(history.events(up_to=4)) == [1, 2]  # state --at 4: corrections known now
    assert history.last_command() == 7


def test_a_rewind_that_is_voided_by_an_older_rewind_never_counts():
    log = Log()
    for n in (1, 2, 3):
        log.hit("Orc", n)
    inner = log.record(ev.Rewound(to=3))
    outer = log.record(ev.Rewound(to=2))
    history = EffectiveHistory(log.events)
    assert amounts(history.events()) == [1]
    assert history.voided_by(log.at(inner)) is log.at(outer)


def test_an_amendment_replaces_its_command_at_the_command_s_position():
    log = Log()
    log.hit("Orc", 3)
    two = log.record(ev.DamageTaken(target="Orc", amount=5),
                     ev.DamageTaken(target="Orc", amount=6), line="attack --roll 12")
    log.hit("Orc", 1)
    amend = log.record(ev.CommandAmended(
        target=two, replacement=[ev.DamageTaken(target="Orc", amount=50)],
        changes={"as_decided": "attack --roll 20"}, reason="a crit"))
    history = EffectiveHistory(log.events)
    assert amounts(history.events()) == [3, 50, 1]
    assert amounts(history.events(up_to=two)) == [3, 50]
    assert history.amended[two] is log.at(amend)
    assert history.replaced(log.at(3)) and history.replaced(log.at(4))
    assert not history.is_void(log.at(3))
    assert history.line(two) == "attack --roll 20"
    assert history.line(2) == "damage Orc 3"
    command = [c for c in history.commands() if c.cmd == two][0]
    assert command.line == "attack --roll 20" and amounts(command.events) == [50]
    assert history.round_start(1) is None
    assert history.last_command() == amend  # an amendment is undone first


def test_of_two_amendments_the_newer_counts_and_voids_the_older():
    log = Log()
    two = log.hit("Orc", 3)
    first = log.record(ev.CommandAmended(
        target=two, replacement=[ev.DamageTaken(target="Orc", amount=4)]))
    second = log.record(ev.CommandAmended(
        target=two, replacement=[ev.DamageTaken(target="Orc", amount=5)]))
    history = EffectiveHistory(log.events)
    assert amounts(history.events()) == [5]
    assert history.voided_by(log.at(first)) is log.at(second)
    assert history.amended[two] is log.at(second)


def test_undoing_an_amendment_brings_the_original_back():
    log = Log()
    two = log.hit("Orc", 3)
    amend = log.record(ev.CommandAmended(
        target=two, replacement=[ev.DamageTaken(target="Orc", amount=4)]))
    log.record(ev.CommandRetracted(target=amend))
    history = EffectiveHistory(log.events)
    assert amounts(history.events()) == [3]
    assert history.amended == {}


def test_disputes_never_count_nor_void_anything():
    log = Log()
    two = log.hit("Orc", 3)
    q = log.record(ev.DisputeRaised(target=two, reason="too much", player="Ann"))
    log.record(ev.DisputeResolved(dispute=q, outcome="overturned"))
    history = EffectiveHistory(log.events)
    assert amounts(history.events()) == [3]
    assert history.void_positions() == set()
    assert history.last_command() == two


def test_the_corrections_alone_say_what_the_whole_log_says():
    log = Log()
    log.hit("Orc", 1)
    two = log.record(ev.DamageTaken(target="Orc", amount=2),
                     ev.DamageTaken(target="Orc", amount=3))
    log.record(ev.CommandRetracted(target=two))
    four = log.hit("Orc", 4)
    log.record(ev.CommandAmended(target=four,
                                 replacement=[ev.DamageTaken(target="Orc", amount=8)]))
    log.hit("Orc", 5)
    log.record(ev.Rewound(to=len(log.events) - 1))
    whole = EffectiveHistory(log.events)
    alone = EffectiveHistory(
        iter(log.events), corrections=[e for e in log.events
                                       if isinstance(e, ev.CORRECTIONS)])
    assert [alone.is_void(e) for e in log.events] == [whole.is_void(e) for e in log.events]
    assert alone.amended == whole.amended
    assert list(alone.events()) == list(whole.events())  # the log read once, lazily


def test_shown_tells_an_amended_command_slot_by_slot():
    log = Log()
    two = log.record(ev.DamageTaken(target="Orc", amount=5),
                     ev.DamageTaken(target="Orc", amount=6), line="attack")
    undone = log.hit("Orc", 1)
    undo = log.record(ev.CommandRetracted(target=undone))
    amend = log.record(ev.CommandAmended(
        target=two, replacement=[ev.DamageTaken(target="Orc", amount=50)],
        changes={"as_decided": "attack --roll 20"}), by="marta")
    history = EffectiveHistory(log.events)
    effective = list(history.shown())
    assert [(s.status, s.event.originator_version, s.amended_at) for s in effective] == [
        (EFFECTIVE, 1, None), (AMENDED, two, amend)]
    assert effective[1].event.amount == 50
    assert effective[1].event.command == "attack --roll 20"
    everything = list(history.shown(everything=True))
    assert [(s.status, s.event.originator_version) for s in everything] == [
        (EFFECTIVE, 1), (REPLACED, 2), (AMENDED, 2), (REPLACED, 3), (VOIDED, undone),
        (CORRECTION, undo), (CORRECTION, amend)]


def test_a_window_after_a_snapshot_reads_its_commands_and_events():
    log = Log()
    log.hit("Orc", 1)
    two = log.record(ev.DamageTaken(target="Orc", amount=2),
                     ev.DamageTaken(target="Orc", amount=3), line="attack")
    window = log.events[two:]  # from inside the command: its first event is not there
    history = EffectiveHistory(window)
    assert [(c.cmd, c.line, amounts(c.events)) for c in history.commands()] == [
        (two, "", [3])]
