"""A saved attack's triggers as the log reads them (:class:`SavedAttackUsed`'s
``fired``, in every language)."""

from __future__ import annotations


def fired_by_target(fired: list[str]) -> list[tuple[str, list[str]]]:
    """A saved attack's triggers set off (``Vex: natural 16+: ...``), by target, in
    the order they came."""
    out: dict[str, list[str]] = {}
    for item in fired:
        target, _, text = item.partition(": ")
        out.setdefault(target, []).append(text)
    return list(out.items())
