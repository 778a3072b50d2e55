"""D&D 3.5 (seed 003), Bonus (Bonuses): types and stacking.

"I bonus di tipo diverso si sommano sempre, quelli dello stesso tipo no -- si applica il
più alto -- tranne i bonus di schivata e alcuni bonus di circostanza." An untyped bonus
stacks with anything except bonuses from effects with the same name; penalties follow
the same rule (the worst applies). Each type's own limits (35-BON-02..14) are in
``TYPES``: what the bonus may apply to. An enhancement bonus raises an ability score or a
weapon (attack, damage); on AC it is the enhancement of the armor, the shield or the
natural armor, each a type of its own so that they stack (35-BON-04, 35-BON-10) and a
touch attack ignores them with the armor (35-ATK-08).
"""

from __future__ import annotations

from typing import Iterable, NamedTuple

from battletape.domain.errors import BadInput

#: type id -> (Italian name, what it applies to: None = anything)
TYPES: dict[str, tuple[str, frozenset[str] | None]] = {
    "alchemical": ("alchemico", None),
    "armor": ("armatura", frozenset({"ac"})),
    "natural-armor": ("armatura naturale", frozenset({"ac"})),
    "circumstance": ("circostanza", None),
    "insight": ("cognitivo", None), "competence": ("competenza", None),
    "luck": ("fortuna", None), "profane": ("profano", None), "sacred": ("sacro", None),
    "racial": ("razziale", None),
    "deflection": ("deviazione", frozenset({"ac"})),
    "morale": ("morale", None),
    "inherent": ("intrinseco", frozenset({"str", "dex", "con", "int", "wis", "cha"})),
    "enhancement": ("potenziamento", frozenset({"str", "dex", "con", "int", "wis", "cha",
                                                 "attack", "damage"})),
    # an enhancement of armor, shield or natural armor: AC only, each its own (35-BON-04)
    "armor-enhancement": ("potenziamento dell'armatura", frozenset({"ac"})),
    "shield-enhancement": ("potenziamento dello scudo", frozenset({"ac"})),
    "natural-armor-enhancement": ("potenziamento dell'armatura naturale",
                                  frozenset({"ac"})),
    "resistance": ("resistenza", frozenset({"save", "fort", "ref", "will"})),
    "dodge": ("schivata", frozenset({"ac"})),
    "shield": ("scudo", frozenset({"ac"})),
    "size": ("taglia", frozenset({"ac", "attack"})),
    "untyped": ("senza tipo", None),
}

#: the types of which every instance stacks (35-BON-01, 35-BON-12)
STACKING = {"dodge"}

#: the armor-like types a touch attack ignores (35-ATK-08)
IGNORED_BY_TOUCH = {"armor", "shield", "natural-armor", "armor-enhancement",
                    "shield-enhancement", "natural-armor-enhancement"}


class Mod(NamedTuple):
    """One bonus or penalty: value, type, and the effect (or circumstance) it comes from."""

    value: int
    type: str = "untyped"
    source: str = ""


def bonus_type(text: str | None) -> str:
    word = (text or "untyped").strip().lower().replace(" ", "-")
    if word in TYPES:
        return word
    for key, (it, _) in TYPES.items():
        if word == it.replace(" ", "-"):
            return key
    raise BadInput("bonus type", text, ", ".join(TYPES))


def applies(type_: str, stat: str) -> bool:
    limit = TYPES[type_][1]
    return limit is None or stat in limit


def stacked(mods: Iterable[Mod]) -> list[Mod]:
    """The modifiers that count, in the order given: dodge bonuses all; circumstance
    bonuses unless from the same circumstance; untyped unless from an effect of the same
    name; any other type its best bonus and its worst penalty."""
    kept: list[Mod] = []
    best: dict[tuple[str, bool], int] = {}
    seen: set[tuple[str, str, bool]] = set()
    mods = list(mods)
    for i, m in enumerate(mods):
        if m.value == 0:
            continue
        positive = m.value > 0
        if m.type in STACKING:
            kept.append(m)
        elif m.type in ("untyped", "circumstance"):
            key = (m.type, m.source.casefold(), positive)
            if m.source and key in seen:
                # the same effect twice: only its stronger instance
                j = next(k for k, x in enumerate(kept)
                         if (x.type, x.source.casefold(), x.value > 0) == key)
                if abs(m.value) > abs(kept[j].value):
                    kept[j] = m
                continue
            seen.add(key)
            kept.append(m)
        else:
            key2 = (m.type, positive)
            j = best.get(key2)
            if j is None:
                best[key2] = len(kept)
                kept.append(m)
            elif abs(m.value) > abs(kept[j].value):
                kept[j] = m
    return kept


def total(mods: Iterable[Mod]) -> int:
    return sum(m.value for m in stacked(mods))
