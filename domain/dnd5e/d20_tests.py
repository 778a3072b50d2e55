"""5e SRD (seed 002), Giocare: Test con d20 (D20 Tests).

Three kinds: ability checks, saving throws, attack rolls. "Tiri due d20 ma tieni solo
il risultato di uno: il più alto col vantaggio, il più basso con lo svantaggio"; both
faces are recorded. "Se il totale eguaglia o supera il numero bersaglio, il test ha
successo." Where the seed is silent (5E-GAP-02) the official SRD is followed: several
sources of advantage (or of disadvantage) are still one, and advantage and
disadvantage together cancel: one d20 is rolled, so one face typed is the roll (with
two faces typed, the first one counts). Every source is kept in the event's tags
(``advantage:target prone``).

One face typed where the rules derive advantage or disadvantage (a condition, Dodge, a
range) is a refusal of the rule "tiri due d20" (forceable): the table rolled one d20,
and a GM who lets that stand records it with ``--force REASON`` (a ruling); the roll
keeps that one face and its tags say the derived mode was waived. One face with the
GM's own ``--adv``/``--dis`` (or ``init --surprised``) is bad input (5E-D20-02,
5E-INI-03), never forced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from battletape.domain.errors import BadInput, refuse
from battletape.domain.words import N_
from battletape.domain.events import Roll

if TYPE_CHECKING:
    import random


#: sources the GM states outright (``--adv``/``--dis``, ``init --surprised``): one face
#: with them is bad input, not a rule to waive
EXPLICIT = {"gm", "surprised"}


class Test(NamedTuple):
    roll: Roll
    natural: int
    mode: str            # "normal", "advantage", "disadvantage", "cancelled", "waived"
    tags: list[str]


def parse_faces(text: str | int | None, what: str = "--roll") -> list[int]:
    """``15`` -> [15]; ``7/15`` -> [7, 15]; naturals 1..20 only."""
    if text is None or text == "":
        return []
    parts = str(text).split("/")
    try:
        faces = [int(p) for p in parts]
    except ValueError:
        raise BadInput(what, text, N_("a natural d20, or two as A/B")) from None
    if len(faces) > 2:
        raise BadInput(what, text, N_("one natural d20, or two as A/B"))
    for f in faces:
        if not 1 <= f <= 20:
            raise BadInput(what, text, N_("naturals from 1 to 20"))
    return faces


def mode(advantage: list[str], disadvantage: list[str]) -> str:
    if advantage and disadvantage:
        return "cancelled"
    if advantage:
        return "advantage"
    if disadvantage:
        return "disadvantage"
    return "normal"


def roll(faces: list[int], rng: "random.Random", modifier: int, advantage: list[str],
         disadvantage: list[str], who: str = "") -> Test:
    """A d20 test: the kept natural from typed ``faces`` or virtual dice."""
    how = mode(advantage, disadvantage)
    if how == "normal":  # (no source of either)
        tags: list[str] = []
    else:
        tags = [f"advantage:{s}" for s in dict.fromkeys(advantage)]
        tags += [f"disadvantage:{s}" for s in dict.fromkeys(disadvantage)]
    if how == "cancelled":
        tags.append("advantage and disadvantage cancel (SRD)")
    two = how in ("advantage", "disadvantage")
    if not faces:
        faces = [rng.randrange(20) + 1 for _ in range(2 if two else 1)]
        source = "virtual"
    else:
        source = "typed"
    if two and len(faces) != 2:
        kept = advantage if how == "advantage" else disadvantage
        if set(kept) & EXPLICIT or len(faces) > 2:
            raise BadInput(f"--roll{' for ' + who if who else ''}", faces[0],
                           N_("two naturals as A/B: the roll has {how} ({n})"),
                           how=how, n=', '.join(tags))
        refuse(N_("two naturals as A/B: the roll for {who} has {how} ({tags})") if who
               else N_("two naturals as A/B: the roll has {how} ({tags})"),
               "Test con d20: vantaggio e svantaggio", who=who, how=how,
               tags=", ".join(tags))
        tags.append(f"waived:{how}")  # the GM's ruling: one d20 rolled
        how, two = "waived", False
    if not two and len(faces) == 2 and how == "normal":
        raise BadInput(f"--roll{' for ' + who if who else ''}", "/".join(map(str, faces)),
                       N_("one natural: two faces need --adv or --dis"))
    if how == "advantage":
        natural = max(faces)
    elif how == "disadvantage":
        natural = min(faces)
    else:
        natural = faces[0]
    head = _HEADS.get(how, "1d20")
    expr = head + (f"{modifier:+d}" if modifier else "")
    r = Roll(expr=expr, faces=list(faces), sides=[20] * len(faces), modifier=modifier,
             total=natural + modifier, source=source)
    return Test(r, natural, how, tags)


_HEADS = {"advantage": "2d20kh1", "disadvantage": "2d20kl1"}


def succeeds(total: int, target: int) -> bool:
    """"Se il totale eguaglia o supera il numero bersaglio, il test ha successo"."""
    return total >= target
