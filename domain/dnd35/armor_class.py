"""D&D 3.5 (seed 003), Classe Armatura (35-AC-01): the AC an attack is rolled against.

AC = 10 + Dex + armor + shield + natural armor + dodge (+ others). The sheet gives the
three numbers (``add --ac --touch --flat-footed``); their difference is the Dex and dodge
part. Flat-footed: no Dex and no dodge bonus. A touch attack ignores armor, shield and
natural armor (35-ATK-08) -- but an incorporeal attacker's touch not a force effect's
(Mage Armor, ``mod --force-effect``; Incorporeo, 35-CND-22). A creature that loses its Dex bonus (flat-footed, blinded,
stunned, cowering, helpless, pinned, climbing, running, feinted, attacked by one it can't
see) is hit against its flat-footed AC, or its touch AC without Dex; one that counts as
Dex 0 (helpless, pinned, paralyzed) takes -5 in place of its Dex modifier. Conditions,
cover and the moves that last until a creature's next turn (charge -2, fighting
defensively +2 dodge, total defense +4 dodge, aid another +2) change it, stacked by
type (Bonus).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from battletape.domain.dnd35 import attacks_of_opportunity as aoo, bonuses, conditions, stats
from battletape.domain.dnd35.bonuses import Mod
from battletape.domain.state import Combatant, EncounterState

SECTION = "Classe Armatura"

#: Copertura: AC bonus, Reflex bonus, against what (35-COV-01..06)
COVER = {"normal": (4, 2, "all"), "soft": (4, 0, "ranged"), "limited": (2, 1, "all"),
         "improved": (8, 4, "all"), "total": (None, None, "all"), "none": (0, 0, "all")}


@dataclass
class Defense:
    value: int
    base: str                       # which of the sheet's ACs: ac, touch, flat-footed
    parts: dict[str, int] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)


def sheet(c: Combatant) -> tuple[int, int, int]:
    """(AC, touch AC, flat-footed AC) as the sheet gives them."""
    ff = stats.get(c, "flat_footed_ac")
    ff = c.ac if ff is None else ff
    touch = stats.get(c, "touch")
    touch = 10 + max(0, c.ac - ff) if touch is None else touch
    return c.ac, touch, ff


def denied_dex(state: EncounterState, t: Combatant, a: Combatant | None,
               unseen: bool = False) -> list[str]:
    """Why ``t`` has no Dex bonus to AC against ``a`` (an empty list: it keeps it)."""
    out: list[str] = []
    if aoo.flat_footed(state, t):
        out.append("flat-footed")
    for n in conditions.has(t, "loses_dex"):
        if n == "flat-footed" and "flat-footed" in out:
            continue
        if n == "climbing" and stats.get(t, "climb_speed"):
            continue        # Scalare: a creature with a climb speed keeps its Dex bonus
        out.append(n)
    if "grappling" in t.conditions and a is not None and a.name not in (
            t.extra.get("grappling_with") or []) and \
            a.name != t.conditions["grappling"].source:
        out.append("grappling")
    if stats.get(t, "running"):
        out.append("running")
    if a is not None and stats.get(t, "feinted_by") == a.name:
        out.append(f"feinted by {a.name}")
    if unseen:
        out.append("can't see the attacker")
    return out


def incorporeal(a: Combatant | None) -> bool:
    """Incorporeo (35-CND-22): an incorporeal attacker's touch is an incorporeal touch
    attack, which ignores armor, shield and natural armor "a meno che derivino da effetti
    di Forza (come Armatura Magica)" (``mod X ac 4 --type armor --force-effect``)."""
    return a is not None and "incorporeal" in a.conditions


def defense(state: EncounterState, a: Combatant | None, t: Combatant, vs: str,
            kind: str | None, cover: str | None = None, unseen: bool = False) -> Defense:
    ac, touch, ff = sheet(t)
    dex_part = max(0, ac - ff)
    base = {"ac": ac, "touch": touch, "flat-footed": ff}[vs]
    d = Defense(value=base, base=vs, parts={f"{vs} (sheet)": base})
    denied = denied_dex(state, t, a, unseen)
    if denied and vs in ("ac", "touch") and dex_part:
        d.parts["no Dex or dodge bonus"] = -dex_part
        d.tags.append("loses Dex to AC: " + ", ".join(denied))
    dex_zero = conditions.has(t, "dex_zero")
    if dex_zero and vs != "flat-footed":
        d.parts["counts as Dex 0"] = -5 - (0 if denied else dex_part)
        d.tags.append("Dex 0: " + ", ".join(dex_zero))
    elif dex_zero:
        d.parts["counts as Dex 0"] = -5
    else:
        from battletape.domain.dnd35.armor import dex_shift
        shift_ac, shift_ff = dex_shift(t)
        shift = shift_ac if vs != "flat-footed" and not denied else shift_ff
        if shift:
            d.parts["Dex changed since the sheet" + (
                f" (max Dex {t.extra['max_dex']:+d})"
                if t.extra.get("max_dex") is not None else "")] = shift
    mods: list[Mod] = []
    for n, e in conditions.effects(t):
        if e.ac:
            mods.append(Mod(e.ac, "untyped", n))
        if e.ac_melee and kind == "melee":
            if n == "pinned" and a is not None and a.name == (t.conditions[n].source or ""):
                continue
            mods.append(Mod(e.ac_melee, "untyped", n))
        if e.ac_ranged and kind == "ranged":
            mods.append(Mod(e.ac_ranged, "untyped", n))
    if "pinned" in t.conditions and not (
            a is not None and a.name == (t.conditions["pinned"].source or "")):
        mods.append(Mod(-4, "untyped", "pinned"))
    for m in t.extra.get("mods") or []:
        if m.get("stat") != "ac":
            continue
        if m.get("against") and (a is None or m["against"] != a.name):
            continue
        if m.get("bonus_type") == "dodge" and (denied or vs == "flat-footed"):
            continue        # 35-BON-12: lost with the Dex bonus (flat-footed AC too)
        if m.get("bonus_type") in bonuses.IGNORED_BY_TOUCH and vs == "touch" and not (
                m.get("force") and incorporeal(a)):
            continue        # an incorporeal touch: a force effect's armor still counts
        mods.append(Mod(m["value"], m.get("bonus_type", "untyped"), m.get("source", "")))
    from battletape.domain.dnd35.size import ac_mods
    mods += ac_mods(t, a)
    if cover and cover != "none":
        bonus, _, against = COVER[cover]
        if against == "all" or kind == against:
            mods.append(Mod(bonus, "cover", f"{cover} cover"))
    for m in bonuses.stacked(mods):
        label = m.source or m.type
        d.parts[label] = d.parts.get(label, 0) + m.value
    d.value = sum(d.parts.values())
    return d
