"""How battletape's events and snapshots are stored: each as its own flat msgspec
JSON under a topic fixed once (a class may move, its stored name stays), snapshots of
the folded state with the layout they were written in."""

from __future__ import annotations

import uuid
from typing import Any

import msgspec
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder
from eventsourcing.utils import get_topic, register_topic, resolve_topic

from battletape.domain import events as ev
from battletape.domain.state import EncounterState


# The layout of the folded state a snapshot holds. 1: the rule systems' own fields
# moved into their parts. 2: the escalation die and the recoveries too (13th Age's,
# no longer the core's). 3: an ongoing damage's 13th Age "nonmagical" in its extra. A
# snapshot written before ``format`` existed reads as 0; one of an older layout is
# upcast (its system's fields moved into the part); one of an unknown layout is never
# used: the state is rebuilt from the events instead.
SNAPSHOT_FORMAT = 3


class EncounterSnapshot(msgspec.Struct, frozen=True, kw_only=True):
    """The folded state of an encounter at ``originator_version``."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: Any = None
    format: int = 0
    state: EncounterState
    chain: str = ""  # the chain's link of the event at originator_version
    seal: str = ""   # replay/chain.snapshot_seal of that link and the state


class _SnapshotHeader(msgspec.Struct, kw_only=True):
    """What is read of a snapshot before its state: which layout it has."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: Any = None
    format: int = 0


# the snapshot's stored name, fixed for the same reason as the events' (topic below)
SNAPSHOT_TOPIC = "battletape.store:EncounterSnapshot"


def topic(cls: type) -> str:
    """The topic an event class is stored under: the name it was first stored by
    (``domain.events:DamageTaken``), which stays put wherever its class now lives,
    so stores written before the packages moved under ``battletape`` keep reading.
    An event class that moved to another module (13th Age's own events, into its
    package) keeps its first name in its ``stored_as`` class variable."""
    if cls is EncounterSnapshot:
        return SNAPSHOT_TOPIC
    stored_as = getattr(cls, "stored_as", None)
    if stored_as:
        return stored_as
    found = get_topic(cls)
    return found.removeprefix("battletape.") if found.startswith("battletape.domain.") \
        else found


# the topics events are stored under: the core's, those of the systems loaded so far
# (a recording command loads its encounter's only), and, asked for a topic not found
# there, every system's (``register_topics``)
_EVENT_TOPICS: dict[str, type] = {
    topic(cls): cls
    for cls in (*ev.CORE_ENCOUNTER_EVENTS, *ev.CampaignEvent.__args__)}  # type: ignore[attr-defined]


def _loaded_topic(name: str) -> bool:
    """Whether ``name`` is the topic of an event of a loaded system (the topics of
    every system's events once one is not: ``register_topics``)."""
    import sys

    from battletape.domain.registry import packages

    for package in packages("events"):
        module = sys.modules.get(f"{package}.events")
        for cls in getattr(module, "EVENTS", ()):
            _EVENT_TOPICS.setdefault(topic(cls), cls)
    if name not in _EVENT_TOPICS:
        register_topics()
    return name in _EVENT_TOPICS


def register_topics() -> None:
    """Every system's event topics known here, and to eventsourcing's own
    ``resolve_topic`` those stored under a name their class no longer has (a tool
    reading the store through the library's mapper, bench/bench_rebuild.py's default
    mapper)."""
    for cls in ev.EVENT_TYPES.values():
        name = topic(cls)
        _EVENT_TOPICS.setdefault(name, cls)
        if name != get_topic(cls):
            register_topic(name, cls)


_snapshot_decoder = msgspec.json.Decoder(EncounterSnapshot)
_snapshot_header_decoder = msgspec.json.Decoder(_SnapshotHeader)


