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
from operator import attrgetter
from typing import Callable, Iterable

from battletape.domain.patterns import pattern
from battletape.domain.words import N_
from battletape.domain.errors import BadInput, Either

LONGEST_NAME = 60
_DICE = pattern(r"^([+-]?)(\d*)d(\d+)$", re.IGNORECASE)


def effect_key(text: str, known: Iterable[str]) -> str:
    """The id of a named effect (lower case, single spaces); a near miss of one of the
    seed's conditions is a typo, not a new effect."""
    key = " ".join(text.split()).lower()
    if not key or len(key) > LONGEST_NAME:
        raise BadInput("effect", text,
                       N_("a name of 1..{LONGEST_NAME} characters"),
                       LONGEST_NAME=LONGEST_NAME)
    known = list(known)
    close = get_close_matches(key, known, n=1, cutoff=0.75)
    if close:
        raise BadInput("condition", text,
                       N_("{n} (or a named effect that is not a near miss of a "
                          "condition: {n2})"), n=close[0], n2=', '.join(known))
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
        raise BadInput("--until", until, Either((*bare, "end-of-turn:NAME",
                                                 "end-of-next-turn:NAME")))
    return kind, (whose.strip() or None)


def numbers(c, key: str) -> dict[str, int]:
    """{effect: value} of the effects on ``c`` with the modifier ``key``."""
    if not c.conditions:  # most creatures, most of the time
        return {}
    return {name: info.mods[key] for name, info in c.conditions.items()
            if getattr(info, "mods", None) and info.mods.get(key)}


def with_prefix(c, target: str) -> dict[str, tuple[str, int]]:
    """{TARGET:ARG key: (effect, value)} of the effects on ``c`` for ``target``."""
    out: dict[str, tuple[str, int]] = {}
    if not c.conditions:
        return out
    for name, info in c.conditions.items():
        for key, value in (getattr(info, "mods", None) or {}).items():
            if key.startswith(target + ":") and value:
                out.setdefault(key, (name, value))
    return out


def args(c, target: str) -> dict[str, str]:
    """{ARG: effect} of the TARGET:ARG keys on ``c`` (``resist:fire`` -> {"fire": "rage"})."""
    return {key.split(":", 1)[1]: name for key, (name, _) in with_prefix(c, target).items()}


# --- the turn's end: durations counted on a named creature's turns, saves that end ------
# What every system shares (issue 24): ``--until end-of-turn[:NAME]`` or
# ``end-of-next-turn[:NAME]`` counts the turns of NAME (the bearer's by default), kept as
# ``until`` = the kind and ``turn_ends`` = the turn ends still to come (1: this one);
# ``--save-ends KIND:DC`` keeps ``save`` = "KIND:DC", repeated at the end of each of the
# bearer's turns, each save its own ``SaveRolled`` whose ``ends`` names the condition.

TURN_END = ("end-of-turn", "end-of-next-turn")


def turn_ends(kind: str | None, state, counted: str) -> int:
    """How many of ``counted``'s turn ends a duration of this kind lasts: one for
    ``end-of-turn``; for ``end-of-next-turn`` two while ``counted``'s turn is under way
    (this one does not count), else one."""
    return turns_to_go(kind, state.turn == counted)


def turns_to_go(kind: str | None, own_turn: bool) -> int:
    """The turn ends a duration of this kind lasts, ``own_turn`` whether the counted
    creature's turn is under way."""
    if kind == "end-of-turn":
        return 1
    if kind == "end-of-next-turn":
        return 2 if own_turn else 1
    return 0


def _on_turns_of(b, info, name: str) -> bool:
    return info.until in TURN_END and (info.turn_of or b.name) == name


#: a creature's conditions: ``filter(HOLDING, creatures)`` passes those holding some
HOLDING = attrgetter("conditions")


def expiring_at_turn_end(state, name: str, bearers=None) -> list[tuple[str, str]]:
    """(bearer, condition) of the durations that end as ``name``'s turn ends
    (``bearers``: the creatures to look at, when the caller knows which have
    durations)."""
    return [(b.name, n) for b in filter(HOLDING, state.combatants.values()
                                        if bearers is None else bearers)
            for n, info in b.conditions.items()
            if info.turn_ends == 1 and _on_turns_of(b, info, name)]


def count_down(state, name: str) -> None:
    """Fold of a turn's end: the durations counted on ``name``'s turns have one less to
    go (those at 1 are removed by their own ConditionRemoved)."""
    for b in state.combatants.values():
        for info in b.conditions.values():
            if info.turn_ends > 1 and _on_turns_of(b, info, name):
                info.turn_ends -= 1


def save_spec(text: str | None, kind: Callable[[str], str], example: str) -> str | None:
    """``--save-ends KIND:DC`` (``wis:13``, ``will:15``) checked and canonical; ``kind``
    gives the canonical save (raising BadInput)."""
    if text is None:
        return None
    what, sep, dc = str(text).partition(":")
    try:
        value = int(dc)
    except ValueError:
        value = 0
    if not sep or not 1 <= value <= 40:
        raise BadInput("--save-ends", text,
                       N_("KIND:DC, e.g. {example}"), example=example)
    return f"{kind(what.strip())}:{value}"


def save_of(info) -> tuple[str, int] | None:
    """(save, DC) of a condition that a save ends, else None."""
    if not getattr(info, "save", None) or ":" not in info.save:
        return None
    what, _, dc = info.save.partition(":")
    return what, int(dc)


def saves_due(c) -> list[tuple[str, str, int]]:
    """(condition, save, DC) that ``c`` repeats as its turn ends: its conditions a save
    ends, but for those ending with this turn anyway."""
    if not c.conditions:
        return []
    return [(n, *save_of(info)) for n, info in c.conditions.items()
            if save_of(info) and not (info.turn_ends == 1 and info.until in TURN_END)]


def turn_saves(given: Iterable[str], faces: Callable[[str, str], list[int]]
               ) -> dict[str, list[list[int]]]:
    """``next --save NAME=N[,N...]`` into {NAME: [faces, ...]}, one per save-ends
    condition in order; ``faces(text, what)`` reads one save's naturals."""
    out: dict[str, list[list[int]]] = {}
    for item in given or []:
        name, sep, value = str(item).rpartition("=")
        if not sep or not name.strip():
            raise BadInput("--save", item, N_("NAME=N[,N...]: the naturals of its save-ends "
                           "conditions, e.g. Bruna=12"))
        out[name.strip()] = [faces(v, f"--save for {name}") for v in value.split(",")]
    return out


def check_turn_saves(saves: dict[str, list[list[int]]], current, resolve) -> list[list[int]]:
    """The naturals typed for the creature whose turn ends (``resolve`` a name to its
    combatant), at most one per save it owes; any other name is bad input."""
    for name in saves:
        if current is None or resolve(name).name != current.name:
            raise BadInput("--save", name,
                           N_("the saves of the creature whose turn ends ({name})")
                           if current else
                           N_("the saves of the creature whose turn ends"),
                           name=current.name if current else "")
    naturals = next(iter(saves.values()), [])
    due = saves_due(current) if current is not None else []
    if len(naturals) > len(due):
        raise BadInput("--save", len(naturals),
                       N_("at most {n} natural(s): {name}'s save-ends conditions ({due})")
                       if due else
                       N_("at most {n} natural(s): {name}'s save-ends conditions"),
                       n=len(due), name=current.name, due=", ".join(n for n, _, _ in due))
    return naturals
