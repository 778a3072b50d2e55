"""Adding combatants: names, monster groups sharing one initiative roll, the checks
every system makes (each system's ``add`` records its own statistics)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from battletape.domain.encounter import positive, require_on
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
# short names are names' own; roster.resolve, .match and .initials stay for callers
from battletape.domain.names import initials, match, resolve  # noqa: F401
from battletape.domain.state import EncounterState

if TYPE_CHECKING:
    from battletape.domain.events import Event


#: what a name may not hold, and how a refusal says so: ``/`` writes a roll's two
#: faces (``Bruna=7/15``) in the systems with advantage; 13th Age has none
NAME_RULES = {",=/": N_("a name without commas, '=' or '/'"),
              ",=": N_("a name without commas or '='")}


def check_body(state: EncounterState, name: str, hp: int, count: int, pc: bool,
               ac: int, init: int, forbidden: str = ",=/") -> None:
    """What every system checks of a new combatant: a usable name (none of the
    characters ``forbidden``: a key of NAME_RULES), hit points, a count, armor class
    and initiative bonus in range."""
    require_on(state)
    if not name.strip() or any(ch in name for ch in forbidden):
        raise BadInput("name", name, NAME_RULES[forbidden])
    positive("hp", hp, allow_zero=False)
    if hp > 100000:
        raise BadInput("hp", hp, N_("at most 100000"))
    if not 1 <= count <= 50:
        raise BadInput("count", count, "1..50")
    if pc and count > 1:
        raise BadInput("count", count, N_("1 for a PC"))
    if not 0 <= ac <= 60:
        raise BadInput("ac", ac, "0..60")
    if not -10 <= init <= 30:
        raise BadInput("initiative bonus", init, "-10..30")


def names_for(state: EncounterState, name: str, count: int) -> list[str]:
    """``NAME`` or ``NAME 1..N`` (a monster group), none of them taken yet."""
    names = [f"{name} {i}" for i in range(1, count + 1)] if count > 1 else [name]
    taken = {n.casefold() for n in state.combatants}
    taken |= {c.group.casefold() for c in state.combatants.values() if c.group}
    for n in names + ([name] if count > 1 else []):
        if n.casefold() in taken:
            raise BadInput("name", n, N_("a name not already in this encounter"))
    return names


def with_carried(added: list[Event], carried: dict[str, Any] | None,
                 keys: tuple[str, ...], lowest_hp: int | None = None) -> list[Event]:
    """``add NAME --pc``'s events with what the PC carried over from its campaign's
    last battle (the system's ``carried_over``): its hit points (no more than its
    maximum, no fewer than ``lowest_hp``) and the system's ``keys`` in its stats."""
    import msgspec

    if not carried:
        return added
    hp = carried["hp"] if lowest_hp is None else max(lowest_hp, carried["hp"])
    out = []
    for e in added:
        stats = {**e.stats, **{k: (dict(carried[k]) if isinstance(carried[k], dict)
                                   else carried[k]) for k in keys if carried.get(k)}}
        out.append(msgspec.structs.replace(e, hp=min(e.max_hp, hp), stats=stats,
                                           carried_from=carried.get("from")))
    return out
