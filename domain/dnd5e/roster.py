"""5e SRD (seed 002), Giocare: adding 5e combatants (caratteristiche, competenza,
resistenze).

``--save ABIL:N`` is the full save bonus of one of the six abilities; ``--score
ABIL:N`` an ability score (1..30); the proficiency bonus comes from ``--level`` or
``--cr`` unless ``--prof`` gives it. 5e resistance has no number (``--resist fire``;
``fire:5`` is the 13th Age form and an error here). ``--immune`` takes damage types
and conditions. Monsters die at 0 HP unless ``--no-die-at-0``.
"""

from __future__ import annotations

from battletape.domain.dnd5e.ability_scores import (MAX_SCORE, parse_cr, parse_pairs,
                                         proficiency_bonus)
from battletape.domain.dnd5e.terms import CONDITIONS, damage_type
from battletape.domain.roster import check_body, names_for
from battletape.domain.errors import BadInput
from battletape.domain.events import CombatantAdded, Event
from battletape.domain.state import EncounterState


def _types(items: list[str], what: str, conditions_too: bool = False) -> list[str]:
    out: list[str] = []
    for item in items:
        for part in item.split(","):
            word = part.strip().lower()
            if not word:
                continue
            if ":" in word:
                raise BadInput(f"--{what}", part, f"a damage type without a number "
                               f"(5e {what} has no value: --{what} {word.split(':')[0]})")
            if conditions_too and (word in CONDITIONS or word in CONDITIONS.values()):
                from battletape.domain.dnd5e.conditions import condition_id
                out.append(condition_id(word))
                continue
            out.append(damage_type(word))
    return list(dict.fromkeys(out))


def add(state: EncounterState, name: str, hp: int, *, ac: int = 10, init: int = 0,
        level: int | None = None, cr: str | None = None, prof: int | None = None,
        pc: bool = False, count: int = 1, saves: list[str] = (), scores: list[str] = (),
        resist: list[str] = (), vulnerable: list[str] = (), immune: list[str] = (),
        no_die_at_0: bool = False, swim: bool = False) -> list[Event]:
    check_body(state, name, hp, count, pc, ac, init)
    if level is not None and cr is not None:
        raise BadInput("--cr", cr, "either --level (characters) or --cr (monsters)")
    if level is not None and not 1 <= level <= 30:
        raise BadInput("level", level, "1..30")
    rating = parse_cr(cr) if cr is not None else None
    bonus = prof if prof is not None else proficiency_bonus(
        level if level is not None else (rating if rating is not None else 1))
    if not 0 <= bonus <= 9:
        raise BadInput("--prof", prof, "0..9")
    stats = {
        "prof": bonus, "saves": parse_pairs(list(saves), "--save", -10, 30),
        "scores": parse_pairs(list(scores), "--score", 1, MAX_SCORE),
        "resist": _types(list(resist), "resist"),
        "vulnerable": _types(list(vulnerable), "vulnerable"),
        "immune": _types(list(immune), "immune", conditions_too=True),
        "die_at_0": not pc and not no_die_at_0, "swim": swim,
    }
    if level is not None:
        stats["level"] = level
    if cr is not None:
        stats["cr"] = cr
    names = names_for(state, name, count)
    return [CombatantAdded(name=n, max_hp=hp, hp=hp, group=name if count > 1 else None,
                           pc=pc, ac=ac, init_bonus=init, level=level or 1, stats=stats)
            for n in names]
