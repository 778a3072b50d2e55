"""D&D 3.5 (seed 003), Mosse speciali (Special Moves): a special move as the GM
announces it: the ``maneuver`` verb's options, declared once, and the order they make
(what :mod:`battletape.domain.dnd35.maneuvers` reads).

Where the rules read a value in another form (the move by its English id whatever the
seed's word typed, a weapon's category in lower case, the damage type) the param says
so (``field``, ``parse``); :class:`ManeuverOrder` is the struct built from the params.
"""

from __future__ import annotations

from battletape.domain.verbs import arg, flag, opt, order_type

#: the seed's names (and spellings with spaces or underscores) for ``maneuver WHAT``
ALIASES = {"lottare": "grapple", "sbilanciare": "trip", "disarmare": "disarm",
           "spezzare": "sunder", "spingere": "bull-rush", "oltrepassare": "overrun",
           "immobilizzare": "pin", "bullrush": "bull-rush"}


def canonical(what: str | None) -> str:
    word = (what or "").strip().lower().replace("_", "-").replace(" ", "-")
    return ALIASES.get(word, word)


def _weapon(text: str | None) -> str:
    return (text or "one-handed").lower()


MANEUVER = (
    arg("attacker"), arg("target"),
    arg("what", help="grapple, trip, disarm, sunder, bull-rush, overrun or pin",
        parse=canonical, of=str),
    opt("check", int, None, help="The attacker's natural d20 (opposed roll)."),
    opt("bonus", int, None, help="The attacker's modifier (default: the sheet's)."),
    opt("opposed", int, None, help="The defender's natural d20."),
    opt("opposed_bonus", int, None, help="The defender's modifier (default: the "
        "sheet's)."),
    opt("touch", int, None, help="Natural d20 of the melee touch attack (grapple, "
        "trip)."),
    opt("touch_bonus", int, None, help="Touch attack bonus (default BAB + Str)."),
    opt("weapon", str, "one-handed", help="Disarm, sunder: two-handed, one-handed, "
        "light, none, object.", parse=_weapon, of=str),
    opt("opposed_weapon", str, "one-handed", help="The defender's weapon (as "
        "--weapon).", parse=_weapon, of=str),
    flag("charge", help="A bull rush as part of a charge: +2."),
    flag("aoo_damage", help="The provoked attack of opportunity dealt damage: a "
         "grapple or disarm fails."),
    flag("counter", help="The defender's immediate counter (trip, disarm, overrun)."),
    opt("item", str, None, help="Disarm, sunder: the item (default: weapon)."),
    flag("keep", help="Disarm with --weapon none: end holding the item."),
    opt("damage", help="Damage in dice notation (grapple: unarmed; sunder: weapon)."),
    opt("dmg", int, None, help="Damage as rolled."),
    opt("hardness", int, 0, help="Sunder: the object's hardness.",
        parse=lambda n: n or 0, of=int),
    opt("type_", str, None, "--type", help="Sunder: the weapon's damage type.",
        field="damage_type"),
    flag("trip_weapon", help="Trip with a trip weapon: no attack of opportunity."),
    flag("no_room", help="Bull rush: no room to move back (the attacker falls prone "
         "if it fails)."),
    flag("avoided", help="Overrun: the defender steps aside."),
    flag("opportunity", help="Trip, disarm, sunder or grapple made as an attack of "
         "opportunity (in place of its melee attack)."),
    opt("trigger", int, None, help="With --opportunity: the position of the "
        "provoking action."),
)

ManeuverOrder = order_type(
    "ManeuverOrder", MANEUVER, frozen=False, module=__name__,
    doc="What the GM announced: everything the rules need to decide the move.")
