"""The hash chain of a stream: each stored event commits to the one before it.

A link is SHA-256 (HMAC-SHA-256 under a campaign secret) over the previous link, the
stream and position, the topic, the event's stored bytes (its canonical msgspec JSON,
who and when included), the identity that recorded it and whether it was sealed
after the fact (events written before the chain existed). The store keeps each
stream's head (last position and link), so a deleted tail is found too. Pure: the
store reads the rows, this module only hashes and compares.
"""

from __future__ import annotations

from typing import Iterable, NamedTuple, Sequence

from battletape.domain import digests
from battletape.domain.digests import hmac_sha256, sha256_hex

GENESIS = "0" * 64
#: from this many links on, OpenSSL's SHA-256 pays for its load (domain/digests.many)
MANY = 256


class Link(NamedTuple):
    """One stored chain row; ``sig`` signs ``hash`` with the campaign's key ("" when
    the campaign has no secret)."""

    version: int
    recorder: str
    sealed: bool
    hash: str
    sig: str = ""


class Stored(NamedTuple):
    """One stored event row, as the store holds it."""

    version: int
    topic: str
    state: bytes


class Head(NamedTuple):
    version: int
    hash: str
    sig: str = ""


def link(previous: str, stream: str, version: int, topic: str, state: bytes,
         recorder: str, sealed: bool = False) -> str:
    # the fields joined by \x1f, then \x1e and the stored bytes (one encoding of the
    # joined text: the same bytes as encoding each field)
    head = (f"battletape-chain/1\x1f{previous}\x1f{stream}\x1f{version}\x1f{topic}\x1f"
            f"{recorder}\x1f{'sealed' if sealed else 'recorded'}\x1e")
    return sha256_hex(head.encode(), state)


def sign(key: bytes | None, digest: str) -> str:
    """The signature of a link (or an export line) under a campaign's key."""
    if not key:
        return ""
    return hmac_sha256(key, b"battletape-sig/1\x1f" + digest.encode()).hex()


def snapshot_seal(event_hash: str, state: bytes) -> str:
    """What a snapshot carries: the link of the event it folds up to, and its state."""
    message = b"battletape-snapshot/1\x1f" + event_hash.encode() + b"\x1e" + state
    return sha256_hex(message)


def extend(previous: str, stream: str, rows: Iterable[Stored], recorder: str,
           sealed: bool = False, key: bytes | None = None) -> list[Link]:
    out: list[Link] = []
    if isinstance(rows, Sequence) and len(rows) > MANY:
        digests.many()
    for row in rows:
        previous = link(previous, stream, row.version, row.topic, row.state, recorder,
                        sealed)
        out.append(Link(row.version, recorder, sealed, previous, sign(key, previous)))
    return out


def check_stream(label: str, stream: str, events: Sequence[Stored],
                 links: dict[int, Link], head: Head | None,
                 key: bytes | None = None) -> list[str]:
    """The first altered, removed or reordered event of a stream (one line), or
    nothing when the chain holds from position 1 to the head. With the campaign's
    ``key``, every link after the first signed one must carry its signature: a chain
    re-computed by someone without the secret is named at its first forged link."""
    previous = GENESIS
    signing = False
    if len(events) > MANY:
        digests.many()
    found = links.get
    # (rows and links are read by position: Stored's and Link's fields, or the
    # store's own rows in their order)
    for expected, (version, topic, state) in enumerate(events, 1):
        if version != expected:
            return [f"{label}: position {expected} was removed (the next stored is "
                    f"{version})"]
        stored = found(version)
        if stored is None:
            return [f"{label}: position {expected} has no link in the hash chain "
                    "(its link was removed)"]
        _, recorder, sealed, hashed, sig = stored
        computed = link(previous, stream, version, topic, state, recorder, sealed)
        if computed != hashed:
            return [f"{label}: position {expected} was altered or moved (its hash does "
                    "not match the chain)"]
        if sig or signing:
            signing = True
            if not _well_formed(sig) or (key is not None and sig != sign(key, computed)):
                return [f"{label}: position {expected} is not signed with the "
                        "campaign's secret (forged, or recorded without the secret)"]
        previous = computed
    last = len(events)
    if head is None:
        return [f"{label}: the store keeps no head for this stream (removed?)"]
    if head.version > last:
        return [f"{label}: position {last + 1} was removed (the chain's head is at "
                f"{head.version}, the stream ends at {last})"]
    if head.version < last:
        return [f"{label}: position {head.version + 1} was added outside battletape "
                f"(the chain's head is at {head.version})"]
    if head.hash != previous:
        return [f"{label}: the chain's head does not match position {last} (altered)"]
    if (signing or head.sig) and (not _well_formed(head.sig) or (
            key is not None and head.sig != sign(key, previous))):
        return [f"{label}: the chain's head is not signed with the campaign's secret"]
    extra = sorted(v for v in links if v > last)
    if extra:
        return [f"{label}: position {extra[0]} was removed (its link is still stored)"]
    return []


def _well_formed(sig: str) -> bool:
    return len(sig) == 64 and all(c in "0123456789abcdef" for c in sig)


def signed(links: dict[int, Link]) -> bool:
    return any(l[4] for l in links.values())  # (Link.sig, by position)


def sealed_upto(links: dict[int, Link]) -> int:
    """The last position sealed after the fact (0: none), written before the chain."""
    return max((v for v, l in links.items() if l[2]), default=0)  # (Link.sealed)
