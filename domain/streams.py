"""The ids of a store's streams: every encounter, every campaign and the index of
encounters are streams of events, named by UUIDs derived from their names (the same
name gives the same stream in every store and after an import)."""

from __future__ import annotations

import uuid

from battletape.domain.digests import uuid5

NAMESPACE = uuid.UUID("6f1b3a52-4c1e-4f8e-9a39-3b9f0d5c2b17")
INDEX_ID = uuid5(NAMESPACE, "index")


def encounter_id(name: str) -> uuid.UUID:
    return uuid5(NAMESPACE, "encounter:" + name.casefold())


def campaign_id(name: str) -> uuid.UUID:
    return uuid5(NAMESPACE, "campaign:" + name.casefold())


def current_encounter(index) -> str | None:
    """The current encounter by the index's events: the last started that is not a
    what-if branch, or the one a later ``use`` chose (EncounterSelected)."""
    from battletape.domain import events as ev

    current = None
    for e in index:
        if isinstance(e, ev.EncounterRegistered) and e.branched_from is None:
            current = e.name
        elif isinstance(e, ev.EncounterSelected):
            current = e.name
    return current
