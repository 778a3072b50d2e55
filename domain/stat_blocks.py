"""Stat blocks and saved attacks, for every rule system.

A GM writes creatures and PCs in a file; each block's statistics are options of the
system's ``add`` and each saved attack's values options of the system's ``attack``
(domain/<system>/commands.py), so a block means exactly what the typed command would.
``bestiary add`` records a :class:`StatBlockSaved` per block into the campaign;
``add NAME --from KEY`` copies the block into the encounter (:class:`StatBlockUsed`)
so the encounter holds its saved attacks by itself (exports, replays and re-decisions
never read the file or the campaign again); ``attack A T NAME`` fills the options not
typed from the attacker's saved attack and records which triggers the natural rolls
set off (:class:`SavedAttackUsed`).
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from battletape.domain.patterns import pattern
from battletape.domain import events as ev
from battletape.domain.errors import BadInput, BattletapeError, NotThisSystem
from battletape.domain.words import N_
from battletape.domain.names import resolve
from battletape.domain.state import EncounterState
from battletape.domain.verbs import Param, Verb

#: keys of a block that are not options of ``add``
BLOCK_KEYS = {"name", "system", "attacks"}
#: keys of a saved attack that are not options of ``attack``
ATTACK_KEYS = {"triggers"}
#: where a combatant's saved attacks live in the state
EXTRA_KEY = "saved_attacks"

TRIGGER = pattern(
    r"^\s*(?:natural\s+(?P<nat>even|odd|\d{1,2}\+|\d{1,2}(?:-\d{1,2})?)\s*)?"
    r"(?P<res>hit|miss)?\s*:\s*(?P<text>\S.*)$", re.IGNORECASE)
TRIGGER_FORMS = ("'natural even hit: …', 'natural 16+: …', 'natural 1-5 miss: …', "
                 "'hit: …' or 'miss: …'")


# --- reading a file's blocks ------------------------------------------------------

def _params(verb: Verb) -> dict[str, Param]:
    """The verb's options by every spelling a file may use: ``recovery-die``,
    ``recovery_die``, ``type``."""
    out: dict[str, Param] = {}
    for p in verb.params:
        if p.positional:
            continue
        for f in p.flags:
            key = f.lstrip("-")
            out[key] = out[key.replace("-", "_")] = p
    return out


def _value(p: Param, value: Any, where: str) -> Any:
    """A file's value as the option would take it (its type, its choices, its
    bounds, dice notation: the verb's declaration), or a one-line error."""
    if p.multiple:
        items = value if isinstance(value, list) else [value]
        return [_value(p._replace(multiple=False), v, where) for v in items]
    typed = _typed(p, value, where)
    right = p.check(typed)
    if right is not None:
        raise BadInput(where, value, right)
    return typed


def _typed(p: Param, value: Any, where: str) -> Any:
    if p.type is bool:
        if not isinstance(value, bool):
            raise BadInput(where, value, N_("true or false"))
        return value
    if p.type is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput(where, value, N_("a whole number"))
        return value
    if p.type is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise BadInput(where, value, N_("a number"))
        return float(value)
    if isinstance(value, (bool, list, dict)):
        raise BadInput(where, value, N_("a text or a number"))
    return str(value)


def _options(verb: Verb, table: dict[str, Any], skip: set[str], where: str,
             leave_out: Iterable[str] = ()) -> dict[str, Any]:
    params = _params(verb)
    out: dict[str, Any] = {}
    for key, value in table.items():
        if key in skip:
            continue
        p = params.get(key)
        if p is None or p.name in leave_out:
            known = sorted({f.lstrip("-") for f in verb.options} - set(leave_out))
            raise BadInput(f"{where} key", key, N_("an option of `{verb}`: {known}"),
                           verb=verb.name, known=", ".join(known))
        out[p.name] = _value(p, value, f"{where}.{key}")
    return out


def check_trigger(text: Any, where: str) -> str:
    if not isinstance(text, str) or not (m := TRIGGER.match(text)) or not (
            m.group("nat") or m.group("res")):
        raise BadInput(where, text, N_("a trigger like {forms}"),
                       forms=TRIGGER_FORMS)
    return " ".join(text.split())


def read(data: dict[str, Any], source: str, system: str | None) -> list[ev.StatBlockSaved]:
    """The blocks of a parsed file (TOML tables: one per creature or PC, keyed by the
    name ``add --from`` takes), checked against their system's ``add`` and
    ``attack``. ``system`` is the file's top-level ``system`` or the campaign's."""
    from battletape.domain import systems

    file_system = data.get("system", system)
    blocks = {k: v for k, v in data.items() if k != "system"}
    if not blocks:
        raise BadInput("stat block file", source, N_("at least one [KEY] table"))
    out: list[ev.StatBlockSaved] = []
    for key, table in blocks.items():
        if not isinstance(table, dict):
            raise BadInput("stat block", key, N_("a [KEY] table of statistics"))
        if not key.strip() or any(ch in key for ch in ",=/"):
            raise BadInput("stat block key", key, N_("a name without commas, '=' or '/'"))
        rules = systems.get(str(table.get("system", file_system or systems.DEFAULT_SYSTEM)))
        add, attack = rules.verb("add"), rules.verb("attack")
        stats = _options(add, table, BLOCK_KEYS, f"[{key}]", leave_out=("count",))
        if "hp" not in stats:
            raise BadInput(f"[{key}]", "no hp", N_("hp = N (maximum hit points)"))
        attacks: dict[str, dict[str, Any]] = {}
        saved = table.get("attacks", {})
        if not isinstance(saved, dict):
            raise BadInput(f"[{key}].attacks", saved, N_("[KEY.attacks.NAME] tables"))
        for name, values in saved.items():
            where = f"[{key}.attacks.{name}]"
            if not isinstance(values, dict):
                raise BadInput(where, values, N_("a table of attack options"))
            if not name.strip() or " " in name.strip():
                raise BadInput("saved attack name", name, N_("one word, e.g. axe"))
            options = _options(attack, values, ATTACK_KEYS, where)
            triggers = values.get("triggers", [])
            triggers = triggers if isinstance(triggers, list) else [triggers]
            options["triggers"] = [check_trigger(t, f"{where}.triggers")
                                   for t in triggers]
            attacks[name.strip()] = options
        out.append(ev.StatBlockSaved(key=key.strip(), system=rules.id,
                                     name=str(table.get("name", key)).strip(),
                                     stats=stats, attacks=attacks, source=source))
    return out


