"""D&D 3.5 (seed 003), Griglia di battaglia (Battle Grid): flanking, sight, light,
concealment, cover, size.

battletape keeps no map: the circumstances are flags of the attack.

- *Fiancheggiare*: +2 on a **melee** attack against an opponent threatened by an ally on
  the opposite side (35-FLK-01): ``--flank``.
- *Linea di visuale*: fog, darkness and smoke block sight but not effect: the attacker
  attacks blind, "considerando i bersagli come se fossero invisibili" -- total
  concealment, 50% (35-LOS-01): ``--obscured``.
- *Illuminazione*: in dim light a creature without darkvision treats every enemy as having
  concealment (20%); in darkness it is blinded, so every opponent has total concealment
  (50%) (35-LGT-01): ``--light dim|dark``; ``add --darkvision`` sees through both (⚠ the
  seed says "sensi speciali come la Scurovisione" without ranges: darkvision counts as
  seeing normally in either).
- *Occultamento*: 20% miss chance rolled on d100 after the attack roll (01-20 miss, the
  usual reading); *Occultamento totale*: 50% and no attack of opportunity; several
  concealing effects don't stack: the highest counts (35-CON-01/02).
- *Copertura*: +4 AC (+2 Reflex) and no attack of opportunity; soft cover +4 against
  ranged attacks only; limited +2 (+1); improved +8 (+4 Reflex, and improved evasion on a
  Reflex save for half damage); total: no attack at all (35-COV-01..06). An attack that
  missed but would have hit without the cover's bonus deals its damage to the cover,
  hardness subtracted (35-COV-02, ``CoverHit``).
- *Taglia*: the size bonus between creatures of different size (``size``, 35-SIZ-01).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain.dnd35 import size, stats
from battletape.domain.dnd35.armor_class import COVER
from battletape.domain.dnd35.bonuses import Mod
from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.state import Combatant

if TYPE_CHECKING:
    from battletape.domain.dnd35.attack_order import AttackOrder
    from battletape.domain.dnd35.damage import DamageRoller
    from battletape.domain.events import Event

LIGHTS = ("bright", "dim", "dark")
CONCEALMENT, TOTAL = 20, 50


def attack_mods(o: "AttackOrder") -> list[Mod]:
    mods: list[Mod] = []
    if o.flank:
        if o.kind != "melee":
            refuse(N_("flanking gives +2 on a melee attack only (--kind melee)"),
                   "Fiancheggiare")
        mods.append(Mod(2, "flanking", "flanking"))
    if o.into_melee:
        if o.kind != "ranged":
            refuse(N_("shooting into melee is a ranged attack (--kind ranged)"),
                   "Tirare nella mischia")
        mods.append(Mod(-4, "untyped", "shooting into melee"))
    return mods


def versus(a: Combatant, t: Combatant, o: "AttackOrder") -> list[Mod]:
    """What depends on the two creatures: the attacker's size bonus (35-SIZ-01)."""
    return size.attack_mods(a, t)


def sees(a: Combatant) -> bool:
    return bool(stats.get(a, "darkvision"))


def miss_chance(a: Combatant, t: Combatant, o: "AttackOrder") -> tuple[int, str]:
    """The miss chance the light and the line of sight give ``a``'s attack."""
    if o.light is not None and o.light not in LIGHTS:
        raise BadInput("--light", o.light, N_("bright, dim or dark"))
    if o.obscured:
        return TOTAL, "attacking blind: the target counts as invisible (Linea di visuale)"
    if o.light == "dark" and not sees(a):
        return TOTAL, f"darkness: {a.name} is blinded (Illuminazione)"
    if o.light == "dim" and not sees(a):
        return CONCEALMENT, "dim light: every enemy has concealment (Illuminazione)"
    return 0, ""


def check(a: Combatant, t: Combatant, o: "AttackOrder") -> None:
    """Refusals of the battle grid beyond cover (``attacks`` refuses total cover)."""
    chance, why = miss_chance(a, t, o)
    if o.opportunity and chance >= TOTAL:
        refuse(N_("no attack of opportunity against an opponent with total concealment "
                  "({why})"), "Occultamento Totale", why=why)
    if o.cover_hardness is not None:
        if o.cover_hardness < 0:
            raise BadInput("--cover-hardness", o.cover_hardness, N_("0 or more"))
        if o.cover in (None, "none", "soft"):
            raise BadInput("--cover-hardness", o.cover_hardness,
                           N_("--cover normal, limited or improved (an object as cover)"))


def hits_cover(o: "AttackOrder", natural: int, total: int, defense: int,
               hit: bool) -> bool:
    """35-COV-02: a miss that would have hit without the cover's AC bonus (a soft cover
    is a creature, not an object; a natural 1 misses anyway)."""
    if hit or natural == 1 or o.cover not in ("normal", "limited", "improved"):
        return False
    return total >= defense - COVER[o.cover][0]


def damage_to_cover(a: Combatant, t: Combatant, o: "AttackOrder", roller: "DamageRoller",
                    label: str) -> "Event":
    """The attack's damage dealt to the cover, its hardness subtracted."""
    from battletape.domain.dnd35.events import CoverHit

    amount, roll, _ = roller.hit(a, t, 1, False, label)
    hardness = o.cover_hardness or 0
    return CoverHit(attacker=a.name, target=t.name, cover=o.cover or "normal",
                    damage_roll=roll, damage=amount, hardness=hardness,
                    dealt=max(0, amount - hardness))


def reflex_damage(amount: int, saved: bool, cover: str | None) -> tuple[int, str]:
    """Damage halved by a Reflex save; improved cover acts as Improved Evasion: nothing
    on a success, half on a failure (35-COV-05). Halves round down."""
    if cover == "improved":
        return (0, "improved cover (Improved Evasion): no damage on a successful Reflex "
                   "save") if saved else (amount // 2, "improved cover (Improved Evasion): "
                                                       "half damage on a failed save")
    return (amount // 2, "half damage: Reflex save passed") if saved else \
        (amount, "Reflex save failed: full damage")


def reflex_decision(direct, target: str, amount: int, nonlethal: bool, type_: str | None,
                    hardness: int | None, reflex: str | None, cover: str | None):
    """``damage T N --reflex passed|failed [--cover improved]``: an area's damage after a
    Reflex save for half, improved cover acting as Improved Evasion (35-COV-05)."""
    import msgspec

    if reflex not in ("passed", "failed"):
        raise BadInput("--reflex", reflex,
                       N_("passed or failed (the Reflex save for half)"))
    if cover is not None and cover not in COVER:
        raise BadInput("--cover", cover, ", ".join(COVER))
    dealt, why = reflex_damage(amount, reflex == "passed", cover)

    def decide(state, rng):
        events = direct(state, target, dealt, nonlethal, type_, hardness)
        return [msgspec.structs.replace(e, source=why) if hasattr(e, "source") and
                type(e).__name__ in ("DamageTaken", "NonlethalDamageTaken") else e
                for e in events]
    return decide
