"""The store's tamper evidence as `verify` reports it: every stream's hash chain,
its head, its snapshots, and the index against the encounters stored."""

from __future__ import annotations

import gc
from operator import itemgetter
from typing import Any

from battletape import keys
from battletape.stores import store
from battletape.domain import events as ev
from battletape.replay import chain, verify

_STATE = itemgetter(2)  # a stored row's bytes (chain.Stored, read by position)

PREDATES = ("the store predates the hash chain (written before battletape chained its "
            "events): tampering cannot be checked; the next command recorded seals "
            "what is there")


def check(bt: Any, read: dict | None = None) -> tuple[list[str], list[str]]:
    """Problems (each names the first altered, removed or reordered event of a
    stream, a snapshot that does not match, an encounter missing from the index) and
    notes (what predates the chain). ``read``: filled with each stream's stored event
    bytes, in order, as the check read them (``verify`` decodes them from there
    instead of reading every event a second time). The cyclic collector is paused
    meanwhile (as while reading events: many rows, no cycles)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _check(bt, read)
    finally:
        if enabled:
            gc.enable()


def _check(bt: Any, read: dict | None) -> tuple[list[str], list[str]]:
    app = bt.app
    if not store.has_chain(app):
        return [], [PREDATES]
    regs = bt.registrations(fresh=True)
    labels = {store.INDEX_ID: "the index"}
    for r in regs:
        labels[r.encounter_id] = f"encounter {r.name!r}"
        labels.setdefault(store.campaign_id(r.campaign), f"campaign {r.campaign!r}")
    problems: list[str] = []
    notes: list[str] = []
    started: dict = {}
    streams, bad = store.chained_streams(app)
    for key in bad:
        problems.append(f"events or a chain head are stored under {key!r}, which is "
                        "no stream id (altered)")
    for key in sorted(store.snapshot_streams(app) - {s.hex for s in streams}):
        problems.append(f"a snapshot is stored for stream {key!r}, which holds no "
                        "events (moved? ignored)")
    for stream in streams:
        rows, links, head = store.chain_of(app, stream)
        if read is not None:
            read[stream] = list(map(_STATE, rows))
        first = _decode(rows[0][2]) if rows else None
        if isinstance(first, ev.EncounterStarted):
            started[stream] = first.name
        elif isinstance(first, ev.CampaignStarted):
            labels.setdefault(stream, f"campaign {first.name!r}")
        label = labels.get(stream) or (f"encounter {started[stream]!r}" if stream in
                                       started else f"stream {stream}")
        campaign = bt.campaign_of(stream, [e for e in (first,) if e is not None])
        key = keys.key_for(campaign) if campaign and keys.configured() else None
        problems += chain.check_stream(label, stream.hex, rows, links, head, key)
        if chain.signed(links) and key is None:
            notes.append(f"{label}: signed with its campaign's secret; without the "
                         "secret only its unsigned chain was checked")
        sealed = chain.sealed_upto(links)
        if sealed:
            notes.append(f"{label}: positions 1-{sealed} predate the hash chain "
                         "(sealed when the store was first written by this version)")
        problems += verify.check_snapshots(label, stream, store.snapshots_of(app, stream),
                                           links,
                                           store.decode_sealed_snapshot,
                                           store.snapshot_body)
    problems += verify.check_index({r.encounter_id for r in regs}, started)
    return problems, notes


def _decode(data: bytes) -> Any:
    try:
        return ev.decoder.decode(data)
    except Exception:
        return None

