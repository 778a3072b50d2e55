"""Short names: a combatant (or a group, a saved attack) by its name in any case, an
unambiguous prefix, or its initials; the one matching every front end uses."""

from __future__ import annotations

from typing import Iterable

from battletape.domain.errors import AmbiguousName


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


def _glued_prefixes(typed: str, words: list[str]) -> bool:
    """``hob1`` fits ``Hobgoblin 1``: the words' beginnings typed together, in order,
    every word begun (a number whole, so ``hob1`` is not ``Hobgoblin 12``)."""
    if not words:
        return not typed
    if not typed:
        return False
    word, rest = words[0], words[1:]
    if word.isdigit():
        return typed.startswith(word) and _glued_prefixes(typed[len(word):], rest)
    return any(_glued_prefixes(typed[k:], rest)
               for k in range(min(len(word), len(typed)), 0, -1)
               if word.startswith(typed[:k]))


def match(names: Iterable[str], given: str) -> list[str]:
    """The names ``given`` may mean, best fit first: the exact name (any case); else
    the names whose initials it is, or which it is without spaces (``orc1``), or the
    beginnings of all of whose words it is typed together (``hob1`` for "Hobgoblin
    1"); else every name it begins (as a whole, word by word, or as initials: ``hw``
    begins ``hw1`` and ``hw2``)."""
    names = list(dict.fromkeys(names))
    typed = " ".join(given.casefold().split())
    if not typed:
        return []
    exact = [n for n in names if n.casefold() == typed]
    if exact:
        return exact[:1]
    by_initials = [n for n in names if len(n.split()) > 1
                   and (typed in (initials(n), _compact(n))
                        or (" " not in typed and _glued_prefixes(typed, n.casefold().split())))]
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
