"""D&D 3.5 (seed 003): adding 3.5 combatants.

The sheet's three Armor Classes (``--ac --touch --flat-footed``, 35-AC-01), base attack
bonus (``--bab``, iteratives 35-BAB-01), saves (``--fort --ref --will``), ability scores
(``--score dex:14``, 35-ABI-01), size (35-SIZ-01), Hit Dice, living or not (constructs and
undead are destroyed at 0 hp), immunity to critical hits (35-CRT-04), more attacks of
opportunity (Combat Reflexes, ``--aoo N``), speed in metres, and a newcomer's
``--joins aware|unaware`` (35-INI-06).
"""

from __future__ import annotations

from battletape.domain.dnd35.terms import size as size_id
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.events import CombatantAdded, Event
from battletape.domain.roster import check_body, names_for
from battletape.domain.state import EncounterState


def _scores(items: list[str]) -> dict[str, int]:
    from battletape.domain.dnd35.terms import ability

    out: dict[str, int] = {}
    for item in items:
        for part in str(item).split(","):
            if not part.strip():
                continue
            name, sep, value = part.partition(":")
            try:
                number = int(value)
            except ValueError:
                raise BadInput("--score", part, N_("ABIL:N, e.g. dex:14")) from None
            if not sep or not 0 <= number <= 99:
                raise BadInput("--score", part, N_("ABIL:N with a score 0..99"))
            out[ability(name, "--score")] = number
    return out


def add(state: EncounterState, order) -> list[Event]:
    """The combatants ``add`` records: ``order`` is the verb's typed values (its
    declared struct, domain.verbs.typed)."""
    check_body(state, order.name, order.hp, order.count, order.pc, order.ac, order.init)
    ff = order.ac if order.flat_footed is None else order.flat_footed
    t = (10 + max(0, order.ac - ff)) if order.touch is None else order.touch
    for what, value in (("--touch", t), ("--flat-footed", ff)):
        if not 0 <= value <= 99:
            raise BadInput(what, value, "0..99")
    if ff > order.ac:
        raise BadInput("--flat-footed", ff,
                       N_("at most the AC ({ac}): flat-footed loses the Dex and dodge "
                          "bonuses"), ac=order.ac)
    if not -10 <= order.bab <= 40:
        raise BadInput("--bab", order.bab, "-10..40")
    if not 0 <= order.aoo <= 20:
        raise BadInput("--aoo", order.aoo, N_("0..20 attacks of opportunity a round"))
    if not 0 <= order.speed <= 120:
        raise BadInput("--speed", order.speed, N_("metres, 0..120"))
    hit_dice = order.hd if order.hd is not None else (order.level or 1)
    if not 1 <= hit_dice <= 99:
        raise BadInput("--hd", order.hd, "1..99")
    sc = _scores(list(order.score))
    if order.no_con and "con" in sc:
        raise BadInput("--no-con", "with --score con", N_("one of them"))
    saves = (("fort", order.fort), ("ref", order.ref), ("will", order.will))
    stats = {"touch": t, "flat_footed_ac": ff, "bab": order.bab,
             "size": size_id(order.size), "hd": hit_dice, "living": not order.nonliving,
             "crit_immune": order.crit_immune, "no_con": order.no_con,
             "aoo_max": order.aoo, "speed": float(order.speed),
             "armed": not order.unarmed, "mindless": order.mindless,
             "saves": {k: v for k, v in saves if v is not None}}
    if sc:
        stats["scores"] = sc
    if order.joins is not None:
        if state.round == 0 and not state.turn:
            raise BadInput("--joins", order.joins, N_("a fight under way (before initiative, "
                           "everyone rolls)"))
        from battletape.domain.dnd35.initiative import join
        stats.update(join(state, order.name, order.joins))
    names = names_for(state, order.name, order.count)
    group = order.name if order.count > 1 else None
    return [CombatantAdded(name=n, max_hp=order.hp, hp=order.hp, group=group,
                           pc=order.pc, ac=order.ac, init_bonus=order.init,
                           level=order.level or hit_dice, stats=stats) for n in names]
