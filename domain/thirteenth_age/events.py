"""13th Age (seed 004): the events only 13th Age emits.

The core's events carry almost every fact of a 13th Age battle; these are the ones
the core has no word for. Imported while ``domain.events`` is still initialising:
only the base classes are used here.
"""

from __future__ import annotations

from battletape.domain.events import Event


class HealingPotionUsed(Event, kw_only=True):
    """Death and Dying: "Feeding a dying character a healing potion gets them conscious
    and back on their feet, but always takes a standard action" (the recovery it uses
    is the RecoverySpent that follows)."""

    name: str
    helper: str
    action: str = ""


EVENTS = [HealingPotionUsed]
