"""5e SRD (seed 002), Effettuare un attacco (Making an Attack): the attack as the GM
announces it: the ``attack`` verb's options, declared once, and the order they make
(what :mod:`battletape.domain.dnd5e.making_an_attack` reads).

Each option is a :class:`~battletape.domain.verbs.Param`; where the rules read a value
in another form (``--roll 7/15,12`` as [[7, 15], [12]], ``--type`` as the damage type,
``--range`` as the range band) the param says so (``field``, ``parse``), and
:class:`AttackOrder` is the struct built from these params.
"""

from __future__ import annotations

from battletape.domain.verbs import arg, flag, names, opt, order_type


def faces_per_target(text: str | list | None) -> list[list[int]]:
    """``7/15,12`` -> [[7, 15], [12]]: the faces of each target's roll."""
    from battletape.domain.dnd5e.d20_tests import parse_faces

    if isinstance(text, list):
        return [list(faces) for faces in text]
    if not text:
        return []
    if type(text) is str and text.isdecimal() and 1 <= int(text) <= 20:
        return [[int(text)]]  # one target, one natural: most lines (parse_faces's)
    return [parse_faces(part) for part in str(text).split(",")]


ATTACK = (
    arg("attacker"),
    arg("targets", help="TARGET[,TARGET...]", role="target", parse=names, of=list[str]),
    opt("bonus", int, None, help="Attack bonus (ability + proficiency + magic).",
        required=True),
    opt("vs", str, "ac", help="ac (the only defense in 5e).", choices=("ac",)),
    opt("roll", str, None, help="Natural d20 per target; A/B with --adv/--dis: 7/15",
        field="rolls", parse=faces_per_target, of=list[list[int]]),
    flag("adv", help="Advantage: keep the higher of two d20."),
    flag("dis", help="Disadvantage: keep the lower of two d20."),
    opt("damage", help="Damage in dice notation: 1d8+3", dice=True),
    opt("dmg", int, None, help="Damage total as rolled at the table (crit dice "
        "included)."),
    opt("crit_dmg", int, None, help="On a crit: the second roll of the dice."),
    opt("type_", str, None, "--type", help="Damage type: fire, slashing (fuoco...).",
        field="damage_type"),
    opt("kind", str, None, help="melee, ranged or spell (nothing is inferred).",
        choices=("melee", "ranged", "spell")),
    opt("action", str, None, help="action (default), bonus, reaction, or extra: a "
        "further attack of this turn's Attack action (Extra Attack, Multiattack).",
        choices=("action", "bonus", "reaction", "extra")),
    flag("opportunity", help="An opportunity attack: the reaction, melee."),
    opt("trigger", str, None, help="With --opportunity: leaves-reach, teleport, forced.",
        choices=("leaves-reach", "teleport", "forced")),
    opt("cover", str, None, help="half, three-quarters or total.",
        choices=("half", "three-quarters", "total")),
    opt("range_", str, None, "--range", help="normal, long or beyond.",
        choices=("normal", "long", "beyond"), field="range"),
    flag("unseen", help="The attacker can't see the target."),
    flag("unseen_by_target", help="The target can't see the attacker."),
    flag("wrong_square", help="The target is not where the attacker thinks."),
    opt("adjacent_enemy", str, None, help="An enemy within 1,5 m of a ranged "
        "attacker."),
    flag("knock_out", help="Melee: leave the target at 1 hp, unconscious."),
    flag("source_hidden", help="A frightened attacker can't see its source of fear."),
)

AttackOrder = order_type(
    "AttackOrder", ATTACK, frozen=False, module=__name__,
    doc="What the GM announced: everything the rules need to decide the attack.")
