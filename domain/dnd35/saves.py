"""D&D 3.5 (seed 003): the saving throws the seed demands (Tempra, Riflessi, Volontà).

The seed uses saves throughout but never defines them (RC-only, rules/3.5e.md section 16):
a save is 1d20 + the sheet's bonus (``add --fort/--ref/--will``) + the conditions'
penalties (shaken, sickened: -2; a negative level: -1) against a DC; battletape keeps the
3.5 books' natural 1 fails and natural 20 succeeds as a labelled default. A save the rules
demand -- Fortitude DC 15 against massive damage (35-MAS-01), DC 10 + damage after a coup
de grace (35-CDG-01) -- is pending until rolled, and a failure kills.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain import dice
from domain.dnd35 import conditions, stats
from domain.dnd35.armor_class import COVER
from domain.dnd35.terms import save as save_id
from domain.encounter import combatant, require_on
from domain.errors import BadInput, RuleViolation
from domain.events import Event, SaveRolled

if TYPE_CHECKING:
    import random

AGAINST = ("massive-damage", "coup-de-grace")


def save(state, rng: "random.Random", name: str, which: str, dc: int | None,
         bonus: int | None, natural: int | None, against: str | None,
         cover: str | None = None) -> list[Event]:
    from domain.dnd35.events import Died

    require_on(state)
    c = combatant(state, name)
    kind = save_id(which)
    due = stats.get(c, "save_due")
    if against is not None and against not in AGAINST and against not in conditions.EFFECTS:
        raise BadInput("--against", against,
                       "massive-damage, coup-de-grace or a condition")
    if against in AGAINST:
        if not due or due.get("against") != against:
            raise RuleViolation(f"{c.name} owes no save against {against}",
                                "Danno massiccio" if against == "massive-damage"
                                else "Colpo di grazia")
        if kind != due["save"]:
            raise BadInput("save", which, f"{due['save']} (the save demanded)")
        if dc is not None and dc != due["dc"]:
            raise BadInput("--dc", dc, f"{due['dc']} (the DC the rules set)")
        dc = due["dc"]
    if dc is None:
        raise BadInput("--dc", dc, "the save's DC")
    if c.status == "dead":
        raise RuleViolation(f"{c.name} is dead", "Condizioni: Morto")
    sheet = (stats.get(c, "saves") or {}).get(kind, 0) if bonus is None else bonus
    mod = sheet + conditions.penalty(c, "saves") - stats.get(c, "negative_levels")
    if kind == "ref" and cover:
        if cover not in COVER or COVER[cover][1] is None:
            raise BadInput("--cover", cover, "normal, limited or improved")
        mod += COVER[cover][1]
    roll = dice.d20_roll(natural, rng, mod)
    nat = roll.faces[0]
    ok = nat == 20 or (nat != 1 and roll.total >= dc)
    events: list[Event] = [SaveRolled(name=c.name, against=against or kind,
                                      difficulty=kind, target=dc, roll=roll, success=ok)]
    if not ok and against in AGAINST:
        events.append(Died(name=c.name, cause=against))
    return events
