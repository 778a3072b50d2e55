"""5e SRD (seed 002): the columns 5e adds to the campaign analytics tables.

Advantage and disadvantage (Test con d20: two d20s, the higher or the lower kept) on
attacks and saves, and the ability of each saving throw (Tiri salvezza).
"""

from __future__ import annotations

from battletape.domain import events as ev
from battletape.domain.words import N_

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")
_ADVANTAGE = N_("advantage or disadvantage on the d20 (NULL: a straight roll)")

COLUMNS = {
    "attacks": [("advantage", "VARCHAR", _ADVANTAGE)],
    "saves": [("ability", "VARCHAR", N_("the saving throw's ability: str, dex, con, int, "
                                        "wis or cha (NULL for death saves)")),
              ("advantage", "VARCHAR", _ADVANTAGE)],
}


def advantage(tags: list[str], roll: ev.Roll, kept: int) -> str | None:
    """From the tags ("advantage:target prone"); without any, from two d20 faces.
    Both together cancel (the official SRD's reading, 5E-GAP-02)."""
    heads = {t.split(":", 1)[0] for t in tags}
    if "waived" in heads:  # the GM's ruling: one d20, as a straight roll
        return None
    said = heads & {"advantage", "disadvantage"}
    if said:
        return said.pop() if len(said) == 1 else None
    faces = roll.faces
    if len(faces) == 2 and faces[0] != faces[1] and kept in faces:
        return "advantage" if kept == max(faces) else "disadvantage"
    return None


def values(table: str, e: ev.Event) -> dict:
    """The 5e columns of the row that ``e`` makes in ``table``."""
    if table == "attacks" and isinstance(e, ev.AttackResolved):
        return {"advantage": advantage(e.tags, e.roll, e.natural)}
    if table == "saves" and isinstance(e, ev.SaveRolled):
        kept = e.roll.total - e.roll.modifier
        return {"ability": e.against if e.against in ABILITIES else None,
                "advantage": advantage([], e.roll, kept)}
    if table == "saves" and isinstance(e, ev.DeathSaveRolled):
        return {"advantage": advantage([], e.roll, e.roll.total - e.roll.modifier)}
    return {}