def decode_snapshot(data: bytes) -> EncounterSnapshot:
    """A stored snapshot; one of an older layout keeps its ``format`` and an empty
    state, so that ``latest_snapshot`` passes it by (its state is never decoded)."""
    head = _snapshot_header_decoder.decode(data)
    if head.format < SNAPSHOT_FORMAT:
        return upcast_snapshot(data)
    if head.format != SNAPSHOT_FORMAT:
        return EncounterSnapshot(originator_id=head.originator_id,
                                 originator_version=head.originator_version,
                                 timestamp=head.timestamp, format=head.format,
                                 state=EncounterState())
    return _snapshot_decoder.decode(data)


def upcast_snapshot(data: bytes) -> EncounterSnapshot:
    """A snapshot of an older layout: 0 or 1, when some of a system's own fields
    stood at the top of the combatant and of the encounter: they move into the
    system's part (the parts its package declares, domain/parts.py); up to 2, an
    ongoing damage's fields other than the core's move into its ``extra``; the rest is
    read as it is."""
    from battletape.domain import state as st

    raw = msgspec.json.decode(data)
    state = raw.get("state") or {}
    system = state.get("system", "13a")

    def into_part(holder: dict, parts: tuple) -> None:
        part = next((p for p in parts if p.__struct_config__.tag == system), None)
        if part is None:
            return
        moved = {f: holder.pop(f) for f in part.__struct_fields__ if f in holder}
        if holder.get("part") is None:
            holder["part"] = {part.__struct_config__.tag_field: system, **moved}
        else:
            holder["part"] = {**moved, **holder["part"]}

    core = set(st.Ongoing.__struct_fields__)
    for combatant in (state.get("combatants") or {}).values():
        into_part(combatant, st.COMBATANT_PARTS)
        for ongoing in combatant.get("ongoing") or []:
            moved = {k: ongoing.pop(k) for k in list(ongoing) if k not in core}
            kept = {k: v for k, v in moved.items() if v}  # (nonmagical: false goes)
            if kept:
                ongoing["extra"] = {**kept, **(ongoing.get("extra") or {})}
    into_part(state, st.ENCOUNTER_PARTS)
    raw["format"] = SNAPSHOT_FORMAT
    return msgspec.convert(raw, EncounterSnapshot)


class MsgspecMapper(Mapper):
    """Stores each event as its own flat msgspec JSON (the aggregate9 example's way)."""

    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        return StoredEvent(originator_id=domain_event.originator_id,
                           originator_version=domain_event.originator_version,
                           topic=topic(type(domain_event)),
                           state=ev.encoder.encode(domain_event))

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        if stored_event.topic == SNAPSHOT_TOPIC:
            return decode_snapshot(stored_event.state)
        if stored_event.topic in _EVENT_TOPICS or _loaded_topic(stored_event.topic):
            return ev.decoder.decode(stored_event.state)
        return msgspec.json.decode(stored_event.state,
                                   type=resolve_topic(stored_event.topic))


class NullTranscoder(Transcoder):
    """The msgspec mapper encodes by itself; eventsourcing's transcoder is unused."""

    def encode(self, obj: Any) -> bytes:
        return b""

    def decode(self, data: bytes) -> Any:
        return None


def snapshot_body(snap: EncounterSnapshot) -> bytes:
    """What a snapshot's seal covers: all of it but the seal."""
    return msgspec.json.encode(msgspec.structs.replace(snap, seal=""))


class SealedSnapshot(msgspec.Struct, frozen=True, kw_only=True):
    """A stored snapshot with its state kept as the stored bytes, whatever its layout:
    what its seal covers is then encoded exactly as it was (``snapshot_body``)."""

    originator_id: uuid.UUID
    originator_version: int
    timestamp: Any = None
    format: int = 0
    state: msgspec.Raw
    chain: str = ""
    seal: str = ""


_sealed_decoder = msgspec.json.Decoder(SealedSnapshot)


def decode_sealed_snapshot(data: bytes) -> SealedSnapshot | None:
    """A stored snapshot read as it is (no upcasting, the state not decoded), to
    check its seal."""
    try:
        return _sealed_decoder.decode(data)
    except Exception:
        return None
