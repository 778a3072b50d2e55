"""Reading a generated store back for the generator tests: its events, and their
payloads without timestamps (what "the same battle" means)."""

from __future__ import annotations

from battletape.application import Battletape
from battletape.domain import events as ev


def stored_events(path: str, name: str) -> list[ev.Event]:
    bt = Battletape(path)
    try:
        return bt.events(name)
    finally:
        bt.close()


def folded_and_loaded(path: str, name: str):
    """The fold of every event of the encounter from the start, and the state the store
    loads (the latest snapshot, plus the events after it): a generated battle's two
    ways to the same state."""
    from battletape.replay import history

    bt = Battletape(path)
    try:
        return history.state_at(bt.events(name)), bt.state(name)
    finally:
        bt.close()


def payloads(path: str, name: str) -> list[dict]:
    """Every event of the encounter as plain values, timestamps left out."""
    out = []
    for e in stored_events(path, name):
        data = ev.to_builtins(e)
        data.pop("timestamp")
        out.append(data)
    return out
