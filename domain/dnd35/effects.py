"""D&D 3.5 (seed 003): named effects of spells and powers on the interface every system
shares (``domain/named_effects.py``, issue 24), and what the seed only names.

``cond add NAME EFFECT [--mod STAT:+N[:TYPE]]... [--source CASTER] [--rounds N |
--until end-of-turn[:NAME] | --until end-of-next-turn[:NAME]] [--save-ends SAVE:DC]``;
the seed's conditions take ``--until`` and ``--save-ends`` too (``cond add Kael shaken
--source Hag --save-ends will:15``).

The modifiers (``--mod``, repeatable; the bearer is the creature the effect is on):

- ``STAT:+N[:TYPE]`` a typed bonus (``mod``'s statistics: ac, attack, save, fort, ref,
  will, damage, the six scores, initiative, checks), stacked as ``mod``'s (35-BON-*):
  ``ac:+2:deflection`` (Shield of Faith), ``will:+2:morale``, ``wis:+4:enhancement``
  (a score's modifier changes the saves it rules: Owl's Wisdom, Will +2);
- ``threat:N`` its weapon attacks threaten on a natural N or more (Keen Edge on a
  longsword, 19-20 doubled: ``threat:17``), never a wider range than the one it sets:
  the lower of ``--threat`` and the effect's counts, and two effects do not add up
  (the SRD: keen and Improved Critical don't stack; the GM types the range);
- ``dr:N[:WORD]`` damage reduction N/WORD (N/-- without a word) against the damage of
  weapon attacks of no type or a physical one (piercing, slashing, bludgeoning); an
  attack ``--magic`` overcomes ``dr:N:magic``; never below 0;
- ``resist:N:TYPE`` energy resistance N to TYPE (acid, cold, electricity, fire, sonic):
  each attack or ``damage`` of that type loses N (Resist Energy: ``resist:10:fire``);
- ``immune:TYPE`` no damage of that type.

Where the reading matters (the seed names damage reduction and energy resistance, "come
la RD", but gives no mechanics: rules/3.5e.md section 16): battletape follows the SRD
3.5. Reductions from several effects don't stack: the best one that applies counts
(SRD, Damage Reduction: "the two forms of damage reduction do not stack"; the same for
energy resistance). Nonlethal damage is reduced as lethal is. A reduction is recorded as
the attack's tag ("DR 5/magic (stoneskin): -5").

A condition a save ends (``--save-ends SAVE:DC``): the bearer repeats the save at the
end of each of its turns (``next --save NAME=N``, else rolled virtually); each save is
its own ``SaveRolled``, whose ``ends`` names the condition, and a success removes it.
``effect SOURCE TARGETS --save will --dc 15 --condition shaken [--save-ends] [--rounds
N]``: one save per target, the condition on a failure, no damage (the seed's fear,
Cause Fear, a hag's gaze).
"""

from __future__ import annotations

from battletape.domain import named_effects
from battletape.domain.words import N_
from battletape.domain.errors import BadInput

PHYSICAL = ("piercing", "slashing", "bludgeoning")
ENERGY = ("acid", "cold", "electricity", "fire", "sonic")
SECTION = "Danni: RD e resistenze (SRD; only named by the seed)"


def spec() -> dict[str, str]:
    from battletape.domain.dnd35.bonus_effects import STATS

    return {**{s: "typed-n" for s in STATS}, "threat": "face", "dr": "typed-n",
            "resist": "typed-n", "immune": "word"}


def _word(target: str, word: str) -> str:
    from battletape.domain.dnd35 import bonuses
    from battletape.domain.dnd35.terms import damage_type

    if target == "dr":
        return word.strip().lower()
    if target in ("resist", "immune"):
        kind = damage_type(word)
        if target == "resist" and kind not in ENERGY:
            raise BadInput("--mod", f"{target}:{word}", N_("an energy type: {types}"),
                           types=", ".join(ENERGY))
        return kind
    return bonuses.bonus_type(word)


def modifiers(given: list[str] | None) -> dict[str, int]:
    """``--mod`` values into {key: N}; ``resist`` needs its type and a value above 0,
    ``dr`` a value above 0."""
    out = named_effects.parse(list(given or []), spec(), _word)
    for key, value in out.items():
        what = key.split(":", 1)[0]
        if what == "resist" and (":" not in key or value < 1):
            raise BadInput("--mod", key, N_("resist:N:TYPE, e.g. resist:10:fire"))
        if what == "dr" and value < 1:
            raise BadInput("--mod", key, N_("dr:N[:WORD], e.g. dr:5:magic"))
    return out


def is_bonus(key: str) -> bool:
    """A typed bonus (kept in ``mod``'s list), not a threat range or a reduction."""
    from battletape.domain.dnd35.bonus_effects import STATS

    return key.split(":", 1)[0] in STATS


def save_ends(text: str | None) -> str | None:
    """``will:15`` -> ``will:15`` (checked): the save that ends the condition."""
    from battletape.domain.dnd35.terms import save

    return named_effects.save_spec(text, save, "will:15")


# --- what the rolls read -------------------------------------------------------------------

def threat_floor(a, threat: int) -> tuple[int, str | None]:
    """The lowest natural that threatens for ``a``: ``--threat`` or its effects'
    ``threat:N``, the lower (they never add up), and the effect that set it."""
    best, why = threat, None
    for n, v in named_effects.numbers(a, "threat").items():
        if v < best:
            best, why = v, n
    return best, why


def reduced(t, amount: int, dtype: str | None, magic: bool = False
            ) -> tuple[int, list[str]]:
    """The damage ``t`` takes after its effects' immunity, energy resistance or damage
    reduction (the best one that applies), and the tags that say why."""
    if amount <= 0:
        return amount, []
    kind = dtype or "untyped"
    for n, info in t.conditions.items():
        if (info.mods or {}).get(f"immune:{kind}"):
            return 0, [f"immune to {kind} ({n}): -{amount}"]
    best, why = 0, ""
    if kind in ENERGY:
        for n, info in t.conditions.items():
            v = (info.mods or {}).get(f"resist:{kind}", 0)
            if v > best:
                best, why = v, f"resistance to {kind} {v} ({n})"
    elif kind in PHYSICAL + ("untyped",):
        for n, info in t.conditions.items():
            for key, v in (info.mods or {}).items():
                what, _, word = key.partition(":")
                if what != "dr" or v <= best or (word == "magic" and magic):
                    continue
                best, why = v, f"DR {v}/{word or '—'} ({n})"
    if not best:
        return amount, []
    cut = min(best, amount)
    return amount - cut, [f"{why}: -{cut}"]
