"""`verify`'s structural check of a log (replay/verify.check_log): positions, one
stream, contiguous commands, corrections that point back. A well-formed log is
checked a column at a time; any log it is unsure of goes through the loop that names
each problem: the two must find the same."""

from __future__ import annotations

import uuid

import msgspec
from hypothesis import given, settings, strategies as st

from battletape.domain import events as ev
from battletape.replay import verify

STREAM, OTHER = uuid.UUID(int=1), uuid.UUID(int=2)


def log(sizes: list[int]) -> list[ev.Event]:
    """A well-formed log: the start, then commands of ``sizes`` events each."""
    out: list[ev.Event] = [ev.EncounterStarted(name="Bridge", originator_id=STREAM,
                                               originator_version=1, cmd=1)]
    for size in sizes:
        cmd = len(out) + 1
        for i in range(size):
            out.append(ev.DamageTaken(target="Orc", amount=i, originator_id=STREAM,
                                      originator_version=cmd + i, cmd=cmd))
    return out


def loop_only(events: list[ev.Event]) -> list[str]:
    """What the check finds with its quick path refused (the loop over every event)."""
    quick = verify._regular
    verify._regular = lambda read: False
    try:
        return verify.check_log(events, "Bridge")
    finally:
        verify._regular = quick


def change(e: ev.Event, **fields) -> ev.Event:
    return msgspec.structs.replace(e, **fields)


def test_a_well_formed_log_has_no_problem():
    events = log([1, 3, 2, 1])
    assert verify._regular(verify.columns(events))
    assert verify.check_log(events, "Bridge") == [] == loop_only(events)


def test_each_kind_of_problem_is_named_at_its_position():
    events = log([1, 2, 2])  # positions 1; 2; 3-4; 5-6
    assert verify.check_log(events[:2] + events[3:], "Bridge") == [
        "Bridge: position 4 where 3 was due", "Bridge: position 5 where 4 was due",
        "Bridge: position 4 names command 5", "Bridge: position 6 where 5 was due"]
    moved = events[:4] + [change(events[4], originator_id=OTHER)] + events[5:]
    assert verify.check_log(moved, "Bridge") == [
        "Bridge: position 5 belongs to another stream"]
    split = events[:5] + [change(events[5], cmd=3)]
    assert verify.check_log(split, "Bridge") == [
        "Bridge: command 3 is not contiguous at 6"]
    ahead = events[:3] + [change(events[3], cmd=9)] + events[4:]
    assert verify.check_log(ahead, "Bridge") == ["Bridge: position 4 names command 9"]
    undo = ev.CommandRetracted(target=7, originator_id=STREAM, originator_version=7,
                               cmd=7)
    assert verify.check_log(events + [undo], "Bridge") == [
        "Bridge: correction at 7 points at 7"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=8),
       st.lists(st.tuples(st.integers(0, 40), st.sampled_from(
           ["version", "cmd", "stream", "drop", "swap", "target"]), st.integers(0, 40)),
           max_size=3))
def test_the_quick_check_and_the_loop_find_the_same(sizes, edits):
    events = log(sizes)
    for at, what, value in edits:
        at %= len(events)
        if what == "version":
            events[at] = change(events[at], originator_version=value)
        elif what == "cmd":
            events[at] = change(events[at], cmd=value)
        elif what == "stream":
            events[at] = change(events[at], originator_id=OTHER)
        elif what == "drop" and len(events) > 1:
            del events[at]
        elif what == "swap" and at + 1 < len(events):
            events[at], events[at + 1] = events[at + 1], events[at]
        elif what == "target":
            n = len(events) + 1
            events.append(ev.CommandRetracted(target=value, originator_id=STREAM,
                                              originator_version=n, cmd=n))
    assert verify.check_log(events, "Bridge") == loop_only(events)
