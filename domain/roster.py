"""Adding combatants: names, monster groups sharing one initiative roll, PCs' stats."""

from __future__ import annotations

from battletape.domain.encounter import positive, require_on
from battletape.domain.errors import BadInput
from battletape.domain.events import CombatantAdded, Event
# short names are names' own; roster.resolve, .match and .initials stay for callers
from battletape.domain.names import initials, match, resolve  # noqa: F401
from battletape.domain.state import EncounterState

DIE_SIDES = (4, 6, 8, 10, 12, 20)


def parse_resist(items: list[str]) -> dict[str, int]:
    """``fire:16`` -> {"fire": 16}: resistance rated by the natural d20 needed."""
    out: dict[str, int] = {}
    for item in items:
        kind, _, value = item.partition(":")
        if not kind or not value.isdigit() or not 2 <= int(value) <= 20:
            raise BadInput("resistance", item, "TYPE:N with N from 2 to 20, e.g. fire:16")
        out[kind.lower()] = int(value)
    return out


def parse_die(text: str) -> int:
    sides = text.lower().removeprefix("d")
    if not sides.isdigit() or int(sides) not in DIE_SIDES:
        raise BadInput("recovery die", text, "d4, d6, d8, d10, d12 or d20")
    return int(sides)


def check_body(state: EncounterState, name: str, hp: int, count: int, pc: bool,
               ac: int, init: int) -> None:
    """What every system checks of a new combatant: a usable name, hit points, a
    count, armor class and initiative bonus in range."""
    require_on(state)
    if not name.strip() or any(ch in name for ch in ",=/"):
        raise BadInput("name", name, "a name without commas, '=' or '/'")
    positive("hp", hp, allow_zero=False)
    if hp > 100000:
        raise BadInput("hp", hp, "at most 100000")
    if not 1 <= count <= 50:
        raise BadInput("count", count, "1..50")
    if pc and count > 1:
        raise BadInput("count", count, "1 for a PC")
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
            raise BadInput("name", n, "a name not already in this encounter")
    return names


def add(state: EncounterState, name: str, hp: int, *, ac: int = 10, pd: int = 10,
        md: int = 10, init: int = 0, level: int = 1, pc: bool = False, count: int = 1,
        recoveries: int | None = None, recovery_die: str = "d8", con_mod: int = 0,
        resist: list[str] = (), carried: dict | None = None) -> list[Event]:
    require_on(state)
    if not name.strip() or "," in name or "=" in name:
        raise BadInput("name", name, "a name without commas or '='")
    positive("hp", hp, allow_zero=False)
    if hp > 100000:
        raise BadInput("hp", hp, "at most 100000")
    if not 1 <= level <= 10:
        raise BadInput("level", level, "1..10")
    if not 1 <= count <= 50:
        raise BadInput("count", count, "1..50")
    for what, value in (("ac", ac), ("pd", pd), ("md", md)):
        if not 0 <= value <= 60:
            raise BadInput(what, value, "0..60")
    if not -10 <= init <= 30:
        raise BadInput("initiative bonus", init, "-10..30")
    if pc and count > 1:
        raise BadInput("count", count, "1 for a PC")
    die = parse_die(recovery_die)
    if recoveries is None:
        recoveries = 8 if pc else 0  # Recoveries: "8 or 9 recoveries"
    positive("recoveries", recoveries)
    resists = parse_resist(list(resist))
    names = names_for(state, name, count)
    carried = carried or {}
    max_hp = hp - carried.get("lost_max_hp", 0)
    return [CombatantAdded(
        name=n, max_hp=max_hp, hp=min(carried.get("hp", max_hp), max_hp),
        group=name if count > 1 else None, pc=pc, ac=ac, pd=pd, md=md,
        init_bonus=init, level=level,
        recoveries=carried.get("recoveries", recoveries), recovery_die=die,
        con_mod=con_mod, resist=resists, penalty=carried.get("penalty", 0),
        lasting_wounds=carried.get("lasting_wounds", 0),
        carried_from=carried.get("from")) for n in names]