def bestiary(campaign_events: Iterable[ev.Event]) -> dict[str, ev.StatBlockSaved]:
    """The campaign's stat blocks now: the last saved under each key."""
    out: dict[str, ev.StatBlockSaved] = {}
    for e in campaign_events:
        if isinstance(e, ev.StatBlockSaved):
            out.pop(e.key, None)
            out[e.key] = e
    return out


def find(blocks: dict[str, Any], key: str) -> Any:
    """The block called ``key`` (a prefix or initials will do: domain.roster)."""
    full = resolve(blocks, key, "stat block")
    if full is None:
        raise BadInput("stat block", key,
                       N_("one of the campaign's bestiary: {keys}") if blocks else
                       N_("one of the campaign's bestiary: none yet (load one with "
                          "`battletape bestiary add FILE`)"), keys=", ".join(blocks))
    return blocks[full]


def require_system(block: Any, system: str) -> None:
    if getattr(block, "system", system) != system:
        raise NotThisSystem.said(N_("stat block {key!r} is for {block_system}; this "
                                    "encounter is {system}"), "stat block", block.key,
                                 key=block.key, block_system=block.system, system=system)


# --- using them ---------------------------------------------------------------------

#: a saved value not taken when the table typed its alternative: a damage total typed
#: (`--dmg`) stands for the saved dice (`damage`), and the other way round
RATHER = {"damage": {"dmg"}, "dmg": {"damage"}, "extra": {"extra_dmg"},
          "extra_dmg": {"extra"}}


def fill(verb: Verb, values: dict[str, Any], typed: set[str],
         saved: dict[str, Any]) -> dict[str, Any]:
    """``values`` with every option not typed taken from ``saved``; then every
    required option must have a value (a one-line error names the first missing)."""
    out = dict(values)
    for p in (verb.params if saved else ()):
        if p.name in saved and p.name not in typed and not typed & RATHER.get(p.name, set()):
            value = saved[p.name]
            out[p.name] = list(value) if isinstance(value, list) else value
    for p in verb.params:
        if p.required and not p.positional and out.get(p.name) in (None, []):
            raise BattletapeError.said(
                N_("missing option {option}: type it, or add from a stat block that "
                   "has it (--from KEY)") if verb.name == "add" else
                N_("missing option {option}: type it, or name a saved attack that has "
                   "it"), option=p.flags[0])
    return out


def used(block: Any, added: list[ev.Event]) -> ev.StatBlockUsed:
    return ev.StatBlockUsed(key=block.key, stats=dict(block.stats),
                            attacks={k: dict(v) for k, v in block.attacks.items()},
                            names=[e.name for e in added
                                   if isinstance(e, ev.CombatantAdded)])


def saved_attack(state: EncounterState, attacker: str, name: str) -> tuple[str, str, dict]:
    """(the attacker's full name, the attack's full name, its values)."""
    from battletape.domain.encounter import combatant

    c = combatant(state, attacker)
    attacks = c.extra.get(EXTRA_KEY) or {}
    if not attacks:
        raise BadInput("saved attack", name,
                       N_("an attack saved in {name}'s stat block ({name} was not added "
                          "with --from)"), name=c.name)
    full = resolve(attacks, name, "saved attack")
    if full is None:
        raise BadInput("saved attack", name, N_("one of {name}'s: {attacks}"),
                       name=c.name, attacks=", ".join(attacks))
    return c.name, full, attacks[full]


def fired(triggers: list[str], attacker: str, events: list[ev.Event]) -> list[str]:
    """``TARGET: TRIGGER`` for each trigger the attack's natural rolls set off."""
    out: list[str] = []
    for e in events:
        if not (isinstance(e, ev.AttackResolved) and e.attacker == attacker):
            continue
        for t in triggers:
            m = TRIGGER.match(t)
            if m and _fires(m.group("nat"), m.group("res"), e.natural, e.hit):
                out.append(f"{e.target}: {t}")
    return out


def _fires(nat: str | None, res: str | None, natural: int, hit: bool) -> bool:
    if res and (res.lower() == "hit") != hit:
        return False
    if not nat:
        return True
    nat = nat.lower()
    if nat in ("even", "odd"):
        return natural % 2 == (nat == "odd")
    if nat.endswith("+"):
        return natural >= int(nat[:-1])
    low, _, high = nat.partition("-")
    return int(low) <= natural <= int(high or low)


def fold(state: EncounterState, e: ev.StatBlockUsed) -> None:
    """The combatants made from a block keep its saved attacks."""
    for name in e.names:
        c = state.combatants.get(name)
        if c is not None:
            c.extra = {**c.extra, EXTRA_KEY: {k: dict(v) for k, v in e.attacks.items()}}
