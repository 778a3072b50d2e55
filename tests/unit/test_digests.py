"""domain/digests.py gives hashlib's, hmac's and uuid's results, byte for byte: the
hash chain, the fair dice and the streams' ids of every store already written depend
on them."""

import hashlib
import hmac
import uuid

from hypothesis import given, strategies as st

from battletape.domain import digests
from battletape.domain.streams import NAMESPACE, encounter_id


@given(st.binary(max_size=300))
def test_sha256_is_hashlibs(message):
    assert digests.sha256_hex(message) == hashlib.sha256(message).hexdigest()
    assert digests.sha256_bytes(message) == hashlib.sha256(message).digest()


@given(st.binary(max_size=100), st.binary(max_size=600))
def test_sha256_hashed_on_is_the_sha256_of_the_joined_bytes(message, more):
    """The chain's link hashes an event's stored bytes on after its head, without
    joining them: the digest of the two joined, as every store already written has."""
    assert digests.sha256_hex(message, more) == hashlib.sha256(message + more).hexdigest()
    digests.many()  # OpenSSL's, once a chain is checked whole
    assert digests.sha256_hex(message, more) == hashlib.sha256(message + more).hexdigest()


@given(st.binary(max_size=200), st.binary(max_size=300))
def test_hmac_sha256_is_hmacs(key, message):
    # keys shorter, equal to and longer than SHA-256's 64-byte block
    assert digests.hmac_sha256(key, message) == hmac.new(key, message,
                                                          hashlib.sha256).digest()


@given(st.text(max_size=80))
def test_uuid5_is_uuids(name):
    assert digests.uuid5(NAMESPACE, name) == uuid.uuid5(NAMESPACE, name)


def test_a_stream_keeps_its_id():
    # the id every store already holds for the encounter "Goblin ambush"
    assert encounter_id("Goblin ambush") == uuid.uuid5(NAMESPACE, "encounter:goblin ambush")


def test_many_keeps_the_results():
    from battletape.domain import digests as d

    before = d.sha256_hex(b"battletape")
    d.many()
    assert d.sha256_hex(b"battletape") == before == hashlib.sha256(b"battletape").hexdigest()
