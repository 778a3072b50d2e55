"""SHA-256, HMAC-SHA-256 and name-based UUIDs, as the hash chain, the fair dice, the
campaigns' keys and the streams' ids use them, from CPython's own small SHA-256 module: ``hashlib`` (and ``hmac``, which
imports it) loads OpenSSL, 2–7 ms a command for a few short messages. The results are
hashlib's and hmac's, byte for byte (tests/unit/test_digests.py compares them)."""

from __future__ import annotations

import uuid

try:  # CPython's built-in SHA-256 and SHA-1 (no OpenSSL)
    from _sha1 import sha1  # type: ignore[import-not-found]
    from _sha256 import sha256  # type: ignore[import-not-found]
except ImportError:  # another Python: the standard library's
    from hashlib import sha1, sha256

_BLOCK = 64  # SHA-256's block size in bytes (RFC 2104's B)
_INNER = bytes(x ^ 0x36 for x in range(256))
_OUTER = bytes(x ^ 0x5C for x in range(256))


def many() -> None:
    """The caller is about to hash many messages (a chain checked or written whole):
    OpenSSL's SHA-256 from now on, about three times faster a message, worth its load
    then (the results are the same)."""
    global sha256
    from hashlib import sha256 as openssl

    sha256 = openssl


def sha256_hex(message: bytes, more: bytes = b"") -> str:
    """The hex SHA-256 of ``message`` followed by ``more`` (hashed on, not joined:
    a long ``more`` is not copied)."""
    if not more:
        return sha256(message).hexdigest()
    digest = sha256(message)
    digest.update(more)
    return digest.hexdigest()


def sha256_bytes(message: bytes) -> bytes:
    return sha256(message).digest()


def uuid5(namespace: uuid.UUID, name: str) -> uuid.UUID:
    """``uuid.uuid5`` (which imports hashlib for its SHA-1)."""
    return uuid.UUID(bytes=sha1(namespace.bytes + name.encode()).digest()[:16], version=5)


def hmac_sha256(key: bytes, message: bytes) -> bytes:
    """RFC 2104's HMAC with SHA-256: H((K ^ opad) || H((K ^ ipad) || m))."""
    if len(key) > _BLOCK:
        key = sha256(key).digest()
    key = key.ljust(_BLOCK, b"\0")
    inner = sha256(key.translate(_INNER) + message).digest()
    return sha256(key.translate(_OUTER) + inner).digest()
