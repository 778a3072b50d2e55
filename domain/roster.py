"""Adding combatants: names, monster groups sharing one initiative roll, the checks
every system makes (each system's ``add`` records its own statistics)."""

from __future__ import annotations

from typing import Iterable

from battletape.domain.encounter import positive, require_on
from battletape.domain.errors import AmbiguousName, BadInput
from battletape.domain.state import EncounterState


def initials(name: str) -> str:
    """``Hobgoblin Warrior 1`` -> ``hw1``: each word's first letter, numbers whole."""
    return "".join(w if w.isdigit() else w[0] for w in name.casefold().split())


def _compact(name: str) -> str:
    """``Orc 1`` -> ``orc1``: the name as typed without spaces."""
    return "".join(name.casefold().split())


def _word_prefixes(given: str, name: str) -> bool:
    """``hob war 1`` fits ``Hobgoblin Warrior 1``: each word begins its word."""
    typed, words = given.split(), name.split()
    return (1 < len(typed) <= len(words)
            and all(w.startswith(t) for t, w in zip(typed, words)))


def match(names: Iterable[str], given: str) -> list[str]:
    """The names ``given`` may mean, best fit first: the exact name (any case); else
    the names whose initials it is, or which it is without spaces (``orc1``); else every name it begins (as a whole, word by
    word, or as initials: ``hw`` begins ``hw1`` and ``hw2``)."""
    names = list(dict.fromkeys(names))
    typed = " ".join(given.casefold().split())
    if not typed:
        return []
    exact = [n for n in names if n.casefold() == typed]
    if exact:
        return exact[:1]
    by_initials = [n for n in names if len(n.split()) > 1
                   and typed in (initials(n), _compact(n))]
    if by_initials:
        return by_initials
    return [n for n in names if n.casefold().startswith(typed)
            or _compact(n).startswith(typed)
            or _word_prefixes(typed, n.casefold())
            or (" " not in typed and initials(n).startswith(typed)
                and len(n.split()) > 1)]


def resolve(names: Iterable[str], given: str, what: str = "combatant") -> str | None:
    """The one name of ``names`` that ``given`` stands for: the name itself in any
    case, an unambiguous prefix, or initials (``hw1`` for "Hobgoblin Warrior 1").
    None when nothing fits; AmbiguousName, listing the candidates, when several do.

    The one function every front end uses (commands, scripts, ``play``,
    completion), so a short name means the same everywhere."""
    found = match(names, given)
    if len(found) > 1:
        raise AmbiguousName(what, given, sorted(found))
    return found[0] if found else None


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
