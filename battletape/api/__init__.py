"""battletape as a library: what the command line does, from Python.

    import battletape

    with battletape.open("fight.db") as bt:          # or a postgresql:// URL
        enc = bt.new("Bridge", system="13a", seed=7)
        enc.add("Bruna", hp=40, ac=18, pc=True, init=3)
        enc.add("Goblin", hp=12, ac=14, count=2)
        enc.init("Bruna=15", "Goblin=9")
        hit = enc.attack("Goblin 2", "Bruna", bonus=5, vs="ac", roll=15, dmg=4)
        hit.positions, hit.state["combatants"]["Bruna"]["hp"]
        enc.next()
        enc.undo(reason="wrong goblin")
        enc.state(at=hit.position)

:func:`open` gives a :class:`Client` (one store, one user); its encounters
(:class:`Encounter`) have their rule system's verbs as methods, derived from the
verbs' declarations; each recording method returns a :class:`Result` (the events
recorded, with their positions, and the ``state --json`` dict after them). Errors
are :class:`battletape.domain.errors.BattletapeError` subclasses, raised before
anything is saved: ``BadInput`` (a malformed value), ``UnknownCombatant``,
``UnknownEncounter``, ``AmbiguousName``, ``BadDiceExpression``, ``RuleViolation`` (a
rule refuses: a GM may record it anyway with ``force=REASON``), ``StoreError``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from battletape.api.client import Client

__all__ = ["open", "Client", "Encounter", "EncounterInfo", "Result"]
_WHERE = {"Client": "client", "EncounterInfo": "client", "Encounter": "encounter",
          "Result": "result"}


def open(store: str | None = None, user: str | None = None) -> "Client":
    """Open a store as the CLI's ``--store`` does: a SQLite file path or a
    ``postgresql://`` URL; by default ``BATTLETAPE_STORE``, else ``./battletape.db``.
    ``user``: the name recorded as who records (as ``--as``; default
    ``BATTLETAPE_USER``, else your identity: the OS user or the database role)."""
    from battletape.api.client import Client

    return Client(store, user)


def __getattr__(name: str):
    """The classes, imported on first use (the command line's corrections import
    ``battletape.api.corrections`` alone)."""
    if name in _WHERE:
        from importlib import import_module

        return getattr(import_module(f"battletape.api.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'battletape.api' has no attribute {name!r}")
