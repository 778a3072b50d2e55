"""13th Age SRD, Combat Rules: attacks, as the GM announces them: the ``attack`` verb's
options, declared once, and the order they make (what the rules of
:mod:`battletape.domain.thirteenth_age.attacks` read).

Each option is a :class:`~battletape.domain.verbs.Param` (its flag, help, choices,
bounds); where the rules read a value in another form (``--roll 14,7`` as [14, 7],
``--vs`` as the defense) the param says so (``field``, ``parse``), and
:class:`AttackOrder` is the struct built from these params: the command line, the
bestiary and the decision all read this one table.
"""

from __future__ import annotations

from battletape.domain.verbs import arg, flag, ints, lower, names, opt, order_type


ATTACK = (
    arg("attacker"), arg("targets", help="TARGET[,TARGET...]", role="target", parse=names,
        of=list[str]),
    opt("bonus", int, None, help="Attack bonus (ability + level + magic).",
        required=True),
    opt("vs", str, None, help="ac, pd or md.", required=True,
        choices=("ac", "pd", "md"), field="defense"),
    opt("roll", help="Natural d20s, one per target: 14,7", field="rolls",
        parse=lambda text: ints(text, "--roll"), of=list[int]),
    opt("damage", help="Damage in dice notation: 2d8+4", dice=True),
    opt("dmg", int, None, help="Damage total as announced (before crit and "
        "resistance)."),
    opt("miss", int, 0, help="Damage on a miss.", low=0),
    opt("type_", str, None, "--type", help="Damage type: fire, cold, ...",
        field="damage_type", parse=lower, of=str | None),
    opt("crit_range", int, 20, help="Natural needed to crit.", low=2, high=20),
    opt("ability", int, None, help="Ability modifier added to rolled damage (x2 at "
        "5th, x3 at 8th)."),
    opt("kind", str, None, help="melee (engages the target), ranged, spell or close; "
        "not given, nothing is inferred (no engagement made or needed).",
        choices=("melee", "ranged", "spell", "close")),
    flag("opportunity", help="An opportunity attack, out of turn."),
    flag("two_weapon", help="Reroll a natural 2."),
    opt("reroll", int, None, help="The two-weapon reroll's natural."),
    flag("flexible"), flag("unarmed"), flag("coup_de_grace"),
    flag("invisible", help="The target is invisible: 50% miss chance."),
    opt("concealment", help="d100 per target for invisibility.",
        parse=lambda text: ints(text, "--concealment"), of=list[int]),
    flag("nonmagical", help="Normal energy: resistance means immunity."),
    opt("mod", int, 0, help="Situational modifier (+2/-2).", field="modifier"),
    flag("double_crit", help="Crit damage doubled again: triple."),
    flag("swoop", help="Flying swoop past: -2."),
    opt("ongoing", int, 0, help="Ongoing damage on a hit.", low=0),
    opt("ongoing_save", str, "normal", choices=("easy", "normal", "hard")),
    opt("action", str, "standard", help="standard, quick, free or interrupt (out of "
        "turn).", choices=("standard", "move", "quick", "free", "interrupt")),
    flag("basic", help="A basic attack (all a hampered creature may make)."),
    opt("double_crits", int, 0, help="How many times crit damage is doubled: 1 "
        "triples it, 2 quadruples it (Crit Effects)."),
    flag("knock_out", help="Knock the monster out at 0 hp instead of slaying it."),
    opt("ally", help="ALLY[,ALLY...] Shooting into melee: the engaged ally a fumble "
        "is rerolled against (the GM's ruling when there are several: the first "
        "named who is in that melee)."),
    opt("ally_roll", int, None, help="Shooting into melee: the reroll's natural d20."),
    opt("pick", int, None, help="Confused: which nearby ally (1..N, in initiative "
        "order) the die picked for TARGET `ally`."),
)

#: what the GM announced: everything the rules need to decide the attack (a field per
#: option of ``attack``; ``kind`` not given: nothing inferred, no engagement made or
#: needed; ``double_crits``: how many times the crit damage is doubled; ``knock_out``:
#: keep the monster alive at 0 hp; ``ally``/``ally_roll``: Shooting into Melee;
#: ``pick``: Confused, which nearby ally the die chose)
AttackOrder = order_type(
    "AttackOrder", ATTACK, frozen=False, module=__name__,
    doc="What the GM announced: everything the rules need to decide the attack.")
