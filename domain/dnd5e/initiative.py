"""5e SRD (seed 002), Giocare: Iniziativa (Initiative).

"Ogni partecipante tira una prova di Destrezza" (d20 + the ``--init`` bonus, by
default the Dex modifier of ``add --score dex:N``; as a Dex check it takes the
disadvantage a condition gives to ability checks, Poisoned, or Frightened unless
``--source-hidden NAME`` says its source is out of sight); "Il GM
tira per i mostri (gruppi identici tirano una volta sola)": different naturals typed
for members of one group are bad input, not one of them silently kept; Sorpresa: "Un combattente
colto di sorpresa ha svantaggio all'Iniziativa"; Ordine di Iniziativa: highest to
lowest. Pareggi: the GM decides among monsters and between a monster and a
character, the players among their characters -- the seed gives no automatic
tiebreak (not Dex, not a reroll), so a tie is recorded (``InitiativeTied``), shown as
undecided, kept in entry order meanwhile, and ``tiebreak`` records the decision and
who took it: ``--by players`` for a tie among characters only (the GM's word there,
``--by gm``, is refused unless forced: the seed gives that call to the players),
``--by gm`` (the default) wherever a monster ties.
"""

from __future__ import annotations

from operator import attrgetter

from typing import TYPE_CHECKING

import msgspec

from battletape.domain.dnd5e import conditions, d20_tests
from battletape.domain.encounter import names_or_group, require_on, require_initiative
from battletape.domain.errors import BadInput, refuse, violation
from battletape.domain.words import N_
from battletape.domain.events import Event, InitiativeRolled, RoundStarted, TurnStarted
from battletape.domain.state import Combatant, EncounterState

if TYPE_CHECKING:
    import random

SECTION = "Iniziativa"


def ordered(state: EncounterState) -> list[str]:
    """Highest first; decided ties by ``tiebreak``; then entry order; a controlled
    mount right after its rider (its initiative is the rider's)."""
    ranks: dict[str, int] = state.extra.get("tiebreak", {})
    rolled = [c for c in state.combatants.values() if c.initiative is not None]
    # a stable sort: equal keys keep the entry order
    if ranks and 0 <= min(ranks.values()) and max(ranks.values()) < _SPAN:
        # (-initiative, rank) as one number, sorted by index: no Python call per key
        rank = ranks.get
        keys = [rank(c.name, 1000) - _SPAN * c.initiative for c in rolled]
        rolled = [rolled[i] for i in sorted(range(len(rolled)), key=keys.__getitem__)]
    elif ranks:
        rolled.sort(key=lambda c, rank=ranks.get: (-c.initiative, rank(c.name, 1000)))
    else:
        rolled.sort(key=_INITIATIVE, reverse=True)
    names = [c.name for c in rolled]
    for c in rolled:
        rider = c.extra.get("rider")  # stats.DEFAULTS: no rider, not controlled
        if rider and c.extra.get("controlled") and rider in names:
            names.remove(c.name)
            names.insert(names.index(rider) + 1, c.name)
    return names


_INITIATIVE = attrgetter("initiative")
_SPAN = 4096  # above every rank (a tie's places, 1000 for the unranked)


def parse_naturals(items: list[str]) -> dict[str, list[int]]:
    """``Gob=13`` / ``Gob=15/6`` items -> {"Gob": [15, 6]}."""
    out: dict[str, list[int]] = {}
    for item in items:
        name, sep, value = item.rpartition("=")
        if not sep or not name:
            raise BadInput("initiative", item,
                           N_("NAME=NATURAL or NAME=A/B, e.g. Gob=13"))
        out[name] = d20_tests.parse_faces(value, f"initiative for {name}")
    return out


def _names(state: EncounterState, items: list[str]) -> set[str]:
    out: set[str] = set()
    for item in items:
        for name in item.split(","):
            if name.strip():
                out |= {m.name for m in names_or_group(state, name.strip())}
    return out


def _ties(rolled: dict[str, list[Combatant]], totals: dict[str, int],
          state: EncounterState) -> list[tuple[list[str], int]]:
    units: dict[int, list[str]] = {}
    for key, members in rolled.items():
        units.setdefault(totals[key], []).append(key)
    done = {c.group or c.name for c in state.combatants.values()
            if c.initiative is not None}
    for c in state.combatants.values():
        # the dead and the fled take no turns: no tie to decide with them
        if c.initiative is not None and (c.group or c.name) in done \
                and c.status not in ("dead", "fled"):
            keys = units.get(c.initiative)
            if keys is not None and (c.group or c.name) not in keys:
                keys.append(c.group or c.name)
    out = []
    for total, keys in units.items():
        if len(keys) > 1:
            names = [c.name for c in state.combatants.values()
                     if (c.group or c.name) in keys and c.status not in ("dead", "fled")]
            out.append((names, total))
    return out


