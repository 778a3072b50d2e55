"""Lossless JSON Lines export and import of an encounter.

The first line is the header; then each line: ``{"position": N, "chain": HEX,
"event": {...}, "sig": HEX}``. The chain starts from a hash of the header and is a
SHA-256 over the previous line's chain and the event's canonical JSON, so a tampered
line or header is found (with its line number) before anything is imported. With the
campaign's key every line is signed (``sig``, HMAC-SHA-256 of its chain): a file edited
and re-chained by someone without the secret no longer imports where the secret is.
Files of format 1 (the header outside the chain, never signed) still import.
"""

from __future__ import annotations

import hashlib
from typing import Callable, Iterable, Sequence

import msgspec

from battletape.domain import events as ev
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.replay import chain

FORMAT = "battletape-jsonl/2"
FORMATS = ("battletape-jsonl/1", FORMAT)


class Line(msgspec.Struct, kw_only=True):
    position: int
    chain: str
    event: ev.AnyEvent
    sig: str = ""


class Header(msgspec.Struct, kw_only=True):
    format: str
    encounter: str
    campaign: str
    events: int
    signed: bool = False


class _StoredLine(msgspec.Struct, kw_only=True):
    """A line as read: its event kept as the bytes the chain covers, decoded apart
    (``domain.events.decoder``: an older version's event is upcast)."""

    position: int
    chain: str
    event: msgspec.Raw
    sig: str = ""


_line_decoder = msgspec.json.Decoder(_StoredLine)
_header_decoder = msgspec.json.Decoder(Header)
_encoder = msgspec.json.Encoder()


def _link(previous: str, event: ev.Event) -> str:
    return _chain_step(previous, _encoder.encode(event))


def _chain_step(previous: str, encoded: bytes) -> str:
    return hashlib.sha256(previous.encode() + encoded).hexdigest()


def _start(header: bytes, format_: str) -> str:
    """Where a file's chain starts: format 2 chains its header too."""
    return hashlib.sha256(header).hexdigest() if format_ != FORMATS[0] else ""


def to_jsonl(events: Sequence[ev.Event], key: bytes | None = None) -> Iterable[bytes]:
    """The header, then one line per event, corrections included; signed with the
    campaign's ``key`` if given."""
    start = events[0]
    assert isinstance(start, ev.EncounterStarted)
    header = _encoder.encode(Header(format=FORMAT, encounter=start.name,
                                    campaign=start.campaign, events=len(events),
                                    signed=bool(key)))
    yield header
    link = _start(header, FORMAT)
    for e in events:
        link = _link(link, e)
        yield _encoder.encode(Line(position=e.originator_version, chain=link, event=e,
                                   sig=chain.sign(key, link)))


def from_jsonl(lines: Iterable[bytes | str], key_for: Callable[[str], bytes | None]
               = lambda campaign: None) -> tuple[Header, list[ev.Event]]:
    """Parse and check a whole export; any bad line is refused with its number. When
    ``key_for`` gives the campaign a key, every line must be signed with it."""
    header: Header | None = None
    events: list[ev.Event] = []
    chain_link, key = "", None
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
                               N_("a {FORMAT} header ({err})"),
                               FORMAT=FORMAT, err=err) from None
            if header.format not in FORMATS:
                raise BadInput(f"line {number}", header.format, FORMAT)
            chain_link = _start(text, header.format)
            key = key_for(header.campaign)
            if key is not None and not header.signed:
                raise BadInput("export", "unsigned",
                               N_("an export signed with campaign {campaign!r}'s "
                                  "secret, configured here (an unsigned file may have "
                                  "been edited and re-chained)"),
                               campaign=header.campaign)
            continue
        try:
            line = _line_decoder.decode(text)
            stored = bytes(line.event)
            e = ev.decoder.decode(stored)
        except msgspec.DecodeError as err:
            raise BadInput(f"line {number}", _short(text),
                           N_("an event line ({err})"), err=err) from None
        expected = len(events) + 1
        if line.position != expected or e.originator_version != expected:
            raise BadInput(f"line {number}", line.position,
                           N_("position {expected_}"), expected_=expected)
        if events and e.originator_id != events[0].originator_id:
            raise BadInput(f"line {number}", str(e.originator_id),
                           N_("the encounter's id"))
        if not events and not isinstance(e, ev.EncounterStarted):
            raise BadInput(f"line {number}", type(e).__name__,
                           N_("EncounterStarted first"))
        # the chain covers the event as exported: its bytes (an older version's event,
        # upcast since, encodes otherwise today) or, as ever, the event encoded again
        links = (_chain_step(chain_link, stored), _link(chain_link, e))
        chain_link = line.chain if line.chain in links else links[1]
        if chain_link != line.chain:
            raise BadInput(f"line {number}", "chain", N_("an untampered line (the chain "
                           "does not match: the line was changed)"))
        if key is not None and line.sig != chain.sign(key, chain_link):
            raise BadInput(f"line {number}", "signature", N_("a line signed with the "
                           "campaign's secret (this one was forged or edited)"))
        events.append(e)
    if header is None or not events:
        raise BadInput("export", "empty", N_("a header and at least one event"))
    start = events[0]
    if (header.encounter, header.campaign) != (start.name, start.campaign):
        raise BadInput("export", f"header {header.encounter!r} of {header.campaign!r}",
                       N_("the encounter it holds ({name!r} of {campaign!r})"),
                       name=start.name, campaign=start.campaign)
    if header.events != len(events):
        raise BadInput("export", f"{len(events)} events",
                       N_("{events} events as the header says (truncated?)"),
                       events=header.events)
    return header, events


def _short(text: bytes) -> str:
    s = text.decode("utf-8", "replace")
    return s if len(s) < 60 else s[:57] + "..."
