"""5e SRD (seed 002), Giocare: adding 5e combatants (caratteristiche, competenza,
resistenze).

``--save ABIL:N`` is the full save bonus of one of the six abilities; ``--score
ABIL:N`` an ability score (1..30), whose modifier is the default of the d20 tests of
that ability ("Modificatore di caratteristica rilevante": a check, a save without
``--save`` for it, and initiative, a Dex check, without ``--init``); the proficiency
bonus comes from ``--level`` or ``--cr`` unless ``--prof`` gives it. 5e resistance has no number (``--resist fire``;
``fire:5`` is the 13th Age form and an error here). ``--immune`` takes damage types
and conditions. Monsters die at 0 HP unless ``--no-die-at-0``.
"""

from __future__ import annotations

from battletape.domain.dnd5e.ability_scores import (MAX_SCORE, modifier, parse_cr,
                                                   parse_pairs, proficiency_bonus)
from battletape.domain.dnd5e.terms import CONDITIONS, damage_type
from battletape.domain.roster import check_body, names_for
from battletape.domain.words import N_
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
                raise BadInput(f"--{what}", part,
                               N_("a damage type without a number (5e {what_} has no "
                                  "value: --{what_} {n})"),
                               what_=what, n=word.split(':')[0])
            if conditions_too and (word in CONDITIONS or word in CONDITIONS.values()):
                from battletape.domain.dnd5e.conditions import condition_id
                out.append(condition_id(word))
                continue
            out.append(damage_type(word))
    return list(dict.fromkeys(out))


def add(state: EncounterState, order) -> list[Event]:
    """The combatants ``add`` records: ``order`` is the verb's typed values (its
    declared struct, domain.verbs.typed)."""
    scores = parse_pairs(list(order.score), "--score", 1, MAX_SCORE)
    init = order.init if order.init is not None else (
        modifier(scores["dex"]) if "dex" in scores else 0)
    check_body(state, order.name, order.hp, order.count, order.pc, order.ac, init)
    if order.level is not None and order.cr is not None:
        raise BadInput("--cr", order.cr,
                       N_("either --level (characters) or --cr (monsters)"))
    if order.level is not None and not 1 <= order.level <= 30:
        raise BadInput("level", order.level, "1..30")
    rating = parse_cr(order.cr) if order.cr is not None else None
    bonus = order.prof if order.prof is not None else proficiency_bonus(
        order.level if order.level is not None
        else (rating if rating is not None else 1))
    if not 0 <= bonus <= 9:
        raise BadInput("--prof", order.prof, "0..9")
    stats = {
        "prof": bonus, "saves": parse_pairs(list(order.save), "--save", -10, 30),
        "scores": scores,
        "resist": _types(list(order.resist), "resist"),
        "vulnerable": _types(list(order.vulnerable), "vulnerable"),
        "immune": _types(list(order.immune), "immune", conditions_too=True),
        "die_at_0": not order.pc and not order.no_die_at_0, "swim": order.swim,
    }
    if order.level is not None:
        stats["level"] = order.level
    if order.hit_die is not None:
        sides = order.hit_die.lower().removeprefix("d")
        if sides not in ("6", "8", "10", "12"):
            raise BadInput("--hit-die", order.hit_die, N_("d6, d8, d10 or d12"))
        stats["hit_die"] = int(sides)
    if order.cr is not None:
        stats["cr"] = order.cr
    names = names_for(state, order.name, order.count)
    group = order.name if order.count > 1 else None
    return [CombatantAdded(name=n, max_hp=order.hp, hp=order.hp, group=group,
                           pc=order.pc, ac=order.ac, init_bonus=init,
                           level=order.level or 1, stats=stats)
            for n in names]