def roll_initiative(state: EncounterState, rng: "random.Random",
                    given: dict[str, list[int]], adv: list[str] = (),
                    dis: list[str] = (), surprised: list[str] = (),
                    source_hidden: list[str] = ()) -> list[Event]:
    from battletape.domain.dnd5e.events import InitiativeTied

    require_on(state)
    if not state.combatants:
        raise violation(N_("no combatants yet: add them with `add`"))
    faces: dict[str, list[int]] = {}
    for name, values in given.items():
        for m in names_or_group(state, name):
            if m.initiative is not None:
                raise violation(N_("{name} already rolled initiative ({initiative})"),
                                SECTION, name=m.name, initiative=m.initiative)
            faces[m.name] = values
    with_adv, with_dis, caught = _names(state, adv), _names(state, dis), _names(state, surprised)
    hidden = _names(state, source_hidden)
    pending: dict[str, list[Combatant]] = {}
    for c in state.combatants.values():
        if c.initiative is None:
            pending.setdefault(c.group or c.name, []).append(c)
    if not pending:
        raise violation(N_("everyone has rolled initiative already"), SECTION)
    events: list[Event] = []
    totals: dict[str, int] = {}
    for key, members in pending.items():
        names = {m.name for m in members}
        a = ["gm"] if names & with_adv else []
        d = (["gm"] if names & with_dis else []) + (["surprised"] if names & caught else [])
        # a Dex check: the conditions on checks every member of the roll has
        d += [n for n in conditions.on_checks(members[0], members[0].name in hidden)
              if all(n in conditions.on_checks(m, m.name in hidden) for m in members)]
        given_here = {m.name: faces[m.name] for m in members if m.name in faces}
        if len({tuple(v) for v in given_here.values()}) > 1:
            raise BadInput("initiative", " ".join(
                f"{n}={'/'.join(map(str, v))}" for n, v in given_here.items()),
                N_("one natural for group {key}: {n} share one roll (gruppi identici "
                   "tirano una volta sola)"),
                key=key, n=', '.join(m.name for m in members))
        typed = next(iter(given_here.values()), [])
        test = d20_tests.roll(typed, rng, members[0].init_bonus, a, d, who=key)
        r = test.roll
        if test.tags:
            r = msgspec.structs.replace(r, expr=f"{r.expr} ({'; '.join(test.tags)})")
        events.append(InitiativeRolled(names=sorted(names, key=list(state.combatants).index),
                                       group=members[0].group, roll=r))
        totals[key] = r.total
    for names, total in _ties(pending, totals, state):
        events.append(InitiativeTied(names=names, total=total))
    if state.round == 0:
        probe = EncounterState(extra=state.extra, combatants={
            n: msgspec.structs.replace(c, initiative=totals.get(c.group or c.name,
                                                                c.initiative))
            for n, c in state.combatants.items()})
        first = next(n for n in ordered(probe)
                     if state.combatants[n].status not in ("dead", "fled"))
        events += [RoundStarted(round=1), TurnStarted(name=first, round=1)]
    return events


def tiebreak(state: EncounterState, names: list[str], decided_by: str = "gm") -> list[Event]:
    from battletape.domain.dnd5e.events import TieBroken

    require_initiative(state)
    found: list[str] = []
    for name in names:
        for m in names_or_group(state, name):
            if m.name not in found:
                found.append(m.name)
    if len(found) < 2:
        raise BadInput("tiebreak", " ".join(names),
                       N_("two or more tied names, first to last"))
    values = {state.combatants[n].initiative for n in found}
    if len(values) != 1 or None in values:
        raise violation(
        N_("these combatants are not tied: {found}"), f"{SECTION}: Pareggi",
                        found=", ".join(f"{n} {state.combatants[n].initiative}"
                                        for n in found))
    if decided_by not in ("gm", "players"):
        raise BadInput("--by", decided_by, N_("gm or players"))
    if decided_by == "players" and not all(state.combatants[n].pc for n in found):
        refuse(N_("the GM decides a tie involving a monster"), f"{SECTION}: Pareggi")
    if decided_by == "gm" and all(state.combatants[n].pc for n in found):
        refuse(N_("the players decide a tie among their characters: --by players"),
               f"{SECTION}: Pareggi")
    return [TieBroken(names=found, decided_by=decided_by)]
