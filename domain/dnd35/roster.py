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
                raise BadInput("--score", part, "ABIL:N, e.g. dex:14") from None
            if not sep or not 0 <= number <= 99:
                raise BadInput("--score", part, "ABIL:N with a score 0..99")
            out[ability(name, "--score")] = number
    return out


def add(state: EncounterState, name: str, hp: int, *, ac: int = 10, touch: int | None = None,
        flat_footed: int | None = None, bab: int = 0, fort: int | None = None,
        ref: int | None = None, will: int | None = None, init: int = 0, pc: bool = False,
        count: int = 1, level: int | None = None, hd: int | None = None,
        scores: list[str] = (), size: str = "medium", nonliving: bool = False,
        crit_immune: bool = False, no_con: bool = False, aoo: int = 1,
        speed: float = 9.0, unarmed: bool = False, mindless: bool = False,
        joins: str | None = None) -> list[Event]:
    check_body(state, name, hp, count, pc, ac, init)
    ff = ac if flat_footed is None else flat_footed
    t = (10 + max(0, ac - ff)) if touch is None else touch
    for what, value in (("--touch", t), ("--flat-footed", ff)):
        if not 0 <= value <= 99:
            raise BadInput(what, value, "0..99")
    if ff > ac:
        raise BadInput("--flat-footed", ff, f"at most the AC ({ac}): flat-footed loses "
                       "the Dex and dodge bonuses")
    if not -10 <= bab <= 40:
        raise BadInput("--bab", bab, "-10..40")
    if not 0 <= aoo <= 20:
        raise BadInput("--aoo", aoo, "0..20 attacks of opportunity a round")
    if not 0 <= speed <= 120:
        raise BadInput("--speed", speed, "metres, 0..120")
    hit_dice = hd if hd is not None else (level or 1)
    if not 1 <= hit_dice <= 99:
        raise BadInput("--hd", hd, "1..99")
    sc = _scores(list(scores))
    if no_con and "con" in sc:
        raise BadInput("--no-con", "with --score con", "one of them")
    stats = {"touch": t, "flat_footed_ac": ff, "bab": bab, "size": size_id(size),
             "hd": hit_dice, "living": not nonliving, "crit_immune": crit_immune,
             "no_con": no_con, "aoo_max": aoo, "speed": float(speed), "armed": not unarmed,
             "mindless": mindless,
             "saves": {k: v for k, v in (("fort", fort), ("ref", ref), ("will", will))
                       if v is not None}}
    if sc:
        stats["scores"] = sc
    if joins is not None:
        if state.round == 0 and not state.turn:
            raise BadInput("--joins", joins, "a fight under way (before initiative, "
                           "everyone rolls)")
        from battletape.domain.dnd35.initiative import join
        stats.update(join(state, name, joins))
    names = names_for(state, name, count)
    return [CombatantAdded(name=n, max_hp=hp, hp=hp, group=name if count > 1 else None,
                           pc=pc, ac=ac, init_bonus=init, level=level or hit_dice,
                           stats=stats) for n in names]
