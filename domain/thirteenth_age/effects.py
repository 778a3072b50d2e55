"""Named effects of powers and spells (13th Age SRD, Combat Rules: Conditions, and the
durations powers use: "until the end of your next turn").

A power or spell the table uses ("shield of faith", "bless") is recorded as a named
effect beside the seed's conditions: ``cond add NAME "shield of faith" --mod ac:+1``.
Its modifiers apply to the rolls they name (an attack, a defense, a save) and add up
with other effects'; its duration is a save or a turn's end, counted on the turns of
the creature it names (``--until end-of-next-turn:Wizard``: the caster's next turn).
"""

from __future__ import annotations

from difflib import get_close_matches

from battletape.domain.words import N_
from battletape.domain.errors import BadInput

#: what a modifier may name: an attack roll, a defense, a save (`defenses`: all three)
TARGETS = ("attack", "ac", "pd", "md", "save")
LONGEST_NAME = 60


def name_of(effect: str, known: dict[str, str]) -> str:
    """The id of a named effect (lower case, single spaces); a near miss of one of
    the seed's conditions is a typo, not a new effect."""
    key = " ".join(effect.split()).lower()
    if not key or len(key) > LONGEST_NAME:
        raise BadInput("effect", effect,
                       N_("a name of 1..{LONGEST_NAME} characters"),
                       LONGEST_NAME=LONGEST_NAME)
    close = get_close_matches(key, list(known), n=1, cutoff=0.75)
    if close:
        raise BadInput("condition", effect,
                       N_("{n} (or a named effect that is not a near miss of a "
                          "condition: {n2})"), n=close[0], n2=', '.join(known))
    return key


def modifiers(given: list[str]) -> dict[str, int]:
    """``attack:+2``, ``ac:+1``, ``defenses:-2`` into {target: value}."""
    out: dict[str, int] = {}
    for item in given:
        target, sep, value = item.partition(":")
        target = target.strip().lower()
        try:
            number = int(value)
        except ValueError:
            number = None
        names = ("ac", "pd", "md") if target == "defenses" else (target,)
        if not sep or number is None or not all(n in TARGETS for n in names) \
                or not -20 <= number <= 20:
            raise BadInput("--mod", item,
                           N_("TARGET:+N with TARGET one of {n}, defenses and N in "
                              "-20..20"), n=', '.join(TARGETS))
        for n in names:
            out[n] = out.get(n, 0) + number
    return out


def until_of(until: str | None) -> tuple[str | None, str | None]:
    """``end-of-next-turn:Wizard`` -> (``end-of-next-turn``, ``Wizard``): the turn of
    another creature (the caster's) counts; a bare duration counts the bearer's."""
    if until is None or ":" not in until:
        return until, None
    kind, _, whose = until.partition(":")
    if kind not in ("end-of-turn", "end-of-next-turn") or not whose.strip():
        raise BadInput("duration", until, N_("end-of-turn:NAME or end-of-next-turn:NAME "
                       "(the end of NAME's turn)"))
    return kind, whose.strip()


def bonus(c, target: str) -> dict[str, int]:
    """{effect: value} of the effects on ``c`` that modify ``target``."""
    return {name: info.mods[target] for name, info in c.conditions.items()
            if getattr(info, "mods", None) and info.mods.get(target)}


def total(c, target: str) -> int:
    return sum(bonus(c, target).values())
