"""Lossless JSON Lines export and import of an encounter.

Each line: ``{"position": N, "chain": HEX, "event": {...}}``. The chain is a SHA-256
over the previous line's chain and the event's canonical JSON, so a tampered line is
found (with its line number) before anything is imported.
"""

from __future__ import annotations

import hashlib
from typing import Iterable, Sequence

import msgspec

from domain import events as ev
from domain.errors import BadInput

FORMAT = "battletape-jsonl/1"


class Line(msgspec.Struct, kw_only=True):
    position: int
    chain: str
    event: ev.AnyEvent


class Header(msgspec.Struct, kw_only=True):
    format: str
    encounter: str
    campaign: str
    events: int


_line_decoder = msgspec.json.Decoder(Line)
_header_decoder = msgspec.json.Decoder(Header)
_encoder = msgspec.json.Encoder()


def _link(previous: str, event: ev.Event) -> str:
    return hashlib.sha256(previous.encode() + _encoder.encode(event)).hexdigest()


def to_jsonl(events: Sequence[ev.Event]) -> Iterable[bytes]:
    """The header, then one line per event, corrections included."""
    start = events[0]
    assert isinstance(start, ev.EncounterStarted)
    yield _encoder.encode(Header(format=FORMAT, encounter=start.name,
                                 campaign=start.campaign, events=len(events)))
    chain = ""
    for e in events:
        chain = _link(chain, e)
        yield _encoder.encode(Line(position=e.originator_version, chain=chain, event=e))


def from_jsonl(lines: Iterable[bytes | str]) -> tuple[Header, list[ev.Event]]:
    """Parse and check a whole export; any bad line is refused with its number."""
    header: Header | None = None
    events: list[ev.Event] = []
    chain = ""
    number = 0
    for number, raw in enumerate(lines, 1):
        text = raw.strip() if isinstance(raw, bytes) else raw.strip().encode()
        if not text:
            continue
        if header is None:
            try:
                header = _header_decoder.decode(text)
            except msgspec.DecodeError as err:
                raise BadInput(f"line {number}", _short(text),
                               f"a {FORMAT} header ({err})") from None
            if header.format != FORMAT:
                raise BadInput(f"line {number}", header.format, FORMAT)
            continue
        try:
            line = _line_decoder.decode(text)
        except msgspec.DecodeError as err:
            raise BadInput(f"line {number}", _short(text), f"an event line ({err})") from None
        e = line.event
        expected = len(events) + 1
        if line.position != expected or e.originator_version != expected:
            raise BadInput(f"line {number}", line.position, f"position {expected}")
        if events and e.originator_id != events[0].originator_id:
            raise BadInput(f"line {number}", str(e.originator_id), "the encounter's id")
        if not events and not isinstance(e, ev.EncounterStarted):
            raise BadInput(f"line {number}", type(e).__name__, "EncounterStarted first")
        chain = _link(chain, e)
        if chain != line.chain:
            raise BadInput(f"line {number}", "chain", "an untampered line (the chain "
                           "does not match: the line was changed)")
        events.append(e)
    if header is None or not events:
        raise BadInput("export", "empty", "a header and at least one event")
    if header.events != len(events):
        raise BadInput("export", f"{len(events)} events",
                       f"{header.events} events as the header says (truncated?)")
    return header, events


def _short(text: bytes) -> str:
    s = text.decode("utf-8", "replace")
    return s if len(s) < 60 else s[:57] + "..."
