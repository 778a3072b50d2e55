"""Named effects of powers and spells, with modifiers: the one interface every rule
system reads (``cond add NAME EFFECT --mod TARGET:VALUE``).

A named effect ("mage armor", "rage", "hex") is a condition the seed does not list,
recorded with ``ConditionApplied`` like any other; its modifiers are the event's
``mods``, {key: number}, where the key is a target a system declares, or TARGET:ARG
for a target that takes an argument (``resist:fire`` -> {"resist:fire": 1},
``damage:+1d6`` -> {"damage:1d6": 1}, 3.5's ``ac:+2:deflection`` -> {"ac:deflection":
2}). What each target means, and which exist, is the system's (13th Age keeps its own,
``thirteenth_age/effects.py``); this module only reads the text and the durations the
systems share: ``--until end-of-turn:NAME`` or ``end-of-next-turn:NAME`` counts the
turns of the creature it names (the caster's), not the bearer's.

The kinds of target (``spec``):

- ``n``: a signed number, -20..20 (``attack:+2``);
- ``typed-n``: a signed number and an optional word after it (3.5's bonus type,
  ``ac:+2:deflection``), kept as TARGET:WORD;
- ``dice``: a signed number or dice (``damage:+2``, ``damage:+1d6``, kept as
  ``damage:1d6`` with the sign as its value);
- ``word``: a word and no number (``resist:fire``), kept as TARGET:WORD with value 1;
- ``face``: a natural from 2 to 20 (``crit:19``: crits on 19-20);
- ``flag``: nothing after it (``no-healing``).
"""

from __future__ import annotations

import re
from difflib import get_close_matches
from typing import Callable, Iterable

from battletape.domain.errors import BadInput

LONGEST_NAME = 60
_DICE = re.compile(r"^([+-]?)(\d*)d(\d+)$", re.IGNORECASE)


def effect_key(text: str, known: Iterable[str]) -> str:
    """The id of a named effect (lower case, single spaces); a near miss of one of the
    seed's conditions is a typo, not a new effect."""
    key = " ".join(text.split()).lower()
    if not key or len(key) > LONGEST_NAME:
        raise BadInput("effect", text, f"a name of 1..{LONGEST_NAME} characters")
    known = list(known)
    close = get_close_matches(key, known, n=1, cutoff=0.75)
    if close:
        raise BadInput("condition", text, f"{close[0]} (or a named effect that is "
                       f"not a near miss of a condition: {', '.join(known)})")
    return key


def _expected(spec: dict[str, str]) -> str:
    shapes = {"n": "{t}:+N", "typed-n": "{t}:+N[:TYPE]", "dice": "{t}:+N or {t}:+XdY",
              "word": "{t}:WORD", "face": "{t}:N (2..20)", "flag": "{t}"}
    return ", ".join(shapes[k].format(t=t) for t, k in spec.items())


def _number(text: str) -> int | None:
    try:
        n = int(text)
    except ValueError:
        return None
    return n if -20 <= n <= 20 else None


def parse(given: Iterable[str], spec: dict[str, str],
          word_check: Callable[[str, str], str] | None = None) -> dict[str, int]:
    """``--mod`` values into {key: number}; ``word_check(target, word)`` gives a
    word's canonical form (a damage type, a bonus type) or raises BadInput."""
    out: dict[str, int] = {}
    for item in given:
        parts = [p.strip() for p in str(item).split(":")]
        target = parts[0].lower()
        kind = spec.get(target)
        rest = parts[1:]
        key, value = target, None
        if kind == "n" and len(rest) == 1:
            value = _number(rest[0])
        elif kind == "typed-n" and len(rest) in (1, 2):
            value = _number(rest[0])
            if len(rest) == 2 and rest[1]:
                word = word_check(target, rest[1]) if word_check else rest[1].lower()
                key = f"{target}:{word}"
        elif kind == "dice" and len(rest) == 1:
            value = _number(rest[0])
            m = _DICE.match(rest[0].replace(" ", ""))
            if value is None and m and 1 <= int(m.group(2) or 1) <= 20 \
                    and 2 <= int(m.group(3)) <= 100:
                key = f"{target}:{m.group(2) or 1}d{m.group(3)}"
                value = -1 if m.group(1) == "-" else 1
        elif kind == "word" and len(rest) == 1 and rest[0]:
            word = word_check(target, rest[0]) if word_check else rest[0].lower()
            key, value = f"{target}:{word}", 1
        elif kind == "face" and len(rest) == 1:
            n = _number(rest[0])
            value = n if n is not None and 2 <= n <= 20 else None
        elif kind == "flag" and not rest:
            value = 1
        if value is None:
            raise BadInput("--mod", item, _expected(spec))
        if kind == "face":
            out[key] = min(out.get(key, 20), value)
        else:
            out[key] = out.get(key, 0) + value
    return out


def until_of(until: str | None, bare: Iterable[str]) -> tuple[str | None, str | None]:
    """``end-of-next-turn:Sera`` -> (``end-of-next-turn``, ``Sera``): the turn of another
    creature (the caster's) counts; a bare duration (one of ``bare``) counts the
    bearer's."""
    if until is None:
        return None, None
    kind, sep, whose = until.partition(":")
    if kind not in ("end-of-turn", "end-of-next-turn") and kind not in bare \
            or (sep and (kind not in ("end-of-turn", "end-of-next-turn")
                         or not whose.strip())):
        raise BadInput("--until", until, " or ".join(list(bare) + [
            "end-of-turn:NAME", "end-of-next-turn:NAME"]))
    return kind, (whose.strip() or None)


def numbers(c, key: str) -> dict[str, int]:
    """{effect: value} of the effects on ``c`` with the modifier ``key``."""
    return {name: info.mods[key] for name, info in c.conditions.items()
            if getattr(info, "mods", None) and info.mods.get(key)}


def with_prefix(c, target: str) -> dict[str, tuple[str, int]]:
    """{TARGET:ARG key: (effect, value)} of the effects on ``c`` for ``target``."""
    out: dict[str, tuple[str, int]] = {}
    for name, info in c.conditions.items():
        for key, value in (getattr(info, "mods", None) or {}).items():
            if key.startswith(target + ":") and value:
                out.setdefault(key, (name, value))
    return out


def args(c, target: str) -> dict[str, str]:
    """{ARG: effect} of the TARGET:ARG keys on ``c`` (``resist:fire`` -> {"fire": "rage"})."""
    return {key.split(":", 1)[1]: name for key, (name, _) in with_prefix(c, target).items()}
