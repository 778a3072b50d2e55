"""Sane bounds on everything a command records: numbers within reach of any table,
names of printable text and modest length.

Checked on the events a command decides, before anything is stored, so that no value
typed by a user or produced by a roll can break a view, the analytics file or a
terminal later. Positions (of events and of the commands a correction names) are the
store's own numbers and are not bounded here.
"""

from __future__ import annotations

from typing import Any, Iterable

import msgspec

from battletape.domain.words import N_
from battletape.domain.errors import BadInput

LIMIT = 1_000_000            # hit points, damage, healing, bonuses, totals: ± this
SEED_LIMIT = 2**63           # --seed: 0 .. 2**63 - 1 (a BIGINT everywhere)
NAME_LENGTH = 64             # names of combatants, groups, encounters and campaigns
TEXT_LENGTH = 2000           # reasons, rulings, purposes, command lines
NAMES = frozenset({"name", "campaign", "group", "by"})
LABELS = {"by": "--as name"}
POSITIONS = frozenset({"originator_version", "cmd", "schema", "target", "retraction",
                       "to", "dispute", "branched_at", "index", "position", "at",
                       "amended", "nid"})


def printable(text: str) -> bool:
    """Text without control characters (a newline, ESC, ...)."""
    return all(ch.isprintable() or ch == " " for ch in text)


def check_name(what: str, name: str) -> None:
    """A name a user gives: printable, at most :data:`NAME_LENGTH` characters."""
    what = LABELS.get(what, what)
    if not printable(name):
        raise BadInput(what, name, N_("printable text (no control characters)"))
    if len(name) > NAME_LENGTH:
        raise BadInput(what, name[:NAME_LENGTH] + "...",
                       N_("at most {NAME_LENGTH} characters"), NAME_LENGTH=NAME_LENGTH)


def check_events(events: Iterable[msgspec.Struct]) -> None:
    """Refuse, with one line naming the field, any value beyond the bounds."""
    for e in events:
        _check(msgspec.to_builtins(e), None)


def _check(value: Any, key: str | None) -> None:
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        if key == "seed":
            if not 0 <= value < SEED_LIMIT:
                raise BadInput("seed", value, N_('0 to {n:,}'), n=SEED_LIMIT - 1)
        elif key not in POSITIONS and not -LIMIT <= value <= LIMIT:
            raise BadInput(key or "number", value,
                           N_('a number from {n:,} to {LIMIT:,}'), n=-LIMIT, LIMIT=LIMIT)
    elif isinstance(value, str):
        if key in NAMES:
            check_name(key, value)
        elif not printable(value.replace("\n", " ")) or len(value) > TEXT_LENGTH:
            shown = value if len(value) <= 60 else value[:60] + "..."
            raise BadInput(key or "text", shown,
                           N_("printable text of at most {TEXT_LENGTH} characters"),
                           TEXT_LENGTH=TEXT_LENGTH)
    elif isinstance(value, dict):
        # names first: a bad name is named as such, not as the command line holding it
        for k, v in sorted(value.items(), key=lambda kv: kv[0] not in NAMES):
            _check(k, key)
            _check(v, k)
    elif isinstance(value, list):
        for v in value:
            _check(v, key)
