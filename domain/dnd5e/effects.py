"""5e: named effects of spells and features, with modifiers, durations, a save that
ends them and concentration (issue 24; the seed has none of them: battletape follows
the official SRD and says so here).

``cond add NAME EFFECT [--mod TARGET:VALUE]... [--source CASTER] [--rounds N |
--until end-of-turn[:NAME] | --until end-of-next-turn[:NAME]] [--save-ends ABIL:DC]
[--concentration]``; the seed's conditions take the same options (``cond add Bruna
frightened --source Hag --save-ends wis:13``).

The modifiers (``--mod``, repeatable; the bearer is the creature the effect is on):

- ``attack:+N`` its attack rolls; ``ac:+N`` its Armor Class (Mage Armor: ``ac:+3``);
  ``save:+N`` every saving throw, ``dex-save:+N`` (str, dex, con, int, wis, cha) one;
- ``damage:+N`` or ``damage:+XdY`` the damage of its attacks (Rage: ``damage:+2``);
- ``resist:TYPE``, ``vulnerable:TYPE``, ``immune:TYPE`` damage of that type taken by
  it (Rage: ``resist:bludgeoning`` ...), with the seed's order and no stacking
  (5E-RES-03: a resistance from the sheet and one from an effect are one);
- ``crit:N`` its attacks crit on a natural N or more (Champion: ``crit:19``);
- ``no-healing``: it can't regain hit points (Chill Touch): ``heal`` is refused;
- ``source-attack:+N``, ``source-damage:+N|+XdY``, ``source-crit:N``: the attacks of
  the effect's ``--source`` against the bearer (Hex on the target:
  ``source-damage:+1d6``; Hexblade's Curse: ``source-crit:19``).

Numbers are added as they are (no roll); dice of ``damage`` join the attack's damage:
rolled with it virtually (and twice on a critical hit, as the SRD doubles every damage
die of the attack), or, with ``--dmg``, already in the total typed (checked against
the joined expression when ``--damage`` is given). Where the reading matters: flat
numbers are never doubled on a critical hit.

Durations: ``--rounds N`` (the seed's "round + N"), ``--until end-of-turn`` or
``end-of-next-turn`` (the bearer's turn), ``end-of-turn:NAME`` /
``end-of-next-turn:NAME`` (NAME's turn: the caster's, "until the end of your next
turn"). ``--save-ends ABIL:DC``: at the end of each of the bearer's turns it repeats
the save (``next --save NAME=N``, or rolled virtually); the save is its own
``SaveRolled``, whose ``ends`` names the condition, and a success removes it.

Concentration (5E-GAP-14, absent from the seed; the SRD's): ``--concentration`` with
``--source CASTER``. The caster concentrates on one effect: a new one of another name
ends the old ones (the same name on another creature is the same spell with one more
target: Bless on three). When the caster takes damage it owes a Constitution save, DC
10 or half the damage if higher, one per instance of damage (``state --json``
``concentration_saves``, a key
only while one is owed); ``save CASTER --ability con`` (no ``--dc``) makes the first
one, and a failure ends every effect it concentrates on. ``next`` is refused while one
is owed (a GM may force it). Falling unconscious ends concentration in the SRD: here
the owed save does not, the GM removes the effect (``cond remove``).
"""

from __future__ import annotations

from battletape.domain import named_effects
from battletape.domain.dnd5e.terms import ABILITIES, CONDITIONS, damage_type
from battletape.domain.errors import BadInput

SAVES = tuple(f"{a}-save" for a in ABILITIES)
SPEC = {"attack": "n", "ac": "n", "save": "n", **{s: "n" for s in SAVES},
        "damage": "dice", "resist": "word", "vulnerable": "word", "immune": "word",
        "crit": "face", "no-healing": "flag", "source-attack": "n",
        "source-damage": "dice", "source-crit": "face"}
CONCENTRATION = "concentration"  # the mark of an effect held by concentration
SECTION = "Effects and concentration (SRD; absent from the seed)"


def _word(target: str, word: str) -> str:
    return damage_type(word) or word


def modifiers(given: list[str] | None) -> dict[str, int]:
    return named_effects.parse(list(given or []), SPEC, _word)


def effect_key(text: str) -> str:
    return named_effects.effect_key(text, list(CONDITIONS) + list(CONDITIONS.values()))


def save_ends(text: str | None) -> str | None:
    """``wis:13`` -> ``wis:13`` (checked): the save that ends the condition."""
    from battletape.domain.dnd5e.terms import ability

    return named_effects.save_spec(text, ability, "wis:13")


save_of = named_effects.save_of


# --- what the rolls read -----------------------------------------------------------------

def attack_bonus(a, t) -> dict[str, int]:
    """{effect: N} on ``a``'s attack roll against ``t``."""
    out = named_effects.numbers(a, "attack")
    out.update({n: v for n, v in named_effects.numbers(t, "source-attack").items()
                if t.conditions[n].source == a.name})
    return out


def crit_floor(a, t) -> tuple[int, str | None]:
    """The lowest natural that crits for ``a`` against ``t``, and the effect."""
    best, why = 20, None
    for n, v in named_effects.numbers(a, "crit").items():
        if v < best:
            best, why = v, n
    for n, v in named_effects.numbers(t, "source-crit").items():
        if t.conditions[n].source == a.name and v < best:
            best, why = v, n
    return best, why


def damage_parts(a, t) -> tuple[list[tuple[str, str]], dict[str, int]]:
    """The dice ([(effect, "1d6")]) and numbers ({effect: N}) added to the damage of
    ``a``'s attack on ``t``."""
    dice: list[tuple[str, str]] = []
    flat = dict(named_effects.numbers(a, "damage"))
    for key, (n, v) in named_effects.with_prefix(a, "damage").items():
        dice.append((n, ("-" if v < 0 else "") + key.split(":", 1)[1]))
    for n, info in t.conditions.items():
        if info.source != a.name or not info.mods:
            continue
        for key, v in info.mods.items():
            if key == "source-damage" and v:
                flat[n] = flat.get(n, 0) + v
            elif key.startswith("source-damage:") and v:
                dice.append((n, ("-" if v < 0 else "") + key.split(":", 1)[1]))
    return dice, flat


def ac_bonus(t) -> dict[str, int]:
    return named_effects.numbers(t, "ac")


def save_bonus(c, abil: str) -> dict[str, int]:
    out = dict(named_effects.numbers(c, "save"))
    for n, v in named_effects.numbers(c, f"{abil}-save").items():
        out[n] = out.get(n, 0) + v
    return out


def damage_types(c, what: str) -> dict[str, str]:
    """{damage type: effect} the effects on ``c`` resist (``what`` resist, vulnerable,
    immune)."""
    return named_effects.args(c, what)


def no_healing(c) -> list[str]:
    return list(named_effects.numbers(c, "no-healing"))


# --- concentration -------------------------------------------------------------------------

def held_by(state, caster: str) -> list[tuple[str, str]]:
    """(bearer, effect) of every effect ``caster`` concentrates on."""
    return [(c.name, n) for c in state.combatants.values()
            for n, info in c.conditions.items()
            if info.source == caster and (info.mods or {}).get(CONCENTRATION)]


def concentration_dc(damage: int) -> int:
    """SRD: "the DC equals 10 or half the damage you take, whichever number is higher"."""
    return max(10, damage // 2)
