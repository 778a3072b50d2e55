"""D&D 3.5 (seed 003), Caratteristiche (Abilities), Danni alle caratteristiche, Risucchio
di caratteristica, Risucchio di energia.

- The modifier is +0 at 10-11 and one point per two: ``floor((score - 10) / 2)``
  (35-ABI-01). An ability check is 1d20 + the modifier (35-ABI-02, ``ability-check``),
  with the checks' penalties (shaken, negative levels) and bonuses (``mod X checks``).
- The sheet's numbers (``--bonus``, ``--ac``, the saves, the hit points) already hold the
  modifiers of the sheet's scores (``add --score str:16``). What the tracker keeps is a
  **change** of a score since the sheet (ability damage, drain, an enhancement bonus): its
  change of modifier moves Strength's melee attack rolls and melee and thrown damage
  (35-ABI-04), Dexterity's ranged attack rolls, AC and Reflex saves (35-ABI-05, the AC in
  ``armor.dex_shift``), Constitution's hit points (per Hit Die, at least 1 hp per HD) and
  Fortitude saves (35-ABI-06), Wisdom's Will saves.
- A creature without a score (``add --no-score dex``; ``--no-con`` for Constitution): no
  Str moves nothing and uses Dex for attack rolls; no Dex can't move and fails every
  Reflex save; no Con can't be fatigued or exhausted, takes no ability damage, drain or
  energy drain, and is immune to effects that require a Fortitude save unless harmless
  or working on objects (``save --harmless``).
- Ability damage (35-ABD-01, ``ability X dex -3``) is temporary, cured by magic
  (``ability X dex +2``); a score never goes below 0, and at 0 the creature is helpless:
  Str 0 falls and can't move (helpless, prone), Dex 0 paralyzed, Con 0 dies, Int 0 coma and
  Wis 0 restless sleep (unconscious), Cha 0 catatonic (helpless).
- Ability drain (35-ABI-03, ``--drain``) is permanent until Restoration (``ability X con
  +2 --drain``); a creature draining with a special attack (``--by``) gains 5 temporary
  hp, and on a critical hit (``--crit``) the points and the temporary hp double.
- Negative levels (35-CND-36, ``drain X N``): -1 each on attack rolls, saves, skill and
  ability checks, -5 hp each, one fewer effective Hit Die; as many as its Hit Dice kill.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from battletape.domain import dice
from battletape.domain.dnd35 import bonuses, conditions, stats
from battletape.domain.dnd35.ability_scores import score
from battletape.domain.dnd35.bonuses import Mod
from battletape.domain.dnd35.terms import ABILITIES, ability as ability_id
from battletape.domain.encounter import combatant, require_on
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import ConditionApplied, ConditionRemoved, Event
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random

SECTION = "Caratteristiche"
DRAIN_TEMP_HP = 5            # "generalmente ottiene 5 pf temporanei che durano 1 ora"
HP_PER_NEGATIVE_LEVEL = 5

#: 35-ABD-01: what a score of 0 does (besides Con 0: dead, in hit_points.status_of)
AT_ZERO: dict[str, tuple[str, ...]] = {
    "str": ("helpless", "prone"),     # "cade a terra incapace di muoversi"
    "dex": ("paralyzed",),            # "è paralizzata" (paralyzed implies helpless)
    "int": ("unconscious",),          # "entra in coma"
    "wis": ("unconscious",),          # "cade in un sonno agitato"
    "cha": ("helpless",),             # "va in catalessi"
}

#: which change of modifier moves which save (the saves the seed names per ability)
SAVE_ABILITY = {"fort": "con", "ref": "dex", "will": "wis"}


def label(ability: str) -> str:
    return {"str": "Str", "dex": "Dex", "con": "Con", "int": "Int", "wis": "Wis",
            "cha": "Cha"}[ability]


# --- the sheet --------------------------------------------------------------------------

def sheet_stats(no_score: list[str] | None) -> dict:
    """``add --no-score ABIL`` (repeatable): the abilities the creature has no score for
    (Constitution: the same as ``--no-con``)."""
    out: dict = {}
    none: list[str] = []
    for item in no_score or []:
        for part in str(item).split(","):
            if part.strip():
                a = ability_id(part, "--no-score")
                if a not in none:
                    none.append(a)
    if none:
        out["no_scores"] = none
        if "con" in none:
            out["no_con"] = True
    return out


def has_no(c: Combatant, ability: str) -> bool:
    """The creature has no score at all for ``ability`` (not a score of 0)."""
    return (ability == "con" and bool(stats.get(c, "no_con"))) or \
        ability in (c.extra.get("no_scores") or [])


def sheet_score(c: Combatant, ability: str) -> int | None:
    return (c.extra.get("scores") or {}).get(ability)


def modifier(c: Combatant, ability: str) -> int | None:
    """The current modifier (damage, drain and typed bonuses counted), None without a
    score on the sheet."""
    now = score(c, ability)
    return None if now is None else stats.modifier(now)


def shift(c: Combatant, ability: str) -> int:
    """How far the modifier has moved since the sheet (0 without a score)."""
    base = sheet_score(c, ability)
    if base is None:
        return 0
    return stats.modifier(score(c, ability)) - stats.modifier(base)


def effective_hd(c: Combatant) -> int:
    """Risucchio di energia: one fewer effective Hit Die per negative level."""
    return max(0, stats.get(c, "hd") - stats.get(c, "negative_levels"))


# --- what a change of score moves -------------------------------------------------------

def attack_mods(a: Combatant, kind: str | None) -> list[Mod]:
    """35-ABI-04/05: a changed Str modifier on melee attack rolls (Dex for a creature
    without Str), a changed Dex modifier on ranged attack rolls."""
    if kind == "melee":
        which = "dex" if has_no(a, "str") else "str"
    elif kind == "ranged":
        which = "dex"
    else:
        return []
    n = shift(a, which)
    return [Mod(n, "untyped", f"{label(which)} {score(a, which)} since the sheet")] \
        if n else []


def damage_mods(a: Combatant, kind: str | None, thrown: bool, str_given: bool
                ) -> list[Mod]:
    """35-ABI-04: a changed Str modifier on melee and thrown-weapon damage (not when the
    command gives ``--str`` itself); the typed damage bonuses (``mod X damage``)."""
    mods: list[Mod] = []
    if (kind == "melee" or thrown) and not str_given and not has_no(a, "str"):
        n = shift(a, "str")
        if n:
            mods.append(Mod(n, "untyped", f"Str {score(a, 'str')} since the sheet"))
    for m in a.extra.get("mods") or []:
        if m.get("stat") == "damage":
            mods.append(Mod(m["value"], m.get("bonus_type", "untyped"), m.get("source", "")))
    return bonuses.stacked(mods)


def save_mods(c: Combatant, kind: str) -> list[Mod]:
    """A save: the change of its ability's modifier, and the typed bonuses on ``save``
    or on this save (a resistance bonus: saves only, 35-BON-11)."""
    mods: list[Mod] = []
    which = SAVE_ABILITY[kind]
    n = shift(c, which)
    if n:
        mods.append(Mod(n, "untyped", f"{label(which)} {score(c, which)} since the "
                                      "sheet"))
    for m in c.extra.get("mods") or []:
        if m.get("stat") in ("save", kind) and not m.get("against"):
            mods.append(Mod(m["value"], m.get("bonus_type", "untyped"), m.get("source", "")))
    return bonuses.stacked(mods)


def sync_con(c: Combatant) -> None:
    """35-ABI-06: a change of the Con modifier changes the hit points by as much per Hit
    Die, the maximum never below 1 hp per Hit Die. Idempotent: ``con_hp`` is what has
    been applied so far."""
    if sheet_score(c, "con") is None:
        return
    hd = stats.get(c, "hd")
    want = hd * shift(c, "con")
    have = c.extra.get("con_hp", 0)
    if want == have:
        return
    new_max = max(hd, c.max_hp + want - have)
    real = new_max - c.max_hp
    c.max_hp = new_max
    c.hp += real
    c.extra["con_hp"] = have + real if want < have else want


# --- verbs ------------------------------------------------------------------------------

def change(state: EncounterState, name: str, text: str, points: int, drain: bool,
           by: str | None, crit: bool) -> list[Event]:
    """``ability NAME ABIL -N [--drain] [--by NAME] [--crit]``: ability damage or drain;
    ``+N`` cures damage (restores drain with ``--drain``)."""
    from battletape.domain.dnd35.events import AbilityChanged

    require_on(state)
    c = combatant(state, name)
    abil = ability_id(text)
    if points == 0:
        raise BadInput("points", points, N_("-N (damage or drain) or +N (cure)"))
    if crit and not (drain and points < 0):
        raise BadInput("--crit", "without a drain", N_("--drain and -N (a critical doubles "
                       "the points drained)"))
    if by is not None and not (drain and points < 0):
        raise BadInput("--by", by, N_("--drain and -N (the drainer gains temporary hp)"))
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "Condizioni: Morto", name=c.name)
    if stats.get(c, "no_con") and points < 0:
        refuse(N_("{name} has no Constitution score: it takes no ability damage or "
                  "drain"), f"{SECTION}: Costituzione", name=c.name)
    if has_no(c, abil):
        raise violation(N_("{name} has no {ability} score"), SECTION, name=c.name,
                        ability=ABILITIES[abil])
    base = sheet_score(c, abil)
    if base is None:
        raise BadInput("ability", abil,
                       N_("a score on {name}'s sheet (add --score {abil}:N)"),
                       name=c.name, abil=abil)
    pool = "ability_drain" if drain else "ability_damage"
    lost = (c.extra.get(pool) or {}).get(abil, 0)
    if points > 0:
        if not lost:
            raise violation(N_("{name} has no {ability} drain to restore") if drain
                            else N_("{name} has no {ability} damage to cure"),
                            "Risucchio di caratteristica" if drain
                            else "Danni alle caratteristiche", name=c.name,
                            ability=ABILITIES[abil])
        amount = -min(points, lost)
    else:
        asked = -points * (2 if crit else 1)
        # 35-ABD-01: "un punteggio di caratteristica non può mai scendere sottozero"
        amount = min(asked, score(c, abil))
    drainer = combatant(state, by).name if by else None
    temp = DRAIN_TEMP_HP * (2 if crit else 1) if drainer else 0
    events: list[Event] = [AbilityChanged(name=c.name, ability=abil, amount=amount,
                                          drain=drain, drainer=drainer, temp_hp=temp,
                                          asked=-points * (2 if crit else 1),
                                          crit=crit)]
    after = score(c, abil) - amount
    source = f"{label(abil)} 0"
    if after == 0 and score(c, abil) > 0:
        for cond in AT_ZERO.get(abil, ()):
            if cond not in c.conditions:
                events.append(ConditionApplied(name=c.name, condition=cond, source=source))
    elif after > 0 and score(c, abil) == 0:
        for cond in AT_ZERO.get(abil, ()):
            held = c.conditions.get(cond)
            if held is not None and held.source == source:
                events.append(ConditionRemoved(name=c.name, condition=cond,
                                               reason=f"{label(abil)} {after}"))
    return events


def energy_drain(state: EncounterState, name: str, count: int, by: str | None
                 ) -> list[Event]:
    """``drain NAME N [--by NAME]``: negative levels (Risucchio di energia, 35-CND-36);
    ``-N`` removes them (Ristorare)."""
    from battletape.domain.dnd35.events import Died, NegativeLevelsGained

    require_on(state)
    c = combatant(state, name)
    if count == 0:
        raise BadInput("negative levels", count, N_("N (gained) or -N (removed)"))
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "Condizioni: Morto", name=c.name)
    if stats.get(c, "no_con") and count > 0:
        refuse(N_("{name} has no Constitution score: immune to energy drain"),
               f"{SECTION}: Costituzione", name=c.name)
    held = stats.get(c, "negative_levels")
    if count < 0 and -count > held:
        raise BadInput("negative levels", count,
                       N_("at most -{held} ({name} has {held})"), held=held, name=c.name)
    drainer = combatant(state, by).name if by else None
    events: list[Event] = [NegativeLevelsGained(name=c.name, count=count, drainer=drainer)]
    hd = stats.get(c, "hd")
    if count > 0 and held + count >= hd:
        events.append(Died(name=c.name, cause=f"{held + count} negative levels, Hit Dice "
                                              f"{hd}"))
    return events


def check(state: EncounterState, rng: "random.Random", name: str, text: str,
          natural: int | None, dc: int | None, bonus: int | None) -> list[Event]:
    """35-ABI-02: an ability check, 1d20 + the ability's modifier (``--bonus`` without a
    score on the sheet), the checks' penalties and bonuses, negative levels."""
    from battletape.domain.dnd35.events import AbilityCheckMade

    require_on(state)
    c = combatant(state, name)
    abil = ability_id(text)
    if c.status == "dead":
        raise violation(N_("{name} is dead"), "Condizioni: Morto", name=c.name)
    if has_no(c, abil):
        raise violation(N_("{name} has no {ability} score: no {ability} check"), SECTION,
                        name=c.name, ability=ABILITIES[abil])
    modifiers: dict[str, int] = {}
    if bonus is not None:
        modifiers["bonus"] = bonus
    else:
        mod = modifier(c, abil)
        if mod is None:
            raise BadInput("--bonus", None,
                           N_("the {n} modifier ({name}'s sheet has no {abil} score)"),
                           n=label(abil), name=c.name, abil=abil)
        modifiers[f"{label(abil)} {score(c, abil)}"] = mod
    mods = [Mod(v, "untyped", n) for n, v in
            ((n, conditions.EFFECTS[n].checks) for n in c.conditions
             if n in conditions.EFFECTS and n not in conditions.FEAR) if v]
    fear = conditions.fear_penalty(c, "checks")
    if fear:
        mods.append(Mod(fear, "untyped", "fear"))
    levels = stats.get(c, "negative_levels")
    if levels:
        mods.append(Mod(-levels, "untyped", f"{levels} negative level(s)"))
    from battletape.domain.dnd35 import armor
    mods += armor.check_mods(c, abil)     # 35-ARM-01: non-proficient armor, Str and Dex
    for m in c.extra.get("mods") or []:
        if m.get("stat") == "checks" and not m.get("against"):
            mods.append(Mod(m["value"], m.get("bonus_type", "untyped"), m.get("source", "")))
    for m in bonuses.stacked(mods):
        key = m.source or m.type
        modifiers[key] = modifiers.get(key, 0) + m.value
    if dc is not None and not 0 <= dc <= 99:
        raise BadInput("--dc", dc, "0..99")
    total_mod = sum(modifiers.values())
    roll = dice.d20_roll(natural, rng, total_mod)
    total = roll.faces[0] + total_mod
    return [AbilityCheckMade(name=c.name, ability=abil, roll=roll, natural=roll.faces[0],
                             modifiers=modifiers, total=total, dc=dc,
                             success=None if dc is None else total >= dc)]


# --- fold and view ----------------------------------------------------------------------

def fold_changed(state: EncounterState, e: Any) -> None:
    from battletape.domain.dnd35 import hit_points

    c = state.combatants[e.name]
    pool = "ability_drain" if e.drain else "ability_damage"
    lost = dict(c.extra.get(pool) or {})
    lost[e.ability] = lost.get(e.ability, 0) + e.amount
    if not lost[e.ability]:
        del lost[e.ability]
    c.extra[pool] = lost
    if e.drainer and e.temp_hp:
        by = state.combatants[e.drainer]
        by.temp_hp = max(by.temp_hp, e.temp_hp)
    sync_con(c)
    hit_points.settle(c)


def view_keys(c: Combatant) -> dict[str, Any]:
    scores = {a: score(c, a) for a in (c.extra.get("scores") or {})}
    return {"scores": scores,
            "ability_modifiers": {a: stats.modifier(v) for a, v in scores.items()},
            "no_scores": sorted(set(c.extra.get("no_scores") or []) |
                                ({"con"} if stats.get(c, "no_con") else set())),
            "effective_hd": effective_hd(c)}
