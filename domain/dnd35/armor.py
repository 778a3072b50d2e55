"""D&D 3.5 (seed 003), Armature e Carico (Armor and Load): what reaches a combat sheet.

- *Competenza nelle armature* (35-ARM-01): armor or a shield the wearer is not proficient
  with (``add --armor-nonproficient``) applies its armor check penalty (``add
  --armor-check -N``, armor and shield added) to every attack roll -- the touch attacks
  and opposed attack rolls of special moves too -- and to every Str- or Dex-based
  ability check: ``ability-check X str|dex`` and the Str, Dex and grapple checks of
  ``maneuver`` (a grapple check is Str-based, "like a melee attack roll"). Skill checks
  and initiative are not rolled here (``--init`` is the sheet's).
- *Destrezza Massima* (35-ARM-02, ``add --max-dex N``): the Dex bonus to AC stops at the
  armor's maximum. The sheet's ACs already hold it; what the tracker keeps is the part of
  a change of Dex (ability damage or drain, ``--score dex:N``) that reaches the AC: a
  lower Dex lowers the AC only below the cap. Max Dex 0 is not losing the Dex bonus:
  dodge bonuses still apply.
- *Fallimento degli incantesimi* (35-ARM-03, ``add --spell-failure ARMOR[,SHIELD]``,
  ``spell-failure NAME``): an arcane caster in armor or with a shield rolls d100 for each
  spell with a somatic component; at most the chance (armor and shield added, one roll)
  wastes the spell.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from battletape.domain.dnd35 import ability_scores, stats
from battletape.domain.dnd35.bonuses import Mod
from battletape.domain.encounter import combatant, require_on
from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.events import Event
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random

SECTION = "Armature e Carico"


def sheet_stats(armor_check: int | None, armor_nonproficient: bool, max_dex: int | None,
                spell_failure: str | None) -> dict:
    """The armor numbers ``add`` records in ``CombatantAdded.stats``."""
    out: dict = {}
    if armor_check is not None:
        if not -40 <= armor_check <= 0:
            raise BadInput("--armor-check", armor_check,
                           N_("the armor check penalty, 0 to -40 (armor and shield "
                              "added)"))
        out["armor_check"] = armor_check
    if armor_nonproficient:
        if not armor_check:
            raise BadInput("--armor-nonproficient", "without --armor-check",
                           N_("--armor-check -N as well (the penalty it applies)"))
        out["armor_nonproficient"] = True
    if max_dex is not None:
        if not 0 <= max_dex <= 20:
            raise BadInput("--max-dex", max_dex,
                           N_("0..20 (the armor's maximum Dex bonus)"))
        out["max_dex"] = max_dex
    if spell_failure:
        parts = [p.strip().rstrip("%") for p in spell_failure.split(",") if p.strip()]
        try:
            chances = [int(p) for p in parts]
        except ValueError:
            raise BadInput("--spell-failure", spell_failure,
                           N_("ARMOR[,SHIELD] percentages, e.g. 20,15")) from None
        if not chances or len(chances) > 2 or any(not 0 <= c <= 100 for c in chances):
            raise BadInput("--spell-failure", spell_failure,
                           N_("ARMOR[,SHIELD] percentages 0..100, e.g. 20,15"))
        out["spell_failure"] = min(100, sum(chances))
    return out


def attack_mods(a: Combatant) -> list[Mod]:
    """35-ARM-01: a non-proficient wearer's armor check penalty on every attack roll."""
    penalty = a.extra.get("armor_check") or 0
    if a.extra.get("armor_nonproficient") and penalty:
        return [Mod(penalty, "untyped", "armor check penalty (non-proficient armor)")]
    return []


def check_mods(c: Combatant, ability: str) -> list[Mod]:
    """35-ARM-01: the same penalty on a Str- or Dex-based ability check."""
    return attack_mods(c) if ability in ("str", "dex") else []


def dex_shift(c: Combatant) -> tuple[int, int]:
    """How far a change of Dex since the sheet moves (AC and touch AC, flat-footed AC),
    with the armor's maximum Dex bonus (Destrezza Massima)."""
    scores = c.extra.get("scores") or {}
    if "dex" not in scores:
        return 0, 0
    base = stats.modifier(scores["dex"])
    now = stats.modifier(ability_scores.score(c, "dex"))
    cap = c.extra.get("max_dex")
    if cap is not None:
        base, now = min(base, cap), min(now, cap)
    # flat-footed: no Dex bonus, but a Dex penalty stays
    return now - base, min(0, now) - min(0, base)


def spell_failure(state: EncounterState, rng: "random.Random", name: str,
                  natural: int | None, chance: int | None, spell: str = "") -> list[Event]:
    from battletape.domain.dnd35.events import SpellFailureRolled
    from battletape.domain.dice import d100

    require_on(state)
    c = combatant(state, name)
    if chance is None:
        chance = c.extra.get("spell_failure")
        if chance is None:
            raise BadInput("--chance", "missing",
                           N_("the failure chance ({name}'s sheet has none: add "
                              "--spell-failure ARMOR[,SHIELD])"), name=c.name)
    if not 0 <= chance <= 100:
        raise BadInput("--chance", chance, N_("a percentage 0..100"))
    roll = d100(natural, rng, "--roll")
    return [SpellFailureRolled(name=c.name, roll=roll, chance=chance,
                               failed=roll.total <= chance, spell=spell)]
