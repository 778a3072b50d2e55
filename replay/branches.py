"""What-if branches: what a fork at a position copies from its trunk.

A branch keeps the trunk's positions: every stored event up to the fork is copied as
it is (the recorded dice faces included: nothing is rolled again), and the fork never
splits a command — a position inside one takes the whole command. The corrections the
trunk recorded later about that past (an amendment, an undo, a rewind, a redo) follow,
renumbered after the copy, so that the branch starts from the state `state --at` gives
in the trunk. Position P means the same moment in both, `verify` decides every copied
command again with the dice of the same position, and `diff` compares them there.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from battletape.domain import events as ev
from battletape.domain.words import N_
from battletape.domain.errors import BadInput


def fork_end(events: Sequence[ev.Event], position: int) -> int:
    """The last position of the command that holds ``position``."""
    if not 1 <= position <= len(events):
        raise BadInput("position", position, '1..{n}', n=len(events))
    cmd = events[position - 1].cmd
    end = position
    while end < len(events) and events[end].cmd == cmd:
        end += 1
    return end


def copied(events: Sequence[ev.Event], end: int) -> list[ev.Event]:
    """The events a branch forked at ``end`` (a command's last position) takes after
    its own start: the trunk's events 2..end as stored, then the later corrections
    that reach back to them, numbered on from ``end + 1``."""
    out = list(events[1:end])
    moved: dict[int, int] = {}  # a later correction's trunk position -> its branch one

    def inside(p: int) -> bool:
        return p <= end

    def where(p: int | None) -> int | None:
        if p is None or inside(p):
            return p
        return moved.get(p)

    for e in events[end:]:
        changes: dict = {}
        match e:
            case ev.CommandAmended() | ev.CommandRetracted() if where(e.target) is None:
                continue
            case ev.CommandRetracted():
                changes = {"target": where(e.target)}
            case ev.CommandAmended():
                changes = {"dispute": where(e.dispute)}
            case ev.Rewound() if not inside(e.to):
                continue
            case ev.Rewound():
                changes = {"dispute": where(e.dispute)}
            case ev.CommandRestored() if where(e.retraction) is None:
                continue
            case ev.CommandRestored():
                changes = {"retraction": where(e.retraction)}
            case _:
                continue  # play after the fork, disputes and reviews stay in the trunk
        at = len(out) + 2  # after the start and what is already copied
        moved[e.originator_version] = at
        out.append(msgspec.structs.replace(e, originator_version=at, cmd=at, **changes))
    return out
