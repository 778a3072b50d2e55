"""A campaign's party: each PC's sheet, kept by the campaign (issue 23, point 6).

A sheet is the values of the system's ``add`` that describe the PC (its hit points,
defenses, level, ...: the verb's own options, so a sheet means what the typed command
would), kept as a :class:`SheetKept` in the campaign's stream: by ``party add`` and
``party update``, and by the first ``add NAME --pc`` of the campaign that types the
sheet whole (``--hp`` given), or one with ``--update``. A later battle's ``add NAME
--pc`` takes the sheet for every option not typed, and what the PC carried over from
its last battle (``RuleSystem.carried_over``); the encounter keeps the sheet it took
(a :class:`StatBlockUsed` under the key :data:`KEY`), so deciding the command again
never reads the campaign.
"""

from __future__ import annotations

from typing import Any, Iterable

from battletape.domain import events as ev
from battletape.domain.events import SheetKept  # noqa: F401  (the party's event)
from battletape.domain.names import resolve

#: the key of the StatBlockUsed that keeps, in the encounter, the sheet an add took
KEY = "(party)"
#: the values of ``add`` that are not the PC's sheet
NOT_SHEET = ("name", "count", "pc", "from_", "saved", "update")


def sheets(campaign_events: Iterable[ev.Event], system: str | None = None
           ) -> dict[str, ev.SheetKept]:
    """The party now: each PC's last kept sheet (of ``system``), by name; a PC
    removed from the party is left out."""
    out: dict[str, ev.SheetKept] = {}
    for e in campaign_events:
        if isinstance(e, ev.SheetKept) and (system is None or e.system == system):
            for known in [n for n in out if n.casefold() == e.name.casefold()]:
                del out[known]
            if not e.removed:
                out[e.name] = e
    return out


def find(party: dict[str, ev.SheetKept], name: str) -> ev.SheetKept | None:
    """The sheet of the PC ``name`` (its name in any case, a prefix or initials)."""
    full = resolve(party, name, "PC")
    return party[full] if full is not None else None


def sheet_of(values: dict[str, Any], typed: Iterable[str],
             base: dict[str, Any] | None = None) -> dict[str, Any]:
    """The sheet ``add``'s typed values make, over ``base`` (the sheet kept)."""
    out = dict(base or {})
    for key in typed:
        if key not in NOT_SHEET and key in values:
            value = values[key]
            out[key] = list(value) if isinstance(value, (list, tuple)) else value
    return out


def keep(name: str, system: str, stats: dict[str, Any]) -> ev.SheetKept:
    return ev.SheetKept(name=name, system=system, stats=dict(stats))


def used(name: str, stats: dict[str, Any]) -> ev.StatBlockUsed:
    """What the encounter keeps of the sheet ``add NAME --pc`` took."""
    return ev.StatBlockUsed(key=KEY, names=[name], stats=dict(stats))


def recorded(events: Iterable[ev.Event], name: str, after: int
             ) -> tuple[str, dict] | None:
    """The PC's name and the sheet the ``add`` recorded just after position ``after``
    took (deciding it again), or None."""
    for e in events:
        if isinstance(e, ev.StatBlockUsed) and e.key == KEY and e.cmd == after + 1:
            return e.names[0], dict(e.stats)
    return None
