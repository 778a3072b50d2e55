"""A rule system's own part of the state (DESIGN.md principle 10).

The core's :class:`~domain.state.Combatant` and :class:`~domain.state.EncounterState`
hold what every system shares; what one system alone keeps lives in its *part*, a
msgspec Struct the system declares in ``domain/<system>/state.py`` as a subclass of
:class:`CombatantPart` or :class:`EncounterPart` with its own ``tag`` (its id). The
state's ``part`` field is the tagged union of the declared parts, so the state still
encodes and decodes (``domain.state.copy``, snapshots) as one typed msgspec value.

Parts are found, not listed, like systems: a ``state.py`` beside a ``system.py``
(in a package under ``domain/`` or one that ``BATTLETAPE_SYSTEMS`` names).
"""

from __future__ import annotations

from importlib import import_module

import msgspec


class CombatantPart(msgspec.Struct, kw_only=True):
    """A system's own data about one combatant."""

    def cannot_act(self, name: str) -> tuple[str, str | None] | None:
        """Why the combatant can take no action now, and the rule saying so
        (None: nothing of this system stops it)."""
        return None


class EncounterPart(msgspec.Struct, kw_only=True):
    """A system's own data about the encounter."""


def declared(base: type) -> tuple[type, ...]:
    """The subclasses of ``base`` that the system packages under ``domain/`` declare
    in their ``state.py``, in a stable order."""
    from battletape.domain.registry import packages

    found: list[type] = []
    for name in packages("state"):
        module = import_module(f"{name}.state")
        found += [v for v in vars(module).values()
                  if isinstance(v, type) and issubclass(v, base) and v is not base
                  and v.__module__ == module.__name__]
    return tuple(found)
