"""D&D 3.5 (seed 003), Attacchi: the attack as the GM announces it: the ``attack``
verb's options, declared once, and the order they make (what the rules of
:mod:`battletape.domain.dnd35.attacks` and its helpers read).

Each option is a :class:`~battletape.domain.verbs.Param` (its flag, help, choices,
bounds); where the rules read a value in another form (``--roll 15,12`` as [15, 12],
``--dmg 9,7`` one value per hit) the param says so (``field``, ``parse``), and
:class:`AttackOrder` is built from these params. ``--crit-range`` is the same as
``--threat``; the order's ``threat`` is the one given (0 too: bad input, not "none"), or
20.
"""

from __future__ import annotations

from battletape.domain.words import N_
from battletape.domain.errors import BadInput
from battletape.domain.verbs import arg, flag, ints, lower, names, opt, order_type


THREATENED = opt("threatened_by", str, None, help="NAME,...: creatures threatening it "
                 "besides those engaged with it.")

ATTACK = (
    arg("attacker"), arg("targets", help="TARGET[,TARGET...] (a full attack: in "
                         "order, the last takes the rest)", role="target",
                         parse=names, of=list[str]),
    opt("bonus", int, None, help="Attack bonus (BAB + Str or Dex + size ...).",
        required=True),
    opt("vs", str, "ac", help="ac, touch or flat-footed.",
        choices=("ac", "touch", "flat-footed"), parse=lambda v: (v or "ac").lower(),
        of=str),
    opt("roll", str, None, help="Natural d20(s), in order: 15,12,9", field="rolls",
        parse=lambda t: ints(t, "--roll"), of=list[int]),
    opt("threat", int, None, help="Lowest natural that threatens (19 for 19-20)."),
    opt("crit_range", int, None, help="The same as --threat."),
    opt("confirm", str, None, help="Natural d20 of each confirmation roll.",
        field="confirms", parse=lambda t: ints(t, "--confirm"), of=list[int]),
    opt("mult", int, 2, help="Critical multiplier: 2, 3 or 4.", low=2, high=4),
    opt("damage", help="Damage of one hit in dice notation: 1d8+3", dice=True),
    opt("dmg", str, None, help="Damage of a hit as rolled, before the multiplier; "
        "in a full attack one per hit: 9,7", field="dmgs",
        parse=lambda t: ints(None if t is None else str(t), "--dmg"), of=list[int]),
    opt("extra", str, None, help="Extra dice, never multiplied: 1d6 (flaming), 2d6.",
        dice=True),
    opt("extra_dmg", int, None, help="Extra damage as rolled."),
    flag("precision", help="The extra dice are precision damage (sneak attack)."),
    flag("nonlethal", help="Nonlethal damage (-4 with a lethal weapon)."),
    flag("lethal", help="Lethal damage with a weapon that deals nonlethal damage (an "
         "unarmed strike, a sap): -4."),
    opt("type_", str, None, "--type", help="Damage type: slashing, fire (fuoco)...",
        field="damage_type"),
    opt("kind", str, None, help="melee or ranged (nothing is inferred without it).",
        choices=("melee", "ranged")),
    flag("full", help="A full attack: iterative attacks from the BAB."),
    flag("two_weapon", help="Two-weapon fighting: one more attack, off hand."),
    opt("off_hand", str, "one-handed", help="light or one-handed.",
        choices=("light", "one-handed")),
    flag("unarmed", help="An unarmed strike: provokes, nonlethal damage (--lethal: "
         "lethal at -4)."),
    flag("opportunity", help="An attack of opportunity."),
    opt("trigger", int, None, help="With --opportunity: the position of the "
        "provoking action."),
    flag("charge", help="Charge: +2, -2 AC until the next turn."),
    flag("defensively", help="Fight defensively: -4, +2 dodge AC."),
    flag("flank", help="Flanking: +2 on a melee attack."),
    opt("cover", str, None, help="normal, soft, limited, improved or total.",
        choices=("normal", "soft", "limited", "improved", "total", "none")),
    opt("concealment", int, None, help="20 or 50 (total): miss chance.",
        choices=("20", "50")),
    opt("miss_roll", str, None, help="The d100 of the miss chance, per hit.",
        field="miss_rolls", parse=lambda t: ints(t, "--miss-roll"), of=list[int]),
    flag("into_melee", help="A ranged attack into melee: -4."),
    opt("increment", int, None, help="Range increment (each beyond the first -2)."),
    flag("thrown", help="A thrown weapon (5 increments at most)."),
    flag("hidden", help="The attacker is hidden from the target (Nascondersi)."),
    flag("coup_de_grace", help="A coup de grace against a helpless creature."),
    flag("magic", help="A magic weapon or attack (an incorporeal target ignores its "
         "damage on a d100 of 01-50; nonmagical ones never hurt it)."),
    opt("incorporeal_roll", str, None, help="The d100 of an incorporeal target, per "
        "hit: 01-50 the damage is ignored.", field="incorporeal_rolls",
        parse=lambda t: ints(t, "--incorporeal-roll"), of=list[int]),
    flag("nonproficient", help="A weapon the attacker is not proficient with: -4."),
    flag("difficult", help="The path crosses difficult terrain."),
    opt("weapon", str, None, help="The weapon (crossbow, shuriken: usable prone)."),
    THREATENED._replace(parse=names, of=list[str]),
    opt("natural", str, None, help="Natural weapons, one per attack: primary or "
        "secondary (-5): primary,secondary,secondary", field="naturals",
        parse=lambda t: [n.lower() for n in names(t)], of=list[str]),
    flag("only_natural", help="With --natural primary: the creature's only natural "
         "weapon (1,5 x Str to damage)."),
    flag("manufactured", help="With --full --natural: a manufactured weapon too (its "
         "iteratives first; every natural weapon secondary)."),
    opt("str_mod", int, None, "--str", help="Strength modifier to damage (x1/2 off "
        "hand or secondary, x1,5 two-handed or the only natural weapon)."),
    opt("handed", str, None, help="The weapon: light, one-handed or two-handed.",
        choices=("light", "one-handed", "two-handed")),
    flag("both_hands", help="A one-handed (or light) weapon held in both hands."),
    opt("weapon_size", str, None, help="The weapon's size if not the wielder's: -2 "
        "per category.", parse=lower, of=str | None),
    flag("improvised", help="An improvised weapon: -4, threat 20, x2."),
    flag("splash", help="A splash weapon: a ranged touch attack, no proficiency."),
    opt("splash_dmg", int, None, help="Splash damage to each adjacent creature."),
    opt("adjacent", str, None, help="NAME,...: the creatures the splash reaches.",
        parse=names, of=list[str]),
    flag("intersection", help="A splash weapon thrown at a grid intersection (AC 5): "
         "the targets are the creatures of the 4 squares."),
    opt("scatter", int, None, help="The d8 of a splash weapon that missed."),
    opt("distance", float, None, help="Metres to the target (precision damage: "
        "ranged within 9 m)."),
    opt("light", str, None, help="bright, dim or dark where the attacker looks "
        "(without darkvision: dim 20%, dark 50% miss chance).",
        choices=("bright", "dim", "dark"), parse=lower, of=str | None),
    flag("obscured", help="Fog, smoke, darkness block sight: an attack blind, 50%."),
    opt("cover_hardness", int, None, help="The hardness of an object used as cover "
        "(a cover hit)."),
)


def _settle(self) -> None:
    """--crit-range is --threat by another name: the same, or one of them, or 20."""
    if self.crit_range is not None and self.threat is not None and (
            self.crit_range != self.threat):
        raise BadInput("--crit-range", self.crit_range,
                       N_("the same as --threat ({threat})"), threat=self.threat)
    self.threat = next((t for t in (self.threat, self.crit_range) if t is not None), 20)


def _dmg(self) -> int | None:
    """The damage of one hit as rolled (--dmg), the first when several are given."""
    return self.dmgs[0] if self.dmgs else None


#: what the GM announced, a field per option of ``attack`` (not frozen: the rules take
#: variants of it with msgspec.structs.replace)
AttackOrder = order_type(
    "AttackOrder", ATTACK, frozen=False, module=__name__,
    doc="What the GM announced: everything the rules need to decide the attack.",
    namespace={"__post_init__": _settle, "dmg": property(_dmg)})
